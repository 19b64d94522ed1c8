import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import { cssProps } from '../../ui/css-props.js';
import type { LineMove, LineMovementPayload, LinePoint } from '../../../contract/betting.js';
import { formatNumber, formatPercent, formatStartTime } from '../../runtime/format.js';
import { signedText, term } from '../../i18n/translate.js';
import { formatOdds } from '../../runtime/odds-format.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { gamblingLineStyles, withGamblingLine } from '../../ui/gambling-line.js';
import { panelStyles } from '../../ui/panel.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { lineMovementStyles } from './line-movement.styles.js';

const MARKETS = ['spread', 'total', 'moneyline'] as const;
type Market = (typeof MARKETS)[number];

/** Per market: the number drawn, and the shares of bets and money on the side it names (home, or the over). */
const SERIES: Record<Market, { value: keyof LinePoint; bets: keyof LinePoint; money: keyof LinePoint }> = {
  spread: { value: 'spread', bets: 'spreadBets', money: 'spreadMoney' },
  total: { value: 'total', bets: 'overBets', money: 'overMoney' },
  moneyline: { value: 'homeMoneyline', bets: 'moneylineBets', money: 'moneylineMoney' },
};

/**
 * A step line through the points' values, scaled into a 100 × 100 box (the plot stretches; strokes do not), the last
 * value held to the right edge: a single point is a level line across the plot, not an invisible dot.
 */
function stepPath(points: readonly LinePoint[], key: keyof LinePoint, x: (at: string) => number, y: (value: number) => number): string {
  let path = '';
  for (const point of points) {
    const value = point[key] as number | null;
    if (value === null) continue;
    path += path ? `H${x(point.at).toFixed(2)}V${y(value).toFixed(2)}` : `M${x(point.at).toFixed(2)},${y(value).toFixed(2)}`;
  }
  return path && `${path}H100`;
}

/**
 * @summary One game's spread, total and moneyline from the first line known to now, drawn over time with the share of
 * bets and of money beside it, the opening and current numbers, and the moves against the public (the line moving toward
 * the side with fewer bets) marked on the chart and listed.
 *
 * @attr game-id - The game's id, as `<score-strip>` gives it.
 * @attr date - The game's day, YYYY-MM-DD: lets the relay find a game older than three days it never served.
 * @attr market - The market shown first: spread (the default), total or moneyline.
 *
 * @csspart tab - A market tab.
 * @csspart chart - The line's chart.
 * @csspart splits - The chart of bets and money.
 * @csspart message - The loading, empty or error message.
 * @csspart off - Why the game's line is off: postponed, suspended or canceled.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes updates (none once the game is final or its line is off).
 * @csspart gambling - The slot's wrapper for a responsible-gambling line.
 *
 * @slot gambling - A responsible-gambling line (helpline, age notice), shown under the chart.
 *
 * @cssproperty --pb-line-movement-height - Reserved height (400px).
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: the line is read again every minute, not pushed.
 */
