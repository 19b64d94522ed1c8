/// <reference types="mocha" />
// The betting elements as a reader sees them on the season calendar (relay-plugin.ts: SEASON_EVENING, playoff nights
// and the NFL's off-season; RAINOUT_EVENING, an MLB rainout), at a sidebar's, a phone's and a desktop's width: nothing
// scrolls sideways or is cut, headers sit level, an off-season league says when its lines return in a box that does
// not move, and a rained-out game's line movement says why its line is off.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import { reservedHeightOf, type ElementTag } from '../../../src/contract/elements.js';
import type { ScoresPayload } from '../../../src/contract/scores.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { settled, shadow, testSetup } from '../helpers.js';

type Shown = HTMLElement & { updateComplete: Promise<boolean> };

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * Whether a box's text runs past its edges (cut, or hidden behind an ellipsis); by more than the pixel an engine's
 * rounding of fractional line heights gives (Firefox: three 14.4 px lines fill 44 px of scroll height in a 43 px box).
 */
function cut(box: Element): string | undefined {
  return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1
    ? `"${text(box)}": ${box.scrollWidth}×${box.scrollHeight} px of text in ${box.clientWidth}×${box.clientHeight}`
    : undefined;
}

/** Where a header's words start, down the page: its first text, whether in a sort button or not. */
function textTop(cell: Element): number {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  let node: Node | null;
  while ((node = walker.nextNode()) && !node.textContent!.trim());
  const range = document.createRange();
  range.selectNodeContents(node!);
  return range.getBoundingClientRect().top;
}

