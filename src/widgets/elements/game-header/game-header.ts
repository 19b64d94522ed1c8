import { hasBettingMarkets } from '../../../contract/leagues.js';
import { sideOrder, type Side } from '../../ui/side-order.js';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { changeStyles } from '../../ui/changes.js';
import type { ChangeMarker } from '../../ui/change-marker.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import type { BettingSplits, Game, GameDetailPayload } from '../../../contract/scores.js';
import type { ScoreAnnouncer } from './score-announcer.js';
import type { MatchupColors } from '../../../contract/common.js';
import { formatDay, formatNumber, formatPercent } from '../../runtime/format.js';
import { formatOdds } from '../../runtime/odds-format.js';
import { liveChangeMarker, liveWhile } from '../../ui/live.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { signedText } from '../../i18n/translate.js';
import { statusPill, statusPillStyles } from '../../ui/status-pill.js';
import { cssProps } from '../../ui/css-props.js';
import { shareBar, shareBarStyles, type BarShare } from '../../ui/share-bar.js';
import { betStateKit, showBetState } from '../../ui/bet-state-kit.js';
import type { Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { gameHeaderStyles } from './game-header.styles.js';
import { lazyView } from '../../ui/lazy-view.js';
import type { PriceArgs } from '../../ui/price-linking.js';

/** A postseason game's series line and its styles, fetched by the first header that shows one. */
const seriesView = lazyView(() => import('./series-line.js'));
/** Prices as links to the key's books (ui/price-links.ts): fetched only for an answer that names books. */
const priceLinks = lazyView(() => import('../../ui/price-links.js'));

/**
 * @summary The header of a game page: both teams in their colours, the score, the status with period detail,
 * the start time, the current line and public betting splits.
 *
 * @attr game-id - The game's id, as `<score-strip>` gives it in `pb-game-select`.
 * @attr date - The game's day, YYYY-MM-DD: lets the relay find a game older than three days it never served (snippets write it).
 * @attr announce - Announce scoring changes and the final through a polite live region (off by default).
 * @attr bet-state - The game in progress or final against its closing line: who covers the spread, the pace against the total.
 *
 * @csspart badge - A team badge.
 * @csspart status - The status or start time.
 * @csspart line - The betting line.
 * @csspart splits - The public betting splits.
 * @csspart bet-state - The game's state against its closing line (with `bet-state`).
 * @csspart message - The loading or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 *
 * @cssproperty --pb-game-header-height - Reserved height (360px, 384px with `bet-state`).
 * @cssproperty --pb-color-live - Colour of the live status.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - The game is in progress.
 */
export class GameHeader extends PressboxElement<GameDetailPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    date: {},
    announce: { type: Boolean },
    betState: { attribute: 'bet-state', type: Boolean, reflect: true },
    announcement: { state: true, attribute: false },
  };

  static override styles = elementStyles(
    'game-header',
    teamBadgeStyles,
    statusPillStyles,
    pauseButtonStyles,
    changeStyles,
    shareBarStyles,
    gameHeaderStyles,
  );

  gameId = '';
  date = '';
  /** Announce scoring changes and the final to screen readers, politely and at most every 20 seconds. Off by default. */
  announce = false;
  /** The game against its closing line ("BOS covering −4.5 · On pace for 231 (total 224.5)"); the box grows by a line. */
  betState?: boolean;
  /** What the live region says. */
  private announcement = '';
  /** Scores that just changed, once the live kit is here (ui/live.ts). */
  #changes: ChangeMarker | undefined;
  /** Fetched with the first data once `announce` is on: most pages never announce. */
  #announcer: Promise<ScoreAnnouncer> | undefined;

  protected readonly resource = elementResource<GameDetailPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    request: () => ({
      path: `/v1/games/${encodeURIComponent(this.gameId)}`,
      params: { league: this.league, date: this.date || undefined, betState: this.betState ? '1' : undefined },
    }),
  });

  protected override isLive(data: GameDetailPayload): boolean {
    return data.game.status === 'live';
  }

  /** A postseason game's first render waits for its series line, so that nothing moves when it comes. */
  protected override async layoutReady(): Promise<void> {
    if (this.resource.data?.game.series) await seriesView.ready(this.shadowRoot);
    if (this.resource.data?.books?.length) await priceLinks.ready(this.shadowRoot);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.betState && this.resource.data) showBetState(this);
    const game = this.resource.data?.game;
    (this.#changes ??= liveChangeMarker())?.noteScores(game ? [game] : []);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const game = this.resource.data?.game;
    if (!this.announce || !game) return;
    this.#announcer ??= import('./score-announcer.js').then(
      ({ ScoreAnnouncer }) => new ScoreAnnouncer((text) => (this.announcement = text)),
    );
    void this.#announcer.then((announcer) => announcer.consider(game, this.t, sideOrder(game.league)[0] === 'home'));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    void this.#announcer?.then((announcer) => announcer.stop());
  }

  protected get regionLabel(): string {
    return this.t('header.region', 'Game');
  }

  protected readonly skeletonBlocks = [1, 'header-skeleton'] as const;

  protected renderData(data: GameDetailPayload, notice: Notice): TemplateResult {
    const { game } = data;
    const colours = data.colors;
    const matchup = this.t('game.matchup', '{away} at {home}', { away: game.away.team.name, home: game.home.team.name });
    const [first, second] = sideOrder(game.league);
    return html`<article aria-label=${matchup}>
      <div class="stripe" style=${cssProps({ '--_first': colours[first], '--_second': colours[second] })}></div>
      <div class="matchup">
        ${this.#team(game, first)}
        <div class="middle">
          ${
            // The series line takes the place of the game's day: a final says its day instead.
            statusPill(game, this.localized, !!game.series)
          }
          ${
            game.series
              ? (seriesView.current?.seriesLine(game, this.t) ?? nothing)
              : game.startTime
                ? html`<span class="when">${formatDay(game.startTime, this.localized)}</span>`
                : nothing
          }
        </div>
        ${this.#team(game, second)} ${game.status === 'final' ? nothing : pauseButton(this.paused, this.togglePaused, this.t)}
      </div>
      ${this.betState ? betStateKit.current?.betState(game, this.localized) : nothing} ${this.#line(game, data, data.oddsHidden)}
      ${this.#splits(game, data.splits, colours)}
      ${this.announce ? html`<div class="visually-hidden" role="status">${this.announcement}</div>` : nothing} ${notice}
    </article>`;
  }

  #team(game: Game, which: Side): TemplateResult {
    const side = game[which];
    const other = game[which === 'home' ? 'away' : 'home'];
    const scored = game.status !== 'scheduled' && side.score !== null;
    const trailing = game.status === 'final' && scored && other.score !== null && side.score! < other.score;
    return html`<div class="team ${which}">
      ${teamBadge(side.team)}
      <div class="names">
        <p class="name">${side.team.name}</p>
        <span class="record">${side.record ?? (which === 'home' ? this.t('header.home', 'Home') : this.t('header.away', 'Away'))}</span>
      </div>
      ${
        scored
          ? html`<span class="score ${this.#changes?.flashClass(game, which) ?? ''}" ?data-trailing=${trailing}
              ><span class="visually-hidden">${side.team.shortName} </span>${side.score}</span
            >`
          : nothing
      }
    </div>`;
  }

  #odds(value: number | null): string {
    return value === null ? '' : signedText(formatOdds(value, this.oddsFormat, this.localized.locale), this.localized);
  }

  #line(game: Game, { line, books }: Pick<GameDetailPayload, 'line' | 'books'>, hidden?: true | 'region'): TemplateResult | typeof nothing {
    const t = this.t;
    if (!line)
      // A league without betting markets (football's, MMA's) has no line to miss: nothing to say, rather than "none right now".
      return hidden || game.status === 'final' || !hasBettingMarkets(game.league) || game.bout
        ? nothing
        : html`<p class="unavailable">${t('header.noLine', 'No betting line for this game right now.')}</p>`;
    const away = game.away.team.abbreviation;
    const home = game.home.team.abbreviation;
    const { locale } = this.localized;
    const points = (value: number) => signedText(formatNumber(value, { locale, signed: true }), this.localized);
    const total = line.total ? formatNumber(line.total.points, { locale }) : '';
    const priced = (label: string, value: number | null) =>
      value === null ? label : t('line.priced', '{line} ({price})', { line: label, price: this.#odds(value) });
    // The header has no room for a choice of books: its prices link to the key's first (or the page's pick).
    const linking = { host: this, t, books };
    const priceLink = (...price: PriceArgs) => priceLinks.current?.priceLink(linking, ...price) ?? price[0];
    return html`<dl class="line" part="line">
      ${
        line.spread
          ? html`<div>
              <dt>${t('line.spread', 'Spread')}</dt>
              <dd>
                ${priceLink(priced(`${away} ${points(line.spread.away)}`, line.spread.awayPrice), game, 'spread', 'away', line.spread.away)}
              </dd>
              <dd>
                ${priceLink(priced(`${home} ${points(line.spread.home)}`, line.spread.homePrice), game, 'spread', 'home', line.spread.home)}
              </dd>
            </div>`
          : nothing
      }
      ${
        line.total
          ? html`<div>
              <dt>${t('line.total', 'Total')}</dt>
              <dd>
                ${priceLink(priced(t('line.over', 'Over {points}', { points: total }), line.total.overPrice), game, 'total', 'over', line.total.points)}
              </dd>
              <dd>
                ${priceLink(priced(t('line.under', 'Under {points}', { points: total }), line.total.underPrice), game, 'total', 'under', line.total.points)}
              </dd>
            </div>`
          : nothing
      }
      ${
        line.moneyline
          ? html`<div>
              <dt>${t('line.moneyline', 'Moneyline')}</dt>
              <dd>${priceLink(`${away} ${this.#odds(line.moneyline.away)}`, game, 'moneyline', 'away')}</dd>
              <dd>${priceLink(`${home} ${this.#odds(line.moneyline.home)}`, game, 'moneyline', 'home')}</dd>
            </div>`
          : nothing
      }
    </dl>`;
  }

  /** A share given in percent (the relay's unit), as the locale writes percentages. */
  #percent(share: number): string {
    return formatPercent(share / 100, this.localized);
  }

  #splits(game: Game, splits: BettingSplits | null, colours: MatchupColors): TemplateResult | typeof nothing {
    if (!splits) return nothing;
    const t = this.t;
    const row = (label: string, [leftName, left]: [string, BarShare], [rightName, right]: [string, BarShare]) =>
      html`<li class="split">
        <span class="label">${label}</span>
        ${shareBar(left, right)}
        <span class="values"
          ><span>${leftName} ${this.#percent(left.share)}</span><span>${rightName} ${this.#percent(right.share)}</span></span
        >
      </li>`;
    const away = (share: number): [string, BarShare] => [
      game.away.team.abbreviation,
      { share, colour: colours.away, patterned: colours.awayPatterned },
    ];
    const home = (share: number): [string, BarShare] => [game.home.team.abbreviation, { share, colour: colours.home }];
    return html`<ul class="splits" part="splits" aria-label=${t('splits.label', 'Public betting, share of bets')}>
      ${splits.spread ? row(t('splits.spread', 'Spread bets'), away(splits.spread.away), home(splits.spread.home)) : nothing}
      ${splits.moneyline ? row(t('splits.moneyline', 'Moneyline bets'), away(splits.moneyline.away), home(splits.moneyline.home)) : nothing}
      ${
        splits.total
          ? row(
              t('splits.total', 'Total bets'),
              [t('splits.over', 'Over'), { share: splits.total.over, colour: 'var(--_accent)' }],
              [t('splits.under', 'Under'), { share: splits.total.under, colour: 'var(--_muted)' }],
            )
          : nothing
      }
    </ul>`;
  }
}

customElements.define('game-header', GameHeader);

declare global {
  interface HTMLElementTagNameMap {
    'game-header': GameHeader;
  }
}
