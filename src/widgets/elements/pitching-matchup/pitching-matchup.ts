import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { PitchingMatchupPayload } from '../../../contract/season.js';
import { css } from '../../ui/css.js';
import { lazyView } from '../../ui/lazy-view.js';
import { panelStyles, scrollAreaStyles } from '../../ui/panel.js';
import { pauseButton, pauseButtonStyles } from '../../ui/pause-button.js';
import { SeasonElement } from '../../ui/season-messages.js';
import { elementResource, elementStyles } from '../../ui/pressbox-element.js';
import { skeleton, type Notice } from '../../ui/states.js';
import { teamBadgeStyles } from '../../ui/team-badge.js';

/** The matchup's layout and styles, fetched by the first <pitching-matchup> of a page. */
const view = lazyView(() => import('./pitching-matchup-view.js'));

/**
 * @summary The probable starting pitchers of an MLB game: each one's status, throwing hand and strikeout projection
 * (range and confidence), then the park and its weather with any alerts. Says plainly when a starter is not yet
 * confirmed, or not yet announced.
 *
 * @attr game-id - The game's id, as `<score-strip league="mlb">` gives it.
 * @attr date - The game's day, YYYY-MM-DD: lets the relay find a game older than three days it never served (snippets write it).
 *
 * @csspart starter - One side's pitcher.
 * @csspart badge - A team badge.
 * @csspart weather - The park and its weather.
 * @csspart message - The loading or error message.
 * @csspart notice - The freshness notice over stale data.
 * @csspart pause - The button that pauses and resumes live updates.
 *
 * @cssproperty --pb-pitching-matchup-height - Reserved height (300px).
 * @cssproperty --pb-color-warning - Colour of a starter not yet confirmed, and of weather alerts (#b45309).
 *
 * @event {PbLoadEvent} pb-load - First data shown.
 * @event {PbUpdateEvent} pb-update - Newer data shown.
 * @event {PbErrorEvent} pb-error - No data could be loaded; `code` says why.
 *
 * @cssstate loading - Waiting for the first data.
 * @cssstate error - The last request failed.
 * @cssstate stale - The data shown is older than it should be.
 * @cssstate dark - Drawn dark: theme="dark", or theme="auto" on a dark page.
 * @cssstate live - The game is in progress.
 */
export class PitchingMatchup extends SeasonElement<PitchingMatchupPayload> {
  static override properties: PropertyDeclarations = {
    gameId: { attribute: 'game-id' },
    date: {},
  };

  static override styles = elementStyles(
    'pitching-matchup',
    teamBadgeStyles,
    panelStyles,
    scrollAreaStyles,
    pauseButtonStyles,
    css`
      .side-skeleton {
        width: 46%;
        height: 150px;
      }
    `,
  );

  gameId = '';
  date = '';

  protected readonly resource = elementResource<PitchingMatchupPayload>(this, {
    // A league other than mlb is sent, so that the relay can say this element covers MLB only.
    request: () => ({
      path: '/v1/pitching-matchup',
      params: { gameId: this.gameId, league: this.league || undefined, date: this.date || undefined },
    }),
  });

  protected override isLive(data: PitchingMatchupPayload): boolean {
    return data.status === 'live';
  }

  protected get regionLabel(): string {
    return this.t('matchup.title', 'Pitching matchup');
  }

  protected readonly skeletonBlocks = [2, 'side-skeleton'] as const;

  /** The first render waits for the matchup's layout as it waits for the words, so nothing is drawn twice. */
  protected override layoutReady(): Promise<void> {
    return view.ready(this.shadowRoot);
  }

  protected renderData(data: PitchingMatchupPayload, notice: Notice): TemplateResult {
    // Until its layout is here (a failed fetch is tried again at the next render), the data waits behind the placeholder.
    const layout = view.current;
    if (!layout) return skeleton(...this.skeletonBlocks);
    return layout.renderMatchup(
      { localized: this.localized, label: this.regionLabel, pauseButton: pauseButton(this.paused, this.togglePaused, this.t) },
      data,
      notice,
    );
  }
}

customElements.define('pitching-matchup', PitchingMatchup);

declare global {
  interface HTMLElementTagNameMap {
    'pitching-matchup': PitchingMatchup;
  }
}
