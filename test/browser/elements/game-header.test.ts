/// <reference types="mocha" />
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import type { GameDetailPayload } from '../../../src/contract/scores.js';
import '../../../src/widgets/elements/game-header/game-header.js';
import type { GameHeader } from '../../../src/widgets/elements/game-header/game-header.js';
import type { PbErrorEvent } from '../../../src/widgets/runtime/events.js';
import { formatOdds } from '../../../src/widgets/runtime/odds-format.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, nextEvent, resetRelay, shadow, spokenText, testSetup, until } from '../helpers.js';

describe('<game-header>', () => {
  let setup: BrowserTestSetup;
  let games: Array<{ id: string; status: string }>;
  before(async () => {
    setup = await testSetup();
    const response = await fetch(`${setup.relay}/v1/scores?league=nba&key=${setup.keys.test}`);
    games = (await response.json()).games;
  });
  afterEach(() => resetRelay());

  async function header(gameId: string, extra: { oddsFormat?: string; locale?: string; key?: string } = {}): Promise<GameHeader> {
    const element = await fixture<GameHeader>(
      html`<game-header
        league="nba"
        game-id=${gameId}
        key=${extra.key ?? setup.keys.test}
        relay=${setup.relay}
        odds-format=${extra.oddsFormat ?? 'american'}
        locale=${extra.locale ?? ''}
      ></game-header>`,
    );
    await until(() => !hasState(element, 'loading'));
    await element.updateComplete;
    return element;
  }

  async function detail(gameId: string): Promise<GameDetailPayload> {
    const response = await fetch(`${setup.relay}/v1/games/${gameId}?league=nba&key=${setup.keys.test}`);
    return response.json();
  }

  it('shows both teams, the score and the period of a live game', async () => {
    const live = games.find((game) => game.status === 'live')!;
    const element = await header(live.id);
    const data = await detail(live.id);
    const text = spokenText(shadow(element));
    expect(text).to.contain(data.game.home.team.name);
    expect(text).to.contain(data.game.away.team.name);
    expect(text).to.contain(`${data.game.home.team.shortName} ${data.game.home.score}`);
    expect(text).to.contain(data.game.progress!.display);
    expect(shadow(element).querySelector('article')!.getAttribute('aria-label')).to.equal(
      `${data.game.away.team.name} at ${data.game.home.team.name}`,
    );
  });

  for (const format of ['american', 'decimal', 'fractional', 'implied'] as const) {
    it(`shows the moneyline in ${format} odds, as the relay priced it`, async () => {
      const scheduled = games.find((game) => game.status === 'scheduled')!;
      const element = await header(scheduled.id, { oddsFormat: format });
      const data = await detail(scheduled.id);
      const moneyline = [...shadow(element).querySelectorAll('.line div')].find(
        (row) => row.querySelector('dt')!.textContent === 'Moneyline',
      )!;
      const shown = [...moneyline.querySelectorAll('dd')].map((dd) => dd.textContent!.trim());
      expect(shown).to.deep.equal([
        `${data.game.away.team.abbreviation} ${formatOdds(data.line!.moneyline!.away, format)}`,
        `${data.game.home.team.abbreviation} ${formatOdds(data.line!.moneyline!.home, format)}`,
      ]);
    });
  }

  it('links each value of the line to the key’s first book, saying what and where, and none without books', async () => {
    const scheduled = games.find((game) => game.status === 'scheduled')!;
    const element = await header(scheduled.id, { key: setup.keys.books });
    const data = await detail(scheduled.id);
    const links = [...shadow(element).querySelectorAll<HTMLAnchorElement>('.line dd a.bet')];
    expect(links.length).to.equal(shadow(element).querySelectorAll('.line dd').length, 'every value a link');
    const moneyline = links.find((link) => new URL(link.href).searchParams.get('market') === 'moneyline')!;
    expect(Object.fromEntries(new URL(moneyline.href).searchParams)).to.include({
      book: 'Book A',
      element: 'game-header',
      game: scheduled.id,
      side: 'away',
      away: data.game.away.team.abbreviation,
      home: data.game.home.team.abbreviation,
      date: data.game.startTime!.slice(0, 10),
    });
    expect(moneyline.textContent!.trim()).to.equal(
      `${data.game.away.team.abbreviation} ${formatOdds(data.line!.moneyline!.away, 'american')}`,
    );
    expect(moneyline.getAttribute('aria-label')).to.equal(`${moneyline.textContent!.trim()} at Book A (opens in a new tab)`);
    await expect(element).to.be.accessible();
    const plain = await header(scheduled.id);
    expect(shadow(plain).querySelectorAll('a.bet').length).to.equal(0);
  });

  it('keeps every priced value of the line to one row in a 280 px Arabic column, in every odds format', async () => {
    const details = await Promise.all(games.map((game) => detail(game.id)));
    const priced = details.filter(({ line }) => line?.spread && line.total).map(({ game }) => game);
    expect(priced.length).to.be.at.least(2);
    for (const format of ['american', 'decimal', 'fractional', 'implied']) {
      for (const game of priced) {
        // One at a time in view: an element off-screen waits to load.
        fixtureCleanup();
        const column = await fixture<HTMLDivElement>(
          html`<div style="width: 280px" dir="rtl">
            <game-header
              league="nba"
              game-id=${game.id}
              key=${setup.keys.books}
              relay=${setup.relay}
              odds-format=${format}
              locale="ar"
            ></game-header>
          </div>`,
        );
        const element = column.querySelector('game-header')!;
        await element.updateComplete;
        await until(() => !hasState(element, 'loading'));
        await element.updateComplete;
        const rowHeights = [...shadow(element).querySelectorAll('.line dd')].map((dd) => Math.round(dd.getBoundingClientRect().height));
        expect(new Set(rowHeights).size, `${format} ${game.id}: ${rowHeights.join(', ')}`).to.equal(1);
        const article = shadow(element).querySelector('article')!;
        expect(article.scrollHeight, `${format} ${game.id}`).to.be.at.most(element.getBoundingClientRect().height);
      }
    }
  });

  it('formats numbers for the locale asked', async () => {
    const scheduled = games.find((game) => game.status === 'scheduled')!;
    const element = await header(scheduled.id, { oddsFormat: 'decimal', locale: 'de-DE' });
    const moneyline = shadow(element).querySelectorAll('.line dd');
    expect([...moneyline].some((dd) => /\d,\d\d$/.test(dd.textContent!.trim()))).to.equal(true);
  });

  it('labels each public-betting bar with both sides in words and numbers', async () => {
    const live = games.find((game) => game.status === 'live')!;
    const element = await header(live.id);
    const rows = [...shadow(element).querySelectorAll('.split')];
    expect(rows.map((row) => row.querySelector('.label')!.textContent)).to.deep.equal(['Spread bets', 'Moneyline bets', 'Total bets']);
    for (const row of rows) {
      const numbers = [...row.querySelectorAll('.values span')].map((span) => Number(/(\d+)%/.exec(span.textContent!)![1]));
      expect(numbers[0]! + numbers[1]!).to.equal(100);
      expect(row.querySelector('.bar')!.getAttribute('aria-hidden')).to.equal('true');
    }
  });

  it('takes its league’s box when a framework sets league as a property, and reflects it', async () => {
    const element = document.createElement('game-header') as GameHeader;
    element.key = setup.keys.test;
    element.relay = setup.relay;
    element.league = 'mls';
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.append(element);
    await element.updateComplete;
    expect(element.getAttribute('league')).to.equal('mls');
    expect(element.getBoundingClientRect().height).to.equal(150);
    element.league = 'nba';
    await element.updateComplete;
    expect(element.getBoundingClientRect().height).to.equal(360);
  });

  it('follows a new game-id without a reload', async () => {
    const [first, second] = games.filter((game) => game.status !== 'final');
    const element = await header(first!.id);
    const loaded = nextEvent(element, 'pb-load');
    element.gameId = second!.id;
    await loaded;
    await element.updateComplete;
    const data = await detail(second!.id);
    expect(spokenText(shadow(element))).to.contain(data.game.home.team.name);
  });

  it('says what is missing without a game-id, and not_found for an unknown game', async () => {
    const missing = await fixture<GameHeader>(html`<game-header league="nba" key=${setup.keys.test} relay=${setup.relay}></game-header>`);
    await missing.updateComplete;
    expect(shadow(missing).querySelector('.message')!.getAttribute('data-code')).to.equal('bad_request');
    const unknown = await fixture<GameHeader>(
      html`<game-header league="nba" game-id="g_nba_20200101000" key=${setup.keys.test} relay=${setup.relay}></game-header>`,
    );
    const error = await nextEvent<PbErrorEvent>(unknown, 'pb-error');
    expect(error.code).to.equal('not_found');
    await unknown.updateComplete;
    expect(shadow(unknown).querySelector('.message')!.textContent).to.match(/could not find this game/);
  });
});
