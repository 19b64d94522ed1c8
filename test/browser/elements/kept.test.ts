/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { StandingsTable } from '../../../src/widgets/elements/standings-table/standings-table.js';
import type { ScoreStrip } from '../../../src/widgets/elements/score-strip/score-strip.js';
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

  it("dates a final game of another day than the reader's, and not one of today", async () => {
    const element = await fixture<ScoreStrip>(
      html`<score-strip league="nba" key=${setup.keys.test} relay=${setup.relay}></score-strip>`,
    ).then(settled);
    const scores = (await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${setup.keys.test}`)).json()) as {
      games: Array<{ status: string; startTime: string }>;
    };
    const dayOf = (iso: string, year?: 'numeric') =>
      new Intl.DateTimeFormat('en', { year, month: 'short', day: 'numeric' }).format(new Date(iso));
    const today = dayOf(new Date().toISOString(), 'numeric');
    const expected = new Set(
      scores.games
        .filter((game) => game.status === 'final')
        .flatMap((game) =>
          ['Final', 'Final/OT'].map((word) => (dayOf(game.startTime, 'numeric') === today ? word : `${word} · ${dayOf(game.startTime)}`)),
        ),
    );
    const pills = [...shadow(element).querySelectorAll('.card[data-status="final"] .pill')].map((pill) => pill.textContent!.trim());
    expect(pills.length).to.be.greaterThan(0);
    for (const pill of pills) expect(expected.has(pill), `${pill} is one of ${[...expected].join(' | ')}`).to.equal(true);
  });
});
