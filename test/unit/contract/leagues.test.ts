// One league, one record: what a sport does differently is a fact of the league table (src/contract/leagues.ts), which
// the relay, the sandbox and the elements read; no other module tests a league's code or its sport.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  hasBettingMarkets,
  LEAGUE_ALIASES,
  LEAGUES,
  leagueRecord,
  leagueTitle,
  WIDGET_LEAGUES,
  widgetLeague,
  type League,
} from '../../../src/contract/leagues.js';
import { ELEMENT_DETAILS, servesLeague } from '../../../src/contract/elements.js';
import { LEAGUES as SANDBOX_LEAGUES } from '../../../src/sandbox/leagues.js';

/** Where a league's code or sport may be tested: the table itself, and the sandbox's simulations of each sport. */
const ALLOWED = [join('src', 'contract', 'leagues.ts'), join('src', 'sandbox', 'sim') + '/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const names = [...WIDGET_LEAGUES, ...Object.keys(LEAGUE_ALIASES), ...new Set(Object.values(LEAGUES).map((league) => league.sport))];
const name = `'(?:${names.join('|')})'`;
/** A comparison with a league's code (in any case) or a sport, a `case` of one, a list or set of codes asked, or an `isSoccer`. */
const LEAGUE_TESTS = [
  new RegExp(`[!=]==\\s*${name}`, 'i'),
  new RegExp(`${name}\\s*[!=]==`, 'i'),
  new RegExp(`\\bcase\\s+${name}\\s*:`, 'i'),
  new RegExp(`\\[\\s*${name}(?:\\s*,\\s*${name})*\\s*,?\\s*\\]\\s*\\.\\s*(?:includes|indexOf|some)\\(`, 'i'),
  new RegExp(`new Set(?:<[^>]*>)?\\(\\s*\\[\\s*${name}`, 'i'),
  new RegExp(`\\bis(?:${names.map((code) => code[0]!.toUpperCase() + code.slice(1)).join('|')})\\(`),
];

/** The lines of code (comments left out) that test a league or a sport by its name. */
function leagueTests(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter(({ line }) => LEAGUE_TESTS.some((pattern) => pattern.test(line.replace(/\s\/\/.*$/, ''))))
    .map(({ line, number }) => `${file}:${number}: ${line.trim()}`);
}

describe('one league, one record', () => {
  it('tests no league code or sport by name outside the league table and the sandbox simulations', () => {
    const found = sourceFiles('src')
      .filter((file) => !ALLOWED.some((allowed) => file === allowed || file.startsWith(allowed)))
      .flatMap(leagueTests);
    assert.deepEqual(found, [], `read a fact of the league's record (src/contract/leagues.ts) instead:\n${found.join('\n')}`);
  });

  it('finds the tests it forbids', () => {
    const lines = [
      "if (league === 'mlb') {",
      "const soccer = game.league.sport === 'soccer';",
      "if (league.code !== 'NBA') return;",
      "case 'hockey':",
      "return ['mls', 'mma'].includes(league);",
      "const KNOWN = new Set(['nfl', 'cfb']);",
      'return isSoccer(game.league);',
    ];
    for (const line of lines)
      assert.ok(
        LEAGUE_TESTS.some((pattern) => pattern.test(line)),
        line,
      );
    for (const line of ["if (league.progress === 'innings') {", "params: { league: 'mlb' }", "segment === 'halftime'"])
      assert.ok(!LEAGUE_TESTS.some((pattern) => pattern.test(line)), line);
  });
});

describe('the league table', () => {
  it('says football ends level with a draw, ranks its tables by points and writes the home side first', () => {
    const { mls } = LEAGUES;
    assert.equal(mls.endsLevel, 'draw');
    assert.equal(mls.standings, 'points');
    assert.equal(mls.homeFirst, true);
    assert.equal(mls.progress, 'minutes');
    assert.equal(hasBettingMarkets('mls'), false);
  });

  it('counts MLB in nine innings, with no clock', () => {
    assert.equal(LEAGUES.mlb.progress, 'innings');
    assert.equal(LEAGUES.mlb.regulationPeriods, 9);
    assert.equal((LEAGUES.mlb as League).periodMinutes, undefined);
    assert.equal(leagueRecord('MLB'), LEAGUES.mlb);
  });

  it('gives each clock sport its regulation time', () => {
    const minutes = (code: keyof typeof LEAGUES) => {
      const league: League = LEAGUES[code];
      return league.regulationPeriods * (league.periodMinutes ?? 0);
    };
    assert.deepEqual(
      {
        nfl: minutes('nfl'),
        nba: minutes('nba'),
        wnba: minutes('wnba'),
        nhl: minutes('nhl'),
        cfb: minutes('cfb'),
        ncaab: minutes('ncaab'),
      },
      { nfl: 60, nba: 48, wnba: 40, nhl: 60, cfb: 60, ncaab: 40 },
    );
    assert.equal(LEAGUES.ncaab.progress, 'halves');
    assert.equal(LEAGUES.nhl.progress, 'periods');
  });

  it('lets NFL games end in a tie and college football games not', () => {
    assert.equal(LEAGUES.nfl.endsLevel, 'tie');
    assert.equal((LEAGUES.cfb as League).endsLevel, undefined);
  });

  it('makes MMA bouts of rounds between fighters billed red corner first, without markets or tables', () => {
    assert.equal(LEAGUES.mma.progress, 'rounds');
    assert.equal(LEAGUES.mma.bouts, true);
    assert.equal(LEAGUES.mma.homeFirst, true);
    assert.equal(hasBettingMarkets('mma'), false);
    assert.equal(servesLeague('standings-table', 'mma'), false);
    assert.equal(servesLeague('fight-card', 'mma'), true);
  });

  it('offers odds only where it offers markets, and college basketball markets without odds', () => {
    for (const code of WIDGET_LEAGUES) {
      const league: League = LEAGUES[code];
      if (league.odds) assert.equal(league.markets, true, code);
      assert.equal(servesLeague('odds-board', code), league.odds === true, code);
      assert.equal(servesLeague('player-props', code), league.markets === true, code);
    }
    assert.equal(hasBettingMarkets('ncaab'), true);
    assert.equal(servesLeague('odds-board', 'ncaab'), false);
  });

  it('names menus from the record: the college leagues by their sport, football as soccer', () => {
    assert.deepEqual(Object.fromEntries(WIDGET_LEAGUES.map((code) => [code, leagueTitle(code)])), {
      nfl: 'NFL',
      nba: 'NBA',
      wnba: 'WNBA',
      mlb: 'MLB',
      nhl: 'NHL',
      mls: 'MLS (soccer)',
      mma: 'MMA',
      cfb: 'College football',
      ncaab: 'College basketball',
    });
  });

  it('reads a league in any case and by its aliases, and nothing else', () => {
    assert.equal(widgetLeague(' NBA '), 'nba');
    assert.equal(widgetLeague('ncaaf'), 'cfb');
    assert.equal(widgetLeague('CBB'), 'ncaab');
    for (const unknown of ['epl', 'constructor', 'toString', '__proto__', '']) assert.equal(widgetLeague(unknown), undefined, unknown);
  });

  it('is the record the sandbox plays each league by', () => {
    for (const code of WIDGET_LEAGUES) {
      const sandbox = SANDBOX_LEAGUES[code.toUpperCase() as keyof typeof SANDBOX_LEAGUES];
      for (const [fact, value] of Object.entries(LEAGUES[code]))
        assert.equal(sandbox[fact as keyof typeof sandbox], value, `${code}.${fact}`);
    }
  });

  it('serves every league on some element', () => {
    const served = new Set(Object.values(ELEMENT_DETAILS).flatMap((details) => details.leagues));
    assert.deepEqual(
      [...WIDGET_LEAGUES].filter((code) => !served.has(code)),
      [],
    );
  });
});
