import { nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { FightCardPayload } from '../../../contract/fight-card.js';
import { liveWhile } from '../../ui/live.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { PressboxElement, elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { skeleton, type Notice } from '../../ui/states.js';
import { statusPillStyles } from '../../ui/status-pill.js';
import { css } from '../../ui/css.js';
import { lazyView } from '../../ui/lazy-view.js';

/** The card's layout and styles, fetched by the first <fight-card> of a page. */
const view = lazyView(() => import('./fight-card-view.js'));

/**
 * @summary An MMA event's fight card: its name and start, then each bout from the main event down (main card, then
 * prelims) with the weight class, both fighters with their records, the live round and clock, and once over the
 * winner and how (method, round and time). Without a date, the card under way or the next within a week.
 *
 * @attr date - The card of a day written YYYY-MM-DD (its first bout's date, UTC).
 *
 * @csspart bout - One bout.
 * @csspart status - A bout's start time, live round and clock, or final.
 * @csspart message - The loading, empty or error message.
 * @csspart notice - The freshness notice over stale data.
 *
 * @cssproperty --pb-fight-card-height - Reserved height (480px).
 * @cssproperty --pb-color-win - Background of the winner's mark (#15803d).
 * @cssproperty --pb-color-live - Colour of live bouts.
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - A bout is in progress.
 */
export class FightCard extends PressboxElement<FightCardPayload> {
  static override properties: PropertyDeclarations = { date: {} };

  static override styles = elementStyles(
    'fight-card',
    panelStyles,
    scrollAreaStyles,
    statusPillStyles,
    pauseButtonStyles,
    css`
      .bout-skeleton {
        height: 64px;
      }
      .skeleton-row {
        flex-direction: column;
      }
    `,
  );

  date = '';

  protected readonly resource = elementResource<FightCardPayload>(this, {
    live: liveWhile((data) => this.isLive(data)),
    // Another league is sent as written, so that the relay can say this element covers MMA only.
    request: () => ({ path: '/v1/fight-card', params: { league: this.league || 'mma', date: this.date || undefined } }),
  });

  protected override isLive(data: FightCardPayload): boolean {
    return data.bouts.some((bout) => bout.status === 'live');
  }

  protected get regionLabel(): string {
    return this.t('mma.title', 'Fight card');
  }

  protected readonly skeletonBlocks = [6, 'bout-skeleton'] as const;

  /** The first render waits for the card's layout as it waits for the words, so nothing is drawn twice. */
  protected override layoutReady(): Promise<void> {
    return view.ready(this.shadowRoot);
  }

  protected renderData(data: FightCardPayload, notice: Notice): TemplateResult {
    // Until its layout is here (a failed fetch is tried again at the next render), the data waits behind the placeholder.
    const layout = view.current;
    if (!layout) return skeleton(...this.skeletonBlocks);
    return layout.renderFightCard(
      {
        localized: this.localized,
        label: this.regionLabel,
        dated: !!this.date,
        pauseButton: this.isLive(data) ? pauseButton(this.paused, this.togglePaused, this.t) : nothing,
      },
      data,
      notice,
    );
  }
}

customElements.define('fight-card', FightCard);

declare global {
  interface HTMLElementTagNameMap {
    'fight-card': FightCard;
  }
}
