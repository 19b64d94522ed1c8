/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import type { PlayerProps } from '../../../src/widgets/elements/player-props/player-props.js';
import type { PbErrorEvent } from '../../../src/widgets/runtime/events.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { nextEvent, resetRelay, shadow, testSetup, settled, liveGameOf, type LiveGame } from '../helpers.js';

describe('<player-props>', () => {
  let setup: BrowserTestSetup;
  let liveGame: LiveGame;
  before(async () => {
    setup = await testSetup();
    liveGame = await liveGameOf(setup, 'nba');
  });
  afterEach(() => resetRelay());

  async function props(): Promise<PlayerProps> {
    return settled(
      await fixture<PlayerProps>(
        html`<player-props league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></player-props>`,
      ),
    );
  }

  it('links each over and under price to the key’s book, naming the player, the market and the price', async () => {
    const element = await settled(
      await fixture<PlayerProps>(
        html`<player-props league="nba" game-id=${liveGame.id} key=${setup.keys.books} relay=${setup.relay}></player-props>`,
      ),
    );
    const row = shadow(element).querySelector('tbody tr')!;
    const heading = row.querySelector('th')!;
    const name = heading.textContent!.replace(heading.querySelector('.meta')!.textContent!, '').trim();
    const [over, under] = [...row.querySelectorAll<HTMLAnchorElement>('a.bet')];
    expect(over!.rel).to.equal('sponsored noopener');
    const query = Object.fromEntries(new URL(over!.href).searchParams);
    expect(query).to.include({ book: 'Book A', element: 'player-props', game: liveGame.id, side: 'over', player: name });
    expect(query.market).to.equal(shadow(element).querySelector('[role="tab"][aria-selected="true"]')!.id.slice('tab-'.length));
    expect(new URL(under!.href).searchParams.get('side')).to.equal('under');
    expect(over!.getAttribute('aria-label')).to.match(
      new RegExp(`^${name}, .+, Over [\\d.]+ [+−-]?\\d+ at Book A \\(opens in a new tab\\)$`),
    );
    expect(shadow(element).querySelectorAll('[part="book"] option').length).to.equal(2, 'a choice of the two books');
    await expect(element).to.be.accessible();
  });

  it('moves between market tabs with the arrow keys, Home and End', async () => {
    const element = await props();
    const tabs = () => [...shadow(element).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs().length).to.equal(5);
    expect(tabs()[0]!.getAttribute('aria-selected')).to.equal('true');
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(shadow(element).activeElement).to.equal(tabs()[1]);
    expect(shadow(element).querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal(tabs()[1]!.id);
    await sendKeys({ press: 'End' });
    await element.updateComplete;
    expect(tabs().at(-1)!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(tabs()[0]!.getAttribute('aria-selected')).to.equal('true', 'wraps around');
    expect(tabs().filter((tab) => tab.tabIndex === 0).length).to.equal(1);
  });

  it('sorts by line and by player, saying so in aria-sort', async () => {
    const element = await props();
    const rows = () => [...shadow(element).querySelectorAll('tbody tr')];
    const lines = () => rows().map((row) => Number(row.querySelector('td')!.textContent));
    const names = () => rows().map((row) => row.querySelector('th')!.firstChild!.textContent!.trim());
    expect(lines()).to.deep.equal([...lines()].sort((a, b) => b - a));
    const [playerHeader, lineHeader] = [...shadow(element).querySelectorAll('thead th[aria-sort]')];
    expect(lineHeader!.getAttribute('aria-sort')).to.equal('descending');
    playerHeader!.querySelector('button')!.click();
    await element.updateComplete;
    expect(names()).to.deep.equal([...names()].sort((a, b) => a.localeCompare(b)));
    expect(playerHeader!.getAttribute('aria-sort')).to.equal('ascending');
    expect(lineHeader!.getAttribute('aria-sort')).to.equal('none');
    lineHeader!.querySelector('button')!.click();
    await element.updateComplete;
    lineHeader!.querySelector('button')!.click();
    await element.updateComplete;
    expect(lines()).to.deep.equal([...lines()].sort((a, b) => a - b));
  });

  it('fits a 280 px column in English, German and Arabic: no sideways scroll, the matchup read whole', async () => {
    for (const locale of ['en', 'de', 'ar']) {
      const wrapper = await fixture<HTMLElement>(
        html`<div style="width: 280px">
          <player-props league="nba" game-id=${liveGame.id} locale=${locale} key=${setup.keys.test} relay=${setup.relay}></player-props>
        </div>`,
      );
      const element = await settled(wrapper.querySelector('player-props')!);
      const panel = shadow(element).querySelector<HTMLElement>('[role="tabpanel"]')!;
      expect(panel.scrollWidth, `${locale}: the table's width`).to.be.at.most(panel.clientWidth);
      const subtitle = shadow(element).querySelector<HTMLElement>('.subtitle')!;
      expect(subtitle.textContent).to.contain(liveGame.home.team.name);
      expect(subtitle.scrollWidth, `${locale}: the matchup's width`).to.be.at.most(subtitle.clientWidth);
      expect(subtitle.getBoundingClientRect().bottom, `${locale}: the matchup above the tabs`).to.be.at.most(
        shadow(element).querySelector('[role="tablist"]')!.getBoundingClientRect().top,
      );
      wrapper.remove();
    }
  });

  it('says clearly when the data plan lacks player props', async () => {
    const scores = await (await fetch(`${setup.freeRelay}/v1/scores?league=nba&key=${setup.freeRelayKey}`)).json();
    const game = scores.games.find((candidate: { status: string }) => candidate.status !== 'final');
    const element = await fixture<PlayerProps>(
      html`<player-props league="nba" game-id=${game.id} key=${setup.freeRelayKey} relay=${setup.freeRelay}></player-props>`,
    );
    const error = await nextEvent<PbErrorEvent>(element, 'pb-error');
    await element.updateComplete;
    expect(error.code).to.equal('plan_required');
    expect(error.message).to.contain('Starter');
    expect(shadow(element).querySelector('.message')!.textContent).to.contain('not included');
    await expect(element).to.be.accessible();
  });
});
