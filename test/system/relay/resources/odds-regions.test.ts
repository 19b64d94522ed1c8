// Issue 72: odds only where the reader may see them. A key lists the regions where its odds may show; the relay reads the
// reader's region from the header its trusted proxy sets (`--region-header`), never from anyone else, and a reader
// outside the list, or of unknown region, gets no betting number from any answer, live update or render.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createParser } from 'eventsource-parser';
import type * as contract from '../../../../src/contract/index.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { bettingValues } from '../../../helpers/betting-values.js';
import { openStream, updates } from '../../../helpers/live.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

const ORIGIN = { origin: 'https://example.com' };
const HEADER = 'CloudFront-Viewer-Country-Region';
/** Any 127.x.y.z is this machine: the relay trusts 127.0.0.1 as its proxy, and this address is a reader's. */
const UNTRUSTED = '127.0.0.2';
const REGION_REFUSAL = /not available where this reader is.*--odds-regions.*--region-header/;

let relay: RunningRelay;
let regional = '';
let everywhere = '';
/** A key that shows odds everywhere, with a responsible-gambling line for New Jersey, the US and Great Britain. */
let lined = '';
const LINES = {
  'US-NJ': '21+ only. Gambling problem? Call 1-800-GAMBLER.',
  US: '21+ only. Call 1-800-GAMBLER.',
  GB: '18+ BeGambleAware.org',
};
let liveGame = '';
let mlbGame = '';

/** A GET through the trusted proxy (fetch's socket is 127.0.0.1), with the region it names, if any. */
const viaProxy = (key: string, path: string, region?: string) =>
  widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`, { ...ORIGIN, ...(region && { [HEADER]: region }) });

/** A GET on a socket of its own from `UNTRUSTED`, with whatever region header its sender forges. */
function fromReader(key: string, path: string, region: string): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(relay.origin);
  const target = `${path}${path.includes('?') ? '&' : '?'}key=${key}`;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, path: target, localAddress: UNTRUSTED, agent: false, headers: { ...ORIGIN, [HEADER]: region } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The first `count` live updates of a stream opened from `UNTRUSTED` with a forged region. */
function streamFromReader(key: string, topics: string[], region: string, count: number): Promise<Array<{ topic: string; data: any }>> {
  const url = new URL(`${relay.origin}/v1/live`);
  url.searchParams.set('key', key);
  for (const topic of topics) url.searchParams.append('topic', topic);
  return new Promise((resolve, reject) => {
    const received: Array<{ topic: string; data: any }> = [];
    const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} updates arrived`)), 5_000);
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        localAddress: UNTRUSTED,
        agent: false,
        headers: { ...ORIGIN, accept: 'text/event-stream', [HEADER]: region },
      },
      (response) => {
        const parser = createParser({
          onEvent: (event) => {
            if (event.event !== 'update') return;
            received.push(JSON.parse(event.data) as { topic: string; data: unknown });
            if (received.length < count) return;
            clearTimeout(timer);
            outgoing.destroy();
            resolve(received);
          },
        });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => parser.feed(chunk));
      },
    );
    outgoing.on('error', (error) => received.length < count && reject(error));
    outgoing.end();
  });
}

/** The data a server-rendered element carries for its hydration. */
async function renderedData(key: string, tagAndQuery: string, region?: string): Promise<{ status: number; data: unknown; html: string }> {
  const response = await fetch(`${relay.origin}/v1/render/${tagAndQuery}&key=${key}`, {
    headers: { ...ORIGIN, ...(region && { [HEADER]: region }) },
  });
  const html = await response.text();
  const embedded = /<script type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  return { status: response.status, data: embedded ? (JSON.parse(embedded) as { data: unknown }).data : JSON.parse(html), html };
}

before(async () => {
  relay = await testRelay({ trustProxy: ['127.0.0.1'], regionHeader: HEADER.toLowerCase() });
  regional = await addKey(relay, ['example.com'], { oddsRegions: ['US-NJ', 'US-PA', 'GB'] });
  everywhere = await addKey(relay, ['example.com']);
  lined = await addKey(relay, ['example.com'], { gamblingLines: LINES });
  const nba = (await viaProxy(everywhere, '/v1/scores?league=nba')).body.games as contract.Game[];
  liveGame = nba.find((game) => game.status === 'live')!.id;
  const mlb = (await viaProxy(everywhere, '/v1/scores?league=mlb')).body.games as contract.Game[];
  mlbGame = mlb.find((game) => game.status === 'scheduled')!.id;
});
after(() => relay?.close());

