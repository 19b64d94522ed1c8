/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { LastFive } from '../../../src/widgets/elements/last-five/last-five.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { nextEvent, resetRelay, shadow, spokenText, testSetup, settled } from '../helpers.js';

describe('<last-five>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  it('shows five chips with text alternatives and a readable summary', async () => {
    const element = await settled(
      await fixture<LastFive>(html`<last-five league="nba" team="BOS" key=${setup.keys.test} relay=${setup.relay}></last-five>`),
    );
    const form = await (await fetch(`${setup.relay}/v1/form?league=nba&team=BOS&key=${setup.keys.test}`)).json();
    const chips = [...shadow(element).querySelectorAll<HTMLElement>('.chip')];
    expect(chips.length).to.equal(5);
    const first = form.games[0];
    const words = { W: 'Win', L: 'Loss', T: 'Tie' } as Record<string, string>;
    expect(spokenText(chips[0]!)).to.contain(`${words[first.result]}, ${first.score.team}–${first.score.opponent}`);
    expect(spokenText(chips[0]!)).to.contain(first.opponent.name);
    const { wins, losses } = form.summary;
    expect(shadow(element).querySelector('.subtitle')!.textContent).to.equal(`${wins}–${losses} in the last five`);
  });

  it('shows the last meetings with an opponent, and who leads them', async () => {
    const element = await settled(
      await fixture<LastFive>(
        html`<last-five league="nba" team="BOS" opponent="LAL" key=${setup.keys.test} relay=${setup.relay}></last-five>`,
      ),
    );
    const versus = [...shadow(element).querySelectorAll('.versus')].map((node) => spokenText(node));
    expect(versus.every((text) => text.includes('Los Angeles Lakers'))).to.equal(true);
    expect(shadow(element).querySelector('.subtitle')!.textContent).to.match(/(BOS|LAL) leads \d–\d in the last \d meetings|Level at/);
  });

  it('keeps five places at 280 px, games not yet played empty and silent, all inside its box', async () => {
    const element = await settled(
      await fixture<LastFive>(
        html`<last-five
          style="width: 280px"
          league="nba"
          team="BOS"
          opponent="LAL"
          key=${setup.keys.test}
          relay=${setup.relay}
        ></last-five>`,
      ),
    );
    const form = await (await fetch(`${setup.relay}/v1/form?league=nba&team=BOS&opponent=LAL&key=${setup.keys.test}`)).json();
    const root = shadow(element);
    const slots = [...root.querySelectorAll<HTMLElement>('.slot')];
    expect(root.querySelectorAll('.chip').length).to.equal(form.games.length);
    expect(slots.length).to.equal(5 - form.games.length);
    expect(slots.every((slot) => slot.getAttribute('aria-hidden') === 'true')).to.equal(true);
    const box = element.getBoundingClientRect();
    for (const row of root.querySelectorAll('.chip, .slot')) expect(row.getBoundingClientRect().bottom).to.be.at.most(box.bottom);
  });

  it('<last-five> with an unknown team says it could not find the team', async () => {
    const element = await fixture<LastFive>(
      html`<last-five league="nba" team="XYZ" key=${setup.keys.test} relay=${setup.relay}></last-five>`,
    );
    await nextEvent(element, 'pb-error');
    await element.updateComplete;
    expect(shadow(element).querySelector('.message')!.textContent).to.equal('We could not find this team.');
  });
});
