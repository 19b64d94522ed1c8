import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox, getJson } from '../../helpers/sandbox.js';

const STEP_MS = 30_000;
const CLOCK_SEGMENTS = new Set(['play', 'end', 'halftime', 'intermission', 'shootout']);
const BASEBALL_SEGMENTS = new Set(['top', 'bottom', 'middle', 'end']);
const REGULATION_PERIODS: Record<string, number> = { nba: 4, wnba: 4, ncaab: 2, nfl: 4, cfb: 4, nhl: 3, mlb: 9 };
const ORDER = { scheduled: 0, live: 1, final: 2 } as const;

describe('the game clock runs every sport from scheduled to live to final', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await frozenSandbox(MIDDAY);
  });
  after(() => sandbox.close());

  for (const sport of Object.keys(REGULATION_PERIODS)) {
    it(`${sport}: status, isLive, isFinal and state agree at every step of a whole game`, async () => {
      sandbox.clock.set(Date.parse(MIDDAY));
      const slate = (await getJson(sandbox, `/live-games?sport=${sport}&status=scheduled`)).body;
      const first = slate.games[0];
      const start = Date.parse(first.startTime);
      sandbox.clock.set(start - 5 * 60_000);

      let previous: any;
      const periods = new Set<number>();
      const segments = new Set<string>();
      const outs = new Set<number>();
      const moneylines = new Set<string>();
      let steps = 0;
      for (; steps < 2000; steps++) {
        const { body } = await getJson(sandbox, `/live-games?sport=${sport}&game_id=${first.gameId}`);
        assert.equal(body.count, 1, 'the game stays in the current slate');
        const game = body.games[0];
        assert.equal(game.isLive, game.status === 'live');
        assert.equal(game.isFinal, game.status === 'final');
        assert.equal(game.state === null, game.status !== 'live');
        if (game.status === 'scheduled') assert.deepEqual([game.homeTeam.score, game.awayTeam.score], [0, 0]);
        if (previous) {
          assert.ok(ORDER[game.status as keyof typeof ORDER] >= ORDER[previous.status as keyof typeof ORDER], 'status never goes back');
          assert.ok(game.homeTeam.score >= previous.homeTeam.score && game.awayTeam.score >= previous.awayTeam.score, 'scores never fall');
          if (game.state && previous.state) assert.ok(game.state.period >= previous.state.period, 'periods never go back');
        }
        if (game.state) {
          const { state } = game;
          periods.add(state.period);
          segments.add(state.segment);
          assert.ok(state.periodLabel.length > 0 && state.display.length > 0);
          assert.equal(state.segmentLabel.toLowerCase(), state.segment.toLowerCase());
          if (sport === 'mlb') {
            assert.ok(BASEBALL_SEGMENTS.has(state.segment), state.segment);
            assert.ok([0, 1, 2].includes(state.outs), `outs ${state.outs}`);
            outs.add(state.outs);
          } else {
            assert.ok(CLOCK_SEGMENTS.has(state.segment), state.segment);
            assert.equal(state.outs, undefined, 'outs only in baseball');
          }
          if (steps % 20 === 0 && sport !== 'ncaab') {
            const board = (await getJson(sandbox, `/lines?league=${sport}`)).body;
            const line = board.data.find(
              (record: any) => record.homeTeamName === game.homeTeam.name && record.awayTeamName === game.awayTeam.name,
            );
            assert.ok(line, 'a live game stays on the board');
            moneylines.add(`${line.lines.moneyline.home}/${line.lines.moneyline.away}`);
          }
        }
        previous = game;
        if (game.status === 'final') break;
        sandbox.clock.advance(STEP_MS);
      }
      assert.equal(previous.status, 'final', 'the game finished');
      if (sport !== 'nfl') assert.notEqual(previous.homeTeam.score, previous.awayTeam.score, 'no ties outside the NFL');
      for (let period = 1; period < REGULATION_PERIODS[sport]!; period++) assert.ok(periods.has(period), `period ${period} was seen`);
      if (sport === 'mlb') {
        assert.ok(segments.has('top') && segments.has('bottom') && segments.has('middle'));
        assert.deepEqual([...outs].sort(), [0, 1, 2]);
      } else {
        assert.ok(segments.has('play') && (segments.has('halftime') || segments.has('intermission')));
      }
      if (sport !== 'ncaab') assert.ok(moneylines.size > 1, 'the moneyline moved during the game');
    });
  }

  it('at any moment every league shows scheduled, live and final games', async () => {
    const from = Date.parse('2026-11-21T00:00:00Z');
    for (let at = from; at < from + 2 * 86_400_000; at += 53 * 60_000) {
      sandbox.clock.set(at);
      for (const sport of Object.keys(REGULATION_PERIODS)) {
        const { games } = (await getJson(sandbox, `/live-games?sport=${sport}`)).body;
        const statuses = new Set(games.map((game: { status: string }) => game.status));
        assert.deepEqual([...statuses].sort(), ['final', 'live', 'scheduled'], `${sport} at ${new Date(at).toISOString()}`);
      }
    }
  });

  it('recentdays adds the finals of the previous calendar days', async () => {
    sandbox.clock.set(Date.parse(MIDDAY));
    const today = (await getJson(sandbox, '/live-games?sport=nba&status=final')).body;
    const recent = (await getJson(sandbox, '/live-games?sport=nba&status=final&recentdays=2')).body;
    assert.ok(recent.count > today.count);
    const dates = new Set(recent.games.map((game: { startTime: string }) => game.startTime.slice(0, 10)));
    assert.ok(dates.has('2026-11-20') && dates.has('2026-11-21'));
  });
});
