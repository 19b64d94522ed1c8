/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import type { BettingSplitsPayload, LineMovementPayload, OddsBoardPayload } from '../../../src/contract/betting.js';
import { reservedHeightOf } from '../../../src/contract/elements.js';
import type { ScoresPayload } from '../../../src/contract/scores.js';
import type { BettingSplits } from '../../../src/widgets/elements/betting-splits/betting-splits.js';
import type { LineMovement } from '../../../src/widgets/elements/line-movement/line-movement.js';
import type { OddsBoard } from '../../../src/widgets/elements/odds-board/odds-board.js';
import type { GameHeader } from '../../../src/widgets/elements/game-header/game-header.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { REGION_LINE } from '../bet-fixtures.js';
import { liveGameOf, resetRelay, settled, shadow, testSetup, until, type LiveGame } from '../helpers.js';

/** What the relay answers now for a route, as the element fetched it. */
async function relayAnswer<T>(setup: BrowserTestSetup, path: string): Promise<T> {
  return (await (await fetch(`${setup.relay}${path}&key=${setup.keys.test}`)).json()) as T;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('betting elements', () => {
  let setup: BrowserTestSetup;
  let liveGame: LiveGame;
  before(async () => {
    setup = await testSetup();
    liveGame = await liveGameOf(setup, 'nba');
  });
  afterEach(() => resetRelay());

  // First in the file: no element has fetched the live kit yet; the odds board below fetches it.
  describe('<betting-splits> beside elements that follow games live', () => {
    it('says a game in progress is live, without a clock that the live kit would later widen', async () => {
      const element = document.createElement('betting-splits') as BettingSplits;
      for (const [name, value] of Object.entries({ league: 'nba', 'game-id': liveGame.id, key: setup.keys.test, relay: setup.relay }))
        element.setAttribute(name, value);
      const loaded = new Promise((resolve) => element.addEventListener('pb-load', resolve, { once: true }));
      await fixture(html`${element}`);
      await loaded;
      await element.updateComplete;
      const pill = () => text(shadow(element).querySelector(`table[data-game="${liveGame.id}"] [part="status"]`));
      expect(pill()).to.equal('Live');
      // Another element fetches the live kit; the next render of the splits still reads the same.
      const board = document.createElement('odds-board');
      for (const [name, value] of Object.entries({ league: 'nba', key: setup.keys.test, relay: setup.relay }))
        board.setAttribute(name, value);
      await settled(await fixture<OddsBoard>(html`${board}`));
      element.requestUpdate();
      await element.updateComplete;
      expect(pill()).to.equal('Live');
    });
  });

  describe('<odds-board>', () => {
    async function board(attributes = ''): Promise<OddsBoard> {
      const element = document.createElement('odds-board');
      element.innerHTML = '<p slot="gambling">21+. Gambling problem? Call 1-800-GAMBLER.</p>';
      for (const [name, value] of Object.entries({ league: 'nba', key: setup.keys.test, relay: setup.relay }))
        element.setAttribute(name, value);
      for (const pair of attributes.split(' ').filter(Boolean)) element.setAttribute(pair.split('=')[0]!, pair.split('=')[1]!);
      return settled(await fixture<OddsBoard>(html`${element}`));
    }

    it('shows every game with the relay’s lines in the odds format asked, live games first', async () => {
      const element = await board('odds-format=decimal');
      const data = await relayAnswer<OddsBoardPayload>(setup, '/v1/odds?league=nba');
      const rows = [...shadow(element).querySelectorAll('tbody tr')];
      expect(rows.length).to.equal(data.games.length);
      const statuses = rows.map((row) => row.getAttribute('data-status'));
      expect(statuses.indexOf('live')).to.equal(0);
      expect(statuses.lastIndexOf('live')).to.be.lessThan(statuses.findIndex((status) => status !== 'live'));
      const entry = data.games.find((game) => game.game.id === liveGame.id)!;
      const row = shadow(element).querySelector(`tr[data-game="${liveGame.id}"]`)!;
      const moneyline = [...row.querySelectorAll('td')[2]!.querySelectorAll('span')].map((side) => text(side)).join(' ');
      const decimal = (american: number) => (american < 0 ? 1 + 100 / -american : 1 + american / 100).toFixed(2);
      expect(moneyline).to.equal(`${decimal(entry.line!.moneyline!.away)} ${decimal(entry.line!.moneyline!.home)}`);
      expect(shadow(element).querySelectorAll('thead th').length).to.equal(5, 'game, spread, total, moneyline, exchange');
      expect(element.matches(':state(live)')).to.equal(true);
    });

    it('sorts by total from the header, saying so in aria-sort, and keeps to the markets asked', async () => {
      const element = await board();
      const totalHeader = [...shadow(element).querySelectorAll('thead th')][2]!;
      totalHeader.querySelector('button')!.click();
      await element.updateComplete;
      expect(totalHeader.getAttribute('aria-sort')).to.equal('descending');
      const totals = [...shadow(element).querySelectorAll('tbody tr')]
        .map((row) => Number(text(row.querySelectorAll('td')[1]).match(/[\d.]+/)?.[0] ?? -1))
        .filter((total) => total > 0);
      expect(totals).to.deep.equal([...totals].sort((a, b) => b - a));

      const narrow = await board('markets=moneyline');
      expect([...shadow(narrow).querySelectorAll('thead th')].map((cell) => text(cell))).to.deep.equal(['Game ▲', 'Moneyline', 'Exchange']);
    });

    it('links each price to the key’s book through the relay, with sponsored links a reader can tab to and understand', async () => {
      const element = await board(`key=${setup.keys.books}`);
      const links = [...shadow(element).querySelectorAll<HTMLAnchorElement>('a.bet')];
      const priced = [...shadow(element).querySelectorAll('tbody td:not(.exchange)')].filter((cell) => text(cell) !== '—');
      expect(links.length).to.be.at.least(priced.length, 'every shown price of the book is a link');
      const row = shadow(element).querySelector(`tr[data-game="${liveGame.id}"]`)!;
      const spreadHome = row.querySelectorAll('td')[0]!.querySelectorAll('a.bet')[1] as HTMLAnchorElement;
      const href = new URL(spreadHome.href);
      expect(href.origin + href.pathname).to.equal(`${setup.relay}/v1/click`);
      expect(Object.fromEntries(href.searchParams)).to.include({
        key: setup.keys.books,
        book: 'Book A',
        element: 'odds-board',
        league: 'nba',
        game: liveGame.id,
        market: 'spread',
        side: 'home',
      });
      expect(spreadHome.rel).to.equal('sponsored noopener');
      expect(spreadHome.target).to.equal('_blank');
      expect(spreadHome.getAttribute('aria-label')).to.match(/^[A-Z]+ [+−-][\d.]+ .+ at Book A \(opens in a new tab\)$/);
      spreadHome.focus();
      expect(shadow(element).activeElement).to.equal(spreadHome, 'a link takes the focus');
      await expect(element).to.be.accessible();

      // Two books: the reader picks the one the prices link to.
      const choice = shadow(element).querySelector<HTMLSelectElement>('[part="book"] select')!;
      expect(text(shadow(element).querySelector('[part="book"]'))).to.contain('Bet with');
      expect([...choice.options].map((option) => option.value)).to.deep.equal(['Book A', 'Bookmaker Two']);
      choice.value = 'Bookmaker Two';
      choice.dispatchEvent(new Event('change'));
      await element.updateComplete;
      const relinked = shadow(element).querySelector<HTMLAnchorElement>('a.bet')!;
      expect(new URL(relinked.href).searchParams.get('book')).to.equal('Bookmaker Two');
      expect(relinked.getAttribute('aria-label')).to.contain('at Bookmaker Two');
      // The page's other elements follow the reader's pick.
      const header = document.createElement('game-header');
      for (const [name, value] of Object.entries({ league: 'nba', 'game-id': liveGame.id, key: setup.keys.books, relay: setup.relay }))
        header.setAttribute(name, value);
      element.after(header);
      await settled(header as GameHeader);
      expect(new URL(shadow(header).querySelector<HTMLAnchorElement>('a.bet')!.href).searchParams.get('book')).to.equal('Bookmaker Two');
      choice.value = 'Book A';
      choice.dispatchEvent(new Event('change'));
      await element.updateComplete;
      await header.updateComplete;
      expect(new URL(shadow(header).querySelector<HTMLAnchorElement>('a.bet')!.href).searchParams.get('book')).to.equal('Book A');
    });

    it('links nothing for a key without books, and says the links in the reader’s language at a phone’s width', async () => {
      const plain = await board();
      expect(shadow(plain).querySelectorAll('a.bet, [part="book"]').length).to.equal(0);

      const holder = await fixture<HTMLDivElement>(html`<div style="width: 280px" dir="rtl"></div>`);
      const element = document.createElement('odds-board');
      for (const [name, value] of Object.entries({ league: 'nba', key: setup.keys.books, relay: setup.relay, locale: 'ar' }))
        element.setAttribute(name, value);
      holder.append(element);
      await settled(element as OddsBoard);
      const link = shadow(element).querySelector<HTMLAnchorElement>('a.bet')!;
      expect(link.getAttribute('aria-label')).to.match(/لدى Book A \(يفتح في علامة تبويب جديدة\)$/);
      const titleRow = shadow(element).querySelector('.title-row')!;
      expect(titleRow.scrollWidth).to.be.at.most(titleRow.clientWidth, 'the book choice fits beside the title at 280 px');
      expect(element.getBoundingClientRect().height).to.equal(reservedHeightOf('odds-board'), 'links change no box');
      await expect(element).to.be.accessible();
    });

    it('shows the line the key gives the reader’s region in place of the page’s, in the same place, and the page’s elsewhere', async () => {
      const inJersey = await board(`key=${setup.keys.lined} relay=${setup.newJerseyRelay}`);
      const part = shadow(inJersey).querySelector('[part="gambling"]')!;
      expect(text(part)).to.equal(REGION_LINE);
      expect(part.querySelector('slot')).to.equal(null, 'the page’s line gives way');
      expect(part.getBoundingClientRect().bottom).to.be.at.most(inJersey.getBoundingClientRect().bottom + 0.5);
      expect(inJersey.getBoundingClientRect().height).to.equal(reservedHeightOf('odds-board'));
      expect(getComputedStyle(part.querySelector('p')!).fontSize).to.equal('12px');
      await expect(inJersey).to.be.accessible();

      const elsewhere = await board(`key=${setup.keys.lined}`);
      const slot = shadow(elsewhere).querySelector<HTMLSlotElement>('[part="gambling"] slot[name="gambling"]')!;
      expect(text(slot.assignedElements()[0])).to.contain('1-800-GAMBLER', 'a reader of no known region reads the page’s line');
    });

    it('shows the publisher’s responsible-gambling line in its slot', async () => {
      const element = await board();
      const slot = shadow(element).querySelector<HTMLSlotElement>('slot[name="gambling"]')!;
      expect(text(slot.assignedElements()[0])).to.contain('1-800-GAMBLER');
      expect(slot.assignedElements()[0]!.getBoundingClientRect().bottom).to.be.at.most(element.getBoundingClientRect().bottom + 0.5);
    });
  });

  describe('<betting-splits>', () => {
    it('shows bets and money per side, marking the sides the relay marked, and states the rule', async () => {
      const element = await settled(
        await fixture<BettingSplits>(html`<betting-splits league="nba" key=${setup.keys.test} relay=${setup.relay}></betting-splits>`),
      );
      const data = await relayAnswer<BettingSplitsPayload>(setup, '/v1/betting-splits?league=nba');
      expect(text(shadow(element).querySelector('.subtitle'))).to.equal('Marked: money at least 10 points above bets');
      const markedInData = data.games.flatMap((entry) =>
        [entry.splits.spread?.marked, entry.splits.moneyline?.marked, entry.splits.total?.marked].filter(Boolean),
      );
      expect(shadow(element).querySelectorAll('[part="marked"]').length).to.equal(markedInData.length);
      expect(markedInData.length).to.be.greaterThan(0);
      const first = data.games.find((entry) => entry.splits.spread)!;
      const table = shadow(element).querySelector(`table[data-game="${first.game.id}"]`)!;
      const awayRow = table.querySelector('tbody tr:not(.market)')!;
      expect(text(awayRow.querySelectorAll('td')[0])).to.equal(`${first.splits.spread!.away.bets}%`);
      expect(text(awayRow.querySelectorAll('td')[1])).to.equal(`${first.splits.spread!.away.money}%`);
    });

    it('narrows to one game with game-id', async () => {
      const element = await settled(
        await fixture<BettingSplits>(
          html`<betting-splits league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></betting-splits>`,
        ),
      );
      expect([...shadow(element).querySelectorAll('table')].map((table) => table.getAttribute('data-game'))).to.deep.equal([liveGame.id]);
    });
  });

  describe('<line-movement>', () => {
    async function movement(): Promise<LineMovement> {
      return settled(
        await fixture<LineMovement>(
          html`<line-movement league="nba" game-id=${liveGame.id} key=${setup.keys.test} relay=${setup.relay}></line-movement>`,
        ),
      );
    }

    it('names the opening and current spread, and marks each move against the public on the chart', async () => {
      const element = await movement();
      const data = await relayAnswer<LineMovementPayload>(setup, `/v1/line-movement?league=nba&gameId=${liveGame.id}`);
      const spreads = data.points.filter((point) => point.spread !== null);
      const numbers = text(shadow(element).querySelector('.numbers')).replace(/\u2212/g, '-');
      const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
      expect(numbers).to.equal(
        `Opened ${data.home.abbreviation} ${signed(spreads[0]!.spread!)} Now ${data.home.abbreviation} ${signed(spreads.at(-1)!.spread!)}`,
      );
      const against = data.moves.filter((move) => move.market === 'spread' && move.againstPublic);
      expect(shadow(element).querySelectorAll('.chart .mark').length).to.equal(against.length);
      expect(shadow(element).querySelector('svg[part="splits"] .money')!.getAttribute('d')).to.match(/^M/);
    });

    it('switches market with the arrow keys', async () => {
      const element = await movement();
      const tabs = () => [...shadow(element).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
      tabs()[0]!.focus();
      await sendKeys({ press: 'ArrowRight' });
      await element.updateComplete;
      expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
      expect(text(shadow(element).querySelector('.numbers'))).to.match(/^Opened O \d/);
    });
  });

  describe('bet-state on the score elements', () => {
    it('says who covers the closing spread and the pace against the total, in a box reserved for it', async () => {
      const strip = await settled(
        await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
          html`<score-strip league="nba" bet-state key=${setup.keys.test} relay=${setup.relay}></score-strip>`,
        ),
      );
      // Its words come in a chunk of their own, fetched once the first element with bet-state has data.
      await until(() => shadow(strip).querySelector('[part="bet-state"]') !== null);
      expect(strip.getBoundingClientRect().height).to.equal(reservedHeightOf('score-strip', 'nba', '', true));
      expect(reservedHeightOf('score-strip', 'nba', '', true)).to.equal(168);
      const scores = await relayAnswer<ScoresPayload>(setup, '/v1/scores?league=nba&betState=1');
      const game = scores.games.find((candidate) => candidate.id === liveGame.id)!;
      const { spread } = game.betState!;
      const team = spread!.covering === 'away' ? game.away.team.abbreviation : game.home.team.abbreviation;
      const card = [...shadow(strip).querySelectorAll('.card')].find((candidate) =>
        candidate.textContent!.includes(game.home.team.abbreviation),
      )!;
      const said = text(card.querySelector('[part="bet-state"]')).replace(/\u2212/g, '-');
      expect(said).to.match(new RegExp(`^${team} covering [+-]?[\\d.]+`));
      if (game.betState!.total!.pace !== null) expect(said).to.contain(`Pace ${game.betState!.total!.pace} · total`);
      for (const other of shadow(strip).querySelectorAll('.card[data-status="scheduled"]'))
        expect(other.querySelector('[part="bet-state"]')).to.equal(null);

      const plain = await settled(
        await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
          html`<score-strip league="nba" key=${setup.keys.test} relay=${setup.relay}></score-strip>`,
        ),
      );
      expect(shadow(plain).querySelector('[part="bet-state"]')).to.equal(null);
      expect(plain.getBoundingClientRect().height).to.equal(136);
    });

    it('shows the same state in the game header and the ticker', async () => {
      const header = await settled(
        await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
          html`<game-header league="nba" game-id=${liveGame.id} bet-state key=${setup.keys.test} relay=${setup.relay}></game-header>`,
        ),
      );
      expect(header.getBoundingClientRect().height).to.equal(384);
      const ticker = await settled(
        await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
          html`<score-ticker leagues="nba" bet-state key=${setup.keys.test} relay=${setup.relay}></score-ticker>`,
        ),
      );
      await until(() => shadow(header).querySelector('[part="bet-state"]') !== null);
      await until(() => shadow(ticker).querySelector('[part="bet-state"]') !== null);
      const inHeader = [...shadow(header).querySelectorAll('[part="bet-state"] span')].map((line) => text(line));
      const inTicker = text(shadow(ticker).querySelector(`[data-game="${liveGame.id}"] [part="bet-state"]`));
      expect(inHeader.length).to.be.greaterThan(0);
      expect(inTicker).to.equal(inHeader.join(' · '));
      await expect(header).to.be.accessible();
    });
  });
});