/** Every betting-bearing request a page can make, and what a reader outside the key's regions must get of it. */
const paths = () => ({
  refused: [
    '/v1/odds?league=nba',
    '/v1/betting-splits?league=nba',
    `/v1/line-movement?league=nba&gameId=${liveGame}`,
    `/v1/props?league=nba&gameId=${liveGame}`,
  ],
  cut: [
    `/v1/games/${liveGame}?league=nba`,
    `/v1/games/${liveGame}?league=nba&betState=1`,
    '/v1/scores?league=nba&betState=1',
    `/v1/pitching-matchup?gameId=${mlbGame}`,
    `/v1/win-probability?league=nba&gameId=${liveGame}`,
  ],
});

describe('odds only where the reader may see them', () => {
  it('shows odds to a reader the trusted proxy places in a listed region, or in a subdivision of a listed country', async () => {
    for (const region of ['US-NJ', 'us-pa', 'GB', 'GB-SCT']) {
      const board = await viaProxy(regional, '/v1/odds?league=nba', region);
      assert.equal(board.status, 200, region);
      assert.notDeepEqual(bettingValues(board.body), [], `${region}: the board has its numbers`);
    }
    const game = await viaProxy(regional, `/v1/games/${liveGame}?league=nba&betState=1`, 'US-NJ');
    assert.ok(game.body.line, 'the game header’s line');
    assert.equal(game.body.oddsHidden, undefined);
  });

  it('gives a reader in another region no betting number anywhere, and says why', async () => {
    const { refused, cut } = paths();
    for (const region of ['US-NY', 'US', 'FR']) {
      for (const path of refused) {
        const { status, body } = await viaProxy(regional, path, region);
        assert.equal(status, 403, `${region} ${path}`);
        assert.equal(body.error.code, 'plan_required');
        assert.equal(body.error.oddsHidden, 'region');
        assert.match(body.error.message, REGION_REFUSAL);
      }
      for (const path of cut) {
        const { status, body } = await viaProxy(regional, path, region);
        assert.equal(status, 200, `${region} ${path}: ${JSON.stringify(body).slice(0, 200)}`);
        assert.deepEqual(bettingValues(body), [], `${region} ${path}`);
      }
    }
    let shownBetting = 0;
    for (const path of cut) shownBetting += bettingValues((await viaProxy(regional, path, 'US-NJ')).body).length;
    assert.ok(shownBetting > 0, 'the scan finds betting data in the same answers where odds may show');
    const game = (await viaProxy(regional, `/v1/games/${liveGame}?league=nba`, 'US-NY')).body as contract.GameDetailPayload;
    assert.deepEqual([game.line, game.splits, game.oddsHidden], [null, null, 'region']);
    assert.ok(game.game.home.score !== null, 'the score stays');
    const scores = (await viaProxy(regional, '/v1/scores?league=nba&betState=1', 'US-NY')).body as contract.ScoresPayload;
    assert.ok(scores.games.length > 0 && scores.games.every((each) => each.betState === undefined), 'scores without bet states');
  });

  it('keeps odds closed when the trusted proxy names no region, or writes something that is no region', async () => {
    for (const region of [undefined, 'New Jersey', 'US-NJ, GB']) {
      const { status, body } = await viaProxy(regional, '/v1/odds?league=nba', region);
      assert.deepEqual([status, body.error?.oddsHidden], [403, 'region'], String(region));
    }
  });

  it('ignores a region header forged by a reader the relay does not trust', async () => {
    const board = await fromReader(regional, '/v1/odds?league=nba', 'US-NJ');
    assert.deepEqual([board.status, board.body.error?.oddsHidden], [403, 'region']);
    const game = await fromReader(regional, `/v1/games/${liveGame}?league=nba&betState=1`, 'US-NJ');
    assert.equal(game.status, 200);
    assert.deepEqual(bettingValues(game.body), []);
    assert.equal(game.body.oddsHidden, 'region');
    const other = await fromReader(everywhere, '/v1/odds?league=nba', 'FR');
    assert.equal(other.status, 200, 'a key without regions shows odds to everyone, as before');
    assert.notDeepEqual(bettingValues(other.body), []);
  });

  it('never hands one reader the answer built for another, however close together they ask', async () => {
    const path = `/v1/games/${liveGame}?league=nba`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? viaProxy(regional, path, 'US-NJ')
          : i % 3 === 1
            ? viaProxy(regional, path, 'US-NY')
            : viaProxy(everywhere, path, 'US-NY'),
      ),
    );
    answers.forEach(({ body }, i) => {
      if (i % 3 === 1) assert.deepEqual([body.line, body.oddsHidden], [null, 'region'], `blocked ${i}`);
      else assert.ok(body.line && body.oddsHidden === undefined, `shown ${i}`);
    });
  });

  it('cuts every live update of a stream whose reader is outside the key’s regions, and refuses its betting topics', async () => {
    const topics = [`/v1/games/${liveGame}?league=nba&betState=1`, '/v1/scores?league=nba&betState=1'];
    const blocked = await openStream(relay, regional, topics, { headers: { [HEADER]: 'US-NY' } });
    const allowed = await openStream(relay, regional, topics, { headers: { [HEADER]: 'US-NJ' } });
    try {
      assert.deepEqual([blocked.status, allowed.status], [200, 200]);
      await Promise.all([blocked.waitFor(topics.length), allowed.waitFor(topics.length)]);
      for (const update of updates(blocked.events)) assert.deepEqual(bettingValues(update.data), [], update.topic);
      assert.equal(updates(blocked.events).find((update) => update.topic === topics[0])!.data.oddsHidden, 'region');
      assert.notDeepEqual(
        updates(allowed.events).flatMap((update) => bettingValues(update.data)),
        [],
        'the stream of a reader inside the regions has its numbers',
      );
    } finally {
      blocked.close();
      allowed.close();
      await Promise.all([blocked.ended, allowed.ended]);
    }
    const forged = await streamFromReader(regional, topics, 'US-NJ', topics.length);
    for (const update of forged) assert.deepEqual(bettingValues(update.data), [], `forged ${update.topic}`);

    const refused = await openStream(relay, regional, ['/v1/odds?league=nba'], { headers: { [HEADER]: 'US-NY' } });
    refused.close();
    await refused.ended;
    assert.equal(refused.status, 403, 'the odds board’s topic is refused before any work');
  });

  it('renders elements for a reader outside the key’s regions without betting data', async () => {
    const board = await renderedData(regional, 'odds-board?league=nba', 'US-NY');
    assert.equal(board.status, 403);
    assert.equal((board.data as contract.ErrorBody).error.oddsHidden, 'region');
    const shown = await renderedData(regional, `game-header?league=nba&game-id=${liveGame}`, 'US-NJ');
    assert.equal(shown.status, 200);
    assert.notDeepEqual(bettingValues(shown.data), [], 'rendered with the line where odds may show');
    const header = await renderedData(regional, `game-header?league=nba&game-id=${liveGame}`, 'US-NY');
    assert.equal(header.status, 200);
    assert.deepEqual(bettingValues(header.data), []);
    assert.equal((header.data as contract.GameDetailPayload).oddsHidden, 'region');
    assert.ok(!header.html.includes('part="line"'), 'no line drawn');
  });

  it('gives the betting answers and their live updates the line of the reader’s region, from the key, and none elsewhere', async () => {
    for (const [region, line] of [
      ['US-NJ', LINES['US-NJ']],
      ['US-PA', LINES.US],
      ['GB-SCT', LINES.GB],
      ['FR', undefined],
      [undefined, undefined],
    ] as const) {
      for (const path of ['/v1/odds?league=nba', '/v1/betting-splits?league=nba', `/v1/line-movement?league=nba&gameId=${liveGame}`]) {
        const { status, body } = await viaProxy(lined, path, region);
        assert.equal(status, 200, `${path} ${region}`);
        assert.equal(body.gamblingLine, line, `${path} for a reader in ${region ?? 'no known region'}`);
      }
    }
    assert.equal((await viaProxy(lined, '/v1/scores?league=nba', 'US-NJ')).body.gamblingLine, undefined, 'scores carry no line');
    assert.equal((await viaProxy(everywhere, '/v1/odds?league=nba', 'US-NJ')).body.gamblingLine, undefined, 'a key without lines');
    const forged = await fromReader(lined, '/v1/odds?league=nba', 'US-NJ');
    assert.equal(forged.body.gamblingLine, undefined, 'a region forged from an untrusted address is no region');

    const topics = ['/v1/odds?league=nba'];
    const inJersey = await openStream(relay, lined, topics, { headers: { [HEADER]: 'US-NJ' } });
    try {
      await inJersey.waitFor(1);
      assert.equal(updates(inJersey.events)[0]!.data.gamblingLine, LINES['US-NJ']);
    } finally {
      inJersey.close();
    }
  });
});
