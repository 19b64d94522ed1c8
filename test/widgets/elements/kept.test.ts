/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { StandingsTable } from '../../../src/widgets/elements/standings-table/standings-table.js';
import type { GameHeader } from '../../../src/widgets/elements/game-header/game-header.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, loadsCounted, resetRelay, shadow, settled, testSetup, until } from '../helpers.js';

// Articles: a table pinned to a day (`as-of`) says which day and stays as it came; a day nobody kept says so in words;
// a final game of another day than the reader's shows its day.
describe('kept and pinned data', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const today = () => new Date().toISOString().slice(0, 10);

  it('shows the day a pinned table stands at, passes axe, and fetches nothing when it comes back into view', async () => {
    const element = await fixture<StandingsTable>(
      html`<standings-table league="nba" as-of=${today()} key=${setup.keys.test} relay=${setup.relay}></standings-table>`,
    ).then(settled);
    const notice = shadow(element).querySelector('[part="notice"]')!;
    const day = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${today()}T12:00:00Z`));
    expect(notice.textContent!.trim()).to.equal(`As of ${day}`);
    expect(shadow(element).querySelectorAll('tbody tr').length).to.equal(30);
    await expect(element).to.be.accessible();
    const loads = await loadsCounted(setup.keys.test);
    element.style.display = 'none';
    await new Promise((done) => setTimeout(done, 200));
    element.style.display = '';
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((done) => setTimeout(done, 500));
    expect(await loadsCounted(setup.keys.test)).to.equal(loads, 'a pinned element asks again for nothing');
  });

  it('says in words that nothing was kept for a day nobody asked for', async () => {
    const element = await fixture<StandingsTable>(
      html`<standings-table league="nba" as-of="2026-01-05" key=${setup.keys.test} relay=${setup.relay}></standings-table>`,
    );
    await until(() => hasState(element, 'error'));
    await element.updateComplete;
    await until(() => shadow(element).querySelector('[part="message"]')!.textContent!.trim() !== '');
    expect(shadow(element).querySelector('[part="message"]')!.textContent!.trim()).to.equal('Nothing was kept for this day.');
    await expect(element).to.be.accessible();
  });

  it("dates a final game of another day than the reader's", async () => {
    const scores = (await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${setup.keys.test}`)).json()) as {
      games: Array<{ id: string; status: string; startTime: string }>;
    };
    const final = scores.games.find((game) => game.status === 'final')!;
    const element = await fixture<GameHeader>(
      html`<game-header league="nba" game-id=${final.id} key=${setup.keys.test} relay=${setup.relay}></game-header>`,
    ).then(settled);
    const day = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(final.startTime));
    const sameDay = day === new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date());
    expect(shadow(element).querySelector('[part="status"]')!.textContent!.trim()).to.equal(sameDay ? 'Final' : `Final · ${day}`);
  });
});
