/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { InjuryReport } from '../../../src/widgets/elements/injury-report/injury-report.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { resetRelay, shadow, testSetup, until, settled } from '../helpers.js';

describe('<injury-report>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  it('groups players by team in collapsible sections, with status in words', async () => {
    const element = await settled(
      await fixture<InjuryReport>(html`<injury-report league="nba" key=${setup.keys.test} relay=${setup.relay}></injury-report>`),
    );
    const sections = [...shadow(element).querySelectorAll('details')];
    expect(sections.length).to.be.greaterThan(1);
    expect(sections.every((section) => !section.open)).to.equal(true, 'collapsed when showing the whole league');
    sections[0]!.querySelector('summary')!.click();
    await until(() => sections[0]!.open);
    const table = sections[0]!.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).to.match(/injuries/);
    expect([...table.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).to.equal(true);
    const status = table.querySelector('.status')!;
    expect(status.textContent!.trim().length).to.be.greaterThan(1, 'never colour alone');
    sections[0]!.querySelector('summary')!.click();
    await until(() => !sections[0]!.open);
  });

  it('shows one team open, with practice and game status for the NFL', async () => {
    const report = await (await fetch(`${setup.relay}/v1/injuries?league=nfl&key=${setup.keys.test}`)).json();
    const team = report.teams.find((candidate: { players: unknown[] }) => candidate.players.length > 0).team.abbreviation;
    const element = await settled(
      await fixture<InjuryReport>(
        html`<injury-report league="nfl" team=${team} key=${setup.keys.test} relay=${setup.relay}></injury-report>`,
      ),
    );
    const sections = shadow(element).querySelectorAll('details');
    expect(sections.length).to.equal(1);
    expect(sections[0]!.open).to.equal(true);
    const headers = [...sections[0]!.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    expect(headers).to.deep.equal(['Player', 'Pos', 'Status', 'Injury', 'Practice', 'Game']);
    expect(shadow(element).querySelector('.subtitle')!.textContent).to.match(/^Report of \w+ \d+ · updated/);
  });

  it('keeps an NFL team to a phone’s width: practice and game status go under the injury, nothing scrolls sideways', async () => {
    const report = await (await fetch(`${setup.relay}/v1/injuries?league=nfl&key=${setup.keys.test}`)).json();
    const team = report.teams.find((candidate: { players: Array<{ practice: unknown }> }) =>
      candidate.players.some((player) => player.practice),
    ).team.abbreviation;
    for (const locale of ['en', 'de']) {
      const wrapper = await fixture<HTMLElement>(
        html`<div style="width: 343px">
          <injury-report league="nfl" team=${team} locale=${locale} key=${setup.keys.test} relay=${setup.relay}></injury-report>
        </div>`,
      );
      const element = await settled(wrapper.querySelector('injury-report')!);
      const area = shadow(element).querySelector<HTMLElement>('.teams')!;
      expect(area.scrollWidth, `${locale}: the list is no wider than the element`).to.be.at.most(area.clientWidth);
      const narrow = [...shadow(element).querySelectorAll<HTMLElement>('.narrow')].filter((detail) => detail.offsetHeight > 0);
      expect(narrow.length, `${locale}: practice or game status under an injury`).to.be.greaterThan(0);
      expect([...shadow(element).querySelectorAll<HTMLElement>('.wide')].every((cell) => cell.offsetWidth === 0)).to.equal(true);
      await expect(element).to.be.accessible();
      wrapper.remove();
    }
  });
});
