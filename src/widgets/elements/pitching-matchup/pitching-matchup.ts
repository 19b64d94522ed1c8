import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { PitchingMatchupPayload } from '../../../contract/season.js';
import { PressboxError } from '../../runtime/errors.js';
import { formatDay, formatNumber, formatPercent, formatStartTime } from '../../runtime/format.js';
import { ResourceController } from '../../runtime/resource-controller.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { SeasonElement } from '../../i18n/season-messages.js';
import { elementStyles } from '../../ui/pressbox-element.js';
import type { Notice } from '../../ui/states.js';
import { teamBadge, teamBadgeStyles } from '../../ui/team-badge.js';
import { pitchingMatchupStyles } from './pitching-matchup.styles.js';

type Side = PitchingMatchupPayload['home'];
type Weather = NonNullable<PitchingMatchupPayload['weather']>;

/**
 * @summary The probable starting pitchers of an MLB game: each one's status, throwing hand and strikeout projection
 * (range and confidence), then the park and its weather with any alerts. Says plainly when a starter is not yet
 * confirmed, or not yet announced.
 *
 * @attr game-id - The game's id, as `<score-strip league="mlb">` gives it.
 *
 * @csspart starter - One side's pitcher.
 * @csspart badge - A team badge.
 * @csspart weather - The park and its weather.
 * @csspart message - The loading or error message.
 * @csspart notice - The freshness notice over stale data.
 *
 * @cssproperty --pb-pitching-matchup-height - Reserved height (300px); `--pb-matchup-height` also works.
 * @cssproperty --pb-color-warning - Colour of a starter not yet confirmed, and of weather alerts (#b45309).
 *
 * @event pb-load - First data shown.
 * @event pb-update - Newer data shown.
 * @event pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate live - The game is in progress.
 */
