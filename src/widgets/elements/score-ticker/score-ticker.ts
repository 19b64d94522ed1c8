import { sideOrder } from '../../ui/side-order.js';
import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { changeStyles } from '../../ui/changes.js';
import type { ChangeMarker } from '../../ui/change-marker.js';
import type { Game, ScoresPayload } from '../../../contract/scores.js';
import { PressboxError } from '../../runtime/errors.js';
import { liveChangeMarker, liveWhile } from '../../ui/live.js';
import { leagueNames } from '../../ui/leagues.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { noGamesText } from '../../ui/next-game.js';
import { statusPillStyles, statusText } from '../../ui/status-pill.js';
import { betStateKit, showBetState } from '../../ui/bet-state-kit.js';
import { startLabel } from '../../ui/start-time.js';
import { cssProps } from '../../ui/css-props.js';
import { scoreTickerStyles } from './score-ticker.styles.js';
import { tickerOrder } from './ticker-order.js';

/** Scroll speed: seconds per game on the track, so the pace stays the same however many games there are. */
const SECONDS_PER_GAME = 4;

/**
 * @summary A continuous ticker of scores across leagues, for the top of a site. Scores update in place without
 * restarting the scroll. A visible button pauses it; hover and keyboard focus pause it too; with reduced motion it
 * is a list to scroll instead.
 *
 * @attr leagues - Leagues separated by commas, such as nba,nhl (or `league` for one), from: {leagues}.
 * @attr bet-state - Each game in progress or final against its closing line, after its status: who covers, the pace against the total.
 *
 * @csspart item - One game.
 * @csspart bet-state - A game's state against its closing line (with `bet-state`).
 * @csspart toggle - The pause and play button.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 *
 * @cssproperty --pb-score-ticker-height - Height of the ticker (48px).
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - A game on the ticker is in progress.
 */
export class ScoreTicker extends PressboxElement<ScoresPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
    leagues: {},
    betState: { attribute: 'bet-state', type: Boolean, reflect: true },
  };

  static override styles = elementStyles('score-ticker', statusPillStyles, changeStyles, scoreTickerStyles);
  /** Scores that just changed, once the live kit is here (ui/live.ts). */
  #changes: ChangeMarker | undefined;

  leagues = '';
  /** Each game in progress or final against its closing line, after its status ("BOS covering −4.5"). */
  betState?: boolean;

  protected readonly resource = elementResource<ScoresPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    request: () => {
      const leagues = this.leagues || this.league;
      if (!leagues) return new PressboxError('bad_request', '<score-ticker> needs leagues, such as leagues="nba,nhl".');
      return { path: '/v1/scores', params: { league: leagues, betState: this.betState ? '1' : undefined } };
    },
  });

  protected override isLive(data: ScoresPayload): boolean {
    return data.games.some((game) => game.status === 'live');
  }

  protected get regionLabel(): string {
    return this.t('scores.region', '{leagues} scores', { leagues: leagueNames(this.leagues || this.league, this.localized) });
  }

  protected readonly skeletonBlocks = [5, 'ticker-skeleton'] as const;

  protected renderData(data: ScoresPayload, notice: Notice): TemplateResult {
    const label = this.regionLabel;
    if (data.games.length === 0)
      return html`<div class="ticker" role="region" aria-label=${label}>
        ${emptyState(noGamesText(data, this.localized, this.t('scores.noGames', 'No games right now.')))} ${notice}
      </div>`;
    const games = tickerOrder(data.games);
    return html`<div class="ticker">
      <button
        class="toggle"
        part="toggle"
        aria-label=${this.paused ? this.t('ticker.play', 'Play scores ticker') : this.t('ticker.pause', 'Pause scores ticker')}
        @click=${this.#toggle}
      >
        ${
          this.paused
            ? html`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2l10 6-10 6z" /></svg>`
            : html`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z" /></svg>`
        }
      </button>
      <div class="viewport" role="marquee" aria-label=${label} tabindex="0">
        <ul class="track" style=${cssProps({ '--_duration': `${Math.max(20, data.games.length * SECONDS_PER_GAME)}s` })}>
          ${games.map((game) => this.#item(game, false))} ${games.map((game) => this.#item(game, true))}
        </ul>
      </div>
      ${notice}
    </div>`;
  }

  /** The second copy makes the loop seamless; it is hidden from assistive technology. */
  #item(game: Game, copy: boolean): TemplateResult {
    const scored = game.status !== 'scheduled' && game.home.score !== null && game.away.score !== null;
    const [first, second] = sideOrder(game.league);
    return html`<li
      class="item ${copy ? 'copy' : ''}"
      part="item"
      data-game=${game.id}
      data-status=${game.status}
      aria-hidden=${copy ? 'true' : 'false'}
    >
      <span class="league">${game.league.toUpperCase()}</span>
      ${this.#side(game, first, scored)} ${this.#side(game, second, scored)}
      <span class="pill" data-status=${game.status}
        >${game.status === 'scheduled' && game.startTime ? startLabel(game.startTime, this.localized) : statusText(game, this.localized)}</span
      >${this.#betState(game)}
    </li>`;
  }

  #betState(game: Game): TemplateResult | typeof nothing {
    const lines = (this.betState && betStateKit.current?.betStateLines(game, this.localized)) || [];
    return lines.length ? html`<span class="bet" part="bet-state">${lines.join(' · ')}</span>` : nothing;
  }

  /** One side: "BOS 98"; screen readers hear "Boston Celtics 98, at New York Knicks 101", in football home first. */
  #side(game: Game, which: 'home' | 'away', scored: boolean): TemplateResult {
    const { team } = game[which];
    const spoken =
      sideOrder(game.league)[0] === which
        ? team.name
        : game.bout
          ? this.t('ticker.against', 'against {team}', { team: team.name })
          : which === 'home'
            ? this.t('ticker.atHome', 'at {team}', { team: team.name })
            : this.t('ticker.againstAway', 'against {team} (away)', { team: team.name });
    // A fighter by surname: fighters' codes (SAWYE) are no one's shorthand.
    return html`<span class="team"
        ><span aria-hidden="true">${game.bout ? team.shortName : team.abbreviation}</span
        ><span class="visually-hidden">${spoken}</span></span
      >
      ${scored ? this.#score(game, which) : nothing}`;
  }

  #score(game: Game, which: 'home' | 'away'): unknown {
    return html`<span class="score ${this.#changes?.flashClass(game, which) ?? ''}">${game[which].score}</span>`;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.betState && this.resource.data) showBetState(this);
    (this.#changes ??= liveChangeMarker())?.noteScores(this.resource.data?.games ?? []);
  }

  #toggle = (): void => {
    this.paused = !this.paused;
  };
}

customElements.define('score-ticker', ScoreTicker);

declare global {
  interface HTMLElementTagNameMap {
    'score-ticker': ScoreTicker;
  }
}
