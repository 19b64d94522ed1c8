/// <reference types="mocha" />
// What a reader sees of the season's harder states, on the season relay (relay-plugin.ts, SEASON_EVENING): a playoff
// game's series line in a narrow header and in Arabic, an old date's scores, a rained-out game, one team's injuries.
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../src/widgets/elements/game-header/game-header.js';
import '../../../src/widgets/elements/score-strip/score-strip.js';
import '../../../src/widgets/elements/pitching-matchup/pitching-matchup.js';
import '../../../src/widgets/elements/injury-report/injury-report.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, shadow, spokenText, testSetup, until } from '../helpers.js';

type Shown = HTMLElement & { updateComplete: Promise<boolean> };

/** A rained-out game of the sandbox's MLB calendar, a week before SEASON_EVENING: older than the feed's recent days. */
const RAINOUT = { date: '2027-04-19', team: 'San Diego Padres' };
/** Under an element's lowest content, what its padding and the rounding of its rows may leave (the state matrix's). */
const MAX_UNUSED_HEIGHT = 32;

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the season’s harder states, as a reader sees them', () => {
  let setup: BrowserTestSetup;
  let get: (path: string) => Promise<any>;
  before(async () => {
    setup = await testSetup();
    get = async (path) => (await fetch(`${setup.seasonRelay}${path}&key=${setup.seasonRelayKey}`)).json();
  });

  async function shown<E extends Shown>(template: ReturnType<typeof html>, width: number): Promise<E> {
    fixtureCleanup();
    const column = await fixture<HTMLDivElement>(html`<div style="width: ${width}px">${template}</div>`);
    const element = column.firstElementChild as E;
    await until(() => !hasState(element, 'loading'));
    await element.updateComplete;
    return element;
  }

  async function playoffGame(): Promise<{ id: string }> {
    const slate = await get('/v1/scores?league=nba');
    // A game still to come: its header has a pause button and a start time beside the series line.
    const game = slate.games.find((candidate: any) => candidate.status === 'scheduled' && candidate.series?.wins);
    expect(game, 'a playoff game still to come').to.exist;
    return game;
  }

  const header = (id: string, locale = 'en') =>
    html`<game-header league="nba" game-id=${id} locale=${locale} key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></game-header>`;

  for (const width of [280, 375, 1280]) {
    it(`keeps a playoff header’s series line clear of the start time and the pause button, inside its box, at ${width} px`, async () => {
      const game = await playoffGame();
      for (const locale of ['en', 'de', 'ar']) {
        const element = await shown(header(game.id, locale), width);
        const root = shadow(element);
        await until(() => !!root.querySelector('.series'));
        const box = element.getBoundingClientRect();
        const series = root.querySelector('.series')!.getBoundingClientRect();
        const status = root.querySelector('[part=status]')!.getBoundingClientRect();
        const pause = root.querySelector('[part=pause]')!.getBoundingClientRect();
        expect(overlap(series, status), `${locale}: series over the start time`).to.equal(false);
        expect(overlap(series, pause), `${locale}: series under the pause button`).to.equal(false);
        for (const node of root.querySelectorAll('article *')) {
          const rect = node.getBoundingClientRect();
          if (!rect.width || node.closest('.visually-hidden')) continue;
          expect(rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5, `${locale}: ${node.className} outside the box`).to.equal(true);
          expect(rect.bottom <= box.bottom + 0.5, `${locale}: ${node.className} below the box`).to.equal(true);
        }
        const line = root.querySelector<HTMLElement>('.series')!;
        expect(line.scrollWidth, `${locale}: series line cut`).to.be.at.most(line.clientWidth + 1);
      }
    });
  }

  it('says the series in the reader’s language: no English word in an Arabic or German series line', async () => {
    const game = await playoffGame();
    const english = /\b(first|round|game|leads|series|tied|wins)\b/i;
    const inEnglish = await shown(header(game.id), 375);
    await until(() => !!shadow(inEnglish).querySelector('.series'));
    expect(shadow(inEnglish).querySelector('.series')!.textContent).to.match(english);
    for (const locale of ['ar', 'de']) {
      const element = await shown(header(game.id, locale), 375);
      await until(() => !!shadow(element).querySelector('.series'));
      const text = shadow(element).querySelector('.series')!.textContent!.replace(/\s+/g, ' ');
      expect(text, locale).not.to.match(english);
      if (locale === 'ar') expect(text).to.match(/\p{Script=Arabic}/u);
    }
  });

  it('shows the final scores of a date older than three days', async () => {
    const strip = await shown<Shown>(
      html`<score-strip league="nba" date="2026-11-20" key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></score-strip>`,
      1280,
    );
    const cards = [...shadow(strip).querySelectorAll('.card')];
    expect(cards.length).to.be.greaterThan(0);
    for (const card of cards) {
      expect(card.querySelector('[part=status]')!.textContent).to.match(/^Final/);
      expect(card.querySelectorAll('.score').length, spokenText(card)).to.equal(2);
    }
  });

  it('says a rained-out game was postponed, on its date’s strip and in its pitching matchup', async () => {
    const strip = await shown<Shown>(
      html`<score-strip league="mlb" date=${RAINOUT.date} key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></score-strip>`,
      1280,
    );
    const postponed = [...shadow(strip).querySelectorAll('.card')].filter((card) => !card.querySelector('.score'));
    expect(postponed.map((card) => card.querySelector('[part=status]')!.textContent!.trim())).to.deep.equal(['Postponed']);
    expect(spokenText(postponed[0]!)).to.contain(RAINOUT.team);

    const day = await get(`/v1/scores?league=mlb&date=${RAINOUT.date}`);
    const game = day.games.find((candidate: any) => candidate.interruption === 'postponed');
    const matchup = await shown<Shown>(
      html`<pitching-matchup game-id=${game.id} date=${RAINOUT.date} key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></pitching-matchup>`,
      375,
    );
    await until(() => !!shadow(matchup).querySelector('[part=starter]'));
    const text = spokenText(shadow(matchup));
    expect(text).to.contain('Postponed');
    expect(text).not.to.match(/Probable|Not yet|chance of rain|Final/);
  });

  it('leaves no more than a small margin of one team’s injury box empty', async () => {
    const report = await get('/v1/injuries?league=nba');
    const team = report.teams.find((candidate: any) => candidate.players.length === 1).team.abbreviation;
    for (const width of [280, 375, 1280]) {
      const element = await shown<Shown>(
        html`<injury-report league="nba" team=${team} key=${setup.seasonRelayKey} relay=${setup.seasonRelay}></injury-report>`,
        width,
      );
      const lowest = Math.max(...[...shadow(element).querySelectorAll('details, tr, .title-row')].map((node) => node.getBoundingClientRect().bottom));
      const unused = element.getBoundingClientRect().bottom - lowest;
      expect(unused, `${width} px`).to.be.at.most(MAX_UNUSED_HEIGHT);
      expect(unused, `${width} px: nothing below the box`).to.be.at.least(0);
    }
  });
});
