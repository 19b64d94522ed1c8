/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import type { InjuryReport } from '../../../src/widgets/elements/injury-report/injury-report.js';
import type { LastFive } from '../../../src/widgets/elements/last-five/last-five.js';
import type { PlayerProps } from '../../../src/widgets/elements/player-props/player-props.js';
import type { WinProbability } from '../../../src/widgets/elements/win-probability/win-probability.js';
import type { PbErrorEvent } from '../../../src/widgets/events.js';
import type { PressboxElement } from '../../../src/widgets/ui/pressbox-element.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { advanceSandboxClock, hasState, nextEvent, resetRelay, sandboxLines, shadow, spokenText, testSetup, until } from '../helpers.js';

async function settled<E extends PressboxElement>(element: E): Promise<E> {
  await until(() => !hasState(element, 'loading'));
  await element.updateComplete;
  return element;
}

/** Written out here, independently of the relay: implied probability of each side, then normalised. */
function noVigHome(homeOdds: number, awayOdds: number): number {
  const implied = (odds: number) => (odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100));
  return implied(homeOdds) / (implied(homeOdds) + implied(awayOdds));
}

describe('insight elements', () => {
  let setup: BrowserTestSetup;
  let liveGame: { id: string; home: { team: { name: string } } };
  before(async () => {
    setup = await testSetup();
    const scores = await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${setup.keys.test}`)).json();
    liveGame = scores.games.find((game: { status: string }) => game.status === 'live');
  });
  afterEach(() => resetRelay());

  describe('<last-five>', () => {
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
  });

  it('<last-five> with an unknown team says it could not find the team', async () => {
    const element = await fixture<LastFive>(
      html`<last-five league="nba" team="XYZ" key=${setup.keys.test} relay=${setup.relay}></last-five>`,
    );
    await nextEvent(element, 'pb-error');
    await element.updateComplete;
    expect(shadow(element).querySelector('.message')!.textContent).to.equal('We could not find this team.');
  });

  describe('<win-probability>', () => {
    it('shows the no-vig chances of the sandbox moneyline for the same game', async () => {
      const element = await settled(
        await fixture<WinProbability>(
          html`<win-probability league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></win-probability>`,
        ),
      );
      const lines = await sandboxLines('nba');
      const record = lines.data.find((line) => line.homeTeamName === liveGame.home.team.name)!;
      const moneyline = record.exchange?.xchg?.moneyline ?? record.lines.moneyline;
      const home = noVigHome(moneyline.home, moneyline.away);
      const chances = [...shadow(element).querySelectorAll('.chance')].map((node) => node.textContent);
      expect(chances).to.deep.equal([`${Math.round((1 - home) * 100)}%`, `${Math.round(home * 100)}%`]);
      expect(shadow(element).querySelector('figure svg')!.getAttribute('aria-label')).to.contain(`${Math.round(home * 100)}%`);
    });

    it('grows its curve as the game clock advances, and names the biggest swing', async () => {
      const element = await settled(
        await fixture<WinProbability>(
          html`<win-probability league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></win-probability>`,
        ),
      );
      const segments = () => (shadow(element).querySelector('.curve')?.getAttribute('d') ?? '').split(/[ML]/).filter(Boolean).length;
      const before = segments();
      for (let step = 0; step < 3; step++) {
        await advanceSandboxClock(3 * 60_000);
        await element.refresh();
        await element.updateComplete;
      }
      expect(segments()).to.be.greaterThan(Math.max(before, 1));
      const label = shadow(element).querySelector('figure svg')!.getAttribute('aria-label')!;
      expect(label).to.match(/Now: .+ \d+%, .+ \d+%\. Biggest swing: [A-Z]+ from \d+% to \d+%/);
      expect(shadow(element).querySelector('figcaption')!.textContent).to.contain('Biggest swing');
      expect([...shadow(element).querySelectorAll('.x-axis span')].map((node) => node.textContent)).to.include('Game time');
    });
  });

  describe('<player-props>', () => {
    async function props(): Promise<PlayerProps> {
      return settled(
        await fixture<PlayerProps>(
          html`<player-props league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></player-props>`,
        ),
      );
    }

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

  describe('<injury-report>', () => {
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
  });
});
