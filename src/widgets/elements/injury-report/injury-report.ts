import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { InjuriesPayload } from '../../../contract/insights.js';
import { PressboxError } from '../../runtime/errors.js';
import { formatCalendarDate, formatStartTime } from '../../runtime/format.js';
import { ResourceController } from '../../runtime/resource-controller.js';
import { leagueNames } from '../../ui/leagues.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { PressboxElement, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { injuryReportStyles } from './injury-report.styles.js';

type TeamReport = InjuriesPayload['teams'][number];

/**
 * @summary Who is out tonight: injuries grouped by team in collapsible sections, each player with position, status
 * (a colour-and-text badge, never colour alone) and injury, and for the NFL practice participation and game
 * designation; the report's date and freshness.
 *
 * @attr league - League code: nfl, nba, wnba, mlb, nhl, cfb, ncaab.
 * @attr team - One team only (abbreviation, such as KC), shown open.
 *
 * @csspart team - A team's collapsible section.
 * @csspart status - A player's status badge.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 *
 * @cssproperty --pb-injuries-height - Reserved height (420px); the list scrolls inside it.
 *
 * @event pb-load - First data shown.
 * @event pb-update - Newer data shown.
 * @event pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate live - Never set.
 */
export class InjuryReport extends PressboxElement<InjuriesPayload> {
  static override properties: PropertyDeclarations = {
    team: {},
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

  protected readonly resource = new ResourceController<InjuriesPayload>(this, {
    request: () => {
      if (!this.league) return new PressboxError('bad_request', '<injury-report> needs a league attribute, such as league="nfl".');
      return { path: '/v1/injuries', params: { league: this.league, team: this.team || undefined } };
    },
    refreshMs: () => 300_000,
  });

  protected isLive(): boolean {
    return false;
  }

  protected get regionLabel(): string {
    return `${leagueNames(this.league)} injury report`;
  }

  protected readonly skeletonBlocks = [1, 'list-skeleton'] as const;
  protected override readonly notFoundText = 'We could not find this team.';

  protected renderData(data: InjuriesPayload): TemplateResult {
    const label = this.regionLabel;
    const teams = data.teams.filter((team) => team.players.length > 0);
    const reportDate = data.reportDate ? `Report of ${formatCalendarDate(data.reportDate, this.formatOptions)}` : 'Latest report';
    return html`<section aria-label=${label}>
      <div class="title-row">
        <div>
          <p class="title">Injury report</p>
          <p class="subtitle">${reportDate} · updated ${formatStartTime(data.updatedAt, this.formatOptions)}</p>
        </div>
        <span class="end">${pauseButton(this.paused, this.togglePaused)}</span>
      </div>
      ${
        teams.length === 0
          ? emptyState(this.team ? `No injuries reported for ${data.teams[0]?.team.name ?? this.team}.` : 'No injuries reported.')
          : html`<div class="teams scroll-area" tabindex="0" role="group" aria-label="Teams">
              ${teams.map((team) => this.#teamSection(team, teams.length === 1))}
            </div>`
      }
    </section>`;
  }

  #teamSection(report: TeamReport, open: boolean): TemplateResult {
    const nfl = report.players.some((player) => player.practice !== null || player.designation !== null);
    const count = report.players.length;
    return html`<details part="team" ?open=${open}>
      <summary>
        ${teamBadge(report.team, { withText: false })}<span>${report.team.name}</span
        ><span class="count">${count} ${count === 1 ? 'player' : 'players'}</span>
      </summary>
      <table>
        <caption class="visually-hidden">
          ${report.team.name} injuries
        </caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Pos</th>
            <th scope="col">Status</th>
            <th scope="col">Injury</th>
            ${
              nfl
                ? html`<th scope="col">Practice</th>
                    <th scope="col">Game</th>`
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
                <td><span class="status" part="status" data-severity=${player.severity}>${player.status}</span></td>
                <td>${player.reason ?? '—'}</td>
                ${
                  nfl
                    ? html`<td>${player.practice ?? '—'}</td>
                        <td>${player.designation ?? '—'}</td>`
                    : nothing
                }
              </tr>`,
          )}
        </tbody>
      </table>
    </details>`;
  }
}

customElements.define('injury-report', InjuryReport);

declare global {
  interface HTMLElementTagNameMap {
    'injury-report': InjuryReport;
  }
}