describe('betting elements through the season, as a reader sees them', () => {
  let setup: BrowserTestSetup;
  let nbaGame: string;
  before(async function () {
    // The relay's first answers search the schedule ahead (an off-season's return day) and read each route's lines:
    // asked once here, so that no element waits on them within a test's patience on a busy machine.
    this.timeout(120_000);
    setup = await testSetup();
    const get = async (path: string) =>
      (await fetch(`${setup.seasonRelay}${path}&key=${setup.seasonRelayKey}`)).json() as Promise<ScoresPayload>;
    nbaGame = (await get('/v1/scores?league=nba')).games[0]!.id;
    await Promise.all(
      ['/v1/odds?league=nfl', '/v1/betting-splits?league=nfl', '/v1/odds?league=nba', '/v1/betting-splits?league=nba'].map(get),
    );
    await get(`/v1/line-movement?league=nba&gameId=${nbaGame}`);
  });

  /** The element in a column `width` px wide, on the season relay unless another is named. */
  async function shown(tag: ElementTag, attributes: Record<string, string>, width: number, relay?: [string, string]): Promise<Shown> {
    const [origin, key] = relay ?? [setup.seasonRelay, setup.seasonRelayKey];
    const column = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
    const element = document.createElement(tag) as Shown;
    for (const [name, value] of Object.entries({ ...attributes, 'time-zone': 'America/New_York', key, relay: origin }))
      element.setAttribute(name, value);
    column.append(element);
    return settled(element);
  }

  describe('<betting-splits> on a playoff night', () => {
    for (const [width, locale] of [
      [280, 'en'],
      [375, 'ar'],
      [280, 'de'],
    ] as const) {
      it(`shows the rule and every matchup whole at ${width} px (${locale})`, async () => {
        const splits = await shown('betting-splits', { league: 'nba', locale }, width);
        const boxes = [shadow(splits).querySelector('.subtitle')!, ...shadow(splits).querySelectorAll('.matchup')];
        expect(boxes.length).to.be.greaterThan(1);
        expect(boxes.map(cut).filter(Boolean)).to.deep.equal([]);
        if (locale === 'en') expect(text(boxes[0])).to.equal('Marked: money at least 10 points above bets');
      });
    }
  });

  describe('<line-movement> at 280 px', () => {
    for (const locale of ['en', 'de', 'ar']) {
      it(`shows the matchup and the moves against the public whole (${locale})`, async () => {
        const movement = await shown('line-movement', { league: 'nba', 'game-id': nbaGame, locale }, 280);
        const boxes = [shadow(movement).querySelector('.subtitle')!, shadow(movement).querySelector('.against')!];
        expect(boxes.map(cut).filter(Boolean)).to.deep.equal([]);
        // The note ends above the gambling slot, inside the box.
        expect(boxes[1]!.getBoundingClientRect().bottom).to.be.at.most(movement.getBoundingClientRect().bottom);
      });
    }
  });

  describe('an off-season league', () => {
    // The 2027 NFL season opens on Thursday 9 September.
    const said = {
      en: 'Off-season, so no lines. Back Thu, Sep 9.',
      de: 'Saisonpause, daher keine Linien. Zurück am Do., 9. Sept.',
      ar: 'خارج الموسم، لذا لا خطوط. العودة الخميس، 9 سبتمبر.',
    };
    for (const tag of ['odds-board', 'betting-splits'] as const) {
      for (const [locale, sentence] of Object.entries(said)) {
        it(`<${tag}> says there are no lines and when the league is back, with nothing to pause, in the box reserved (${locale})`, async () => {
          const element = await shown(tag, { league: 'nfl', locale }, locale === 'en' ? 375 : 280);
          expect(text(shadow(element).querySelector('[part="message"]'))).to.equal(sentence);
          expect(shadow(element).querySelector('[part="pause"]')).to.equal(null);
          // The box the page reserved before the data came is the box shown: nothing below it moved.
          expect(element.getBoundingClientRect().height).to.equal(reservedHeightOf(tag, 'nfl'));
        });
      }
    }
  });

  describe('a rained-out game', () => {
    it('<line-movement> says it is postponed, has no pause button, and names its unmoved line once, drawn across the plot', async () => {
      const slate = (await (await fetch(`${setup.rainoutRelay}/v1/scores?league=mlb&key=${setup.rainoutRelayKey}`)).json()) as ScoresPayload;
      const rainout = slate.games.find((game) => game.interruption === 'postponed')!;
      expect(rainout, 'a game rained out on the evening').to.not.equal(undefined);
      const movement = await shown('line-movement', { league: 'mlb', 'game-id': rainout.id }, 280, [setup.rainoutRelay, setup.rainoutRelayKey]);
      expect(text(shadow(movement).querySelector('[part="off"]'))).to.equal('Postponed: no line until the game is rescheduled.');
      expect(text(shadow(movement).querySelector('.numbers'))).to.match(/^Opened \w+ .+ Last \w+ /);
      expect(shadow(movement).querySelector('[part="pause"]')).to.equal(null);
      // No number or time is named twice on an axis: a line that never moved is named once, level with it.
      const labels = (selector: string) => [...shadow(movement).querySelectorAll(`${selector} > span:not(.legend)`)].map((label) => text(label));
      for (const axis of ['.plot:not(.splits) .y-axis', '.x-axis']) expect(new Set(labels(axis)).size, axis).to.equal(labels(axis).length);
      expect(shadow(movement).querySelector('svg[part="chart"] .line')!.getAttribute('d')).to.match(/^M[\d.]+,[\d.]+.*H100$/);
      expect(cut(shadow(movement).querySelector('[part="off"]')!)).to.equal(undefined);
    });
  });

  describe('<odds-board> on a playoff night', () => {
    for (const width of [280, 375]) {
      for (const locale of ['en', 'de', 'ar']) {
        it(`fits a ${width} px column without scrolling sideways (${locale})`, async () => {
          const board = await shown('odds-board', { league: 'nba', locale }, width);
          const area = shadow(board).querySelector('.scroll-area')!;
          expect(shadow(board).querySelectorAll('tbody tr').length).to.be.greaterThan(0);
          expect(area.scrollWidth, 'the board’s width').to.be.at.most(area.clientWidth);
        });
      }
    }

    for (const width of [280, 1280]) {
      it(`sets every column header level with the sortable ones at ${width} px`, async () => {
        const board = await shown('odds-board', { league: 'nba' }, width);
        const headers = [...shadow(board).querySelectorAll('thead th')].filter((cell) => cell.getClientRects().length);
        expect(headers.map((cell) => text(cell))).to.include.members(['Spread', 'Total', 'Moneyline']);
        const tops = headers.map(textTop);
        expect(Math.max(...tops) - Math.min(...tops), `${headers.map((cell, index) => `${text(cell)}@${tops[index]}`)}`).to.be.at.most(1);
      });
    }
  });
});
