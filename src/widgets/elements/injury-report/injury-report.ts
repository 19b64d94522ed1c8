import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { InjuriesPayload } from '../../../contract/insights.js';
import { formatCalendarDate, formatStartTime } from '../../runtime/format.js';
import { leagueNames } from '../../ui/leagues.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { injuryReportStyles } from './injury-report.styles.js';
import { injuryReason, injuryStatus, practiceText } from './injury-words.js';

type TeamReport = InjuriesPayload['teams'][number];

/**
 * @summary Who is out tonight: injuries grouped by team in collapsible sections, each player with position, status
 * (a colour-and-text badge, never colour alone) and injury, and for the NFL practice participation and game
 * designation; the report's date and freshness.
 *
 * @attr team - One team only (abbreviation, such as KC), shown open.
 *
 * @csspart team - A team's collapsible section.
 * @csspart status - A player's status badge.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 * @csspart badge - A team badge.
 *
 * @cssproperty --pb-injury-report-height - Reserved height (420px, 180px with `team`); the list scrolls inside it.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set.
 */
export class InjuryReport extends PressboxElement<InjuriesPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
    // Reflected: one team's report reserves a smaller box, which follows the attribute.
    team: { reflect: true },
  };

  static override styles = elementStyles(
    'injury-report',
    teamBadgeStyles,
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    injuryReportStyles,
  );

  team = '';

  protected readonly resource = elementResource<InjuriesPayload>(this, {
    request: () => ({ path: '/v1/injuries', params: { league: this.league, team: this.team || undefined } }),
  });

  protected get regionLabel(): string {
    return this.t('injuries.region', '{leagues} injury report', { leagues: leagueNames(this.league, this.localized) });
  }

  protected readonly skeletonBlocks = [1, 'list-skeleton'] as const;
  protected override readonly notFound = 'team';

  protected renderData(data: InjuriesPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const label = this.regionLabel;
    const teams = data.teams.filter((team) => team.players.length > 0);
    const report = data.reportDate
      ? t('injuries.reportOf', 'Report of {date}', { date: formatCalendarDate(data.reportDate, this.localized) })
      : t('injuries.latestReport', 'Latest report');
    const subtitle = t('injuries.subtitle', '{report} · updated {time}', { report, time: formatStartTime(data.updatedAt, this.localized) });
    return html`<section aria-label=${label}>
      <div class="title-row">
        <div>
          <p class="title">${t('injuries.title', 'Injury report')}</p>
          <p class="subtitle">${subtitle}</p>
        </div>
        <span class="end">${this.pauseControl()}</span>
      </div>
      ${
        teams.length === 0
          ? emptyState(
              this.team
                ? t('injuries.noneForTeam', 'No injuries reported for {team}.', { team: data.teams[0]?.team.name ?? this.team })
                : t('injuries.none', 'No injuries reported.'),
            )
          : html`<div class="teams scroll-area" tabindex="0" role="group" aria-label=${t('injuries.teams', 'Teams')}>
              ${teams.map((team) => this.#teamSection(team, teams.length === 1))}
            </div>`
      }
      ${notice}
    </section>`;
  }

  #teamSection(report: TeamReport, open: boolean): TemplateResult {
    const nfl = report.players.some((player) => player.practice !== null || player.designation !== null);
    const t = this.t;
    const count = report.players.length;
    return html`<details part="team" ?open=${open}>
      <summary>
        ${teamBadge(report.team, { withText: false })}<span>${report.team.name}</span
        ><span class="count">${t('injuries.players', { one: '{count} player', other: '{count} players' }, { count })}</span>
      </summary>
      <table>
        <caption class="visually-hidden">
          ${t('injuries.caption', '{team} injuries', { team: report.team.name })}
        </caption>
        <thead>
          <tr>
            <th scope="col">${t('injuries.player', 'Player')}</th>
            <th scope="col"><abbr title=${t('injuries.positionFull', 'Position')}>${t('injuries.position', 'Pos')}</abbr></th>
            <th scope="col">${t('injuries.status', 'Status')}</th>
            <th scope="col">${t('injuries.injury', 'Injury')}</th>
            ${
              nfl
                ? html`<th scope="col" class="wide">${t('injuries.practice', 'Practice')}</th>
                    <th scope="col" class="wide">${t('injuries.game', 'Game')}</th>`
                : nothing
            }
          </tr>
        </thead>
        <tbody>
          ${report.players.map(
            (player) =>
              html`<tr>
                <th scope="row">${player.name}</th>
                <td>${player.position ?? '—'}</td>
                <td><span class="status" part="status" data-severity=${player.severity}>${injuryStatus(t, player.status)}</span></td>
                <td>
                  ${player.reason ? injuryReason(t, player.reason) : '—'}${
                    // On a phone, practice and game status go under the injury rather than in columns of their own.
                    nfl ? html`<span class="narrow">${this.#nflDetails(player)}</span>` : nothing
                  }
                </td>
                ${
                  nfl
                    ? html`<td class="wide">${player.practice ? practiceText(t, player.practice) : '—'}</td>
                        <td class="wide">${player.designation ? injuryStatus(t, player.designation) : '—'}</td>`
                    : nothing
                }
              </tr>`,
          )}
        </tbody>
      </table>
    </details>`;
  }

  /** "Practice: Limited · Game: Questionable", for the narrow layout. */
  #nflDetails(player: TeamReport['players'][number]): string {
    const t = this.t;
    const detail = (label: string, value: string) => t('injuries.detail', '{label}: {value}', { label, value });
    return [
      player.practice && detail(t('injuries.practice', 'Practice'), practiceText(t, player.practice)),
      player.designation && detail(t('injuries.game', 'Game'), injuryStatus(t, player.designation)),
    ]
      .filter(Boolean)
      .join(' · ');
  }
}

customElements.define('injury-report', InjuryReport);

declare global {
  interface HTMLElementTagNameMap {
    'injury-report': InjuryReport;
  }
}
