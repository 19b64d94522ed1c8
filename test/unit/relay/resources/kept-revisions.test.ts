// Embeds written for an older contract keep rendering: a payload kept under any earlier revision is brought up to
// today's before it is answered, so today's elements (which read today's contract) draw it whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gameDetailPayloadSchema } from '../../../../src/contract/scores.js';
import { winProbabilityPayloadSchema } from '../../../../src/contract/insights.js';
import { CONTRACT_REVISION } from '../../../../src/contract/version.js';
import { decodeKept, encodeKept } from '../../../../src/relay/resources/archive.js';
import { gzipSync } from 'node:zlib';

/** A team as revision 0 sent it: no `onPrimaryColor`. */
const team = (abbreviation: string, name: string, primaryColor: string | null) => ({
  id: abbreviation.toLowerCase(),
  abbreviation,
  name,
  shortName: name.split(' ').at(-1)!,
  primaryColor,
  secondaryColor: null,
});

/** A final game header as revision 0 kept it: no matchup colours, no contrast colour on the teams. */
const gameHeaderR0 = {
  game: {
    id: 'g_nba_20261120004',
    league: 'nba',
    startTime: '2026-11-21T00:30:00.000Z',
    status: 'final',
    statusText: 'Final',
    home: { team: team('BOS', 'Boston Celtics', '#007A33'), score: 112 },
    away: { team: team('NYK', 'New York Knicks', null), score: 104 },
    progress: null,
  },
  line: null,
  splits: null,
  updatedAt: '2026-11-21T03:05:00.000Z',
  stale: false,
  refreshMs: 300_000,
};

const winProbabilityR0 = {
  gameId: 'g_nba_20261120004',
  league: 'nba',
  status: 'final',
  home: team('BOS', 'Boston Celtics', '#007A33'),
  away: team('NYK', 'New York Knicks', '#F58426'),
  current: { home: 1, away: 0, source: 'result' },
  history: [
    { at: '2026-11-21T00:31:00.000Z', home: 0.61 },
    { at: '2026-11-21T01:40:00.000Z', home: 0.72 },
  ],
  recordedSince: null,
  updatedAt: '2026-11-21T03:05:00.000Z',
  stale: false,
  refreshMs: 300_000,
};

/** A body as a relay of `revision` kept it. */
const keptUnder = (revision: number, payload: object) => gzipSync(JSON.stringify({ revision, keptAt: 0, payload }));

describe('payloads kept under earlier contract revisions', () => {
  for (let revision = 0; revision <= CONTRACT_REVISION; revision++) {
    it(`reads a game header and a win-probability curve kept under revision ${revision} as today's contract`, () => {
      const header = decodeKept(keptUnder(revision, revision === 0 ? gameHeaderR0 : decodeKept(keptUnder(0, gameHeaderR0))!.payload))!;
      const parsed = gameDetailPayloadSchema.parse(header.payload);
      assert.equal(parsed.game.home.team.onPrimaryColor, '#ffffff', 'white on Celtics green');
      assert.equal(parsed.game.away.team.onPrimaryColor, '#ffffff', 'a team without colours reads on the neutral grey');
      assert.ok(parsed.colors && parsed.colors.home !== parsed.colors.away);
      assert.equal(parsed.game.home.score, 112);

      const curve = decodeKept(
        keptUnder(revision, revision === 0 ? winProbabilityR0 : decodeKept(keptUnder(0, winProbabilityR0))!.payload),
      )!;
      const points = winProbabilityPayloadSchema.parse(curve.payload);
      assert.deepEqual(points.history, winProbabilityR0.history, 'the whole curve');
      assert.ok(points.colors);
    });
  }

  it('keeps what it writes under today’s revision, and reads back the same payload', () => {
    const today = decodeKept(encodeKept(gameHeaderR0, 1))!;
    assert.equal(today.revision, CONTRACT_REVISION);
  });

  it('treats a body it cannot read as nothing kept (the request is built afresh), never as a failure', () => {
    assert.equal(decodeKept(Buffer.from('not gzip')), undefined);
    assert.equal(decodeKept(gzipSync('{"revision":"x"}')), undefined);
  });
});
