/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { WinProbability } from '../../../src/widgets/elements/win-probability/win-probability.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { advanceSandboxClock, resetRelay, sandboxLines, shadow, testSetup, settled, liveGameOf, type LiveGame } from '../helpers.js';

/** Written out here, independently of the relay: implied probability of each side, then normalised. */
function noVigHome(homeOdds: number, awayOdds: number): number {
  const implied = (odds: number) => (odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100));
  return implied(homeOdds) / (implied(homeOdds) + implied(awayOdds));
}

describe('<win-probability>', () => {
  let setup: BrowserTestSetup;
  let liveGame: LiveGame;
  before(async () => {
    setup = await testSetup();
    liveGame = await liveGameOf(setup, 'nba');
  });
  afterEach(() => resetRelay());

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

  it('marks the latest chance with a round dot on the curve, at a phone’s width and a desktop’s', async () => {
    for (const width of [343, 1200]) {
      const wrapper = await fixture<HTMLElement>(
        html`<div style="width: ${width}px">
          <win-probability league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></win-probability>
        </div>`,
      );
      const element = await settled(wrapper.querySelector('win-probability')!);
      const marker = shadow(element).querySelector<HTMLElement>('.end')!;
      const dot = marker.getBoundingClientRect();
      expect(dot.width, `${width} px: a circle, not an ellipse`).to.be.closeTo(dot.height, 0.5);
      // Centred on the latest point: its place along the plot (50% for a single point, 100% once there is a curve).
      const plot = shadow(element).querySelector('figure svg')!.getBoundingClientRect();
      const along = parseFloat(getComputedStyle(marker).getPropertyValue('--_x')) / 100;
      expect(dot.left + dot.width / 2, `${width} px: on the latest point`).to.be.closeTo(plot.left + along * plot.width, 1);
      wrapper.remove();
    }
  });

  it('grows its curve as the game clock advances, and names the biggest swing', async () => {
    const element = await settled(
      await fixture<WinProbability>(
        html`<win-probability league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></win-probability>`,
      ),
    );
    const segments = () => (shadow(element).querySelector('.curve')?.getAttribute('d') ?? '').split(/[ML]/).filter(Boolean).length;
    const before = segments();
    // Three minutes of game clock at a time, up to half an hour: a refresh that crossed a live update on a busy machine
    // may show the state before the step, never an older curve.
    for (let step = 0; step < 10 && segments() <= Math.max(before, 1); step++) {
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

  it('keeps its chart in place at a phone’s width when the game ends and the pause button goes', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div style="width: 288px">
        <win-probability league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></win-probability>
      </div>`,
    );
    const element = await settled(wrapper.querySelector('win-probability')!);
    const chartTop = () => shadow(element).querySelector('figure')!.getBoundingClientRect().top;
    expect(shadow(element).querySelector('.pause'), 'a live game can be paused').to.exist;
    const live = chartTop();
    await advanceSandboxClock(6 * 60 * 60_000);
    await element.refresh();
    await element.updateComplete;
    expect(shadow(element).querySelector('.pause'), 'a final game has nothing to pause').to.be.null;
    expect(chartTop()).to.equal(live);
  });

  it('says since when its curve runs when the relay began recording after the game started, in the reader’s language', async () => {
    const payload = await (await fetch(`${setup.relay}/v1/win-probability?league=nba&gameId=${liveGame.id}&key=${setup.keys.test}`)).json();
    expect(payload.recordedSince, 'the test relay first sees this game mid-game').to.be.a('string');
    for (const [locale, words] of [
      ['en', 'Since '],
      ['de', 'Aufgezeichnet seit '],
    ]) {
      const element = await settled(
        await fixture<WinProbability>(
          html`<win-probability
            league="nba"
            game-id=${liveGame.id}
            key=${setup.keys.test}
            relay=${setup.relay}
            locale=${locale!}
          ></win-probability>`,
        ),
      );
      const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(payload.recordedSince));
      expect(shadow(element).querySelector('figcaption')!.textContent).to.contain(`${words}${time}`);
    }
  });
});
