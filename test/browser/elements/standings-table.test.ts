/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import type { StandingsTable } from '../../../src/widgets/elements/standings-table/standings-table.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { resetRelay, shadow, spokenText, testSetup, settled } from '../helpers.js';

const cellTexts = (element: Element, selector: string) =>
  [...shadow(element).querySelectorAll(selector)].map((cell) => cell.textContent!.trim());

describe('<standings-table>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const mount = (league: string, team = '') =>
    fixture<StandingsTable>(
      html`<standings-table league=${league} team=${team} key=${setup.keys.test} relay=${setup.relay}></standings-table>`,
    ).then(settled);

  it('lists every team best record first, highlights the chosen team, and shows ties only where the league has them', async () => {
    const nba = await mount('nba', 'BOS');
    const rows = shadow(nba).querySelectorAll('tbody tr');
    expect(rows.length).to.equal(30);
    const pcts = cellTexts(nba, 'tbody .number').map(Number);
    expect(pcts).to.deep.equal([...pcts].sort((a, b) => b - a));
    const mine = shadow(nba).querySelector('tr[aria-current="true"]')!;
    expect(mine.textContent).to.contain('Boston Celtics');
    expect(shadow(nba).querySelectorAll('tr[aria-current="true"]').length).to.equal(1);
    expect(spokenText(shadow(nba).querySelector('thead')!)).to.not.contain('Ties');
    await expect(nba).to.be.accessible();
    const nfl = await mount('nfl');
    expect(spokenText(shadow(nfl).querySelector('thead')!)).to.contain('Ties');
  });

  it('sorts by any column from the keyboard, saying so in aria-sort, and back', async () => {
    const element = await mount('nba');
    const header = (name: string) => [...shadow(element).querySelectorAll('thead th')].find((th) => spokenText(th).includes(name))!;
    const wins = header('Wins').querySelector('button')!;
    wins.focus();
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(header('Wins').getAttribute('aria-sort')).to.equal('descending');
    expect(header('Winning percentage').getAttribute('aria-sort')).to.equal('none');
    const wonColumn = () =>
      [...shadow(element).querySelectorAll('tbody tr')].map((row) => Number(row.querySelectorAll('td')[1]!.textContent));
    expect(wonColumn()).to.deep.equal([...wonColumn()].sort((a, b) => b - a));
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(header('Wins').getAttribute('aria-sort')).to.equal('ascending');
    expect(wonColumn()).to.deep.equal([...wonColumn()].sort((a, b) => a - b));
    const team = header('Team').querySelector('button')!;
    team.click();
    await element.updateComplete;
    const names = cellTexts(element, 'tbody th .full-name');
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('fits a 280 px column with its sentence read whole, for a record table and a football one, in English, German and Arabic', async () => {
    for (const league of ['nfl', 'mls'])
      for (const locale of ['en', 'de', 'ar']) {
        const wrapper = await fixture<HTMLElement>(
          html`<div style="width: 280px">
            <standings-table league=${league} locale=${locale} key=${setup.keys.test} relay=${setup.relay}></standings-table>
          </div>`,
        );
        const element = await settled(wrapper.querySelector('standings-table')!);
        const table = shadow(element).querySelector<HTMLElement>('.scroll-area')!;
        expect(table.scrollWidth, `${league}, ${locale}: the table's width`).to.be.at.most(table.clientWidth);
        const subtitle = shadow(element).querySelector<HTMLElement>('.subtitle')!;
        expect(subtitle.scrollWidth, `${league}, ${locale}: the sentence's width`).to.be.at.most(subtitle.clientWidth);
        expect(subtitle.getBoundingClientRect().bottom, `${league}, ${locale}: the sentence above the table`).to.be.at.most(
          table.getBoundingClientRect().top,
        );
        wrapper.remove();
      }
  });

  it('reads each streak out in words', async () => {
    const element = await mount('nba');
    const streak = shadow(element).querySelector('tbody tr td:last-child')!;
    expect(spokenText(streak)).to.match(/^(Winning|Losing|Tied) streak: \d+$/);
  });
});
