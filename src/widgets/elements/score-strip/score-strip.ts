import { sideOrder } from '../../ui/side-order.js';
import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { changeStyles } from '../../ui/changes.js';
import type { ChangeMarker } from '../../ui/change-marker.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import type { Game, ScoresPayload } from '../../../contract/scores.js';
import { PbGameSelectEvent } from './game-select-event.js';
import { liveChangeMarker, liveWhile } from '../../ui/live.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { noGamesText } from '../../ui/next-game.js';
import { statusPill, statusPillStyles } from '../../ui/status-pill.js';
import { betStateKit, showBetState } from '../../ui/bet-state-kit.js';
import { startLabel } from '../../ui/start-time.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { leagueNames } from '../../ui/leagues.js';
import { scoreStripStyles } from './score-strip.styles.js';

/**
 * @summary A horizontally scrollable row of game cards: teams, scores, and status or start time.
 *
 * @attr league - One league or several separated by commas: {leagues}.
 * @attr date - A day written YYYY-MM-DD; without it, the current slate (recent finals, live games, next games).
 * @attr team - Only games of this team (abbreviation, such as BOS).
 * @attr game-href - Makes cards links: a URL template with {id} and {league}, such as /games/{league}/{id}.
 * @attr bet-state - Each game in progress or final against its closing line: who covers the spread, the pace against the total (leagues with lines).
 *
 * @csspart card - One game card.
 * @csspart badge - A team badge.
 * @csspart status - The status or start time of a game.
 * @csspart bet-state - A game's state against its closing line (with `bet-state`).
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 * @csspart previous - The button that scrolls to the previous games.
 * @csspart next - The button that scrolls to the next games.
 *
 * @cssproperty --pb-score-strip-height - Height of the strip (136px, 168px with `bet-state`).
 * @cssproperty --pb-card-width - Width of a card (176px).
 * @cssproperty --pb-color-accent - Hover and focus colour.
 * @cssproperty --pb-color-live - Colour of live games.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 * @event {PbGameSelectEvent} pb-game-select - A card was activated; cancel it to stop a `game-href` link.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - A game on the strip is in progress.
 */
