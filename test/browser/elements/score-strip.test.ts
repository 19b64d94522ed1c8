/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/elements/score-strip/score-strip.js';
import type { ScoreStrip } from '../../../src/widgets/elements/score-strip/score-strip.js';
import { RelayClient } from '../../../src/widgets/runtime/relay-client.js';
import type { PbGameSelectEvent } from '../../../src/widgets/elements/score-strip/game-select-event.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { freshKey, hasState, loadsCounted, nextEvent, resetRelay, setFaults, shadow, spokenText, testSetup, until } from '../helpers.js';

describe('<score-strip>', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  async function strip(
    attributes: { league?: string; key?: string; date?: string; team?: string; gameHref?: string } = {},
  ): Promise<ScoreStrip> {
    return fixture<ScoreStrip>(
      html`<score-strip
        league=${attributes.league ?? 'nba'}
        key=${attributes.key ?? setup.keys.test}
        relay=${setup.relay}
        date=${attributes.date ?? ''}
        team=${attributes.team ?? ''}
        game-href=${attributes.gameHref ?? ''}
      ></score-strip>`,
    );
  }

  async function loaded(element: ScoreStrip): Promise<ScoreStrip> {
    await until(() => !hasState(element, 'loading'));
    await element.updateComplete;
    return element;
  }

  it('reads each card as the teams, scores and status', async () => {
    const element = await loaded(await strip());
    const live = shadow(element).querySelector<HTMLElement>('.card[data-status="live"]')!;
    expect(spokenText(live)).to.match(/^Live: \S+ [\d:]+ [A-Z][A-Za-z. ]+ \d+ , at [A-Z][A-Za-z. ]+ \d+$/);
    const scheduled = shadow(element).querySelector<HTMLElement>('.card[data-status="scheduled"]')!;
    expect(spokenText(scheduled)).to.match(/^(?:[A-Z][a-z]{2} )?\d{1,2}:\d{2} [AP]M [A-Z][A-Za-z. ]+ , at [A-Z][A-Za-z. ]+$/);
  });

  it('gives a game that starts on another day than today its weekday, not a bare time', async () => {
    const element = await loaded(await strip());
    const slate = await (await fetch(`${setup.relay}/v1/scores?league=nba&key=${setup.keys.test}`)).json();
    const today = new Date().toDateString();
    const cards = [...shadow(element).querySelectorAll<HTMLElement>('.card')];
    let checked = 0;
    slate.games.forEach((game: { status: string; startTime: string | null }, index: number) => {
      if (game.status !== 'scheduled' || !game.startTime) return;
      const start = new Date(game.startTime);
      const weekday = start.toLocaleDateString('en-US', { weekday: 'short' });
      const shown = cards[index]!.querySelector('[part=status]')!.textContent!.trim();
      if (start.toDateString() === today) expect(shown).to.match(/^\d{1,2}:\d{2} [AP]M$/);
      else expect(shown).to.match(new RegExp(`^${weekday} \\d{1,2}:\\d{2} [AP]M$`));
      checked++;
    });
    expect(checked).to.be.greaterThan(0);
  });

  it('opens at the first live game, which also takes the Tab stop', async () => {
    const element = await loaded(await strip());
    const cards = [...shadow(element).querySelectorAll<HTMLElement>('.card')];
    const live = cards.findIndex((card) => card.dataset.status === 'live');
    expect(live).to.be.greaterThan(0);
    const track = shadow(element).querySelector<HTMLElement>('.track')!;
    await until(() => Math.abs(cards[live]!.getBoundingClientRect().left - track.getBoundingClientRect().left) < 20);
    expect(cards[live]!.tabIndex).to.equal(0);
  });

  describe('keyboard and events', () => {
    it('moves between cards with the arrow keys, Home and End, and one Tab stop', async () => {
      const element = await loaded(await strip());
      const cards = [...shadow(element).querySelectorAll<HTMLElement>('.card')];
      expect(cards.filter((card) => card.tabIndex === 0).length).to.equal(1);
      cards[0]!.focus();
      cards[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
      expect(shadow(element).activeElement).to.equal(cards[1]);
      cards[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true }));
      expect(shadow(element).activeElement).to.equal(cards.at(-1));
      cards.at(-1)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true, composed: true }));
      expect(shadow(element).activeElement).to.equal(cards[0]);
      expect(cards.filter((card) => card.tabIndex === 0)).to.deep.equal([cards[0]]);
    });

    it('fires pb-game-select when a card is activated', async () => {
      const element = await loaded(await strip());
      const card = shadow(element).querySelector<HTMLButtonElement>('.card[data-status="live"]')!;
      const selected = nextEvent<PbGameSelectEvent>(element, 'pb-game-select');
      card.click();
      const event = await selected;
      expect(event.game.status).to.equal('live');
      expect(card.textContent).to.contain(event.game.home.team.name);
    });

    it('makes cards links with game-href', async () => {
      const element = await loaded(await strip({ gameHref: '/games/{league}/{id}' }));
      const link = shadow(element).querySelector<HTMLAnchorElement>('a.card')!;
      expect(link.getAttribute('href')).to.match(/^\/games\/nba\/g_nba_\d+$/);
      element.addEventListener('pb-game-select', (event) => event.preventDefault(), { once: true });
      link.click();
      expect(location.pathname).not.to.match(/^\/games\//);
    });
  });

  describe('attributes and lifecycle', () => {
    it('refetches when the league changes, without a reload', async () => {
      const element = await loaded(await strip());
      const next = nextEvent(element, 'pb-load');
      element.league = 'nhl';
      await next;
      await element.updateComplete;
      expect(shadow(element).querySelector('section')!.getAttribute('aria-label')).to.equal('NHL scores');
      expect(shadow(element).querySelectorAll('.card').length).to.be.greaterThan(5);
    });

    it('two strips of the same league on one page make one request', async () => {
      const key = await freshKey();
      const client = RelayClient.for(setup.relay);
      const before = client.requests;
      const [a, b] = await Promise.all([strip({ key, league: 'cfb' }), strip({ key, league: 'cfb' })]);
      await Promise.all([loaded(a), loaded(b)]);
      expect(client.requests - before).to.equal(1);
      expect(await loadsCounted(key)).to.equal(1);
      expect(shadow(a).querySelectorAll('.card').length).to.equal(shadow(b).querySelectorAll('.card').length);
    });

    it('leaves no request or timer behind when removed', async () => {
      await setFaults([{ kind: 'latency', latencyMs: 800, path: '/live-games' }]);
      const key = await freshKey();
      const element = await strip({ key, league: 'wnba' });
      let events = 0;
      element.addEventListener('pb-load', () => events++);
      element.addEventListener('pb-error', () => events++);
      element.remove();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(events).to.equal(0);
      expect(await loadsCounted(key)).to.equal(0, 'the request in flight was abandoned, not delivered');
    });

    it('asks for a league when it has none', async () => {
      const element = await fixture<ScoreStrip>(html`<score-strip key=${setup.keys.test} relay=${setup.relay}></score-strip>`);
      await element.updateComplete;
      expect(shadow(element).querySelector('.message')!.getAttribute('data-code')).to.equal('bad_request');
    });
  });
});
