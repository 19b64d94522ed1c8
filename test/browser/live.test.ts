/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/widgets/index.js';
import type { GameHeader } from '../../src/widgets/elements/game-header/game-header.js';
import type { ScoreStrip } from '../../src/widgets/elements/score-strip/score-strip.js';
import { LiveStream } from '../../src/widgets/runtime/live-stream.js';
import { RelayClient } from '../../src/widgets/runtime/relay-client.js';
import type { PressboxElement } from '../../src/widgets/ui/pressbox-element.js';
import type { BrowserTestSetup } from './relay-plugin.js';
import { advanceSandboxClock, freshKey, hasState, loadsCounted, resetRelay, shadow, testSetup, until } from './helpers.js';

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function settled(element: PressboxElement): Promise<void> {
  await until(() => !hasState(element, 'loading'));
  await element.updateComplete;
}

function scoresText(element: Element): string {
  return [...shadow(element).querySelectorAll('.card[data-status="live"] .score')].map((node) => node.textContent).join(',');
}

describe('live updates in the page', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(async () => {
    setHidden(false);
    await resetRelay();
  });

  it('a score change in the sandbox reaches the element over the stream, without polling', async () => {
    const key = await freshKey();
    const strip = await fixture<ScoreStrip>(html`<score-strip league="nba" key=${key} relay=${setup.relay}></score-strip>`);
    await settled(strip);
    const stream = LiveStream.for(setup.relay, key);
    await until(() => stream.connected && stream.topics.includes('/v1/scores?league=nba'));
    const requestsBefore = RelayClient.for(setup.relay).requests;
    const latencies: number[] = [];
    for (let change = 0; change < 5; change++) {
      const before = scoresText(strip);
      const started = performance.now();
      await advanceSandboxClock(2 * 60_000);
      await until(() => scoresText(strip) !== before, 5000);
      latencies.push(performance.now() - started);
    }
    expect(RelayClient.for(setup.relay).requests).to.equal(requestsBefore, 'the changes came by the stream, not by fetch');
    latencies.sort((a, b) => a - b);
    console.log(
      `score change → element: p50 ${Math.round(latencies[2]!)} ms, max ${Math.round(latencies[4]!)} ms (relay polling every 200 ms in tests)`,
    );
  });

  it('goes back to polling when the relay keeps refusing the stream, stops trying, and still shows changes', async function () {
    this.timeout(45_000);
    const { streamlessRelay: relay, streamlessRelayKey: key } = setup;
    const strip = await fixture<ScoreStrip>(html`<score-strip league="nba" key=${key} relay=${relay}></score-strip>`);
    await settled(strip);
    const stream = LiveStream.for(relay, key);
    // Refused three times (with backoff between), the stream hands its elements back to polling and stops trying.
    await until(() => stream.opened >= 3 && !stream.connected && stream.topics.length === 0, 15_000);
    const attempts = stream.opened;
    const before = scoresText(strip);
    const requestsBefore = RelayClient.for(relay).requests;
    await advanceSandboxClock(2 * 60_000);
    // The live strip polls every 15 s.
    await until(() => scoresText(strip) !== before, 25_000);
    expect(RelayClient.for(relay).requests).to.be.greaterThan(requestsBefore, 'the change came by polling');
    expect(stream.opened).to.equal(attempts, 'no more stream attempts');
  });

  it('closes the stream as soon as the tab is hidden, makes no requests while hidden, and resumes fresh', async () => {
    const key = await freshKey();
    const strip = await fixture<ScoreStrip>(html`<score-strip league="nhl" key=${key} relay=${setup.relay}></score-strip>`);
    await settled(strip);
    const stream = LiveStream.for(setup.relay, key);
    await until(() => stream.connected);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await loadsCounted(key)).to.equal(1, 'subscribing with the ETag it has costs nothing');
    setHidden(true);
    const hiddenAt = performance.now();
    await until(() => !stream.connected, 1000);
    expect(performance.now() - hiddenAt).to.be.lessThan(1000);
    const client = RelayClient.for(setup.relay);
    const requests = client.requests;
    const before = scoresText(strip);
    await advanceSandboxClock(5 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.requests).to.equal(requests, 'no requests while hidden');
    expect(scoresText(strip)).to.equal(before, 'nothing arrived while hidden');
    setHidden(false);
    await until(() => stream.connected);
    await until(() => scoresText(strip) !== before, 5000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await loadsCounted(key)).to.equal(2, 'the first load, then the change once: not again by a refetch');
  });

  it('follows only the elements in view: topics come and go as the page scrolls', async () => {
    const key = await freshKey();
    const page = await fixture<HTMLElement>(
      html`<div>
        <score-strip id="near" league="nfl" key=${key} relay=${setup.relay}></score-strip>
        <div style="height: 4000px"></div>
        <score-strip id="far" league="mlb" key=${key} relay=${setup.relay}></score-strip>
      </div>`,
    );
    const near = page.querySelector<ScoreStrip>('#near')!;
    const far = page.querySelector<ScoreStrip>('#far')!;
    await settled(near);
    const stream = LiveStream.for(setup.relay, key);
    await until(() => stream.connected && stream.topics.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Off-screen, the far strip neither follows the stream nor polls (whether its first fetch finished before its
    // observer first reported it off-screen depends on the machine's pace, so that is not asserted).
    expect(stream.topics).to.deep.equal(['/v1/scores?league=nfl']);
    far.scrollIntoView();
    await settled(far);
    await until(() => stream.topics.join() === '/v1/scores?league=mlb');
    window.scrollTo(0, 0);
    await until(() => stream.topics.join() === '/v1/scores?league=nfl');
  });

  it('the live elements of a page share one stream; props, form and injuries poll instead', async () => {
    const key = await freshKey();
    const scores = await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${key}`)).json();
    const game = scores.games.find((candidate: { status: string }) => candidate.status === 'live').id;
    const page = await fixture<HTMLElement>(
      html`<div style="display:grid;grid-template-columns:1fr 1fr;gap:4px;zoom:0.35">
        <score-ticker leagues="nba,nhl" key=${key} relay=${setup.relay}></score-ticker>
        <score-strip league="nba" key=${key} relay=${setup.relay}></score-strip>
        <game-header league="nba" game-id=${game} key=${key} relay=${setup.relay}></game-header>
        <win-probability league="nba" game-id=${game} key=${key} relay=${setup.relay}></win-probability>
        <player-props league="nba" game-id=${game} key=${key} relay=${setup.relay}></player-props>
        <last-five league="nba" team="BOS" key=${key} relay=${setup.relay}></last-five>
        <injury-report league="nba" key=${key} relay=${setup.relay}></injury-report>
      </div>`,
    );
    const elements = [...page.children] as Array<PressboxElement>;
    await Promise.all(elements.map(settled));
    const stream = LiveStream.for(setup.relay, key);
    // Ticker (two leagues, one topic), strip, header and win probability: data that moves by the second in a game.
    await until(() => stream.connected && stream.topics.length === 4);
    const routes = stream.topics.map((topic) => new URL(topic, 'https://relay.test').pathname.split('/').slice(0, 3).join('/'));
    expect(routes.sort()).to.deep.equal(['/v1/games', '/v1/scores', '/v1/scores', '/v1/win-probability']);
    expect([...LiveStream.streams.values()].filter((candidate) => candidate.key === key)).to.have.length(1);
    // The last reopening (debounced, as topics arrive) may still be connecting: ask the relay until it counts it.
    let open = 0;
    for (const started = performance.now(); open === 0 && performance.now() - started < 5000;) {
      open = (await executeServerCommand('pressbox-open-streams')) as number;
      if (open === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(open).to.be.greaterThan(0);
    expect(stream.opened).to.be.lessThan(5, 'topic changes are debounced into few reopenings');
  });

  it('follows the stream only while a game is on: a final score polls, a game in progress streams until it ends', async function () {
    this.timeout(30_000);
    const key = await freshKey();
    const scores = await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${key}`)).json();
    const idOf = (status: string) => scores.games.find((candidate: { status: string }) => candidate.status === status).id as string;
    const over = await fixture<GameHeader>(
      html`<game-header league="nba" game-id=${idOf('final')} key=${key} relay=${setup.relay}></game-header>`,
    );
    await settled(over);
    const stream = LiveStream.for(setup.relay, key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.topics).to.deep.equal([], 'a final score does not move: the element polls at the relay’s five minutes');
    expect(stream.connected).to.equal(false);
    const on = await fixture<GameHeader>(
      html`<game-header league="nba" game-id=${idOf('live')} key=${key} relay=${setup.relay}></game-header>`,
    );
    await settled(on);
    await until(() => stream.connected && stream.topics.length === 1);
    expect(shadow(on).querySelector('.pill')!.textContent).to.match(/^Live: (Q\d|Halftime|End of|OT|\d?OT)/);
    await advanceSandboxClock(4 * 60 * 60_000);
    await until(() => shadow(on).querySelector('.pill')?.getAttribute('data-status') === 'final', 10_000);
    await until(() => stream.topics.length === 0, 5000);
  });

  it('stops updates while paused, from its keyboard-operable pause button', async () => {
    const key = await freshKey();
    const strip = await fixture<ScoreStrip>(html`<score-strip league="nba" key=${key} relay=${setup.relay}></score-strip>`);
    await settled(strip);
    const stream = LiveStream.for(setup.relay, key);
    await until(() => stream.topics.length === 1);
    const button = shadow(strip).querySelector<HTMLButtonElement>('.pause')!;
    expect(button.getAttribute('aria-label')).to.equal('Pause live updates');
    button.click();
    await strip.updateComplete;
    expect(strip.paused).to.equal(true);
    expect(shadow(strip).querySelector('.pause')!.getAttribute('aria-label')).to.equal('Resume live updates');
    await until(() => stream.topics.length === 0);
    const before = scoresText(strip);
    await advanceSandboxClock(5 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(scoresText(strip)).to.equal(before);
    shadow(strip).querySelector<HTMLButtonElement>('.pause')!.click();
    await until(() => scoresText(strip) !== before, 5000);
    await until(() => stream.topics.length === 1);
  });

  it('announces a score change politely when asked to, and not the first data', async () => {
    const key = await freshKey();
    const scores = await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${key}`)).json();
    const game = scores.games.find((candidate: { status: string }) => candidate.status === 'live').id;
    const header = await fixture<GameHeader>(
      html`<game-header announce league="nba" game-id=${game} key=${key} relay=${setup.relay}></game-header>`,
    );
    await settled(header);
    const region = shadow(header).querySelector('[role="status"]')!;
    expect(region.textContent!.trim()).to.equal('');
    await until(() => LiveStream.for(setup.relay, key).connected);
    await advanceSandboxClock(3 * 60_000);
    await until(() => region.textContent!.trim() !== '', 5000);
    expect(region.textContent).to.match(/^(Score update|Final): .+ \d+, .+ \d+\.$/);
    const quiet = await fixture<GameHeader>(html`<game-header league="nba" game-id=${game} key=${key} relay=${setup.relay}></game-header>`);
    await settled(quiet);
    expect(shadow(quiet).querySelector('[role="status"]')).to.equal(null, 'off by default');
  });
});
