/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { ScoresPayload } from '../../../src/contract/scores.js';
import { reservedHeightOf } from '../../../src/contract/elements.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { mountElement } from '../element-cases.js';
import { advanceSandboxClock, resetRelay, settled, shadow, spokenText, testSetup } from '../helpers.js';

/** From the tests' instant (Sunday 22 November, 18:00 UTC) to the next Saturday's card, 40 minutes in. */
const TO_SATURDAY_CARD = (6 * 24 + 5) * 3_600_000 + 40 * 60_000;

describe('MMA in the scores elements', () => {
  let setup: BrowserTestSetup;
  let scores: ScoresPayload;
  before(async () => {
    setup = await testSetup();
  });
  beforeEach(async function () {
    this.timeout(40_000);
    await advanceSandboxClock(TO_SATURDAY_CARD);
    // The relay forgets its cache with the clock's move; a poll of the old instant may still land and be cached for its
    // time to live (longer on a busy machine): ask until it shows the card, for as long as that can take.
    const deadline = Date.now() + 30_000;
    do {
      scores = await (await fetch(`${setup.relay}/v1/scores?league=mma&key=${setup.keys.test}`)).json();
      if (scores.games.some((game) => game.status === 'live')) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    throw new Error('the relay never showed the Saturday card live');
  });
  afterEach(() => resetRelay());

  const mount = async (tag: string, attributes: Record<string, string>) => settled(await mountElement(setup, tag, attributes));

  it('<score-strip>: a card per bout, the live one with its round and clock, fighters named for screen readers', async () => {
    const element = await mount('score-strip', { league: 'mma' });
    const cards = [...shadow(element).querySelectorAll('.card')];
    expect(cards.length).to.equal(scores.games.length);
    const live = cards.find((card) => card.getAttribute('data-status') === 'live')!;
    expect(live.querySelector('[part=status]')!.textContent).to.match(/R[1-5] \d:\d{2}/);
    const bout = scores.games.find((game) => game.status === 'live')!;
    expect(spokenText(live)).to.contain(bout.home.team.name).and.to.contain(bout.away.team.name);
    // Fighters by surname, not by their five-letter codes.
    expect(live.querySelector('.abbr')!.textContent).to.equal(bout.home.team.shortName);
    await expect(element).to.be.accessible();
  });

  it('<game-header>: both fighters with their records, the round and clock, no betting line, in a 150 px box', async () => {
    const bout = scores.games.find((game) => game.status === 'live')!;
    const element = await mount('game-header', { league: 'mma', 'game-id': bout.id });
    const root = shadow(element);
    const text = root.textContent!;
    expect(text).to.contain(bout.home.team.name).and.to.contain(bout.away.team.name);
    expect([...root.querySelectorAll('.record')].map((record) => record.textContent!.trim())).to.have.members([
      bout.home.record!,
      bout.away.record!,
    ]);
    expect(root.querySelector('[part=status]')!.textContent).to.match(/R[1-5] \d:\d{2}/);
    expect(text).to.not.contain('No betting line');
    expect(element.getBoundingClientRect().height).to.equal(reservedHeightOf('game-header', 'mma'));
    expect(reservedHeightOf('game-header', 'mma')).to.equal(150);
    await expect(element).to.be.accessible();
  });

  it('<last-five>: a fighter’s last fights with the method and round, against the other corner', async () => {
    const fighter = scores.games.find((game) => game.status === 'final')!.home.team;
    const element = await mount('last-five', { league: 'mma', team: fighter.abbreviation });
    const chips = [...shadow(element).querySelectorAll('.chip')];
    expect(chips.length).to.be.greaterThan(0);
    for (const chip of chips) {
      expect(chip.querySelector('.score')!.textContent).to.match(/^(KO\/TKO|Submission|Decision|Draw|No contest)/);
      expect(chip.querySelector('.date')!.textContent).to.match(/^R[1-5] · /);
      expect(chip.querySelector('.versus')!.textContent).to.match(/^vs /);
    }
    await expect(element).to.be.accessible();
  });
});
