/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import { ELEMENT_DETAILS, reservedHeightOf, servesLeague } from '../../../src/contract/elements.js';
import type { PbErrorEvent } from '../../../src/widgets/runtime/events.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, liveGameOf, nextEvent, resetRelay, settled, shadow, spokenText, testSetup, withMedia } from '../helpers.js';
import { ELEMENTS, mountElement, type Attributes } from '../element-cases.js';

/** The test relay's sandbox is frozen at 18:00 UTC on Sunday 22 November 2026: an MLS matchday, matches in every state. */
describe('soccer: every element with league="mls"', () => {
  let setup: BrowserTestSetup;
  let liveMatch = '';
  before(async () => {
    setup = await testSetup();
    liveMatch = (await liveGameOf(setup, 'mls')).id;
  });
  afterEach(() => resetRelay());

  const mount = (tag: string, attributes: Attributes) => mountElement(setup, tag, attributes).then(settled);
  const texts = (element: Element, selector: string) =>
    [...shadow(element).querySelectorAll(selector)].map((node) => node.textContent!.trim());

  for (const { tag, attributes, dataSelector } of ELEMENTS) {
    if (servesLeague(tag, 'mls')) {
      it(`<${tag}>: shows MLS data in its reserved box, and passes axe in light, dark and forced colours`, async () => {
        const element = await mount(tag, await attributes('mls', setup));
        expect(shadow(element).querySelector(dataSelector)).to.exist;
        expect(hasState(element, 'error')).to.equal(false);
        expect(element.getBoundingClientRect().height).to.equal(reservedHeightOf(tag, 'mls'));
        await expect(element).to.be.accessible();
        element.setAttribute('theme', 'dark');
        await element.updateComplete;
        await expect(element).to.be.accessible();
        await withMedia(shadow(element), { forcedColors: 'active' }, async () => {
          await expect(element).to.be.accessible();
        });
      });
    } else {
      it(`<${tag}>: for MLS says which leagues it covers, in its reserved box, never a spinner`, async () => {
        const element = await mountElement(setup, tag, { league: 'mls', 'game-id': liveMatch, team: 'SEA' });
        const error = await nextEvent<PbErrorEvent>(element, 'pb-error');
        await element.updateComplete;
        expect(error.code).to.equal('bad_request');
        expect(hasState(element, 'loading')).to.equal(false);
        expect(shadow(element).querySelector('.skeleton')).to.equal(null);
        const message = shadow(element).querySelector('.message')!.textContent!;
        expect(message).to.match(/^This widget covers .+ only\.$/);
        expect(message).to.not.contain('MLS');
        const named = ELEMENT_DETAILS[tag].leagues.filter((league) => !['cfb', 'ncaab'].includes(league));
        for (const league of named) expect(message).to.contain(league.toUpperCase());
        expect(element.getBoundingClientRect().height).to.equal(reservedHeightOf(tag, 'mls'));
        await expect(element).to.be.accessible();
      });
    }
  }

  it('<score-strip>: the minute or HT for live matches, FT for finals, the home side first', async () => {
    const element = await mount('score-strip', { league: 'mls' });
    const cards = [...shadow(element).querySelectorAll('.card')];
    const pill = (status: string) =>
      cards
        .filter((card) => card.getAttribute('data-status') === status)
        .map((card) =>
          card
            .querySelector('.pill')!
            .textContent!.replace('Live:', '')
            .replace(/[\u2066\u2069]/g, '')
            .trim(),
        );
    expect(pill('live').length).to.be.greaterThan(0);
    for (const text of pill('live')) expect(text).to.match(/^(HT|\d{1,2}'|(45|90)\+\d+')$/);
    expect(pill('final').length).to.be.greaterThan(0);
    // The slate is the sandbox's day, not the reader's: a final may carry its day after the word ("FT · Nov 22").
    for (const text of pill('final')) expect(text).to.match(/^FT( · .+)?$/);
    // Read aloud: "Seattle Sounders FC 2, against Portland Timbers (away) 1": the home side first, the visitors named so.
    const spoken = spokenText(cards[0]!);
    expect(spoken).to.match(/, against .+ \(away\)/);
    expect(spoken).to.not.match(/, at /);
  });

  it('<score-strip> in German and Arabic: Abpfiff and Halbzeit, in football’s own words', async () => {
    const german = await mount('score-strip', { league: 'mls', locale: 'de' });
    const finals = [...shadow(german).querySelectorAll('.card[data-status="final"] .pill')].map((pill) => pill.textContent!.trim());
    expect(finals.length).to.be.greaterThan(0);
    expect(finals.every((text) => text.split(' · ')[0] === 'Abpfiff')).to.equal(true);
    const arabic = await mount('score-strip', { league: 'mls', locale: 'ar' });
    const arabicFinals = [...shadow(arabic).querySelectorAll('.card[data-status="final"] .pill')].map((pill) => pill.textContent!.trim());
    expect(arabicFinals.every((text) => text.split(' · ')[0] === 'نهاية المباراة')).to.equal(true);
    await expect(arabic).to.be.accessible();
  });

  it('<standings-table>: P W D L GF GA GD Pts, most points first, goal difference signed, sortable', async () => {
    const element = await mount('standings-table', { league: 'mls', team: 'SEA' });
    const headers = [...shadow(element).querySelectorAll('thead th')].map(
      (th) => th.querySelector('[aria-hidden="true"]')?.textContent?.trim() ?? th.textContent!.trim(),
    );
    expect(headers.slice(2)).to.deep.equal(['P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts']);
    const points = texts(element, 'tbody td.total').map(Number);
    expect(points.length).to.equal(30);
    expect(points).to.deep.equal([...points].sort((a, b) => b - a));
    const differences = [...shadow(element).querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[7]!.textContent!.trim());
    for (const text of differences) expect(text).to.match(/^([+−-]\d+|0)$/);
    expect(shadow(element).querySelector('tr[aria-current="true"]')!.textContent).to.contain('Seattle Sounders FC');
    const header = (name: string) => [...shadow(element).querySelectorAll('thead th')].find((th) => spokenText(th).includes(name))!;
    expect(header('Points').getAttribute('aria-sort')).to.equal('descending');
    header('Goal difference').querySelector('button')!.focus();
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(header('Goal difference').getAttribute('aria-sort')).to.equal('descending');
    const sorted = [...shadow(element).querySelectorAll('tbody tr')].map((row) =>
      Number(row.querySelectorAll('td')[7]!.textContent!.replace('−', '-')),
    );
    expect(sorted).to.deep.equal([...sorted].sort((a, b) => b - a));
  });

  it('<last-five>: W, D and L chips, and the form line as wins, draws and losses', async () => {
    const element = await mount('last-five', { league: 'mls', team: 'SEA' });
    const letters = texts(element, '.chip .result');
    expect(letters.length).to.be.greaterThan(0);
    for (const letter of letters) expect(['W', 'D', 'L']).to.include(letter);
    expect(shadow(element).querySelector('.subtitle')!.textContent).to.match(/^\d+W \d+D \d+L in the last/);
  });

  it('<game-header>: the home side first, named "Away at Home", no betting line to apologise for', async () => {
    const game = await liveGameOf(setup, 'mls');
    const element = await mount('game-header', { league: 'mls', 'game-id': game.id });
    expect(shadow(element).querySelector('.team .name')!.textContent).to.equal(game.home.team.name);
    expect(shadow(element).querySelector('article')!.getAttribute('aria-label')).to.match(new RegExp(` at ${game.home.team.name}$`));
    expect(shadow(element).querySelector('.unavailable')).to.equal(null);
  });
});
