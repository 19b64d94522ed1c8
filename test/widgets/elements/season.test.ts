/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import type { PitchingMatchupPayload } from '../../../src/contract/season.js';
import type { PitchingMatchup } from '../../../src/widgets/elements/pitching-matchup/pitching-matchup.js';
import type { StandingsTable } from '../../../src/widgets/elements/standings-table/standings-table.js';
import type { TeamStats } from '../../../src/widgets/elements/team-stats/team-stats.js';
import type { PressboxElement } from '../../../src/widgets/ui/pressbox-element.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, resetRelay, shadow, spokenText, testSetup, until } from '../helpers.js';

async function settled<E extends PressboxElement>(element: E): Promise<E> {
  await until(() => !hasState(element, 'loading'));
  await element.updateComplete;
  return element;
}

const cellTexts = (element: Element, selector: string) =>
  [...shadow(element).querySelectorAll(selector)].map((cell) => cell.textContent!.trim());

describe('season elements', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  describe('<standings-table>', () => {
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

    it('reads each streak out in words', async () => {
      const element = await mount('nba');
      const streak = shadow(element).querySelector('tbody tr td:last-child')!;
      expect(spokenText(streak)).to.match(/^(Winning|Losing|Tied) streak: \d+$/);
    });
  });

  describe('<team-stats>', () => {
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

  describe('<pitching-matchup>', () => {
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
});
