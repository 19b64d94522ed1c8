import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { PropsPayload } from '../../../contract/insights.js';
import { formatNumber, formatPercent } from '../../runtime/format.js';
import { relayTerm, signedText } from '../../i18n/translate.js';
import { formatOdds } from '../../runtime/odds-format.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { cssProps } from '../../ui/css-props.js';
import { dataTableStyles, nextDirection, sortHeader, type Direction } from '../../ui/data-table.js';
import { playerPropsStyles } from './player-props.styles.js';
import { lazyView } from '../../ui/lazy-view.js';
import type { PriceLinking } from '../../ui/price-linking.js';

type Market = PropsPayload['markets'][number];
type SortKey = 'player' | 'line';

/** Prices as links to the key's books (ui/price-links.ts): fetched only for an answer that names books. */
const priceLinks = lazyView(() => import('../../ui/price-links.js'));

/**
 * @summary Player prop lines for one game: a tab per market, each player's line with over and under prices in the
 * chosen odds format, and where the public's bets and money go; sortable by player or by line.
 *
 * @attr game-id - The game's id, as `<score-strip>` gives it.
 * @attr markets - Market keys separated by commas (at most five), such as points,assists; all offered by default.
 * @attr date - The game's day, YYYY-MM-DD: lets the relay find a game older than three days it never served (snippets write it).
 *
 * @csspart tab - A market tab.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 * @csspart book - The choice of book prices link to, where the relay's key lists two or more.
 *
 * @cssproperty --pb-player-props-height - Reserved height (400px); the table scrolls inside it.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why (`plan_required` when the data plan lacks props).
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: lines are shown as priced.
 */
