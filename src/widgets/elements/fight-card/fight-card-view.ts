// Types only: this module is fetched by <fight-card> once it has a card to show, and must not load a second copy of
// what the page's Pressbox file already ran. What it needs is handed to it (FightCardKit).
import type { nothing as Nothing, TemplateResult, html as Html } from 'lit';
import type { FightCardPayload } from '../../../contract/fight-card.js';
import type { BoutEnding } from '../../../contract/mma.js';
import type { Game } from '../../../contract/scores.js';
import type { Localized, Translate } from '../../i18n/translate.js';
import type { Notice } from '../../ui/states.js';
export { fightCardSheet as sheet } from './fight-card.styles.js';

type Bout = Game & { bout: NonNullable<Game['bout']> };

/** What the element lends its view: Lit's template tag and the shared pieces already on the page. */
export interface FightCardKit {
  html: typeof Html;
  nothing: typeof Nothing;
  statusPill(game: Game, localized: Localized): TemplateResult;
  emptyState(text: string): TemplateResult;
  pauseButton: TemplateResult | typeof Nothing;
  formatDay(iso: string, localized: Localized): string;
  formatStartTime(iso: string, localized: Localized): string;
  boutEndingText(ending: BoutEnding, t: Translate): string;
  startLabel(iso: string, localized: Localized, now?: number): string;
}

/** The element's state the view reads. */
export interface FightCardView {
  localized: Localized;
  label: string;
  /** Whether the page named a date (its empty night says so). */
  dated: boolean;
}

function fighter(kit: FightCardKit, bout: Bout, which: 'home' | 'away', localized: Localized): TemplateResult {
  const { html, nothing } = kit;
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
function boutStatus(kit: FightCardKit, bout: Bout, cardStart: string | null, localized: Localized): TemplateResult {
  if (bout.status !== 'scheduled' || !bout.startTime || !cardStart) return kit.statusPill(bout, localized);
  return kit.html`<span class="pill" part="status" data-status="scheduled"
    >${kit.startLabel(bout.startTime, localized, Date.parse(cardStart))}</span
  >`;
}

function boutItem(kit: FightCardKit, bout: Bout, mainEvent: boolean, cardStart: string | null, localized: Localized): TemplateResult {
  const { html, nothing } = kit;
  const { t } = localized;
  return html`<li class="bout" part="bout" data-status=${bout.status}>
    <div class="meta">
      ${mainEvent ? html`<span class="main-event">${t('mma.mainEvent', 'Main event')}</span>` : nothing}<span>${bout.bout.weightClass}</span>${boutStatus(kit, bout, cardStart, localized)}
    </div>
    ${fighter(kit, bout, 'home', localized)}${fighter(kit, bout, 'away', localized)}
    ${bout.result ? html`<p class="ending">${kit.boutEndingText(bout.result, localized.t)}</p>` : nothing}
  </li>`;
}

/** The card, main card first and each part from its top bout down, as fight cards are read. */
export function renderFightCard(kit: FightCardKit, view: FightCardView, data: FightCardPayload, notice: Notice): TemplateResult {
  const { html, nothing } = kit;
  const { localized } = view;
  const { t } = localized;
  const event = data.event;
  if (!event || data.bouts.length === 0)
    return html`<section aria-label=${view.label}>
      ${kit.emptyState(view.dated ? t('mma.noneOnDay', 'No fights on this day.') : t('mma.none', 'No fight card this week.'))}${notice}
    </section>`;
  const bouts = [...(data.bouts as Bout[])].sort((a, b) => b.bout.order - a.bout.order);
  const top = bouts[0]!.bout.order;
  const part = (card: 'main' | 'prelims', heading: string) => {
    const listed = bouts.filter((bout) => bout.bout.card === card);
    return listed.length
      ? html`<h3>${heading}</h3>
          <ol>
            ${listed.map((bout) => boutItem(kit, bout, bout.bout.order === top, event.startTime, localized))}
          </ol>`
      : nothing;
  };
  const when = event.startTime
    ? t('mma.when', '{day}, {time}', {
        day: kit.formatDay(event.startTime, localized),
        time: kit.formatStartTime(event.startTime, localized),
      })
    : '';
  return html`<section aria-label=${view.label}>
    <div class="title-row">
      <div>
        <p class="title">${event.name || view.label}</p>
        <p class="subtitle">${when}</p>
      </div>
      <span class="end">${kit.pauseButton}</span>
    </div>
    <!-- Twelve bouts outgrow the box: they scroll inside it. -->
    <div class="body scroll-area" tabindex="0" role="group" aria-label=${view.label}>
      ${part('main', t('mma.mainCard', 'Main card'))}${part('prelims', t('mma.prelims', 'Prelims'))}
    </div>
    ${notice}
  </section>`;
}
