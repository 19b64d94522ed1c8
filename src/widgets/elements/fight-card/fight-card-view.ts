// <fight-card>'s layout, a chunk of its own fetched once the element has a card to show (ui/lazy-view.ts).
import { html, nothing, type TemplateResult } from 'lit';
import type { FightCardPayload } from '../../../contract/fight-card.js';
import type { Game } from '../../../contract/scores.js';
import { relayTerm, termKey, type Localized } from '../../i18n/translate.js';
import { formatDay, formatStartTime } from '../../runtime/format.js';
import { boutEndingText } from '../../ui/bout-ending.js';
import { startLabel } from '../../ui/start-time.js';
import { emptyState, type Notice } from '../../ui/states.js';
import { statusPill } from '../../ui/status-pill.js';
export { fightCardSheet as sheet } from './fight-card.styles.js';

type Bout = Game & { bout: NonNullable<Game['bout']> };

/** The element's state the view reads. */
export interface FightCardView {
  localized: Localized;
  label: string;
  /** Whether the page named a date (its empty night says so). */
  dated: boolean;
  /** The pause button while a bout is live. */
  pauseButton: TemplateResult | typeof nothing;
}

function fighter(bout: Bout, which: 'home' | 'away', localized: Localized): TemplateResult {
  const { t } = localized;
  const side = bout[which];
  const winner = bout.result?.winner;
  return html`<div class="fighter" ?data-won=${winner === which} ?data-lost=${!!winner && winner !== which}>
    <span class="corner" aria-hidden="true"></span
    ><span class="visually-hidden">${which === 'home' ? t('mma.red', 'Red corner:') : t('mma.blue', 'Blue corner:')} </span
    ><span class="name">${side.team.name}</span>${side.record ? html`<span class="record">${side.record}</span>` : nothing}${
      winner === which ? html`<span class="won">${t('mma.won', 'Won')}</span>` : nothing
    }
  </div>`;
}

/**
 * A bout still to start, by its time; one after midnight where the reader is (the main event, often) with its weekday,
 * so it does not read as earlier than the card's start.
 */
function boutStatus(bout: Bout, cardStart: string | null, localized: Localized): TemplateResult {
  if (bout.status !== 'scheduled' || !bout.startTime || !cardStart) return statusPill(bout, localized);
  return html`<span class="pill" part="status" data-status="scheduled"
    >${startLabel(bout.startTime, localized, Date.parse(cardStart))}</span
  >`;
}

function boutItem(bout: Bout, mainEvent: boolean, cardStart: string | null, localized: Localized): TemplateResult {
  const { t } = localized;
  return html`<li class="bout" part="bout" data-status=${bout.status}>
    <div class="meta">
      ${mainEvent ? html`<span class="main-event">${t('mma.mainEvent', 'Main event')}</span>` : nothing}<span>${relayTerm(t, 'weightClass', termKey(bout.bout.weightClass), bout.bout.weightClass)}</span>${boutStatus(bout, cardStart, localized)}
    </div>
    ${fighter(bout, 'home', localized)}${fighter(bout, 'away', localized)}
    ${bout.result ? html`<p class="ending">${boutEndingText(bout.result, localized.t)}</p>` : nothing}
  </li>`;
}

/** The card, main card first and each part from its top bout down, as fight cards are read. */
export function renderFightCard(view: FightCardView, data: FightCardPayload, notice: Notice): TemplateResult {
  const { localized } = view;
  const { t } = localized;
  const event = data.event;
  if (!event || data.bouts.length === 0)
    return html`<section aria-label=${view.label}>
      ${emptyState(view.dated ? t('mma.noneOnDay', 'No fights on this day.') : t('mma.none', 'No fight card this week.'))}${notice}
    </section>`;
  const bouts = [...(data.bouts as Bout[])].sort((a, b) => b.bout.order - a.bout.order);
  const top = bouts[0]!.bout.order;
  const part = (card: 'main' | 'prelims', heading: string) => {
    const listed = bouts.filter((bout) => bout.bout.card === card);
    return listed.length
      ? html`<h3>${heading}</h3>
          <ol>
            ${listed.map((bout) => boutItem(bout, bout.bout.order === top, event.startTime, localized))}
          </ol>`
      : nothing;
  };
  const when = event.startTime
    ? t('mma.when', '{day}, {time}', {
        day: formatDay(event.startTime, localized),
        time: formatStartTime(event.startTime, localized),
      })
    : '';
  return html`<section aria-label=${view.label}>
    <div class="title-row">
      <div>
        <p class="title">${event.name || view.label}</p>
        <p class="subtitle">${when}</p>
      </div>
      <span class="end">${view.pauseButton}</span>
    </div>
    <!-- Twelve bouts outgrow the box: they scroll inside it. -->
    <div class="body scroll-area" tabindex="0" role="group" aria-label=${view.label}>
      ${part('main', t('mma.mainCard', 'Main card'))}${part('prelims', t('mma.prelims', 'Prelims'))}
    </div>
    ${notice}
  </section>`;
}
