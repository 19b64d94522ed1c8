// Embeds outlive their games: a final game the relay served is answered for ever from the store (SQLite or Redis),
// across restarts and with the relay's and the sandbox's clocks 10, 40 and 400 days on, costing no upstream unit; a
// page can pin season data to a day (`as-of`); a game never served is found once by its day, then kept.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { gameDetailPayloadSchema, scoresPayloadSchema } from '../../../../src/contract/scores.js';
import { winProbabilityPayloadSchema } from '../../../../src/contract/insights.js';
import { standingsPayloadSchema } from '../../../../src/contract/season.js';
import { widgetGet, testRelay } from '../../../helpers/relay.js';
import { runningClock } from '../../../helpers/clock.js';
import { getJson, MIDDAY } from '../../../helpers/sandbox.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { until } from '../../../helpers/wait.js';

const DAY_MS = 86_400_000;
const ORIGIN = { origin: 'https://news.example.com' };
const SERVED_DAY = MIDDAY.slice(0, 10);
const dayBefore = (days: number) => new Date(Date.parse(MIDDAY) - days * DAY_MS).toISOString().slice(0, 10);

/** Units the relay's sandbox account has spent so far, as the upstream itself counts them (its /me, which costs none). */
async function unitsSpent(relay: RunningRelay): Promise<number> {
  const me = await getJson(relay.sandbox, '/me');
  return me.body.usage.used as number;
}

/** A relay at `days` after MIDDAY on the given store, its sandbox's clock moved as far: nothing samples on its own. */
function relayAt(days: number, store: { db?: string; redis?: string }): Promise<RunningRelay> {
  const at = Date.parse(MIDDAY) + days * DAY_MS;
  return testRelay({ ...store, now: runningClock(at), sandbox: { now: at }, recorder: { everyMs: 0 } });
}

/** What must not change between two answers of one kept payload. */
const withoutRefresh = ({ refreshMs: _refresh, ...payload }: Record<string, unknown>) => payload;

