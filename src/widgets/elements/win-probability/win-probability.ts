import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { WinProbabilityPayload } from '../../../contract/insights.js';
import { formatPercent, formatStartTime, onItsDay } from '../../runtime/format.js';
import { liveWhile } from '../../ui/live.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { shareBar, shareBarStyles } from '../../ui/share-bar.js';
import type { Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { biggestSwing, probabilityChart, type ChartPoint } from './chart.js';
import { winProbabilityStyles } from './win-probability.styles.js';

/**
 * @summary Both teams' chances to win, from the betting market with the bookmaker's margin removed, as large
 * numbers and a bar, with the game's probability curve drawn from the relay's history.
 *
 * @attr game-id - The game's id, as `<score-strip>` gives it.
 * @attr date - The game's day, YYYY-MM-DD: lets the relay find a game older than three days it never served (snippets write it).
 *
 * @csspart badge - A team badge.
 * @csspart chart - The probability curve.
 * @csspart message - The loading or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 *
 * @cssproperty --pb-win-probability-height - Reserved height (330px).
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
export class WinProbability extends PressboxElement<WinProbabilityPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    date: {},
  };

  static override styles = elementStyles('win-probability', teamBadgeStyles, pauseButtonStyles, shareBarStyles, winProbabilityStyles);

  gameId = '';
  date = '';

  protected readonly resource = elementResource<WinProbabilityPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    request: () => ({ path: '/v1/win-probability', params: { league: this.league, gameId: this.gameId, date: this.date || undefined } }),
  });

  protected override isLive(data: WinProbabilityPayload): boolean {
    return data.status === 'live';
  }

  protected get regionLabel(): string {
    return this.t('probability.region', 'Win probability');
  }

  protected readonly skeletonBlocks = [1, 'chart-skeleton'] as const;

  protected renderData(data: WinProbabilityPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const current = data.current;
    const percent = (share: number) => formatPercent(share, this.localized);
    const colours = data.colors;
    const label = t('probability.label', 'Win probability: {away} at {home}', { away: data.away.name, home: data.home.name });
    return html`<section aria-label=${label}>
      <div class="teams">
        <div class="team away">
          ${teamBadge(data.away)}
          <p class="name">${data.away.name}</p>
          ${current ? html`<span class="chance">${percent(current.away)}</span>` : nothing}
        </div>
        <div class="middle">
          <span class="source">${current ? this.#source(current.source) : ''}</span>
          ${data.status === 'final' ? nothing : pauseButton(this.paused, this.togglePaused, t)}
        </div>
        <div class="team home">
          ${teamBadge(data.home)}
          <p class="name">${data.home.name}</p>
          ${current ? html`<span class="chance">${percent(current.home)}</span>` : nothing}
        </div>
      </div>
      ${
        current
          ? shareBar(
              { share: current.away * 100, colour: colours.away, patterned: colours.awayPatterned },
              { share: current.home * 100, colour: colours.home },
            )
          : html`<p class="source">${t('probability.noOdds', 'No odds for this game right now.')}</p>`
      }
      ${this.#chart(data, colours.home)} ${notice}
    </section>`;
  }

  #source(source: NonNullable<WinProbabilityPayload['current']>['source']): string {
    const t = this.t;
    if (source === undefined) return '';
    if (source === 'exchange') return t('probability.fromExchange', 'From exchange prices, margin removed');
    // A curve kept from another day says which, as every final does.
    if (source === 'result')
      return onItsDay(t('probability.fromResult', 'Final result'), this.resource.data?.history[0]?.at, this.localized);
    return t('probability.fromMoneyline', 'From the moneyline, margin removed');
  }

  #chart(data: WinProbabilityPayload, colour: string): TemplateResult {
    const t = this.t;
    const points: ChartPoint[] = data.history.map((point) => ({ at: Date.parse(point.at), home: point.home }));
    const label = (at: number) => formatStartTime(new Date(at).toISOString(), this.localized);
    const swing = this.#swingText(data, points, label);
    const now = data.current
      ? t('probability.now', 'Now: {home} {homeChance}, {away} {awayChance}.', {
          home: data.home.name,
          homeChance: formatPercent(data.current.home, this.localized),
          away: data.away.name,
          awayChance: formatPercent(data.current.away, this.localized),
        })
      : t('probability.noCurrent', 'No current probability.');
    const description = t('probability.description', 'Win probability over the game. {now} {swing}', { now, swing });
    const caption = t('probability.caption', '{team} chance to win over the game.', { team: data.home.abbreviation });
    // Older relays leave it out: nothing is said.
    const since =
      data.recordedSince && t('probability.since', 'Since {time}.', { time: formatStartTime(data.recordedSince, this.localized) });
    return html`<figure part="chart">
      ${probabilityChart(points, { colour, label, description, axisName: t('probability.gameTime', 'Game time'), percent: (share) => formatPercent(share, this.localized) })}
      <figcaption>${caption} ${since} ${swing}</figcaption>
    </figure>`;
  }

  #swingText(data: WinProbabilityPayload, points: ChartPoint[], label: (at: number) => string): string {
    const swing = biggestSwing(points);
    if (!swing) return this.t('probability.noHistory', 'Not enough history yet for a curve.');
    const percent = (share: number) => formatPercent(share, this.localized);
    const homeRose = swing.to.home >= swing.from.home;
    const team = homeRose ? data.home : data.away;
    const from = homeRose ? swing.from.home : 1 - swing.from.home;
    const to = homeRose ? swing.to.home : 1 - swing.to.home;
    return this.t('probability.swing', 'Biggest swing: {team} from {from} to {to}, {start} to {end}.', {
      team: team.abbreviation,
      from: percent(from),
      to: percent(to),
      start: label(swing.from.at),
      end: label(swing.to.at),
    });
  }
}

customElements.define('win-probability', WinProbability);

declare global {
  interface HTMLElementTagNameMap {
    'win-probability': WinProbability;
  }
}
