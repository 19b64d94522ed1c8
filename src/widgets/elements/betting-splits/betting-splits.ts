import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { BettingSplitsPayload, Share } from '../../../contract/betting.js';
import { formatNumber, formatPercent } from '../../runtime/format.js';
import { signedText } from '../../i18n/translate.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { gamblingLineStyles, withGamblingLine } from '../../ui/gambling-line.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { noGamesText } from '../../ui/next-game.js';
import { statusPill, statusPillStyles } from '../../ui/status-pill.js';
import { cssProps } from '../../ui/css-props.js';
import { dataTableStyles } from '../../ui/data-table.js';
import { bettingSplitsStyles } from './betting-splits.styles.js';

type Entry = BettingSplitsPayload['games'][number];

/**
 * @summary Public betting for each game (or one): the share of bets and the share of money on each side of the spread,
 * the moneyline and the total, the current line beside it, and the side where money outweighs bets marked (its money
 * share at least 10 points above its bet share: the relay applies the rule and the element states it).
 *
 * @attr game-id - One game's id, as `<score-strip>` gives it; the whole slate without it.
 * @attr team - A team's abbreviation: that team's games only.
 *
 * @csspart game - One game's table.
 * @csspart marked - The mark on a side whose money outweighs its bets.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes updates (none while no game is shown).
 * @csspart status - A game's start time, live progress or result.
 * @csspart gambling - The slot's wrapper for a responsible-gambling line.
 *
 * @slot gambling - A responsible-gambling line (helpline, age notice), shown under the splits.
 *
 * @cssproperty --pb-betting-splits-height - Reserved height (420px); the games scroll inside it.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: the splits refresh every few minutes, not live.
 */
export class BettingSplits extends PressboxElement<BettingSplitsPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    team: {},
  };

  static override styles = elementStyles(
    'betting-splits',
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    statusPillStyles,
    dataTableStyles,
    bettingSplitsStyles,
    gamblingLineStyles,
  );

  gameId = '';
  team = '';

  protected readonly resource = elementResource<BettingSplitsPayload>(this, {
    request: () => ({
      path: '/v1/betting-splits',
      params: { league: this.league, gameId: this.gameId || undefined, team: this.team || undefined },
    }),
  });

  protected get regionLabel(): string {
    return this.t('bettingSplits.region', 'Betting splits');
  }

  protected readonly skeletonBlocks = [1, 'splits-skeleton'] as const;

  protected override render(): TemplateResult {
    return withGamblingLine(super.render(), this.resource.data?.gamblingLine);
  }

  /**
   * A game in progress reads "Live", without its clock: the splits refresh by minutes, so a clock here would be minutes
   * old, and it would widen the pill (and wrap the matchup) once another element on the page fetched the live kit.
   */
  private statusOf(game: BettingSplitsPayload['games'][number]['game']): TemplateResult {
    return game.status === 'live' && !game.interruption
      ? html`<span class="pill" part="status" data-status="live"
          ><span class="live-dot" aria-hidden="true"></span>${this.t('status.live', 'Live')}</span
        >`
      : statusPill(game, this.localized);
  }

  protected renderData(data: BettingSplitsPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const games = data.games.filter((entry) => entry.splits.spread || entry.splits.moneyline || entry.splits.total);
    return html`<section aria-label=${this.regionLabel}>
      <div class="title-row">
        <div>
          <p class="title">${this.regionLabel}</p>
          <p class="subtitle">
            ${t('bettingSplits.rule', 'Marked: money at least {points} points above bets', { points: data.moneyOverBetsPoints })}
          </p>
        </div>
        <span class="end">${games.length ? this.pauseControl() : nothing}</span>
      </div>
      ${
        games.length === 0
          ? emptyState(noGamesText(data, this.localized, t('bettingSplits.none', 'No betting splits for these games right now.'), true))
          : html`<div class="scroll-area" tabindex="0">${games.map((entry) => this.#game(entry))}</div>`
      }
      ${notice}
    </section>`;
  }

  #share(share: Share): TemplateResult {
    const percent = (value: number) => formatPercent(value / 100, this.localized);
    const meter = (value: number, kind: string) =>
      html`<span class="meter ${kind}" aria-hidden="true"><span style=${cssProps({ '--_share': `${value}%` })}></span></span>`;
    return html`<td>${meter(share.bets, 'bets')}${percent(share.bets)}</td>
      <td>${meter(share.money, 'money')}${percent(share.money)}</td>`;
  }

  #game({ game, line, splits }: Entry): TemplateResult {
    const t = this.t;
    const away = game.away.team.abbreviation;
    const home = game.home.team.abbreviation;
    const { locale } = this.localized;
    const points = (value: number | undefined, signed = true) =>
      value === undefined ? '' : signedText(formatNumber(value, { locale, signed }), this.localized);
    const marked = html`<strong class="marked" part="marked">${t('bettingSplits.marked', 'Money > bets')}</strong>`;
    const side = (label: string, share: Share, isMarked: boolean) =>
      html`<tr ?data-marked=${isMarked}>
        <th scope="row">${label} ${isMarked ? marked : nothing}</th>
        ${this.#share(share)}
      </tr>`;
    // Each market a group of rows under its name, which spans the table: a column of names would crowd a phone.
    const group = (market: string, rows: TemplateResult) =>
      html`<tbody>
        <tr class="market">
          <th scope="rowgroup" colspan="3">${market}</th>
        </tr>
        ${rows}
      </tbody>`;
    const { spread, moneyline, total } = splits;
    const totalPoints = points(line?.total?.points, false);
    return html`<table part="game" data-game=${game.id}>
      <caption>
        <span class="caption-row"
          ><span class="matchup">${t('game.matchup', '{away} at {home}', { away: game.away.team.name, home: game.home.team.name })}</span>
          ${this.statusOf(game)}</span
        >
      </caption>
      <thead>
        <tr>
          <th scope="col">${t('bettingSplits.side', 'Side')}</th>
          <th scope="col">${t('props.bets', 'Bets')}</th>
          <th scope="col">${t('props.money', 'Money')}</th>
        </tr>
      </thead>
      ${
        spread
          ? group(
              t('line.spread', 'Spread'),
              html`${side(`${away} ${points(line?.spread?.away)}`, spread.away, spread.marked === 'away')}
              ${side(`${home} ${points(line?.spread?.home)}`, spread.home, spread.marked === 'home')}`,
            )
          : nothing
      }
      ${
        moneyline
          ? group(
              t('line.moneyline', 'Moneyline'),
              html`${side(away, moneyline.away, moneyline.marked === 'away')} ${side(home, moneyline.home, moneyline.marked === 'home')}`,
            )
          : nothing
      }
      ${
        total
          ? group(
              t('line.total', 'Total'),
              html`${side(t('odds.over', 'O {points}', { points: totalPoints }), total.over, total.marked === 'over')}
              ${side(t('odds.under', 'U {points}', { points: totalPoints }), total.under, total.marked === 'under')}`,
            )
          : nothing
      }
    </table>`;
  }
}

customElements.define('betting-splits', BettingSplits);

declare global {
  interface HTMLElementTagNameMap {
    'betting-splits': BettingSplits;
  }
}
