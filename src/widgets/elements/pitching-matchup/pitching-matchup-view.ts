// <pitching-matchup>'s layout, a chunk of its own fetched once the element has a matchup to show (ui/lazy-view.ts).
import { html, nothing, type TemplateResult } from 'lit';
import type { PitchingMatchupPayload } from '../../../contract/season.js';
import type { Localized, Translate } from '../../i18n/translate.js';
import { formatDay, formatNumber, formatPercent, formatStartTime } from '../../runtime/format.js';
import type { Notice } from '../../ui/states.js';
import { teamBadge } from '../../ui/team-badge.js';
import { interruptionText } from '../../ui/status-pill.js';
export { pitchingMatchupSheet as sheet } from './pitching-matchup.styles.js';

type Side = PitchingMatchupPayload['home'];
type Weather = NonNullable<PitchingMatchupPayload['weather']>;

/** The element's state the view reads. */
export interface MatchupView {
  localized: Localized;
  label: string;
  pauseButton: TemplateResult;
}

/** The matchup: both starters side by side, then the park and its weather. */
export function renderMatchup(view: MatchupView, data: PitchingMatchupPayload, notice: Notice): TemplateResult {
  const { localized } = view;
  const t = localized.t;
  const day = data.startTime ? formatDay(data.startTime, localized) : '';
  const when = data.interruption
    ? [interruptionText(data.interruption, localized), day].filter(Boolean).join(' · ')
    : data.status === 'live'
      ? t('status.live', 'Live')
      : data.status === 'final'
        ? t('status.final', 'Final')
        : data.startTime
          ? t('matchup.when', '{day}, {time}', { day, time: formatStartTime(data.startTime, localized) })
          : '';
  // Once the game is under way the starters are settled: no status to firm up, no projection to read.
  const started = data.status !== 'scheduled';
  // A game called off has no starters to announce: each side says so instead of naming a probable one.
  const calledOff =
    data.interruption === 'postponed' || data.interruption === 'canceled' ? interruptionText(data.interruption, localized) : '';
  const title = t('matchup.label', 'Pitching matchup: {away} at {home}', { away: data.away.team.name, home: data.home.team.name });
  return html`<section aria-label=${title}>
    <div class="title-row">
      <div>
        <p class="title">${view.label}</p>
        <p class="subtitle">${when}</p>
      </div>
      <span class="end">${view.pauseButton}</span>
    </div>
    <!-- A narrow column with long names, statuses and weather alerts can outgrow the box: it scrolls inside it. -->
    <div class="body scroll-area" tabindex="0" role="group" aria-label=${view.label}>
      <div class="sides">
        ${starterCard(localized, data.away, t('matchup.away', 'Away'), started, calledOff)}${starterCard(
          localized,
          data.home,
          t('matchup.home', 'Home'),
          started,
          calledOff,
        )}
      </div>
      ${weather(localized, data)}
    </div>
    ${notice}
  </section>`;
}

function starterCard(localized: Localized, side: Side, where: string, started: boolean, calledOff: string): TemplateResult {
  const t = localized.t;
  const label = t('matchup.sideLabel', '{where}: {team}', { where, team: side.team.name });
  const team = html`<div class="team">
    ${teamBadge(side.team, { withText: false })}<span class="team-name">${side.team.shortName}</span>
  </div>`;
  if (calledOff)
    return html`<article class="side" part="starter" aria-label=${label}>
      ${team}
      <p class="pitcher">${calledOff}</p>
    </article>`;
  const starter = side.starter;
  const status = started
    ? t('matchup.started', 'Started')
    : {
        probable: t('matchup.probable', 'Probable'),
        new: t('matchup.new', 'Not yet confirmed'),
        at_risk: t('matchup.atRisk', 'May be scratched'),
        unknown: t('matchup.unknown', 'Not yet announced'),
      }[side.status];
  return html`<article class="side" part="starter" aria-label=${label}>
    ${team}
    <p class="pitcher">${starter ? starter.name : t('matchup.tba', 'Starter to be announced')}</p>
    <p class="facts">
      ${starter?.hand ? html`<span>${starter.hand === 'L' ? t('matchup.left', 'Throws left') : t('matchup.right', 'Throws right')}</span>` : nothing}
      <span class="status" data-status=${started ? 'probable' : side.status}>${status}</span>
    </p>
    ${starter?.strikeouts && !started ? strikeouts(localized, starter.strikeouts) : nothing}
  </article>`;
}

function strikeouts(localized: Localized, ks: NonNullable<NonNullable<Side['starter']>['strikeouts']>): TemplateResult {
  const t = localized.t;
  const number = (value: number) => formatNumber(value, localized);
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

function weather(localized: Localized, data: PitchingMatchupPayload): TemplateResult | typeof nothing {
  if (!data.venue && !data.weather) return nothing;
  const t = localized.t;
  const roof = data.venue
    ? {
        open: t('matchup.roofOpen', 'open air'),
        retractable: t('matchup.roofRetractable', 'retractable roof'),
        dome: t('matchup.roofDome', 'dome'),
      }[data.venue.roof]
    : '';
  return html`<div class="weather" part="weather">
    ${data.venue ? html`<p class="venue">${t('matchup.venue', '{park} · {roof}', { park: data.venue.name, roof })}</p>` : nothing}
    ${data.weather ? html`<p class="conditions">${conditions(localized, data.weather)}</p>` : nothing}
    ${
      data.alerts.length
        ? html`<ul class="alerts" aria-label=${t('matchup.alerts', 'Weather alerts')}>
            ${data.alerts.map((alert) => html`<li data-severe=${alert.severe ? 'true' : 'false'}><span aria-hidden="true">⚠ </span>${alertText(t, alert)}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** Alerts of a kind the element knows in the reader's words; others in the data service's. */
function alertText(t: Translate, alert: PitchingMatchupPayload['alerts'][number]): string {
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

function conditions(localized: Localized, weather: Weather): string {
  const t = localized.t;
  const { locale } = localized;
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
    parts.push(t('matchup.rain', '{chance} chance of rain', { chance: formatPercent(weather.precipitation, localized) }));
  return parts.join(' · ');
}
