// One clock: a relay whose sandbox starts at an instant (`--time`, as the CLI passes it: no clock of the relay's own)
// says "today", "next" and "back on" of that instant, takes the dates around it, records points in it, and follows the
// sandbox's control routes when they move its clock, back as well as forward.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import { RELAY_TIME_HEADER } from '../../../../src/contract/version.js';
import { silentLogger } from '../../../../src/relay/base/logger.js';
import { startRelay, type RunningRelay } from '../../../../src/relay/server.js';
import { conforms } from '../../../helpers/contract-checks.js';
import { addKey, widgetGet } from '../../../helpers/relay.js';

const DAY_MS = 86_400_000;
/** Longer than any basketball game, overtimes included. */
const GAME_SPAN_MS = 5 * 3_600_000;
/** The README's example: a Tuesday evening, 8 PM Eastern, two days before Thanksgiving. */
const THANKSGIVING_EVE = '2026-11-25T01:00:00Z';
/** A Wednesday evening in July: baseball's season, basketball's summer. */
const JULY_EVENING = '2027-07-21T23:30:00Z';

interface Bed {
  relay: RunningRelay;
  get(path: string): Promise<{ body: any; relayTime: number }>;
}

/** The relay `pressbox serve --time AT` starts: the embedded sandbox as upstream, its clock from AT at real pace. */
async function servedAt(at: string): Promise<Bed> {
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    journal: ':memory:',
    logger: silentLogger,
    sandbox: { now: Date.parse(at), calendar: 'season' },
  });
  const key = await addKey(relay, ['example.com']);
  return {
    relay,
    async get(path) {
      const answer = await widgetGet(relay, `${path}&key=${key}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return { body: answer.body, relayTime: Number(answer.headers.get(RELAY_TIME_HEADER)) };
    },
  };
}

/** Within the minute after `at`: the relay's clock runs from the instant the test pinned, at real pace. */
function nearly(ms: number, at: string | number, what: string): void {
  const pinned = typeof at === 'number' ? at : Date.parse(at);
  assert.ok(ms >= pinned && ms < pinned + 60_000, `${what}: ${new Date(ms).toISOString()}, not just after ${new Date(pinned).toISOString()}`);
}

async function setSandboxClock(relay: RunningRelay, now: string): Promise<void> {
  const answer = await fetch(`${relay.sandbox.origin}/_sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now }),
  });
  assert.equal(answer.status, 200);
}

describe('a relay whose sandbox starts on the evening before Thanksgiving', () => {
  let bed: Bed;
  before(async () => (bed = await servedAt(THANKSGIVING_EVE)));
  after(() => bed.relay.close());

  it("reads the sandbox's time, and tells it to the page with every answer", async () => {
    nearly(bed.relay.now(), THANKSGIVING_EVE, "the relay's clock");
    const { body, relayTime } = await bed.get('/v1/scores?league=nba');
    nearly(relayTime, THANKSGIVING_EVE, RELAY_TIME_HEADER);
    nearly(Date.parse(body.updatedAt), THANKSGIVING_EVE, 'updatedAt');
    assert.ok(
      body.games.some((game: { status: string }) => game.status === 'live'),
      'NBA games are live at 8 PM Eastern',
    );
  });

  it("names Thanksgiving's games as the NFL's next", async () => {
    const nfl = conforms(contract.scoresPayloadSchema, (await bed.get('/v1/scores?league=nfl')).body, 'nfl');
    assert.deepEqual(nfl.games, []);
    assert.equal(nfl.next?.[0]?.date, '2026-11-26');
    assert.equal(nfl.next?.[0]?.daysAhead, 1);
  });

  it("records a live game's lines and chances at the sandbox's time, within the game's span", async () => {
    const slate = (await bed.get('/v1/scores?league=nba')).body;
    const game = slate.games.find((candidate: { status: string }) => candidate.status === 'live');
    const start = Date.parse(game.startTime);
    const movement = conforms(
      contract.lineMovementPayloadSchema,
      (await bed.get(`/v1/line-movement?league=nba&gameId=${game.id}`)).body,
      'line-movement',
    );
    const chances = conforms(
      contract.winProbabilityPayloadSchema,
      (await bed.get(`/v1/win-probability?league=nba&gameId=${game.id}`)).body,
      'win-probability',
    );
    const times = [...movement.points, ...chances.history].map((point) => Date.parse(point.at));
    assert.ok(times.length > 0, 'points recorded');
    const last = Math.min(bed.relay.now(), start + GAME_SPAN_MS);
    for (const at of times)
      assert.ok(at > start - 7 * DAY_MS && at <= last, `a point at ${new Date(at).toISOString()}, outside the game's span`);
    assert.ok(chances.history.some((point) => Date.parse(point.at) >= start), 'the relay recorded the game in play');
  });

  it("follows the sandbox's clock when its controls move it, forward and back, with nothing kept from the other time", async () => {
    await bed.get('/v1/scores?league=nba');
    await setSandboxClock(bed.relay, JULY_EVENING);
    nearly(bed.relay.now(), JULY_EVENING, 'after the jump forward');
    const july = (await bed.get('/v1/scores?league=nba')).body;
    assert.deepEqual(july.games, [], 'no NBA in July');
    nearly(Date.parse(july.updatedAt), JULY_EVENING, 'updatedAt after the jump forward');

    await setSandboxClock(bed.relay, THANKSGIVING_EVE);
    nearly(bed.relay.now(), THANKSGIVING_EVE, 'after the jump back');
    const back = (await bed.get('/v1/scores?league=nba')).body;
    assert.ok(back.games.length > 0, 'the answer from July is not served in November');
    nearly(Date.parse(back.updatedAt), THANKSGIVING_EVE, 'updatedAt after the jump back');
  });
});

describe('a relay whose sandbox starts in May', () => {
  let bed: Bed;
  before(async () => (bed = await servedAt('2027-05-12T00:00:00Z')));
  after(() => bed.relay.close());

  it("takes yesterday's date, and refuses one over 400 days before the sandbox's day", async () => {
    const yesterday = (await bed.get('/v1/scores?league=mlb&date=2027-05-11')).body;
    assert.equal(yesterday.date, '2027-05-11');
    assert.ok(yesterday.games.length > 0);
    const key = await addKey(bed.relay, ['example.org']);
    const far = await widgetGet(bed.relay, `/v1/scores?league=mlb&date=2026-03-01&key=${key}`, { origin: 'https://example.org' });
    assert.equal(far.status, 400);
  });
});

describe('a relay whose sandbox starts in July', () => {
  let bed: Bed;
  before(async () => (bed = await servedAt(JULY_EVENING)));
  after(() => bed.relay.close());

  it('says the NBA is in its off-season and when it is back', async () => {
    const nba = conforms(contract.scoresPayloadSchema, (await bed.get('/v1/scores?league=nba')).body, 'nba');
    assert.deepEqual(nba.games, []);
    const next = nba.next?.[0];
    assert.ok(next && next.daysAhead > 7, JSON.stringify(nba.next));
    assert.match(next.date, /^2027-10-/);
  });

  it('plays baseball in the middle of its season', async () => {
    const mlb = conforms(contract.scoresPayloadSchema, (await bed.get('/v1/scores?league=mlb')).body, 'mlb');
    assert.ok(mlb.games.length > 0);
    assert.equal(mlb.next, undefined);
  });
});
