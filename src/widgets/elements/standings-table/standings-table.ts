import { html, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { StandingsPayload } from '../../../contract/season.js';
import { formatNumber } from '../../runtime/format.js';
import { leagueNames } from '../../ui/leagues.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { SeasonElement } from '../../ui/season-messages.js';
import { elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { dataTableStyles, nextDirection, sortHeader, type Direction } from '../../ui/data-table.js';
import { standingsTableStyles } from './standings-table.styles.js';
import { leagueRecord } from '../../../contract/leagues.js';
import type { Column, Row, SortKey } from './columns.js';

/** Football's columns, once a football table asked for them (football-columns.ts). */
let football: typeof import('./football-columns.js') | undefined;

/** Whether a league (the relay's code) ranks its table by points: football's, with its own columns. */
const byPoints = (league: string): boolean => leagueRecord(league)?.standings === 'points';

/**
 * @summary A league's standings: wins, losses, ties where the league has them, winning percentage, points for and
 * against, and the current streak; in soccer a points table (played, won, drawn, lost, goals for and against, goal
 * difference, points). Sortable by any column, with one team highlighted.
 *
 * @attr team - A team to highlight, by abbreviation (BOS).
 *
 * @csspart row - One team's row.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 * @csspart badge - A team badge.
 *
 * @cssproperty --pb-standings-table-height - Reserved height (420px); the table scrolls inside it.
 * @cssproperty --pb-color-accent - Colour of the highlighted team's marker.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: standings change when games end.
 */
export class StandingsTable extends SeasonElement<StandingsPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
    team: {},
    sortKey: { state: true, attribute: false },
    direction: { state: true, attribute: false },
  };

  static override styles = elementStyles(
    'standings-table',
    teamBadgeStyles,
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    dataTableStyles,
    standingsTableStyles,
  );

  team = '';
  /** Until a reader picks a column: the league's own order (most points in soccer, best record elsewhere). */
  private sortKey: SortKey | undefined;
  private direction: Direction = 'descending';

  protected readonly resource = elementResource<StandingsPayload>(this, {
    request: () => ({ path: '/v1/standings', params: { league: this.league } }),
  });

  protected get regionLabel(): string {
    return this.t('standings.region', '{league} standings', { league: leagueNames(this.league, this.localized) });
  }

  protected readonly skeletonBlocks = [1, 'table-skeleton'] as const;

  protected renderData(data: StandingsPayload, notice: Notice): TemplateResult {
    const t = this.t;
    return html`<section aria-label=${this.regionLabel}>
      <div class="title-row">
        <div>
          <p class="title">${this.regionLabel}</p>
          <p class="subtitle">
            ${
              byPoints(data.league)
                ? t('standings.subtitlePoints', 'Most points first · select a column to sort')
                : t('standings.subtitle', 'Best record first · select a column to sort')
            }
          </p>
        </div>
        <span class="end">${this.pauseControl()}</span>
      </div>
      ${
        data.rows.length === 0
          ? emptyState(t('standings.none', 'No standings yet this season.'))
          : html`<div class="scroll-area" tabindex="0" role="group" aria-label=${t('standings.tableRegion', 'Standings table')}>
              ${this.#table(data)}
            </div>`
      }
      ${notice}
    </section>`;
  }

  protected override async layoutReady(): Promise<void> {
    if (!football && byPoints(this.resource.data?.league ?? '')) football = await import('./football-columns.js');
  }

  /** The league's columns after place and team: a record table (W L [T] Pct PF PA Streak), or football's points table. */
  #columns(data: StandingsPayload): Column[] {
    const t = this.t;
    const number = (value: number | null) => (value === null ? '—' : formatNumber(value, this.localized));
    if (byPoints(data.league)) return football?.footballColumns(t, number, this.localized.locale) ?? [];
    return [
      { key: 'wins', label: t('standings.wins', 'W'), name: t('standings.winsName', 'Wins'), cell: (row) => number(row.wins) },
      { key: 'losses', label: t('standings.losses', 'L'), name: t('standings.lossesName', 'Losses'), cell: (row) => number(row.losses) },
      ...(data.hasTies
        ? [
            {
              key: 'ties',
              label: t('standings.ties', 'T'),
              name: t('standings.tiesName', 'Ties'),
              cell: (row: Row) => number(row.ties),
            } as const,
          ]
        : []),
      {
        key: 'pct',
        label: t('standings.pct', 'Pct'),
        name: t('standings.pctName', 'Winning percentage'),
        isolated: true,
        cell: (row) => this.#pct(row.pct),
      },
      {
        key: 'pointsFor',
        label: t('standings.pointsFor', 'PF'),
        name: t('standings.pointsForName', 'Points for'),
        className: 'points',
        cell: (row) => number(row.pointsFor),
      },
      {
        key: 'pointsAgainst',
        label: t('standings.pointsAgainst', 'PA'),
        name: t('standings.pointsAgainstName', 'Points against'),
        className: 'points',
        cell: (row) => number(row.pointsAgainst),
      },
      { label: t('standings.streak', 'Streak'), cell: (row) => this.#streak(row.streak) },
    ];
  }

  #table(data: StandingsPayload): TemplateResult {
    const t = this.t;
    const columns = this.#columns(data);
    const highlighted = this.team.toUpperCase();
    return html`<table>
      <caption class="visually-hidden">
        ${this.regionLabel}
      </caption>
      <thead>
        <tr>
          <th scope="col" class="place">
            <span aria-hidden="true">#</span><span class="visually-hidden">${t('standings.place', 'Place')}</span>
          </th>
          ${this.#header('team', t('standings.team', 'Team'))}
          ${columns.map(({ key, label, name, className }) =>
            key ? this.#header(key, label, name, className) : html`<th scope="col">${label}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${this.#sorted(data.rows, columns).map((row) => {
          const mine = row.team.abbreviation === highlighted;
          return html`<tr part="row" class=${mine ? 'mine' : ''} aria-current=${mine ? 'true' : 'false'}>
            <td class="place">${formatNumber(data.rows.indexOf(row) + 1, this.localized)}</td>
            <th scope="row">
              <span class="team"
                >${teamBadge(row.team, { withText: false })}<span class="full-name">${row.team.name}</span
                ><span class="abbreviation" aria-hidden="true">${row.team.abbreviation}</span></span
              >
            </th>
            ${columns.map(
              ({ className, cell, isolated }) =>
                html`<td class=${className ?? ''}>${isolated ? html`<span class="number">${cell(row)}</span>` : cell(row)}</td>`,
            )}
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  /** `.750`, as tables print it, in the reader's digits and decimal sign. */
  #pct(value: number): string {
    const text = new Intl.NumberFormat(this.localized.locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);
    return value < 1 ? text.replace(/^0(?=\D)/, '') : text;
  }

  #streak(streak: string | null): TemplateResult | string {
    const match = streak ? /^([WLT])(\d+)$/.exec(streak) : null;
    if (!match) return '—';
    const t = this.t;
    const count = Number(match[2]);
    const [letter, spoken] = {
      W: [t('standings.wins', 'W'), t('standings.winningStreak', 'Winning streak: {count}', { count })],
      L: [t('standings.losses', 'L'), t('standings.losingStreak', 'Losing streak: {count}', { count })],
      T: [t('standings.ties', 'T'), t('standings.tiedStreak', 'Tied streak: {count}', { count })],
    }[match[1] as 'W'];
    const short = `${letter}${formatNumber(count, this.localized)}`;
    return html`<span aria-hidden="true">${short}</span><span class="visually-hidden">${spoken}</span>`;
  }

  #sorted(rows: readonly Row[], columns: readonly Column[]): Row[] {
    // Unsorted by the reader: the relay's order, which is the league's (its tie-breakers included).
    if (!this.sortKey) return [...rows];
    const key = this.sortKey;
    const column = columns.find((candidate) => candidate.key === key);
    const value = (row: Row): number => column?.sortValue?.(row) ?? row[key as 'wins'] ?? -1;
    return [...rows].sort((a, b) => {
      const order = key === 'team' ? a.team.name.localeCompare(b.team.name, this.localized.locale) : value(a) - value(b);
      return this.direction === 'ascending' ? order : -order;
    });
  }

  #header(key: SortKey, label: string, name = label, className = ''): TemplateResult {
    const sorted = this.#sortKey() === key;
    return sortHeader({ label, name, className, sorted, direction: this.direction, onSort: () => this.#sort(key) });
  }

  #sortKey(): SortKey {
    return this.sortKey ?? (byPoints(this.resource.data?.league ?? '') ? 'points' : 'pct');
  }

  #sort(key: SortKey): void {
    const first = key === 'team' || key === 'losses' || key === 'pointsAgainst' || key === 'played' ? 'ascending' : 'descending';
    this.direction = nextDirection(this.#sortKey() === key, this.direction, first);
    this.sortKey = key;
  }
}

customElements.define('standings-table', StandingsTable);

declare global {
  interface HTMLElementTagNameMap {
    'standings-table': StandingsTable;
  }
}
