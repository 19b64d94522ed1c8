/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { FightCard } from '../../../src/widgets/elements/fight-card/fight-card.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { advanceSandboxClock, hasState, resetRelay, settled, shadow, testSetup } from '../helpers.js';

const HOUR = 3_600_000;
/** From the tests' instant (Sunday 22 November, 18:00 UTC) to the next Saturday's card, 40 minutes in. */
const TO_SATURDAY_CARD = (6 * 24 + 5) * HOUR + 40 * 60_000;
/** …and to the small hours after it, every bout over. */
const TO_AFTER_THE_CARD = (6 * 24 + 11) * HOUR;

describe('<fight-card>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const mount = (date = '') =>
    fixture<FightCard>(html`<fight-card date=${date} key=${setup.keys.test} relay=${setup.relay}></fight-card>`).then(settled);
  const bouts = (element: FightCard) => [...shadow(element).querySelectorAll<HTMLElement>('.bout')];

  it('shows the next card before it starts: the event, main card then prelims from the main event down, fighters with records', async () => {
    const element = await mount();
    const root = shadow(element);
    expect(root.querySelector('.title')!.textContent).to.match(/\S/);
    expect([...root.querySelectorAll('h3')].map((heading) => heading.textContent!.trim())).to.deep.equal(['Main card', 'Prelims']);
    const listed = bouts(element);
    expect(listed.length).to.equal(12);
    expect(listed[0]!.textContent).to.contain('Main event');
    for (const bout of listed) {
      expect(bout.dataset.status).to.equal('scheduled');
      const fighters = bout.querySelectorAll('.fighter');
      expect(fighters.length).to.equal(2);
      for (const fighter of fighters) {
        expect(fighter.querySelector('.name')!.textContent).to.match(/^\p{L}+ \p{L}+/u);
        expect(fighter.querySelector('.record')!.textContent).to.match(/^\d+-\d+-\d+$/);
      }
      expect(bout.querySelector('.ending')).to.equal(null);
    }
    expect(hasState(element, 'live')).to.equal(false);
    // A bout after midnight (where the reader is) carries its weekday, so it does not read as before the card's start.
    const card = await (await fetch(`${setup.relay}/v1/fight-card?league=mma&key=${setup.keys.test}`)).json();
    const cardDay = new Date(card.event.startTime).toDateString();
    for (const bout of card.bouts as Array<{ startTime: string | null; bout: { order: number } }>) {
      if (!bout.startTime) continue;
      const shown = listed[listed.length - bout.bout.order]!.querySelector('[part=status]')!.textContent!.trim();
      const weekday = new Date(bout.startTime).toLocaleDateString('en-US', { weekday: 'short' });
      if (new Date(bout.startTime).toDateString() === cardDay) expect(shown).to.match(/^\d{1,2}:\d{2} [AP]M$/);
      else expect(shown).to.match(new RegExp(`^${weekday} \\d{1,2}:\\d{2} [AP]M$`));
    }
    await expect(element).to.be.accessible();
  });

  it('follows a card under way: the live round and clock, results with method, round and time, and a pause button', async () => {
    await advanceSandboxClock(TO_SATURDAY_CARD);
    const element = await mount();
    const live = bouts(element).filter((bout) => bout.dataset.status === 'live');
    expect(live.length).to.equal(1);
    expect(live[0]!.querySelector('[part=status]')!.textContent).to.match(/R[1-5] \d:\d{2}/);
    const finals = bouts(element).filter((bout) => bout.dataset.status === 'final');
    expect(finals.length).to.be.greaterThan(0);
    for (const final of finals)
      expect(final.querySelector('.ending')!.textContent).to.match(/(KO\/TKO|Submission|Decision|Draw|No contest).* · R[1-5] \d:\d{2}/);
    expect(hasState(element, 'live')).to.equal(true);
    expect(shadow(element).querySelector('.pause')).to.exist;
    await expect(element).to.be.accessible();
  });

  it('shows every result once the card is over, the winner marked in words as well as weight', async () => {
    await advanceSandboxClock(TO_AFTER_THE_CARD);
    const element = await mount();
    const listed = bouts(element);
    expect(listed.length).to.equal(12);
    for (const bout of listed) {
      expect(bout.dataset.status).to.equal('final');
      const ending = bout.querySelector('.ending')!.textContent!;
      const winners = bout.querySelectorAll('.fighter[data-won]');
      if (/Draw|No contest/.test(ending)) expect(winners.length).to.equal(0);
      else {
        expect(winners.length).to.equal(1);
        expect(winners[0]!.querySelector('.won')!.textContent).to.equal('Won');
      }
    }
    expect(shadow(element).querySelector('.pause')).to.equal(null);
    await expect(element).to.be.accessible();
  });

  it('says so on a night without a card, in the box it reserved', async () => {
    const element = await mount('2026-11-23');
    expect(shadow(element).querySelector('[part=message]')!.textContent).to.contain('No fights on this day.');
    expect(element.getBoundingClientRect().height).to.equal(480);
    await expect(element).to.be.accessible();
  });

  it('says it covers MMA only when given another league', async () => {
    const element = await fixture<FightCard>(html`<fight-card league="nba" key=${setup.keys.test} relay=${setup.relay}></fight-card>`).then(
      settled,
    );
    expect(shadow(element).querySelector('[part=message]')!.textContent).to.contain('This widget covers MMA only.');
  });
});
