import { html, type TemplateResult, type PropertyDeclarations } from 'lit';
import { css } from '../../ui/css.js';
import type { FormPayload } from '../../../contract/insights.js';
import type { BoutEnding } from '../../../contract/mma.js';

type Result = FormPayload['games'][number]['result'];
import { formatCalendarDate, formatNumber } from '../../runtime/format.js';
import { panelStyles } from '../../ui/panel.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { pauseButtonStyles } from '../../ui/pause-button.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { lastFiveStyles } from './last-five.styles.js';
import { boutMethod } from '../../ui/bout-ending.js';
import { leagueRecord } from '../../../contract/leagues.js';
import { term } from '../../i18n/translate.js';

/** The results a form line shows: the last five. */
const FORM_LENGTH = 5;

/**
 * @summary A team's last five results as W/L/T chips (W/D/L in soccer) with score, opponent and date; with
 * `opponent`, the last meetings between the two teams.
 *
 * @attr team - The team, by abbreviation (BOS).
 * @attr opponent - Another team's abbreviation: shows their last meetings instead.
 *
 * @csspart badge - The team badge.
 * @csspart chip - One result.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 *
 * @cssproperty --pb-last-five-height - Reserved height (188px).
 * @cssproperty --pb-color-win - Colour of a win (#15803d).
 * @cssproperty --pb-color-loss - Colour of a loss (#b91c1c).
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - Never set: results are of finished games.
 */