function keptAnswersOn(storeName: string, storeOf: () => { db?: string; redis?: string }, prepare: () => Promise<void>) {
  describe(`answers kept in ${storeName}`, () => {
    let key: string;
    let game: string;
    let olderGame: string;
    const first: Record<string, Record<string, unknown>> = {};

    before(async () => {
      await prepare();
      const relay = await relayAt(0, storeOf());
      try {
        key = (await createKey(relay.store, { plan: 'pro', domains: ['news.example.com'], name: 'Newsroom', test: false }, relay.now()))
          .key;
        const yesterday = await widgetGet(relay, `/v1/scores?league=nba&date=${dayBefore(1)}&key=${key}`, ORIGIN);
        assert.equal(yesterday.status, 200);
        scoresPayloadSchema.parse(yesterday.body);
        game = yesterday.body.games.find((candidate: { status: string }) => candidate.status === 'final').id;
        const older = await widgetGet(relay, `/v1/scores?league=nba&date=${dayBefore(2)}&key=${key}`, ORIGIN);
        olderGame = older.body.games.find((candidate: { status: string }) => candidate.status === 'final').id;
        for (const path of [`/v1/games/${game}?league=nba`, `/v1/win-probability?league=nba&gameId=${game}`, '/v1/standings?league=nba']) {
          const answer = await widgetGet(relay, `${path}&key=${key}`, ORIGIN);
          assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.body)}`);
          first[path] = answer.body;
        }
        assert.equal(
          first[`/v1/games/${game}?league=nba`]!.game && (first[`/v1/games/${game}?league=nba`]!.game as { status: string }).status,
          'final',
        );
        // The day's snapshot is written after the answer has left.
        await until(
          async () => (await relay.store.keptPayload(`live:/v1/standings?league=nba@${SERVED_DAY}`)) !== undefined,
          'the snapshot kept',
        );
      } finally {
        await relay.close();
      }
    });

    for (const days of [10, 40, 400]) {
      it(`answers the game, its curve and the pinned standings ${days} days on, after a restart, with no upstream unit`, async () => {
        const relay = await relayAt(days, storeOf());
        try {
          const spent = await unitsSpent(relay);
          const header = await widgetGet(relay, `/v1/games/${game}?league=nba&key=${key}`, ORIGIN);
          assert.equal(header.status, 200, JSON.stringify(header.body));
          gameDetailPayloadSchema.parse(header.body);
          assert.deepEqual(withoutRefresh(header.body), withoutRefresh(first[`/v1/games/${game}?league=nba`]!));

          const curve = await widgetGet(relay, `/v1/win-probability?league=nba&gameId=${game}&key=${key}`, ORIGIN);
          assert.equal(curve.status, 200);
          winProbabilityPayloadSchema.parse(curve.body);
          assert.deepEqual(curve.body.history, first[`/v1/win-probability?league=nba&gameId=${game}`]!.history);

          const pinned = await widgetGet(relay, `/v1/standings?league=nba&as-of=${SERVED_DAY}&key=${key}`, ORIGIN);
          assert.equal(pinned.status, 200, JSON.stringify(pinned.body));
          standingsPayloadSchema.parse(pinned.body);
          assert.equal(pinned.body.asOf, SERVED_DAY);
          assert.deepEqual(pinned.body.rows, first['/v1/standings?league=nba']!.rows);

          assert.equal(await unitsSpent(relay), spent, 'kept answers cost the upstream nothing');
        } finally {
          await relay.close();
        }
      });
    }

    it('counts a pinned answer as a load, answers 304 to its ETag without counting, and compresses it', async () => {
      const relay = await relayAt(40, storeOf());
      try {
        const path = `/v1/standings?league=nba&as-of=${SERVED_DAY}&key=${key}`;
        const one = await fetch(`${relay.origin}${path}`, { headers: { ...ORIGIN, 'accept-encoding': 'br' } });
        assert.equal(one.status, 200);
        assert.equal(one.headers.get('content-encoding'), 'br');
        await one.arrayBuffer();
        const left = Number(one.headers.get('x-pressbox-loads-remaining'));
        const two = await fetch(`${relay.origin}${path}`, { headers: ORIGIN });
        await two.arrayBuffer();
        assert.equal(Number(two.headers.get('x-pressbox-loads-remaining')), left - 1, 'each delivery is a load');
        const again = await fetch(`${relay.origin}${path}`, { headers: { ...ORIGIN, 'if-none-match': two.headers.get('etag')! } });
        assert.equal(again.status, 304);
        const three = await fetch(`${relay.origin}${path}`, { headers: ORIGIN });
        await three.arrayBuffer();
        assert.equal(Number(three.headers.get('x-pressbox-loads-remaining')), left - 2, 'a 304 is not a load');
      } finally {
        await relay.close();
      }
    });

    it('says in words that a day nobody asked for was not kept, and refuses a day to come', async () => {
      const relay = await relayAt(10, storeOf());
      try {
        const missing = await widgetGet(relay, `/v1/standings?league=nba&as-of=${dayBefore(3)}&key=${key}`, ORIGIN);
        assert.equal(missing.status, 404);
        assert.equal(missing.body.error.code, 'not_found');
        assert.match(missing.body.error.message, new RegExp(`No standings was kept for ${dayBefore(3)}`));
        const future = await widgetGet(relay, `/v1/standings?league=nba&as-of=2099-01-01&key=${key}`, ORIGIN);
        assert.equal(future.status, 400);
        assert.match(future.body.error.message, /as-of: 2099-01-01 has not happened yet/);
      } finally {
        await relay.close();
      }
    });

    it('finds a game it never served by the day the embed gives, once, then keeps it', async () => {
      const relay = await relayAt(10, storeOf());
      try {
        const undated = await widgetGet(relay, `/v1/games/${olderGame}?league=nba&key=${key}`, ORIGIN);
        assert.equal(undated.status, 404);
        assert.match(undated.body.error.message, /date=YYYY-MM-DD/);
        const wrongDay = await widgetGet(relay, `/v1/games/${olderGame}?league=nba&date=${dayBefore(9)}&key=${key}`, ORIGIN);
        assert.equal(wrongDay.status, 404);
        const spent = await unitsSpent(relay);
        const dated = await widgetGet(relay, `/v1/games/${olderGame}?league=nba&date=${dayBefore(2)}&key=${key}`, ORIGIN);
        assert.equal(dated.status, 200, JSON.stringify(dated.body));
        assert.equal(dated.body.game.status, 'final');
        assert.ok((await unitsSpent(relay)) > spent, 'found upstream');
      } finally {
        await relay.close();
      }
      const later = await relayAt(400, storeOf());
      try {
        const spent = await unitsSpent(later);
        const kept = await widgetGet(later, `/v1/games/${olderGame}?league=nba&key=${key}`, ORIGIN);
        assert.equal(kept.status, 200, 'kept: found without its day now');
        assert.equal(await unitsSpent(later), spent);
      } finally {
        await later.close();
      }
    });

    // Last: it drops what the others read.
    it('drops kept answers past --keep-games, and only those', async () => {
      const relay = await testRelay({
        ...storeOf(),
        now: runningClock(Date.parse(MIDDAY) + 400 * DAY_MS),
        sandbox: { now: Date.parse(MIDDAY) + 400 * DAY_MS },
        recorder: { everyMs: 0 },
        archive: { keepMs: 395 * DAY_MS },
      });
      try {
        // Kept 400 days ago: past 395 days, so gone (found again only with its day); the one kept 10 days on stays.
        await until(
          async () => (await widgetGet(relay, `/v1/games/${game}?league=nba&key=${key}`, ORIGIN)).status === 404,
          'the game kept 400 days ago dropped',
        );
        const pinned = await widgetGet(relay, `/v1/standings?league=nba&as-of=${SERVED_DAY}&key=${key}`, ORIGIN);
        assert.equal(pinned.status, 404);
        const later = await widgetGet(relay, `/v1/games/${olderGame}?league=nba&key=${key}`, ORIGIN);
        assert.equal(later.status, 200, 'kept 10 days after the first: within the 395 days');
      } finally {
        await relay.close();
      }
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'pressbox-kept-'));
after(() => rmSync(dir, { recursive: true, force: true }));
keptAnswersOn(
  'SQLite',
  () => ({ db: join(dir, 'relay.db') }),
  async () => {},
);

/** A database of its own: other files flush the tests' database while their own tests run. */
const redisUrl = Object.assign(new URL(testRedisUrl()), { pathname: '/13' }).toString();
keptAnswersOn(
  'Redis',
  () => ({ redis: redisUrl }),
  async () => {
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
  },
);
