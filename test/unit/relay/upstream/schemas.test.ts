import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveGamesSchema, linesSchema, injuriesSchema } from '../../../../src/relay/upstream/schemas.js';

const game = {
  gameId: 'g1',
  status: 'live',
  startTime: '2026-11-22T18:00:00Z',
  awayTeam: { id: 'bos', name: 'Boston Celtics', abbreviation: 'BOS', score: 50 },
  homeTeam: { id: 'lal', name: 'Los Angeles Lakers', abbreviation: 'LAL', score: 48 },
  state: { period: 3, display: 'Q3 4:12' },
};

describe('lenient upstream schemas', () => {
  it('keeps fields the spec does not list', () => {
    const parsed = liveGamesSchema.parse({ games: [{ ...game, broadcast: 'TNT' }], futureField: { a: 1 } });
    assert.equal((parsed.games[0] as Record<string, unknown>).broadcast, 'TNT');
    assert.deepEqual((parsed as Record<string, unknown>).futureField, { a: 1 });
  });

  it('accepts numeric identifiers and treats them as opaque strings', () => {
    const parsed = liveGamesSchema.parse({ games: [{ ...game, gameId: 401_234_567 }] });
    assert.equal(parsed.games[0]!.gameId, '401234567');
  });

  it('accepts timestamps with and without milliseconds, and a missing optional envelope', () => {
    const parsed = liveGamesSchema.parse({ games: [game, { ...game, gameId: 'g2', startTime: '2026-11-22T18:00:00.123Z' }] });
    assert.equal(parsed.games.length, 2);
    assert.equal(parsed.count, undefined);
  });

  it('drops one malformed record instead of failing the whole list', () => {
    const parsed = liveGamesSchema.parse({ games: [game, { gameId: 'broken', status: 'live' }, { ...game, status: 'postponed' }] });
    assert.deepEqual(
      parsed.games.map((g) => g.gameId),
      ['g1'],
    );
  });

  it('stays strict where the spec is clear', () => {
    assert.equal(liveGamesSchema.safeParse({ count: 1 }).success, false, 'games is required');
    assert.equal(liveGamesSchema.safeParse({ games: 'none' }).success, false);
    const line = { gameId: 'abc', homeTeamName: 'A', awayTeamName: 'B', lines: { moneyline: { home: '-110', away: 100 } } };
    assert.equal(linesSchema.parse({ data: [line] }).data.length, 0, 'a moneyline as text is not a price');
  });

  it('takes the fields "present in some responses" as optional', () => {
    const parsed = linesSchema.parse({
      data: [{ gameId: 'abc', startTime: '2026-11-22T18:00:00Z', homeTeamName: 'A', awayTeamName: 'B', lines: { total: 220.5 } }],
    });
    assert.equal(parsed.data[0]!.league, undefined);
    assert.equal(parsed.data[0]!.lines.total, 220.5);
  });

  it('reads other leagues’ injury items that carry fewer fields than the NFL table', () => {
    const parsed = injuriesSchema.parse({ data: [{ teamAbbr: 'BOS', players: [{ name: 'A Player', status: 'Out' }] }] });
    assert.equal(parsed.data[0]!.players[0]!.status, 'Out');
  });
});
