/// <reference types="mocha" />
// The elements on a relay whose sandbox plays the real season calendar (relay-plugin.ts, SEASON_EVENING): an
// off-season league says when it is back, a quiet day names the next games, a playoff game shows its series.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/elements/score-strip/score-strip.js';
import '../../../src/widgets/elements/score-ticker/score-ticker.js';
import '../../../src/widgets/elements/game-header/game-header.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, shadow, testSetup, until } from '../helpers.js';
import { relayNow } from '../../../src/widgets/runtime/relay-time.js';

/** relay-plugin.ts's SEASON_EVENING (a Node module, not for the page): the season relay's clock, never the page's. */
const SEASON_EVENING = Date.parse('2027-04-27T00:30:00Z');

describe('elements through the seasons', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });

  async function shown(element: HTMLElement & { updateComplete: Promise<boolean> }): Promise<string> {
    await until(() => !hasState(element, 'loading'));
    await element.updateComplete;
    return shadow(element).querySelector('[part=message]')?.textContent?.trim() ?? '';
  }

  it('says an off-season league is back on the day its season opens', async () => {
    const strip = await fixture(
      html`<score-strip league="nfl" key=${setup.seasonRelayKey} relay=${setup.seasonRelay} time-zone="America/New_York"></score-strip>`,
    );
    // The 2027 NFL season opens on Thursday 9 September.
    expect(await shown(strip as never)).to.equal('Off-season. Back Thu, Sep 9.');
    const ticker = await fixture(
      html`<score-ticker leagues="nfl" key=${setup.seasonRelayKey} relay=${setup.seasonRelay} time-zone="America/New_York"></score-ticker>`,
    );
    expect(await shown(ticker as never)).to.equal('Off-season. Back Thu, Sep 9.');
  });

  it('names the next games of a quiet day, in the reader’s language', async () => {
    const strip = await fixture(
      html`<score-strip league="mls" key=${setup.seasonRelayKey} relay=${setup.seasonRelay} time-zone="America/New_York"></score-strip>`,
    );
    expect(await shown(strip as never)).to.match(/^No games today\. Next: (Wed|Sat|Sun) \d{1,2}:\d{2} [AP]M\.$/);
    const german = await fixture(
      html`<score-strip
        league="mls"
        locale="de"
        key=${setup.seasonRelayKey}
        relay=${setup.seasonRelay}
        time-zone="America/New_York"
      ></score-strip>`,
    );
    expect(await shown(german as never)).to.match(/^Heute keine Spiele\. Nächste: /);
  });

  it('shows a playoff game’s series in the game header', async () => {
    const slate = await (await fetch(`${setup.seasonRelay}/v1/scores?league=nba&key=${setup.seasonRelayKey}`, { headers: {} })).json();
    const game = slate.games[0];
    expect(game.series.round).to.equal('First Round');
    const header = await fixture(
      html`<game-header league="nba" game-id=${game.id} key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></game-header>`,
    );
    await until(() => !hasState(header, 'loading'));
    await (header as never as { updateComplete: Promise<boolean> }).updateComplete;
    expect(shadow(header).querySelector('.when')?.textContent?.trim()).to.equal(game.series.summary);
  });

  it("reads today on the relay's clock, whatever the page's says", async () => {
    const strip = await fixture(
      html`<score-strip league="nba" key=${setup.seasonRelayKey} relay=${setup.seasonRelay} time-zone="America/New_York"></score-strip>`,
    );
    await until(() => !hasState(strip, 'loading'));
    await (strip as never as { updateComplete: Promise<boolean> }).updateComplete;
    expect(Math.abs(relayNow() - SEASON_EVENING)).to.be.below(60_000);
    // Monday 26 April, 8:30 PM in New York: tonight's late games read as times alone, as a reader on that evening sees them.
    const pills = [...shadow(strip).querySelectorAll('[part=status][data-status=scheduled]')].map((pill) => pill.textContent?.trim());
    expect(pills).to.include('10:00 PM');
    expect(pills.every((pill) => /^\d{1,2}:\d{2} [AP]M$/.test(pill ?? ''))).to.equal(true, pills.join(', '));
  });
});
