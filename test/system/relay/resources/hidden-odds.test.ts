// A key set to hide odds, walked through every data route, a live stream, kept answers and an embed's frame: no betting
// number reaches it anywhere (issue 68: the pitching matchup's strikeout prop line and weather lean once did).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import { DATA_ROUTE_PATHS } from '../../../../src/contract/routes.js';
import { matchRoute } from '../../../../src/relay/resources/routes.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { conforms } from '../../../helpers/contract-checks.js';
import { openStream, updates } from '../../../helpers/live.js';
import { bettingValues } from '../../../helpers/betting-values.js';

type Matchup = contract.PitchingMatchupPayload;
const propLines = (matchup: Matchup) => [matchup.home, matchup.away].map((side) => side.starter?.strikeouts?.line ?? null);

let relay: RunningRelay;
let shown = '';
let hidden = '';
let liveGame = '';
let finalGame = '';
/** A scheduled MLB game whose matchup has a strikeout prop line and a weather lean, for keys that show odds. */
let bettedMatchup = '';
let finalMatchup = '';
let paths: string[] = [];

const get = (key: string, path: string) => widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`);

before(async () => {
  relay = await testRelay();
  shown = await addKey(relay, ['example.com']);
  hidden = await addKey(relay, ['example.com'], { hideOdds: true });
  const nba = (await get(shown, '/v1/scores?league=nba')).body.games as contract.Game[];
  liveGame = nba.find((game) => game.status === 'live')!.id;
  finalGame = nba.find((game) => game.status === 'final')!.id;
  const mlb = (await get(shown, '/v1/scores?league=mlb')).body.games as contract.Game[];
  for (const game of mlb.filter((candidate) => candidate.status === 'scheduled')) {
    const matchup = (await get(shown, `/v1/pitching-matchup?gameId=${game.id}`)).body as Matchup;
    if (propLines(matchup).some((line) => line !== null) && matchup.weather?.lean) {
      bettedMatchup = game.id;
      break;
    }
  }
  assert.ok(bettedMatchup, 'the sandbox has a scheduled game with a prop line and a lean to hide');
  finalMatchup = mlb.find((game) => game.status === 'final')!.id;
  paths = [
    '/v1/scores?league=nba,nhl,mlb,mls,mma',
    '/v1/scores?league=nba&betState=1',
    `/v1/games/${liveGame}?league=nba`,
    `/v1/games/${liveGame}?league=nba&betState=1`,
    `/v1/games/${finalGame}?league=nba`,
    '/v1/form?league=nba&team=BOS&opponent=NYK',
    `/v1/win-probability?league=nba&gameId=${liveGame}`,
    `/v1/props?league=nba&gameId=${liveGame}`,
    '/v1/injuries?league=nba',
    '/v1/standings?league=nba',
    '/v1/team-stats?league=nba&team=BOS',
    `/v1/pitching-matchup?gameId=${bettedMatchup}`,
    `/v1/pitching-matchup?gameId=${finalMatchup}`,
    '/v1/fight-card?league=mma',
    '/v1/odds?league=nba',
    '/v1/betting-splits?league=nba',
    `/v1/line-movement?league=nba&gameId=${liveGame}`,
  ];
});
after(() => relay?.close());

describe('a key that hides odds', () => {
  it('gets no betting number from any data route, while a key that shows odds gets them', async () => {
    const visited = new Set(paths.map((path) => matchRoute(path.split('?')[0]!)?.route.pattern));
    assert.deepEqual([...visited].sort(), [...DATA_ROUTE_PATHS].sort(), 'every data route is walked');
    let shownBetting = 0;
    for (const path of paths) {
      const other = await get(shown, path);
      assert.equal(other.status, 200, path);
      shownBetting += bettingValues(other.body).length;
      const { status, body } = await get(hidden, path);
      assert.ok(status === 200 || (status === 403 && body.error.code === 'plan_required'), `${path}: ${status}`);
      assert.deepEqual(bettingValues(body), [], path);
    }
    assert.ok(shownBetting > 0, 'the scan finds betting data where odds are shown');
  });

  it('gets the pitching matchup without the strikeout prop line or the weather lean, and otherwise whole', async () => {
    const path = `/v1/pitching-matchup?gameId=${bettedMatchup}`;
    const full = conforms(contract.pitchingMatchupPayloadSchema, (await get(shown, path)).body, 'shown');
    const cut = conforms(contract.pitchingMatchupPayloadSchema, (await get(hidden, path)).body, 'hidden');
    assert.deepEqual(propLines(cut), [null, null]);
    assert.equal(cut.weather?.lean ?? null, null);
    assert.equal(cut.home.starter?.strikeouts?.projected, full.home.starter?.strikeouts?.projected, 'the projection stays');
    assert.deepEqual([cut.venue, cut.weather?.temperatureF, cut.alerts], [full.venue, full.weather?.temperatureF, full.alerts]);
  });

  it('gets each live update without betting data', async () => {
    const topics = [`/v1/pitching-matchup?gameId=${bettedMatchup}`, `/v1/games/${liveGame}?league=nba`, '/v1/scores?league=nba'];
    const stream = await openStream(relay, hidden, topics);
    try {
      assert.equal(stream.status, 200);
      await stream.waitFor(topics.length);
      const received = updates(stream.events);
      assert.deepEqual(received.map((update) => update.topic).sort(), [...topics].sort());
      for (const update of received) assert.deepEqual(bettingValues(update.data), [], update.topic);
      const matchup = received.find((update) => update.topic === topics[0])!.data as Matchup;
      assert.deepEqual([...propLines(matchup), matchup.weather?.lean ?? null], [null, null, null]);
    } finally {
      stream.close();
      await stream.ended;
    }
  });

  it('gets kept answers and an embed frame’s data without betting data', async () => {
    const path = `/v1/pitching-matchup?gameId=${bettedMatchup}`;
    const page = await fetch(`${relay.origin}/embed/pitching-matchup?key=${hidden}&game-id=${bettedMatchup}`, {
      headers: { 'sec-fetch-dest': 'iframe', referer: 'https://example.com/article' },
    });
    const token = /data-key="(pb_embed_[^"]+)"/.exec(await page.text())?.[1];
    assert.ok(token, 'the embed page carries its frame’s token');
    const framed = await fetch(`${relay.origin}${path}&key=${token}`, {
      headers: { referer: `${relay.origin}/embed/pitching-matchup`, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(framed.status, 200);
    assert.deepEqual(bettingValues(await framed.json()), [], 'the frame’s data');

    // A final game is kept once answered: the kept answer is cut as a fresh one is.
    const kept = `/v1/pitching-matchup?gameId=${finalMatchup}`;
    assert.notDeepEqual(bettingValues((await get(shown, kept)).body), [], 'the kept matchup has betting data');
    const { status, body } = await get(hidden, kept);
    assert.equal(status, 200);
    assert.deepEqual(bettingValues(body), [], 'the kept matchup');
  });
});
