import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { OddsBoardPayload } from '../../../contract/betting.js';
import type { Line } from '../../../contract/scores.js';
import { formatNumber } from '../../runtime/format.js';
import { signedText } from '../../i18n/translate.js';
import { formatOdds } from '../../runtime/odds-format.js';
import { liveWhile } from '../../ui/live.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { gamblingLineStyles, withGamblingLine } from '../../ui/gambling-line.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { noGamesText } from '../../ui/next-game.js';
import { statusPill, statusPillStyles } from '../../ui/status-pill.js';
import { dataTableStyles, nextDirection, sortHeader, type Direction } from '../../ui/data-table.js';
import { oddsBoardStyles } from './odds-board.styles.js';
import { lazyView } from '../../ui/lazy-view.js';
import type { PriceArgs, PriceLinking } from '../../ui/price-linking.js';

type Entry = OddsBoardPayload['games'][number];
type SortKey = 'time' | 'spread' | 'total';
const MARKETS = ['spread', 'total', 'moneyline'] as const;
type Market = (typeof MARKETS)[number];

/** Prices as links to the key's books (ui/price-links.ts): fetched only for an answer that names books. */
const priceLinks = lazyView(() => import('../../ui/price-links.js'));

/** Live games first (a bettor follows them), then those to come, then the finished ones; each by start time. */
const STATUS_ORDER = { live: 0, scheduled: 1, final: 2 } as const;
const byTime = (a: Entry, b: Entry) =>
  STATUS_ORDER[a.game.status] - STATUS_ORDER[b.game.status] || (a.game.startTime ?? '').localeCompare(b.game.startTime ?? '');
/** The favourite's points: the bigger the gap between the teams, the higher. */
const favourite = (entry: Entry) => (entry.line?.spread ? Math.abs(entry.line.spread.home) : -1);
const totalOf = (entry: Entry) => entry.line?.total?.points ?? -1;

/**
 * @summary Every game of a league's slate (or a team's) with its spread, total and moneyline in the reader's odds format,
 * the exchange's moneyline beside the book's where the relay's plan has it, and start times or the live score; sortable
 * by start, spread or total; live during games.
 *
 * @attr team - A team's abbreviation: that team's games only.
 * @attr sort - time (live games, then those to come, then finished ones, each by start; the default), spread (biggest favourite first) or total (highest first).
 * @attr markets - The columns, separated by commas: spread, total, moneyline (all by default).
 *
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates (none while no game is shown).
 * @csspart status - A game's start time, live progress or result.
 * @csspart gambling - The slot's wrapper for a responsible-gambling line.
 * @csspart book - The choice of book prices link to, where the relay's key lists two or more.
 *
 * @slot gambling - A responsible-gambling line (helpline, age notice), shown under the board.
 *
 * @cssproperty --pb-odds-board-height - Reserved height (420px); the board scrolls inside it.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - A game of the board is in progress.
 */
export class OddsBoard extends PressboxElement<OddsBoardPayload> {
  static override properties: PropertyDeclarations = {
    team: {},
    sort: {},
    markets: {},
    sortKey: { state: true, attribute: false },
    direction: { state: true, attribute: false },
  };

  static override styles = elementStyles(
    'odds-board',
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    statusPillStyles,
    dataTableStyles,
    oddsBoardStyles,
    gamblingLineStyles,
  );

  team = '';
  sort: 'time' | 'spread' | 'total' = 'time';
  markets = '';
  private sortKey: SortKey | undefined;
  private direction: Direction = 'ascending';