export class PlayerProps extends PressboxElement<PropsPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    markets: {},
    date: {},
    selected: { state: true, attribute: false },
    sortKey: { state: true, attribute: false },
    direction: { state: true, attribute: false },
  };

  static override styles = elementStyles(
    'player-props',
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    dataTableStyles,
    playerPropsStyles,
  );

  gameId = '';
  markets = '';
  date = '';
  /** The market tab shown. */
  private selected = '';
  private sortKey: SortKey = 'line';
  private direction: Direction = 'descending';

  protected readonly resource = elementResource<PropsPayload>(this, {
    request: () => ({
      path: '/v1/props',
      params: { league: this.league, gameId: this.gameId, markets: this.markets || undefined, date: this.date || undefined },
    }),
  });

  protected override layoutReady(): Promise<void> | void {
    if (this.resource.data?.books?.length) return priceLinks.ready(this.shadowRoot);
  }

  protected get regionLabel(): string {
    return this.t('props.region', 'Player props');
  }

  protected readonly skeletonBlocks = [1, 'props-skeleton'] as const;

  protected renderData(data: PropsPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const markets = data.markets.filter((market) => market.players.length > 0);
    const label = t('props.label', 'Player props: {away} at {home}', { away: data.away.abbreviation, home: data.home.abbreviation });
    if (markets.length === 0) {
      return html`<section aria-label=${label}>
        ${emptyState(data.closed ? t('props.closed', 'Props are closed: this game has ended.') : t('props.none', 'No player props for these markets.'))}
        ${notice}
      </section>`;
    }
    const active = markets.find((market) => market.key === this.selected) ?? markets[0]!;
    const linking: PriceLinking = { host: this, t, books: data.books };
    return html`<section aria-label=${label}>
      <div class="title-row">
        <div>
          <p class="title">${this.regionLabel}</p>
          <p class="subtitle">${t('game.matchup', '{away} at {home}', { away: data.away.name, home: data.home.name })}</p>
        </div>
        <span class="end">${priceLinks.current?.bookChoice(linking) ?? nothing} ${pauseButton(this.paused, this.togglePaused, t)}</span>
      </div>
      <div class="scroll-area" role="tablist" aria-label=${t('props.markets', 'Markets')} @keydown=${this.#onTabKeydown}>
        ${markets.map(
          (market) =>
            html`<button
              role="tab"
              part="tab"
              id="tab-${market.key}"
              aria-selected=${market === active ? 'true' : 'false'}
              aria-controls="panel"
              tabindex=${market === active ? 0 : -1}
              @click=${() => (this.selected = market.key)}
            >
              ${this.#marketName(market)}
            </button>`,
        )}
      </div>
      <div class="scroll-area" role="tabpanel" id="panel" aria-labelledby="tab-${active.key}" tabindex="0">
        ${this.#table(active, data, linking)}
      </div>
      ${notice}
    </section>`;
  }

  /** The market's name in the reader's language; a market this version does not know keeps the relay's name. */
  #marketName(market: Market): string {
    return relayTerm(this.t, 'market', market.key, market.label);
  }

  #table(market: Market, data: PropsPayload, linking: PriceLinking): TemplateResult {
    const t = this.t;
    const { locale } = this.localized;
    const players = [...market.players].sort((a, b) => {
      const order = this.sortKey === 'player' ? a.name.localeCompare(b.name) : a.line - b.line || a.name.localeCompare(b.name);
      return this.direction === 'ascending' ? order : -order;
    });
    const odds = (value: number | null) => (value === null ? '—' : signedText(formatOdds(value, this.oddsFormat, locale), this.localized));
    const share = (value: number | null, what: string) =>
      value === null
        ? html`—`
        : html`<span class="share"
            ><span class="meter" aria-hidden="true"><span style=${cssProps({ '--_share': `${value}%` })}></span></span>${formatPercent(
              value / 100,
              this.localized,
            )}<span class="visually-hidden"> ${what}</span></span
          >`;
    return html`<table>
      <caption class="visually-hidden">
        ${t('props.caption', '{market}: lines and prices', { market: this.#marketName(market) })}
      </caption>
      <thead>
        <tr>
          ${this.#sortableHeader('player', t('props.player', 'Player'))} ${this.#sortableHeader('line', t('props.line', 'Line'))}
          <th scope="col">${t('props.over', 'Over')}</th>
          <th scope="col">${t('props.under', 'Under')}</th>
          <th scope="col" class="split">${t('props.bets', 'Bets')}</th>
          <th scope="col" class="split">${t('props.money', 'Money')}</th>
        </tr>
      </thead>
      <tbody>
        ${players.map(
          (player) =>
            html`<tr data-player=${player.id}>
              <th scope="row">
                ${player.name}<span class="meta"
                  >${
                    // A string, not a template: the template minifier would drop the space before the dot.
                    player.position ? `${player.team} · ${player.position}` : player.team
                  }</span
                >
              </th>
              <td>${formatNumber(player.line, { locale })}</td>
              <td>${this.#linked(odds(player.overPrice), player, 'over', market, data, linking)}</td>
              <td>${this.#linked(odds(player.underPrice), player, 'under', market, data, linking)}</td>
              <td class="split">${share(player.overBets, t('props.betsOnOver', 'of bets on the over'))}</td>
              <td class="split">${share(player.overMoney, t('props.moneyOnOver', 'of money on the over'))}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  }

  /** A player's over or under price as a link to the book, spoken as "Jayson Tatum over 27.5 −110". */
  #linked(
    price: string,
    player: Market['players'][number],
    side: 'over' | 'under',
    market: Market,
    data: PropsPayload,
    linking: PriceLinking,
  ) {
    const links = priceLinks.current;
    if (price === '—' || !links) return price;
    const t = this.t;
    const line = formatNumber(player.line, { locale: this.localized.locale });
    const words = side === 'over' ? t('line.over', 'Over {points}', { points: line }) : t('line.under', 'Under {points}', { points: line });
    // The props answer names its game by id and teams, without its day.
    const game = { id: data.gameId, league: data.league, startTime: null, home: { team: data.home }, away: { team: data.away } };
    const spoken = `${player.name}, ${this.#marketName(market)}, ${words} ${price}`;
    return links.priceLink(linking, price, game, market.key, side, player.line, spoken, player.name);
  }

  #sortableHeader(key: SortKey, label: string): TemplateResult {
    return sortHeader({ label, sorted: this.sortKey === key, direction: this.direction, onSort: () => this.#sort(key) });
  }

  #sort(key: SortKey): void {
    this.direction = nextDirection(this.sortKey === key, this.direction, key === 'player' ? 'ascending' : 'descending');
    this.sortKey = key;
  }

  /** Arrow keys (the reading way), Home and End move between tabs and select them (automatic activation). */
  #onTabKeydown = (event: KeyboardEvent): void => {
    const tabs = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const forward = this.rightToLeft ? 'ArrowLeft' : 'ArrowRight';
    const back = this.rightToLeft ? 'ArrowRight' : 'ArrowLeft';
    const next = {
      [forward]: (current + 1) % tabs.length,
      [back]: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.selected = tabs[next]!.id.slice('tab-'.length);
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(`#${tabs[next]!.id}`)?.focus());
  };
}

customElements.define('player-props', PlayerProps);

declare global {
  interface HTMLElementTagNameMap {
    'player-props': PlayerProps;
  }
}
