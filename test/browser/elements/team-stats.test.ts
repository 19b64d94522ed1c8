/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { TeamStats } from '../../../src/widgets/elements/team-stats/team-stats.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { resetRelay, shadow, spokenText, testSetup, settled, until } from '../helpers.js';

const cellTexts = (element: Element, selector: string) =>
  [...shadow(element).querySelectorAll(selector)].map((cell) => cell.textContent!.trim());

describe('<team-stats>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  it('shows the key numbers as tiles with their league rank, ties marked, and says the rank in words', async () => {
    const element = await settled(
      await fixture<TeamStats>(html`<team-stats league="nba" team="BOS" key=${setup.keys.test} relay=${setup.relay}></team-stats>`),
    );
    const tiles = shadow(element).querySelectorAll('.tile');
    expect(tiles.length).to.equal(6);
    expect(tiles[0]!.textContent).to.contain('Points per game');
    const payload = (
      element as unknown as { resource: { data: { stats: Array<{ key: string; rank: number; tied: boolean; headline: boolean }> } } }
    ).resource.data;
    const first = payload.stats[0]!;
    expect(spokenText(tiles[0]!).trim()).to.match(
      new RegExp(`^Points per game: [\\d.]+, ${first.rank}(st|nd|rd|th) of 30${first.tied ? ', tied' : ''}$`),
    );
    const tied = payload.stats.findIndex((stat) => stat.headline && stat.tied);
    if (tied >= 0) expect(tiles[tied]!.querySelector('.rank [aria-hidden]')!.textContent).to.match(/^T-\d+/);
    await expect(element).to.be.accessible();
  });

  it('keeps a long tied rank and a long German name inside its row at 280 px, and the box keeps its height', async () => {
    const teams = (
      (await (await fetch(`${setup.relay}/v1/standings?league=nba&key=${setup.keys.test}`)).json()) as {
        rows: Array<{ team: { abbreviation: string } }>;
      }
    ).rows.map((row) => row.team.abbreviation);
    let tiesSeen = 0;
    for (const team of teams) {
      const element = await settled(
        await fixture<TeamStats>(
          html`<div style="width: 280px">
            <team-stats league="nba" team=${team} locale="de" key=${setup.keys.test} relay=${setup.relay}></team-stats>
          </div>`,
        ).then((wrapper) => wrapper.querySelector('team-stats')!),
      );
      // The season words (German here) arrive with their own chunk: the tiles follow the first render.
      await until(() => shadow(element).querySelector('.tiles') !== null);
      tiesSeen += [...shadow(element).querySelectorAll('.rank [aria-hidden]')].filter((rank) =>
        rank.textContent!.startsWith('geteilt'),
      ).length;
      for (const tile of shadow(element).querySelectorAll<HTMLElement>('.tile'))
        for (const part of tile.children) {
          const box = part.getBoundingClientRect();
          const bounds = tile.getBoundingClientRect();
          expect(box.right <= bounds.right + 0.5 && box.left >= bounds.left - 0.5, `${team}: ${part.textContent} fits its tile`).to.equal(
            true,
          );
        }
      const list = shadow(element).querySelector('.tiles')!.getBoundingClientRect();
      expect(list.bottom, `${team}: the tiles stay inside the reserved box`).to.be.at.most(element.getBoundingClientRect().bottom);
      element.parentElement!.remove();
    }
    expect(tiesSeen, 'some team has a tied rank to show').to.be.greaterThan(0);
  });

  it('names every statistic and the season in full on a phone, inside its box, in English, German and Arabic', async () => {
    for (const [league, team] of [
      ['nba', 'BOS'],
      ['nfl', 'KC'],
      ['mlb', 'PIT'],
    ])
      for (const width of [280, 343])
        for (const locale of ['en', 'de', 'ar']) {
          const wrapper = await fixture<HTMLElement>(
            html`<div style="width: ${width}px">
              <team-stats league=${league} team=${team} locale=${locale} key=${setup.keys.test} relay=${setup.relay}></team-stats>
            </div>`,
          );
          const element = await settled(wrapper.querySelector('team-stats')!);
          await until(() => shadow(element).querySelector('.tiles') !== null);
          const where = `${league}, ${width} px, ${locale}`;
          for (const text of shadow(element).querySelectorAll<HTMLElement>('.label, .title, .subtitle'))
            expect(
              text.scrollWidth <= text.clientWidth && text.scrollHeight <= text.clientHeight + 1,
              `${where}: "${text.textContent}" is cut`,
            ).to.equal(true);
          expect(
            shadow(element).querySelector('.tiles')!.getBoundingClientRect().bottom,
            `${where}: the tiles inside the box`,
          ).to.be.at.most(element.getBoundingClientRect().bottom);
          wrapper.remove();
        }
  });

  it('shows every number grouped in the full layout, inside the same box', async () => {
    const element = await settled(
      await fixture<TeamStats>(html`<team-stats league="nba" team="BOS" key=${setup.keys.test} relay=${setup.relay}></team-stats>`),
    );
    const compact = element.getBoundingClientRect();
    element.layout = 'full';
    await element.updateComplete;
    expect(shadow(element).querySelectorAll('tbody tr:not(.group)').length).to.equal(37);
    expect(cellTexts(element, '.group th')).to.deep.equal(['Offense', 'Defense', 'More']);
    const full = element.getBoundingClientRect();
    expect([full.width, full.height]).to.deep.equal([compact.width, compact.height]);
    await expect(element).to.be.accessible();
  });

  it('<team-stats layout="full"> names every statistic in the reader’s language', async () => {
    for (const [league, team] of [
      ['nba', 'BOS'],
      ['nfl', 'KC'],
      ['nhl', 'BOS'],
      ['mlb', 'NYY'],
    ]) {
      const element = await settled(
        await fixture<TeamStats>(
          html`<team-stats
            league=${league}
            team=${team}
            layout="full"
            locale="de"
            key=${setup.keys.test}
            relay=${setup.relay}
          ></team-stats>`,
        ),
      );
      const payload = (element as unknown as { resource: { data: { stats: Array<{ label: string }> } } }).resource.data;
      const names = cellTexts(element, 'tbody th[scope="row"]');
      expect(names.length).to.equal(payload.stats.length);
      const english = names.filter((name, index) => name === payload.stats[index]!.label);
      expect(english, `${league}: names left in English`).to.deep.equal([]);
      element.remove();
    }
  });
});