  protected readonly resource = elementResource<OddsBoardPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    request: () => ({ path: '/v1/odds', params: { league: this.league, team: this.team || undefined } }),
  });

  protected override isLive(data: OddsBoardPayload): boolean {
    return data.games.some((entry) => entry.game.status === 'live');
  }

  protected override layoutReady(): Promise<void> | void {
    if (this.resource.data?.books?.length) return priceLinks.ready(this.shadowRoot);
  }

  protected get regionLabel(): string {
    return this.t('odds.region', 'Odds board');
  }

  protected readonly skeletonBlocks = [1, 'board-skeleton'] as const;

  protected override render(): TemplateResult {
    return withGamblingLine(super.render(), this.resource.data?.gamblingLine);
  }

  #shown(): Market[] {
    const asked = this.markets.split(',').map((market) => market.trim().toLowerCase());
    const shown = MARKETS.filter((market) => asked.includes(market));
    return shown.length ? shown : [...MARKETS];
  }

  protected renderData(data: OddsBoardPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const key = this.sortKey ?? (MARKETS.includes(this.sort as Market) || this.sort === 'time' ? this.sort : 'time');
    const direction = this.sortKey ? this.direction : key === 'time' ? 'ascending' : 'descending';
    const order =
      key === 'spread'
        ? (a: Entry, b: Entry) => favourite(a) - favourite(b)
        : key === 'total'
          ? (a: Entry, b: Entry) => totalOf(a) - totalOf(b)
          : byTime;
    const games = [...data.games].sort((a, b) => (direction === 'ascending' ? order(a, b) : order(b, a)));
    const shown = this.#shown();
    const linking: PriceLinking = { host: this, t, books: data.books };
    const header = (column: SortKey, label: string) =>
      sortHeader({ label, sorted: key === column, direction, onSort: () => this.#sortBy(column, key, direction) });
    return html`<section aria-label=${this.regionLabel}>
      <div class="title-row">
        <p class="title">${this.regionLabel}</p>
        <span class="end"
          >${(games.length && priceLinks.current?.bookChoice(linking)) || nothing} ${games.length ? this.pauseControl() : nothing}</span
        >
      </div>
      ${
        games.length === 0
          ? emptyState(noGamesText(data, this.localized, t('odds.none', 'No games with lines right now.'), true))
          : html`<div class="scroll-area" tabindex="0">
              <table>
                <caption class="visually-hidden">
                  ${t('odds.caption', 'Lines for each game: spread, total and moneyline')}
                </caption>
                <thead>
                  <tr>
                    ${header('time', t('odds.game', 'Game'))}
                    ${shown.includes('spread') ? header('spread', t('line.spread', 'Spread')) : nothing}
                    ${shown.includes('total') ? header('total', t('line.total', 'Total')) : nothing}
                    ${shown.includes('moneyline') ? html`<th scope="col">${t('line.moneyline', 'Moneyline')}</th>` : nothing}
                    ${data.exchangeOffered && shown.includes('moneyline') ? html`<th scope="col" class="exchange">${t('odds.exchange', 'Exchange')}</th>` : nothing}
                  </tr>
                </thead>
                <tbody>
                  ${games.map((entry) => this.#row(entry, shown, data, linking))}
                </tbody>
              </table>
            </div>`
      }
      ${notice}
    </section>`;
  }

  #sortBy(column: SortKey, current: SortKey, direction: Direction): void {
    this.direction = nextDirection(column === current, direction, column === 'time' ? 'ascending' : 'descending');
    this.sortKey = column;
  }

  #odds(value: number | null | undefined): string {
    return value == null ? '—' : signedText(formatOdds(value, this.oddsFormat, this.localized.locale), this.localized);
  }

  #points(value: number, signed = true): string {
    return signedText(formatNumber(value, { locale: this.localized.locale, signed }), this.localized);
  }

  #row({ game, line, exchange }: Entry, shown: readonly Market[], data: OddsBoardPayload, linking: PriceLinking): TemplateResult {
    const exchangeOffered = data.exchangeOffered;
    const priceLink = (...price: PriceArgs) => priceLinks.current?.priceLink(linking, ...price) ?? price[0];
    const away = game.away.team.abbreviation;
    const home = game.home.team.abbreviation;
    const score = (side: 'away' | 'home') =>
      game.status !== 'scheduled' && game[side].score !== null ? html`<span class="score">${game[side].score}</span>` : nothing;
    const pair = (first: unknown, second: unknown) => html`<span>${first}</span><span>${second}</span>`;
    const cell = (market: Market, content: (line: Line) => TemplateResult | null) => {
      if (!shown.includes(market)) return nothing;
      return html`<td>${(line && content(line)) ?? '—'}</td>`;
    };
    const priced = (points: string, price: number | null) =>
      price === null ? points : html`${points}<span class="price"> ${this.#odds(price)}</span>`;
    const t = this.t;
    return html`<tr data-game=${game.id} data-status=${game.status}>
      <th scope="row">
        <span class="teams"><span>${away} ${score('away')}</span><span>${home} ${score('home')}</span></span>
        ${statusPill(game, this.localized)}
      </th>
      ${cell('spread', (l) => {
        if (!l.spread) return null;
        const side = (which: 'away' | 'home', team: string, price: number | null) => {
          const points = this.#points(l.spread![which]);
          const spoken = `${team} ${points}${price === null ? '' : ` ${this.#odds(price)}`}`;
          return priceLink(priced(points, price), game, 'spread', which, l.spread![which], spoken);
        };
        return pair(side('away', away, l.spread.awayPrice), side('home', home, l.spread.homePrice));
      })}
      ${cell('total', (l) => {
        if (!l.total) return null;
        const points = this.#points(l.total.points, false);
        const over = t('odds.over', 'O {points}', { points });
        const under = t('odds.under', 'U {points}', { points });
        // Said with the game, "LAL at BOS, O 224.5 −110": the cell's words lean on its row, and a name holds what is seen.
        const matchup = t('game.matchup', '{away} at {home}', { away, home });
        const spoken = (words: string, price: number | null) => `${matchup}, ${words}${price === null ? '' : ` ${this.#odds(price)}`}`;
        return pair(
          priceLink(priced(over, l.total.overPrice), game, 'total', 'over', l.total.points, spoken(over, l.total.overPrice)),
          priceLink(priced(under, l.total.underPrice), game, 'total', 'under', l.total.points, spoken(under, l.total.underPrice)),
        );
      })}
      ${cell('moneyline', (l) => {
        if (!l.moneyline) return null;
        const side = (which: 'away' | 'home', team: string) =>
          priceLink(this.#odds(l.moneyline![which]), game, 'moneyline', which, undefined, `${team} ${this.#odds(l.moneyline![which])}`);
        return pair(side('away', away), side('home', home));
      })}
      ${exchangeOffered && shown.includes('moneyline') ? html`<td class="exchange">${exchange?.moneyline ? pair(this.#odds(exchange.moneyline.away), this.#odds(exchange.moneyline.home)) : '—'}</td>` : nothing}
    </tr>`;
  }
}

customElements.define('odds-board', OddsBoard);

declare global {
  interface HTMLElementTagNameMap {
    'odds-board': OddsBoard;
  }
}