export class PitchingMatchup extends SeasonElement<PitchingMatchupPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
  };

  static override styles = elementStyles(
    'pitching-matchup',
    teamBadgeStyles,
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    pitchingMatchupStyles,
  );

  gameId = '';

  protected readonly resource = new ResourceController<PitchingMatchupPayload>(this, {
    request: () => {
      if (!this.gameId)
        return new PressboxError('bad_request', '<pitching-matchup> needs a game-id attribute (ids come from <score-strip league="mlb">).');
      // A league other than mlb is sent, so that the relay can say this element covers MLB only.
      return { path: '/v1/pitching-matchup', params: { gameId: this.gameId, league: this.league || undefined } };
    },
  });

  protected isLive(data: PitchingMatchupPayload): boolean {
    return data.status === 'live';
  }

  protected get regionLabel(): string {
    return this.t('matchup.title', 'Pitching matchup');
  }

  protected readonly skeletonBlocks = [2, 'side-skeleton'] as const;

  protected renderData(data: PitchingMatchupPayload, notice: Notice): TemplateResult {
    const t = this.t;
    const when =
      data.status === 'live'
        ? t('status.live', 'Live')
        : data.status === 'final'
          ? t('status.final', 'Final')
          : data.startTime
            ? t('matchup.when', '{day}, {time}', {
                day: formatDay(data.startTime, this.localized),
                time: formatStartTime(data.startTime, this.localized),
              })
            : '';
    const title = t('matchup.label', 'Pitching matchup: {away} at {home}', { away: data.away.team.name, home: data.home.team.name });
    return html`<section aria-label=${title}>
      <div class="title-row">
        <div>
          <p class="title">${this.regionLabel}</p>
          <p class="subtitle">${when}</p>
        </div>
        <span class="end">${pauseButton(this.paused, this.togglePaused, t)}</span>
      </div>
      <!-- A narrow column with long names, statuses and weather alerts can outgrow the box: it scrolls inside it. -->
      <div class="body scroll-area" tabindex="0" role="group" aria-label=${this.regionLabel}>
        <div class="sides">${this.#side(data.away, t('matchup.away', 'Away'))}${this.#side(data.home, t('matchup.home', 'Home'))}</div>
        ${this.#weather(data)}
      </div>
      ${notice}
    </section>`;
  }

  #side(side: Side, where: string): TemplateResult {
    const t = this.t;
    const starter = side.starter;
    const status = {
      probable: t('matchup.probable', 'Probable'),
      new: t('matchup.new', 'Not yet confirmed'),
      at_risk: t('matchup.atRisk', 'May be scratched'),
      unknown: t('matchup.unknown', 'Not yet announced'),
    }[side.status];
    return html`<article
      class="side"
      part="starter"
      aria-label=${t('matchup.sideLabel', '{where}: {team}', { where, team: side.team.name })}
    >
      <div class="team">${teamBadge(side.team, { withText: false })}<span class="team-name">${side.team.shortName}</span></div>
      <p class="pitcher">${starter ? starter.name : t('matchup.tba', 'Starter to be announced')}</p>
      <p class="facts">
        ${starter?.hand ? html`<span>${starter.hand === 'L' ? t('matchup.left', 'Throws left') : t('matchup.right', 'Throws right')}</span>` : nothing}
        <span class="status" data-status=${side.status}>${status}</span>
      </p>
      ${starter?.strikeouts ? this.#strikeouts(starter.strikeouts) : nothing}
    </article>`;
  }

  #strikeouts(ks: NonNullable<NonNullable<Side['starter']>['strikeouts']>): TemplateResult {
    const t = this.t;
    const number = (value: number) => formatNumber(value, this.localized);
    const confidence = ks.confidence
      ? {
          high: t('matchup.confidenceHigh', 'high confidence'),
          medium: t('matchup.confidenceMedium', 'medium confidence'),
          low: t('matchup.confidenceLow', 'low confidence'),
        }[ks.confidence]
      : '';
    const range = t('matchup.range', 'Range {low}–{high}', { low: number(ks.low), high: number(ks.high) });
    return html`<p class="strikeouts">
      <span class="projected">${t('matchup.strikeouts', '{count} K projected', { count: number(ks.projected) })}</span>
      <span class="range">${[range, confidence].filter(Boolean).join(' · ')}</span>
      ${ks.line === null ? nothing : html`<span class="range">${t('matchup.line', 'Line {line}', { line: number(ks.line) })}</span>`}
    </p>`;
  }

  #weather(data: PitchingMatchupPayload): TemplateResult | typeof nothing {
    if (!data.venue && !data.weather) return nothing;
    const t = this.t;
    const roof = data.venue
      ? {
          open: t('matchup.roofOpen', 'open air'),
          retractable: t('matchup.roofRetractable', 'retractable roof'),
          dome: t('matchup.roofDome', 'dome'),
        }[data.venue.roof]
      : '';
    return html`<div class="weather" part="weather">
      ${data.venue ? html`<p class="venue">${t('matchup.venue', '{park} · {roof}', { park: data.venue.name, roof })}</p>` : nothing}
      ${data.weather ? html`<p class="conditions">${this.#conditions(data.weather)}</p>` : nothing}
      ${
        data.alerts.length
          ? html`<ul class="alerts" aria-label=${t('matchup.alerts', 'Weather alerts')}>
              ${data.alerts.map((alert) => html`<li data-severe=${alert.severe ? 'true' : 'false'}><span aria-hidden="true">⚠ </span>${this.#alert(alert)}</li>`)}
            </ul>`
          : nothing
      }
    </div>`;
  }

  /** Alerts of a kind the element knows in the reader's words; others in the data service's. */
  #alert(alert: PitchingMatchupPayload['alerts'][number]): string {
    const t = this.t;
    switch (alert.type.toUpperCase()) {
      case 'WIND':
        return t('matchup.alertWind', 'Strong wind');
      case 'RAIN':
        return t('matchup.alertRain', 'Rain likely: delay possible');
      case 'HEAT':
        return t('matchup.alertHeat', 'Heat at first pitch');
      case 'COLD':
        return t('matchup.alertCold', 'Cold at first pitch');
      default:
        return alert.message;
    }
  }

  #conditions(weather: Weather): string {
    const t = this.t;
    const { locale } = this.localized;
    const unit = (value: number, name: string) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, maximumFractionDigits: 0 }).format(value);
    const parts: string[] = [];
    if (weather.temperatureF !== null) parts.push(unit(weather.temperatureF, 'fahrenheit'));
    if (weather.windMph !== null && weather.wind !== 'none') {
      const speed = unit(weather.windMph, 'mile-per-hour');
      parts.push(
        {
          out: t('matchup.windOut', 'wind {speed} blowing out', { speed }),
          in: t('matchup.windIn', 'wind {speed} blowing in', { speed }),
          cross: t('matchup.windCross', 'wind {speed} across', { speed }),
        }[weather.wind],
      );
    }
    if (weather.precipitation !== null)
      parts.push(t('matchup.rain', '{chance} chance of rain', { chance: formatPercent(weather.precipitation, this.localized) }));
    return parts.join(' · ');
  }
}

customElements.define('pitching-matchup', PitchingMatchup);

declare global {
  interface HTMLElementTagNameMap {
    'pitching-matchup': PitchingMatchup;
  }
}
