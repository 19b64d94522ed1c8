import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Game } from '../../../../src/contract/scores.js';
import { betStateOf, playedShare } from '../../../../src/relay/resources/bet-state.js';

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