export class LastFive extends PressboxElement<FormPayload> {
  static override properties: PropertyDeclarations = {
    asOf: { attribute: 'as-of' },
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

  protected readonly resource = elementResource<FormPayload>(this, {
    request: () => ({
      path: '/v1/form',
      params: { league: this.league, team: this.team, opponent: this.opponent || undefined },
    }),
  });

  protected get regionLabel(): string {
    return this.t('form.region', 'Recent form');
  }

  protected readonly skeletonBlocks = [5, 'chip-skeleton'] as const;
  protected override readonly notFound = 'team';

  protected renderData(data: FormPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const title = data.opponent
      ? t('form.versus', '{team} vs {opponent}', { team: data.team.name, opponent: data.opponent.name })
      : data.team.name;
    const label = data.opponent
      ? t('form.meetingsLabel', '{title}: last meetings', { title })
      : t('form.lastFiveLabel', '{title}: last five games', { title });
    return html`<section aria-label=${label}>
      <div class="title-row">
        ${teamBadge(data.team)}
        <div>
          <p class="title">${title}</p>
          <p class="subtitle">${this.#summary(data)}</p>
        </div>
        <span class="end">${this.pauseControl()}</span>
      </div>
      ${
        data.games.length === 0
          ? emptyState(data.opponent ? t('form.noMeetings', 'No recent meetings.') : t('form.noGames', 'No recent games.'))
          : html`<ol class="chips" aria-label=${t('form.order', 'Most recent first')}>
              ${data.games.map(
                (game) =>
                  html`<li class="chip" part="chip" data-result=${game.result}>
                    <span class="result" aria-hidden="true">${this.#resultLetter(game.result, game.ending)}</span>
                    <span class="visually-hidden">${this.#resultWord(game.result, game.ending)}</span>
                    ${
                      game.ending
                        ? // A fight's method in a chip's width (its short form in a row); the verdict and the time are the fight card's.
                          html`<span class="score method"
                            ><span class="full">${boutMethod({ method: game.ending.method, verdict: null }, t)}</span
                            ><span class="short">${this.#shortMethod(game.ending.method)}</span></span
                          >`
                        : html`<span class="score">${this.#record(game.score.team, game.score.opponent)}</span>`
                    }
                    <span class="versus"
                      ><span aria-hidden="true"
                        >${
                          // A fight has no home side: either corner fought against the other.
                          game.homeAway === 'home' || game.ending
                            ? t('form.versusShort', 'vs {team}', { team: game.opponent.abbreviation })
                            : t('form.atShort', '@ {team}', { team: game.opponent.abbreviation })
                        }</span
                      ><span class="visually-hidden"
                        >${
                          game.homeAway === 'home' || game.ending
                            ? t('form.against', 'against {team},', { team: game.opponent.name })
                            : t('form.at', 'at {team},', { team: game.opponent.name })
                        }</span
                      ></span
                    >
                    <span class="date"
                      >${
                        game.ending
                          ? t('form.roundDate', 'R{round} · {date}', {
                              round: game.ending.round,
                              date: formatCalendarDate(game.date, this.localized),
                            })
                          : formatCalendarDate(game.date, this.localized)
                      }</span
                    >
                  </li>`,
              )}${
                // Games still to be played keep their place: the box is five results high whatever the count.
                Array.from(
                  { length: Math.max(0, FORM_LENGTH - data.games.length) },
                  () => html`<li class="slot" aria-hidden="true"><span class="result"></span></li>`,
                )
              }
            </ol>`
      }
      ${notice}
    </section>`;
  }

  /** Whether a tie is a draw: football's, or a fight's (the relay's league code, whatever the attribute's spelling). */
  get #draws(): boolean {
    return leagueRecord(this.resource.data?.league ?? '')?.endsLevel === 'draw';
  }

  #resultLetter(result: Result, ending?: BoutEnding): string {
    const t = this.t;
    if (ending?.method === 'no-contest') return t('form.noContestLetter', 'NC');
    if (result === 'T' && this.#draws) return t('form.drawLetter', 'D');
    return { W: t('form.winLetter', 'W'), L: t('form.lossLetter', 'L'), T: t('form.tieLetter', 'T') }[result];
  }

  #resultWord(result: Result, ending?: BoutEnding): string {
    const t = this.t;
    if (ending?.method === 'no-contest') return t('form.noContest', 'No contest,');
    if (result === 'T' && this.#draws) return t('form.draw', 'Draw,');
    return { W: t('form.win', 'Win,'), L: t('form.loss', 'Loss,'), T: t('form.tie', 'Tie,') }[result];
  }

  /** How a fight ended, in the few letters a row has room for: KO, Sub, Dec. */
  #shortMethod(method: BoutEnding['method']): string {
    return term(this.t, 'form.method', { 'ko-tko': 'KO', submission: 'Sub', decision: 'Dec', draw: 'Draw', 'no-contest': 'NC' }, method)!;
  }

  /** Football's form line, wins, draws and losses each with its letter: 3W 1D 1L. */
  #footballRecord(wins: number, draws: number, losses: number): string {
    const count = (value: number, result: Result): string => `${formatNumber(value, this.localized)}${this.#resultLetter(result)}`;
    return [count(wins, 'W'), count(draws, 'T'), count(losses, 'L')].join(' ');
  }

  /** Numbers joined by en dashes, in the locale's digits: 3–2, 2–2–1. */
  #record(...numbers: number[]): string {
    return numbers.map((value) => formatNumber(value, this.localized)).join('–');
  }

  /** "3–2 in the last five", or who leads the recent meetings. */
  #summary(data: FormPayload): string {
    const t = this.t;
    const { wins, losses, ties } = data.summary;
    const record = this.#draws
      ? this.#footballRecord(wins, ties, losses)
      : ties
        ? this.#record(wins, losses, ties)
        : this.#record(wins, losses);
    const count = data.games.length;
    if (!data.opponent)
      return count === 5
        ? t('form.lastFive', '{record} in the last five', { record })
        : t('form.lastGames', { one: '{record} in the last game', other: '{record} in the last {count}' }, { record, count });
    const meetings = { count, record };
    if (wins === losses)
      return t(
        'form.level',
        { one: 'Level at {record} in the last meeting', other: 'Level at {record} in the last {count} meetings' },
        meetings,
      );
    const team = wins > losses ? data.team.abbreviation : data.opponent.abbreviation;
    const lead = this.#record(Math.max(wins, losses), Math.min(wins, losses));
    return t(
      'form.leads',
      { one: '{team} leads {lead} in the last meeting', other: '{team} leads {lead} in the last {count} meetings' },
      { team, lead, count },
    );
  }
}

customElements.define('last-five', LastFive);

declare global {
  interface HTMLElementTagNameMap {
    'last-five': LastFive;
  }
}
