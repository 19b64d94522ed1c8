import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { TeamStatsPayload } from '../../../contract/season.js';
import { formatNumber } from '../../runtime/format.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { SeasonElement } from '../../ui/season-messages.js';
import { elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { ordinal } from '../../ui/ordinal.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { statName } from './stat-names.js';
import { dataTableStyles } from '../../ui/data-table.js';
import { teamStatsStyles } from './team-stats.styles.js';

type Stat = TeamStatsPayload['stats'][number];

/**
 * @summary A team's season numbers, each with its league rank (ties shown): the key numbers as tiles (`compact`), or
 * every number the data service keeps, grouped into offense, defense and more (`full`).
 *
 * @attr team - The team, by abbreviation (BOS).
 * @attr layout - `compact` (the key numbers) or `full` (every number, scrolling inside the box).
 *
 * @csspart badge - The team badge.
 * @csspart stat - One number with its rank.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 *
 * @cssproperty --pb-team-stats-height - Reserved height (280px).
 * @cssproperty --pb-color-accent - Colour of top-five ranks.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: statistics are compiled nightly.
 */
export class TeamStats extends SeasonElement<TeamStatsPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
    team: {},
    layout: { reflect: true },
  };

  static override styles = elementStyles(
    'team-stats',
    teamBadgeStyles,
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    dataTableStyles,
    teamStatsStyles,
  );

  team = '';
  layout: 'compact' | 'full' = 'compact';

  protected readonly resource = elementResource<TeamStatsPayload>(this, {
    request: () => ({ path: '/v1/team-stats', params: { league: this.league, team: this.team } }),
  });

  protected get regionLabel(): string {
    return this.t('teamStats.region', 'Team statistics');
  }

  protected readonly skeletonBlocks = [6, 'tile-skeleton'] as const;
  protected override readonly notFound = 'team';

  protected renderData(data: TeamStatsPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const season = data.season ?? '';
    const games =
      data.gamesPlayed === null ? '' : t('teamStats.games', { one: '{count} game', other: '{count} games' }, { count: data.gamesPlayed });
    const subtitle = [season && t('teamStats.season', '{season} season', { season }), games].filter(Boolean).join(' · ');
    const full = this.layout === 'full';
    const shown = full ? data.stats : data.stats.filter((stat) => stat.headline);
    return html`<section aria-label=${t('teamStats.label', '{team}: season statistics', { team: data.team.name })}>
      <div class="title-row">
        ${teamBadge(data.team)}
        <div>
          <p class="title">${data.team.name}</p>
          <p class="subtitle">${subtitle}</p>
        </div>
        <span class="end">${this.pauseControl()}</span>
      </div>
      ${
        shown.length === 0
          ? emptyState(t('teamStats.none', 'No statistics yet this season.'))
          : full
            ? this.#table(data, shown)
            : html`<ul class="tiles">
                ${shown.map((stat) => {
                  const name = statName(stat, t);
                  return html`<li class="tile" part="stat">
                    <span class="visually-hidden">${name}: </span>${this.#value(stat)}<span class="visually-hidden">, </span
                    >${this.#rank(stat, data)}<span class="label" aria-hidden="true">${name}</span>
                  </li>`;
                })}
              </ul>`
      }
      ${notice}
    </section>`;
  }

  #table(data: TeamStatsPayload, stats: readonly Stat[]): TemplateResult {
    const t = this.t;
    const groups = [
      ['offense', t('teamStats.offense', 'Offense')],
      ['defense', t('teamStats.defense', 'Defense')],
      ['derived', t('teamStats.derived', 'More')],
    ] as const;
    return html`<div class="scroll-area" tabindex="0" role="group" aria-label=${t('teamStats.all', 'All statistics')}>
      <table>
        <caption class="visually-hidden">
          ${t('teamStats.label', '{team}: season statistics', { team: data.team.name })}
        </caption>
        <thead>
          <tr>
            <th scope="col">${t('teamStats.stat', 'Statistic')}</th>
            <th scope="col">${t('teamStats.value', 'Value')}</th>
            <th scope="col">${t('teamStats.rank', 'Rank')}</th>
          </tr>
        </thead>
        ${groups.map(([group, name]) => {
          const rows = stats.filter((stat) => stat.group === group);
          if (rows.length === 0) return nothing;
          return html`<tbody>
            <tr class="group">
              <th scope="rowgroup" colspan="3">${name}</th>
            </tr>
            ${rows.map(
              (stat) =>
                html`<tr part="stat">
                  <th scope="row">${statName(stat, t)}</th>
                  <td>${this.#value(stat)}</td>
                  <td>${this.#rank(stat, data)}</td>
                </tr>`,
            )}
          </tbody>`;
        })}
      </table>
    </div>`;
  }

  #value(stat: Stat): TemplateResult {
    const text = stat.percent
      ? new Intl.NumberFormat(this.localized.locale, { style: 'percent', maximumFractionDigits: 1 }).format(stat.value / 100)
      : formatNumber(stat.value, { ...this.localized, digits: Math.abs(stat.value) < 1 ? 3 : 2 });
    return html`<span class="value">${text}</span>`;
  }

  /** `3rd`, `T-3rd` for a shared rank; read as "3rd of 30, tied". Top five stand out. */
  #rank(stat: Stat, data: TeamStatsPayload): TemplateResult | typeof nothing {
    if (stat.rank === null) return nothing;
    const t = this.t;
    const place = ordinal(t, stat.rank);
    const shown = stat.tied ? t('teamStats.tiedRank', 'T-{place}', { place }) : place;
    const spoken =
      data.teamsRanked === null
        ? shown
        : stat.tied
          ? t('teamStats.tiedRankOf', '{place} of {total}, tied', { place, total: data.teamsRanked })
          : t('teamStats.rankOf', '{place} of {total}', { place, total: data.teamsRanked });
    return html`<span class="rank ${stat.rank <= 5 ? 'top' : ''}"
      ><span aria-hidden="true">${shown}</span><span class="visually-hidden">${spoken}</span></span
    >`;
  }
}

customElements.define('team-stats', TeamStats);

declare global {
  interface HTMLElementTagNameMap {
    'team-stats': TeamStats;
  }
}