export class ScoreStrip extends PressboxElement<ScoresPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
    date: {},
    team: {},
    gameHref: { attribute: 'game-href' },
    betState: { attribute: 'bet-state', type: Boolean, reflect: true },
    focusIndex: { state: true, attribute: false },
  };

  static override styles = elementStyles(
    'score-strip',
    teamBadgeStyles,
    statusPillStyles,
    pauseButtonStyles,
    changeStyles,
    scoreStripStyles,
  );
  /** Scores that just changed, once the live kit is here (ui/live.ts). */
  #changes: ChangeMarker | undefined;

  date = '';
  team = '';
  gameHref = '';
  /** Each game in progress or final against its closing line ("BOS covering −4.5"); the box grows by two lines. */
  betState?: boolean;
  /** The card that takes focus when Tab enters the strip. */
  private focusIndex = 0;

  protected readonly resource = elementResource<ScoresPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    request: () => ({
      path: '/v1/scores',
      params: {
        league: this.league,
        date: this.date || undefined,
        team: this.team || undefined,
        betState: this.betState ? '1' : undefined,
      },
    }),
  });

  protected override isLive(data: ScoresPayload): boolean {
    return data.games.some((game) => game.status === 'live');
  }

  /** A fresh slate opens at the action (the first live game, else the next to start): set when one arrives. */
  #openAtCurrent = false;
  /** Whether the last update had a slate: the next one without data starts fresh. */
  #shownSlate = false;

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.betState && this.resource.data) showBetState(this);
    const games = this.resource.data?.games;
    (this.#changes ??= liveChangeMarker())?.noteScores(games ?? []);
    if (games && !this.#shownSlate) {
      const live = games.findIndex((game) => game.status === 'live');
      const next = games.findIndex((game) => game.status === 'scheduled');
      this.focusIndex = live >= 0 ? live : Math.max(0, next);
      this.#openAtCurrent = true;
    }
    this.#shownSlate = games !== undefined;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.#openAtCurrent) return;
    this.#openAtCurrent = false;
    const track = this.renderRoot.querySelector<HTMLElement>('.track');
    const item = this.#cards()[this.focusIndex]?.parentElement;
    if (!track || !item) return;
    // Right to left, the track starts at its right edge and scrolls towards negative offsets.
    const left = this.rightToLeft
      ? item.offsetLeft + item.offsetWidth - (track.offsetLeft + track.clientWidth) + 4
      : item.offsetLeft - track.offsetLeft - 4;
    track.scrollTo({ left, behavior: 'instant' });
  }

  protected get regionLabel(): string {
    return this.t('scores.region', '{leagues} scores', { leagues: leagueNames(this.league, this.localized) });
  }

  protected readonly skeletonBlocks = [6, 'card-skeleton'] as const;

  protected renderData(data: ScoresPayload, notice: Notice): TemplateResult {
    const label = this.regionLabel;
    if (data.games.length === 0)
      return html`<section aria-label=${label}>
        ${emptyState(
          this.date
            ? this.t('scores.noGamesOnDay', 'No games on this day.')
            : noGamesText(data, this.localized, this.t('scores.noGames', 'No games right now.')),
        )}
        ${notice}
      </section>`;
    const focusIndex = Math.min(this.focusIndex, data.games.length - 1);
    return html`<section aria-label=${label}>
      <button class="nav" part="previous" aria-label=${this.t('scores.previous', 'Previous games')} @click=${() => this.#page(-1)}>
        ‹
      </button>
      <ul class="track" @keydown=${this.#onKeydown}>
        ${data.games.map((game, index) => html`<li>${this.#card(game, index === focusIndex)}</li>`)}
      </ul>
      <button class="nav" part="next" aria-label=${this.t('scores.next', 'Next games')} @click=${() => this.#page(1)}>›</button>
      <span class="pause-slot">${this.pauseControl()}</span>
      ${notice}
    </section>`;
  }

  #card(game: Game, focusable: boolean): TemplateResult {
    const [first, second] = sideOrder(game.league);
    const status =
      game.status === 'scheduled' && game.startTime && !game.interruption
        ? html`<span class="pill" part="status" data-status="scheduled">${startLabel(game.startTime, this.localized)}</span>`
        : statusPill(game, this.localized);
    const body = html`${status} ${this.#side(game, first)} ${this.#side(game, second)}
    ${this.betState ? betStateKit.current?.betState(game, this.localized, true) : nothing}`;
    const href = this.gameHref
      ? this.gameHref.replaceAll('{id}', encodeURIComponent(game.id)).replaceAll('{league}', encodeURIComponent(game.league))
      : '';
    const tabindex = focusable ? 0 : -1;
    return href
      ? html`<a
          class="card"
          part="card"
          href=${href}
          data-status=${game.status}
          tabindex=${tabindex}
          @click=${(event: Event) => this.#select(game, event)}
          >${body}</a
        >`
      : html`<button
          class="card"
          part="card"
          data-status=${game.status}
          tabindex=${tabindex}
          @click=${(event: Event) => this.#select(game, event)}
        >
          ${body}
        </button>`;
  }

  #side(game: Game, which: 'home' | 'away'): TemplateResult {
    const side = game[which];
    const other = game[which === 'home' ? 'away' : 'home'];
    const scored = game.status !== 'scheduled' && side.score !== null && other.score !== null;
    const leading = scored && side.score! > other.score!;
    const trailing = scored && game.status === 'final' && side.score! < other.score!;
    // Screen readers hear the full name where the card shows the abbreviation (a fighter's surname).
    return html`<span class="side" ?data-leading=${leading} ?data-trailing=${trailing}>
      ${teamBadge(side.team, { withText: false })}<span class="abbr" aria-hidden="true"
        >${game.bout ? side.team.shortName : side.team.abbreviation}</span
      ><span class="visually-hidden">${this.#spokenName(game, which)} </span>${
        scored ? html`<span class="score ${this.#changes?.flashClass(game, which) ?? ''}">${side.score}</span>` : nothing
      }
    </span>`;
  }

  /** "Celtics, at Knicks" for North American sports; football's home side first: "Seattle, against Portland". */
  #spokenName(game: Game, which: 'home' | 'away'): string {
    const { name } = game[which].team;
    if (sideOrder(game.league)[0] === which) return name;
    if (game.bout) return this.t('scores.against', ', against {team}', { team: name });
    return which === 'home'
      ? this.t('scores.atHome', ', at {team}', { team: name })
      : this.t('scores.againstAway', ', against {team} (away)', { team: name });
  }

  #select(game: Game, event: Event): void {
    const selection = new PbGameSelectEvent(game);
    this.dispatchEvent(selection);
    if (selection.defaultPrevented) event.preventDefault();
  }

  #cards(): HTMLElement[] {
    return [...(this.renderRoot.querySelectorAll<HTMLElement>('.card') ?? [])];
  }

  #onKeydown = (event: KeyboardEvent): void => {
    const cards = this.#cards();
    const current = cards.indexOf(event.target as HTMLElement);
    if (current < 0) return;
    const forward = this.rightToLeft ? 'ArrowLeft' : 'ArrowRight';
    const back = this.rightToLeft ? 'ArrowRight' : 'ArrowLeft';
    const next = { [forward]: current + 1, [back]: current - 1, Home: 0, End: cards.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(cards.length - 1, next));
    this.focusIndex = index;
    cards.forEach((card, i) => (card.tabIndex = i === index ? 0 : -1));
    cards[index]!.focus();
    cards[index]!.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  #page(direction: 1 | -1): void {
    const track = this.renderRoot.querySelector<HTMLElement>('.track');
    if (track) track.scrollBy({ left: (this.rightToLeft ? -direction : direction) * track.clientWidth * 0.9 });
  }
}

customElements.define('score-strip', ScoreStrip);

declare global {
  interface HTMLElementTagNameMap {
    'score-strip': ScoreStrip;
  }
}
