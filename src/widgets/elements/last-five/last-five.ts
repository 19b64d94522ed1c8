import { css, html, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { FormPayload } from '../../../contract/insights.js';
import { PressboxError } from '../../runtime/errors.js';
import { formatCalendarDate } from '../../runtime/format.js';
import { ResourceController } from '../../runtime/resource-controller.js';
import { panelStyles } from '../../ui/panel.js';
import { PressboxElement, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { lastFiveStyles } from './last-five.styles.js';

const RESULT_WORDS = { W: 'Win', L: 'Loss', T: 'Tie' } as const;

/**
 * @summary A team's last five results as W/L/T chips with score, opponent and date; with `opponent`, the last
 * meetings between the two teams.
 *
 * @attr league - League code: nfl, nba, wnba, mlb, nhl, cfb, ncaab.
 * @attr team - The team, by abbreviation (BOS).
 * @attr opponent - Another team's abbreviation: shows their last meetings instead.
 *
 * @csspart badge - The team badge.
 * @csspart chip - One result.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 *
 * @cssproperty --pb-last-five-height - Reserved height (188px).
 * @cssproperty --pb-color-win - Colour of a win (#15803d).
 * @cssproperty --pb-color-loss - Colour of a loss (#b91c1c).
 *
 * @event pb-load - First data shown.
 * @event pb-update - Newer data shown.
 * @event pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate live - Never set: results are of finished games.
 */
export class LastFive extends PressboxElement<FormPayload> {
  static override properties: PropertyDeclarations = {
    team: {},
    opponent: {},
  };

  static override styles = elementStyles(
    'last-five',
    teamBadgeStyles,
    panelStyles,
    pauseButtonStyles,
    lastFiveStyles,
    css`
      :host {
        --_tie: #4b5563;
      }
    `,
  );

  team = '';
  opponent = '';

  protected readonly resource = new ResourceController<FormPayload>(this, {
    request: () => {
      if (!this.league || !this.team)
        return new PressboxError('bad_request', '<last-five> needs league and team attributes, such as league="nba" team="BOS".');
      return { path: '/v1/form', params: { league: this.league, team: this.team, opponent: this.opponent || undefined } };
    },
    refreshMs: () => 600_000,
  });

  protected isLive(): boolean {
    return false;
  }

  protected get regionLabel(): string {
    return 'Recent form';
  }

  protected readonly skeletonBlocks = [5, 'chip-skeleton'] as const;
  protected override readonly notFoundText = 'We could not find this team.';

  protected renderData(data: FormPayload): TemplateResult {
    const title = data.opponent ? `${data.team.name} vs ${data.opponent.name}` : data.team.name;
    return html`<section aria-label=${data.opponent ? `${title}: last meetings` : `${title}: last five games`}>
      <div class="title-row">
        ${teamBadge(data.team)}
        <div>
          <p class="title">${title}</p>
          <p class="subtitle">${this.#summary(data)}</p>
        </div>
        <span class="end">${pauseButton(this.paused, this.togglePaused)}</span>
      </div>
      ${
        data.games.length === 0
          ? emptyState(data.opponent ? 'No recent meetings.' : 'No recent games.')
          : html`<ol class="chips" aria-label="Most recent first">
              ${data.games.map(
                (game) =>
                  html`<li class="chip" part="chip" data-result=${game.result}>
                    <span class="result" aria-hidden="true">${game.result}</span>
                    <span class="visually-hidden">${RESULT_WORDS[game.result]},</span>
                    <span class="score">${game.score.team}–${game.score.opponent}</span>
                    <span class="versus"
                      ><span aria-hidden="true">${game.homeAway === 'home' ? 'vs' : '@'} ${game.opponent.abbreviation}</span
                      ><span class="visually-hidden">${game.homeAway === 'home' ? 'against' : 'at'} ${game.opponent.name},</span></span
                    >
                    <span class="date">${formatCalendarDate(game.date, this.formatOptions)}</span>
                  </li>`,
              )}
            </ol>`
      }
    </section>`;
  }

  /** "3–2 in the last five", or who leads the recent meetings. */
  #summary(data: FormPayload): string {
    const { wins, losses, ties } = data.summary;
    const record = ties ? `${wins}–${losses}–${ties}` : `${wins}–${losses}`;
    const count = data.games.length;
    if (!data.opponent) return count === 5 ? `${record} in the last five` : `${record} in the last ${count}`;
    if (wins === losses) return `Level at ${record} in the last ${count} meetings`;
    const leader = wins > losses ? data.team.abbreviation : data.opponent.abbreviation;
    return `${leader} leads ${Math.max(wins, losses)}–${Math.min(wins, losses)} in the last ${count} meetings`;
  }
}

customElements.define('last-five', LastFive);

declare global {
  interface HTMLElementTagNameMap {
    'last-five': LastFive;
  }
}
