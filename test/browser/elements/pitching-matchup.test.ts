/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { PitchingMatchupPayload } from '../../../src/contract/season.js';
import type { PitchingMatchup } from '../../../src/widgets/elements/pitching-matchup/pitching-matchup.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { resetRelay, shadow, testSetup, settled } from '../helpers.js';

describe('<pitching-matchup>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  /** The matchups of every MLB game still to start, as the relay gives them. */
  async function matchups(): Promise<PitchingMatchupPayload[]> {
    const scores = await (await fetch(`${setup.relay}/v1/scores?league=mlb&key=${setup.keys.test}`)).json();
    const ids = scores.games.filter((game: { status: string }) => game.status === 'scheduled').map((game: { id: string }) => game.id);
    return Promise.all(
      ids.map(async (id: string) => (await fetch(`${setup.relay}/v1/pitching-matchup?gameId=${id}&key=${setup.keys.test}`)).json()),
    );
  }
  const mount = (gameId: string) =>
    fixture<PitchingMatchup>(
      html`<pitching-matchup game-id=${gameId} key=${setup.keys.test} relay=${setup.relay}></pitching-matchup>`,
    ).then(settled);

  it('shows both probable starters with hand, status and strikeout projection, and the park', async () => {
    const confirmed = (await matchups()).find((matchup) => matchup.home.starter?.confirmed && matchup.away.starter?.strikeouts)!;
    const element = await mount(confirmed.gameId);
    const sides = shadow(element).querySelectorAll('.side');
    expect(sides.length).to.equal(2);
    expect(sides[0]!.textContent).to.contain(confirmed.away.starter!.name);
    expect(sides[1]!.textContent).to.contain(confirmed.home.starter!.name);
    expect(sides[0]!.textContent).to.match(/Throws (left|right)/);
    expect(sides[0]!.textContent).to.match(/K projected/);
    expect(sides[0]!.textContent).to.match(/Range \d+(\.\d)?–\d+(\.\d)?/);
    expect(shadow(element).querySelector('.venue')!.textContent).to.contain(confirmed.venue!.name);
    await expect(element).to.be.accessible();
  });

  it('says plainly when a starter is not yet announced, or not yet confirmed', async () => {
    const all = await matchups();
    const unannounced = all.find((matchup) => matchup.home.status === 'unknown' || matchup.away.status === 'unknown');
    const tentative = all.find((matchup) =>
      [matchup.home.status, matchup.away.status].some((status) => status === 'new' || status === 'at_risk'),
    );
    expect(unannounced, 'the sandbox slate has a game whose starter is not yet known').to.exist;
    const element = await mount(unannounced!.gameId);
    expect(shadow(element).textContent).to.contain('Starter to be announced');
    expect(shadow(element).textContent).to.contain('Not yet announced');
    await expect(element).to.be.accessible();
    if (tentative) {
      const other = await mount(tentative.gameId);
      expect(shadow(other).textContent).to.match(/Not yet confirmed|May be scratched/);
    }
  });
});
