import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Game } from '../../../../src/contract/scores.js';
import { betStateOf, playedShare, withBetStates } from '../../../../src/relay/resources/bet-state.js';
import { lineSeriesOf } from '../../../../src/relay/resources/line-movement.js';
import { always, callsTo, fakeContext } from '../fake-context.js';
import { fullName } from '../upstream-bodies.js';

const progress = (period: number, extra: Partial<NonNullable<Game['progress']>>): Game['progress'] => ({
  period,
  periodLabel: '',
  segment: '',
  display: '',
  ...extra,
});

function game(status: Game['status'], home: number, away: number, live?: Game['progress']): Game {
  const team = {
    id: 'x',
    abbreviation: 'X',
    name: 'X',
    shortName: 'X',
    primaryColor: null,
    secondaryColor: null,
    onPrimaryColor: '#000000' as const,
  };
  return {
    id: 'g',
    league: 'nba',
    startTime: null,
    status,
    statusText: '',
    home: { team, score: home },
    away: { team, score: away },
    progress: live ?? null,
  };
}

describe('a game against its closing line', () => {
  it('reads the share played from the period and the clock, or from outs in baseball', () => {
    assert.equal(playedShare('nba', progress(3, { clock: '6:00' })), (2 * 720 + 360) / 2880);
    assert.equal(playedShare('nhl', progress(1, { clock: '20:00' })), 0);
    assert.equal(playedShare('mlb', progress(5, { segment: 'top', outs: 1 })), (8 + 1 / 3) / 18);
    assert.equal(playedShare('mlb', progress(5, { segment: 'bottom', outs: 0 })), 9 / 18);
    assert.equal(playedShare('nba', progress(5, { clock: '3:00' })), 1, 'overtime: regulation is all played');
    assert.equal(playedShare('nfl', progress(2, {})), undefined, 'no clock, no share');
  });

  it('says who covers at the current score and projects the total once a tenth is played', () => {
    const half = game('live', 60, 50, progress(3, { clock: '12:00' }));
    assert.deepEqual(betStateOf(half, { spread: -4.5, total: 224.5 }, 'nba'), {
      spread: { line: -4.5, covering: 'home' },
      total: { line: 224.5, pace: 220, side: 'under' },
    });
    assert.equal(betStateOf(half, { spread: -10 }, 'nba')!.spread!.covering, 'push');
    assert.equal(betStateOf(half, { spread: -12 }, 'nba')!.spread!.covering, 'away');
    const early = game('live', 4, 2, progress(1, { clock: '10:00' }));
    assert.equal(betStateOf(early, { total: 224.5 }, 'nba')!.total!.pace, null, 'two minutes in: no projection');
  });

  it('settles a final game on its score, and says nothing before the start or without a line', () => {
    assert.deepEqual(betStateOf(game('final', 110, 115, null), { spread: 3.5, total: 224.5 }, 'nba'), {
      spread: { line: 3.5, covering: 'away' },
      total: { line: 224.5, pace: 225, side: 'over' },
    });
    assert.equal(betStateOf(game('scheduled', 0, 0), { spread: -3 }, 'nba'), undefined);
    assert.equal(betStateOf(game('live', 10, 8, progress(1, { clock: '1:00' })), {}, 'nba'), undefined);
  });
});

describe('each game against the line it closed at', () => {
  const START = '2026-11-22T17:00:00Z';
  const startMs = Date.parse(START);
  const teamNamed = (abbreviation: string) => ({ ...game('live', 0, 0).home.team, abbreviation, name: fullName('nba', abbreviation) });
  const finalGame = (id: string, away: number, home: number): Game => ({
    ...game('final', home, away, null),
    id,
    startTime: START,
    home: { team: teamNamed('BOS'), score: home },
    away: { team: teamNamed('NYK'), score: away },
  });
  const snapshot = (at: string, spread: number, total: number) => ({ at, lines: { spread: { home: spread, away: -spread }, total } });
  const history = always({
    data: [
      {
        gameId: 'h1',
        homeTeamName: fullName('nba', 'BOS'),
        awayTeamName: fullName('nba', 'NYK'),
        startTime: START,
        snapshots: [
          snapshot('2026-11-22T15:00:00Z', -3.5, 221),
          snapshot('2026-11-22T16:00:00Z', -4, 222.5),
          snapshot('2026-11-22T18:00:00Z', -9, 230),
        ],
      },
    ],
  });

  it('takes the last line the relay recorded by the start, and settles the final score against it', async () => {
    const ctx = fakeContext('2026-11-22T20:00:00Z', { splitsHistory: history });
    const series = (field: 'spread' | 'total') => lineSeriesOf(ctx.upstream.name, 'nba', 'g1', field);
    await ctx.history.recordPoint(series('spread'), { at: startMs - 60_000, value: -5.5 });
    await ctx.history.recordPoint(series('spread'), { at: startMs + 60_000, value: -12 });
    await ctx.history.recordPoint(series('total'), { at: startMs - 60_000, value: 219.5 });
    const [settled] = await withBetStates(ctx, 'nba', [finalGame('g1', 100, 110)]);
    assert.deepEqual(settled!.betState, {
      spread: { line: -5.5, covering: 'home' },
      total: { line: 219.5, pace: 210, side: 'under' },
    });
    assert.deepEqual(callsTo(ctx, 'splitsHistory'), [], 'both lines recorded: no upstream call');
  });

  it("falls back to the service's last snapshot before the start for a line the relay did not record", async () => {
    const ctx = fakeContext('2026-11-22T20:00:00Z', { splitsHistory: history });
    await ctx.history.recordPoint(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'spread'), { at: startMs - 60_000, value: -5.5 });
    const [settled] = await withBetStates(ctx, 'nba', [finalGame('g1', 100, 104)]);
    assert.deepEqual(settled!.betState, {
      spread: { line: -5.5, covering: 'away' },
      total: { line: 222.5, pace: 204, side: 'under' },
    });
    assert.deepEqual(callsTo(ctx, 'splitsHistory'), [['nba', '2026-11-22']]);
  });

  it('leaves games to come, games without a line and leagues without markets as they were', async () => {
    const ctx = fakeContext('2026-11-22T20:00:00Z', { splitsHistory: always({ data: [] }) });
    const upcoming = { ...finalGame('g2', 0, 0), status: 'scheduled' as const, home: { team: teamNamed('BOS'), score: null } };
    const [scheduled, unpriced] = await withBetStates(ctx, 'nba', [upcoming, finalGame('g3', 100, 104)]);
    assert.equal(scheduled, upcoming);
    assert.equal(unpriced!.betState, undefined);
    const soccer = fakeContext('2026-11-22T20:00:00Z', {});
    const [match] = await withBetStates(soccer, 'mls', [finalGame('m1', 1, 2)]);
    assert.equal(match!.betState, undefined);
    assert.deepEqual(soccer.calls, []);
  });
});