export class LineMovement extends PressboxElement<LineMovementPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    date: {},
    market: {},
    selected: { state: true, attribute: false },
  };

  static override styles = elementStyles('line-movement', panelStyles, pauseButtonStyles, lineMovementStyles, gamblingLineStyles);

  gameId = '';
  date = '';
  market: 'spread' | 'total' | 'moneyline' = 'spread';
  private selected: Market | undefined;

  protected readonly resource = elementResource<LineMovementPayload>(this, {
    request: () => ({ path: '/v1/line-movement', params: { league: this.league, gameId: this.gameId, date: this.date || undefined } }),
  });

  protected get regionLabel(): string {
    return this.t('movement.region', 'Line movement');
  }

  protected readonly skeletonBlocks = [1, 'movement-skeleton'] as const;

  protected override render(): TemplateResult {
    return withGamblingLine(super.render(), this.resource.data?.gamblingLine);
  }

  #number(market: Market, value: number): string {
    const { locale } = this.localized;
    if (market === 'moneyline') return signedText(formatOdds(value, this.oddsFormat, locale), this.localized);
    return signedText(formatNumber(value, { locale, signed: market === 'spread' }), this.localized);
  }

  /** The number with the side it belongs to: "BOS −4.5", "O 224.5", "BOS −150". */
  #named(data: LineMovementPayload, market: Market, value: number): string {
    if (market === 'total') return this.t('odds.over', 'O {points}', { points: this.#number(market, value) });
    return `${data.home.abbreviation} ${this.#number(market, value)}`;
  }

  protected renderData(data: LineMovementPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const market = this.selected ?? (MARKETS.includes(this.market) ? this.market : 'spread');
    const { value } = SERIES[market];
    const known = data.points.filter((point) => point[value] !== null);
    const label = t('movement.label', 'Line movement: {away} at {home}', { away: data.away.name, home: data.home.name });
    const opening = known[0]?.[value] as number | undefined;
    const current = known.at(-1)?.[value] as number | undefined;
    const against = data.moves.filter((move) => move.againstPublic && move.market === market);
    const off = data.interruption && this.#offText(data.interruption);
    // A final game's line is closed and an interrupted game's is off: nothing left to update, nothing to pause.
    const settled = data.status === 'final' || off;
    return html`<section aria-label=${label}>
      <div class="title-row">
        <div>
          <p class="title">${this.regionLabel}</p>
          <p class="subtitle">${t('game.matchup', '{away} at {home}', { away: data.away.name, home: data.home.name })}</p>
        </div>
        <span class="end">${settled ? nothing : this.pauseControl()}</span>
      </div>
      <div role="tablist" aria-label=${t('props.markets', 'Markets')} @keydown=${this.#onTabKeydown}>
        ${MARKETS.map(
          (name) =>
            html`<button
              role="tab"
              part="tab"
              id="tab-${name}"
              aria-selected=${name === market ? 'true' : 'false'}
              aria-controls="panel"
              tabindex=${name === market ? 0 : -1}
              @click=${() => (this.selected = name)}
            >
              ${this.#marketName(name)}
            </button>`,
        )}
      </div>
      <div role="tabpanel" id="panel" aria-labelledby="tab-${market}">
        ${
          opening === undefined || current === undefined
            ? emptyState(off || t('movement.none', 'No line recorded for this game yet.'))
            : html`${off ? html`<p class="off" part="off" role="status">${off}</p>` : nothing}
                <p class="numbers">
                  <span>${t('movement.opened', 'Opened {line}', { line: this.#named(data, market, opening) })}</span>
                  <span
                    >${
                      off
                        ? t('movement.last', 'Last {line}', { line: this.#named(data, market, current) })
                        : t('movement.now', 'Now {line}', { line: this.#named(data, market, current) })
                    }</span
                  >
                </p>
                ${this.#chart(data, market, known, against)}
                <p class="against">
                  ${
                    against.length
                      ? t('movement.against', 'Against the public: {moves}', {
                          moves: against.map((move) => this.#move(data, market, move)).join(' · '),
                        })
                      : t('movement.noneAgainst', 'No move against the public.')
                  }
                </p>`
        }
      </div>
      ${notice}
    </section>`;
  }

  /** Why a game's line is off: it will not be played as scheduled (nothing for a delay: the line stands). */
  #offText(interruption: NonNullable<LineMovementPayload['interruption']>): string | undefined {
    return term(
      this.t,
      'movement.off',
      {
        postponed: 'Postponed: no line until the game is rescheduled.',
        suspended: 'Suspended: the line is off until play resumes.',
        canceled: 'Canceled: this game has no line.',
      },
      interruption,
    );
  }

  #marketName(market: Market): string {
    const t = this.t;
    return market === 'spread'
      ? t('line.spread', 'Spread')
      : market === 'total'
        ? t('line.total', 'Total')
        : t('line.moneyline', 'Moneyline');
  }

  /** "7:30 PM 3.5 → 4.5 (38% of bets)": a move, when and by how much, and how few bets were on its side. */
  #move(data: LineMovementPayload, market: Market, move: LineMove): string {
    const when = formatStartTime(move.at, this.localized);
    const bets =
      move.towardBets === null
        ? ''
        : ` ${this.t('movement.bets', '({share} of bets)', { share: formatPercent(move.towardBets / 100, this.localized) })}`;
    return `${when} ${this.#named(data, market, move.from)} → ${this.#number(market, move.to)}${bets}`;
  }

  #chart(data: LineMovementPayload, market: Market, known: readonly LinePoint[], against: readonly LineMove[]): TemplateResult {
    const t = this.t;
    const { value, bets, money } = SERIES[market];
    const first = Date.parse(known[0]!.at);
    const span = Math.max(1, Date.parse(known.at(-1)!.at) - first);
    const x = (at: string) => ((Date.parse(at) - first) / span) * 100;
    const values = known.map((point) => point[value] as number);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const pad = Math.max((high - low) * 0.15, market === 'moneyline' ? 10 : 0.5);
    // A line that never moved (or a single point) is drawn mid-height, and its axis names it once, level with it.
    const axis =
      low === high
        ? html`<span class="level">${this.#number(market, low)}</span>`
        : html`<span>${this.#number(market, high)}</span><span>${this.#number(market, low)}</span>`;
    const y = (number: number) => ((high + pad - number) / (high - low + 2 * pad)) * 100;
    const share = (number: number) => 100 - number;
    // Round dots over the stretched plot, as HTML: an SVG circle would stretch with it.
    const marks = against.map(
      (move) => html`<span class="mark" style=${cssProps({ '--_x': `${x(move.at)}%`, '--_y': `${y(move.to)}%` })}></span>`,
    );
    const time = (at: string) => formatStartTime(at, this.localized);
    return html`<div class="plot">
        <div class="y-axis" aria-hidden="true">${axis}</div>
        <div class="chart">
          <svg
            part="chart"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            role="img"
            aria-label=${t('movement.chart', '{market} over time; moves against the public: {moves}', { market: this.#marketName(market), moves: against.length })}
          >
            <line class="grid" x1="0" x2="100" y1="0" y2="0"></line>
            <line class="grid" x1="0" x2="100" y1="100" y2="100"></line>
            <path class="line" d=${stepPath(known, value, x, y)}></path>
          </svg>
          ${marks}
        </div>
      </div>
      <div class="plot splits">
        <div class="y-axis" aria-hidden="true">
          <span>${formatPercent(1, this.localized)}</span><span>${formatPercent(0, this.localized)}</span>
        </div>
        <svg
          part="splits"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          role="img"
          aria-label=${t('movement.splits', 'Share of bets and of money on {side} over time', { side: market === 'total' ? t('splits.over', 'Over') : data.home.name })}
        >
          <line class="grid" x1="0" x2="100" y1="50" y2="50"></line>
          <path class="bets" d=${stepPath(known, bets, x, share)}></path>
          <path class="money" d=${stepPath(known, money, x, share)}></path>
        </svg>
      </div>
      <div class="x-axis" aria-hidden="true">
        <span>${time(known[0]!.at)}</span>
        <span class="legend"
          ><span class="key bets"></span>${t('props.bets', 'Bets')} <span class="key money"></span>${t('props.money', 'Money')}</span
        >
        ${known.length > 1 ? html`<span>${time(known.at(-1)!.at)}</span>` : nothing}
      </div>`;
  }

  /** Arrow keys (the reading way), Home and End move between tabs and select them (automatic activation). */
  #onTabKeydown = (event: KeyboardEvent): void => {
    const current = MARKETS.indexOf((event.target as HTMLElement).id.slice('tab-'.length) as Market);
    if (current < 0) return;
    const forward = this.rightToLeft ? 'ArrowLeft' : 'ArrowRight';
    const back = this.rightToLeft ? 'ArrowRight' : 'ArrowLeft';
    const next = { [forward]: (current + 1) % 3, [back]: (current + 2) % 3, Home: 0, End: 2 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.selected = MARKETS[next]!;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(`#tab-${MARKETS[next]}`)?.focus());
  };
}

customElements.define('line-movement', LineMovement);

declare global {
  interface HTMLElementTagNameMap {
    'line-movement': LineMovement;
  }
}
