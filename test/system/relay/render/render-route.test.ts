// GET /v1/render/{tag}: an element's server-rendered HTML for servers that cannot run JavaScript (PHP, a CMS's
// include) and for @pressbox/elements/render. Real relay, real sandbox, Lit's own server renderer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { detailsOf, ELEMENT_TAGS, EXAMPLE_GAME } from '../../../../src/contract/elements.js';

const ORIGIN = { origin: 'https://news.example.com' };

describe('GET /v1/render/{tag}', () => {
  let relay: RunningRelay;
  let key: string;
  let finalGame: { id: string; home: { team: { name: string }; score: number }; away: { team: { name: string }; score: number } };
  before(async () => {
    relay = await testRelay();
    key = await addKey(relay, ['news.example.com']);
    const scores = await (await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: ORIGIN })).json();
    finalGame = scores.games.find((game: { status: string }) => game.status === 'final');
    assert.ok(finalGame, 'the sandbox has a final NBA game at MIDDAY');
  });
  after(() => relay?.close());

  const loads = () => relay.store.loadsUsed(key, '2026-11');
  const render = (path: string, headers: Record<string, string> = ORIGIN) => fetch(`${relay.origin}/v1/render/${path}`, { headers });

  it('answers the element with its declarative shadow root, its data, and one load counted', async () => {
    const before = await loads();
    const answer = await render(`score-strip?league=nba&key=${key}`);
    const html = await answer.text();
    assert.equal(answer.status, 200, html);
    assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(answer.headers.get('cache-control')!, /^private, max-age=\d+$/);
    assert.match(html, /^<score-strip league="nba"[^>]*><template shadowroot="open" shadowrootmode="open"><style>/);
    assert.ok(html.endsWith('</score-strip>'));
    const shadow = html.slice(0, html.indexOf('</template>'));
    assert.ok(
      shadow.includes(`>${finalGame.home.score}<`) && shadow.includes(`>${finalGame.away.score}<`),
      'the scores, in the shadow root',
    );
    assert.ok(shadow.includes(finalGame.home.team.name), 'the team names, for screen readers');
    const embedded = JSON.parse(/<script type="application\/json">(.*?)<\/script>/.exec(shadow)![1]!);
    assert.equal(embedded.data.games.length > 0, true);
    assert.match(embedded.etag, /^"[\w-]+"$/);
    assert.equal((await loads()) - before, 1);
  });

  it('renders every element from its registry example, with its data', async () => {
    const gameOf = async (league: string) => {
      const { games } = await (await fetch(`${relay.origin}/v1/scores?league=${league}&key=${key}`, { headers: ORIGIN })).json();
      return (games.find((game: { status: string }) => game.status !== 'scheduled') ?? games[0]).id as string;
    };
    for (const tag of ELEMENT_TAGS) {
      const { example, leagues } = detailsOf(tag);
      const attributes = Object.fromEntries(
        await Promise.all(
          Object.entries(example).map(async ([name, value]) => [
            name,
            value === EXAMPLE_GAME ? await gameOf(example.league ?? leagues[0]!) : value,
          ]),
        ),
      );
      const answer = await render(`${tag}?${new URLSearchParams({ ...attributes, key })}`);
      const html = await answer.text();
      assert.equal(answer.status, 200, `${tag}: ${html.slice(0, 300)}`);
      assert.ok(html.startsWith(`<${tag} `) && html.endsWith(`</${tag}>`), `${tag}: ${html.slice(0, 100)} … ${html.slice(-100)}`);
      const shadow = html.slice(0, html.indexOf('</template>'));
      assert.match(shadow, /<script type="application\/json">\{"data":/, tag);
      assert.doesNotMatch(shadow, /class="[^"]*skeleton/, `${tag} renders its data, not its placeholder`);
      const game = ['score-strip', 'score-ticker', 'game-header', 'fight-card', 'pitching-matchup'].includes(tag);
      assert.equal(html.includes('"@type":"SportsEvent"'), game, `${tag}: SportsEvent data on game elements only`);
    }
  });

  it('carries schema.org SportsEvent data and says the score in the HTML text', async () => {
    const html = await (await render(`score-strip?league=nba&key=${key}`)).text();
    const light = html.slice(html.indexOf('</template>'));
    const events = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(light)![1]!) as Record<string, any>[];
    const event = events.find((candidate) => candidate.homeTeam.name === finalGame.home.team.name)!;
    assert.equal(event['@context'], 'https://schema.org');
    assert.equal(event['@type'], 'SportsEvent');
    assert.equal(event.awayTeam['@type'], 'SportsTeam');
    assert.equal(event.sport, 'Basketball');
    assert.match(event.startDate, /^\d{4}-\d\d-\d\dT/);
    assert.equal(event.eventStatus, 'https://schema.org/EventScheduled');
    const said = `Final: ${finalGame.away.team.name} ${finalGame.away.score}, ${finalGame.home.team.name} ${finalGame.home.score}`;
    assert.equal(event.description, said);
    assert.ok(light.includes(`<p>`) && light.includes(said), 'the score in the page text');
  });

  it('renders in the locale asked for, right to left in Arabic', async () => {
    const html = await (await render(`standings-table?league=nba&locale=ar&key=${key}`)).text();
    assert.match(html, /^<standings-table league="nba" locale="ar" dir="rtl"/);
    assert.match(html, /aria-label="ترتيب/);
  });

  it('draws theme="dark" dark before any script (the browser’s own rule follows a state only the script sets)', async () => {
    const dark = await (await render(`standings-table?league=nba&theme=dark&key=${key}`)).text();
    assert.match(dark, /^<standings-table league="nba" theme="dark"/);
    assert.match(dark, /:host\(\[theme=dark\]\)\{--_surface: var\(--pb-color-surface,#111827\)/);
    assert.doesNotMatch(dark, /:state\(dark\)/);
  });

  it('says "today" on the relay’s clock, and carries that clock to the browser', async () => {
    // The test relay's day (MIDDAY, 2026-11-22) is not the machine's: the strip must read as the relay's day does,
    // as the browser's first render will (it takes the same offset from the copy), not as the machine's.
    const html = await (await render(`score-strip?league=nba&time-zone=UTC&key=${key}`)).text();
    const shadow = html.slice(0, html.indexOf('</template>'));
    const text = shadow
      .replace(/<style>.*?<\/style>|<script.*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    const { data, clockOffsetMs } = JSON.parse(/<script type="application\/json">(.*?)<\/script>/.exec(shadow)![1]!);
    const games = data.games as { status: string; startTime: string }[];
    const later = games.find((game) => game.status === 'scheduled' && game.startTime.startsWith(MIDDAY.slice(0, 10)))!;
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(later.startTime));
    assert.match(text, new RegExp(`(^|[^a-z] )${time}`), `tonight's game at ${time} alone, no weekday: ${text.slice(0, 400)}`);
    assert.match(text, / Final /);
    assert.doesNotMatch(text, /Final · /, 'today’s final games carry no date');
    const relayClockSaid = Date.now() + clockOffsetMs;
    assert.ok(Math.abs(relayClockSaid - Date.parse(MIDDAY)) < 10 * 60_000, new Date(relayClockSaid).toISOString());
  });

  it('revalidates for nothing: the same ETag answers 304 and counts no load; HEAD counts none', async () => {
    const first = await render(`standings-table?league=nba&key=${key}`);
    await first.text();
    const etag = first.headers.get('etag')!;
    const before = await loads();
    const again = await render(`standings-table?league=nba&key=${key}`, { ...ORIGIN, 'if-none-match': etag });
    assert.equal(again.status, 304);
    const head = await fetch(`${relay.origin}/v1/render/standings-table?league=nba&key=${key}`, { method: 'HEAD', headers: ORIGIN });
    assert.equal(head.status, 200);
    assert.equal(await loads(), before);
  });

  it('refuses what it cannot render with the documented codes, a message saying what to change, and no load', async () => {
    const before = await loads();
    const cases: [string, number, RegExp][] = [
      [`nothing-here?key=${key}`, 404, /no element <nothing-here>/],
      [`%E0%A4?key=${key}`, 404, /no element </],
      [`score-strip?league=nba&colour=red&key=${key}`, 400, /no attribute "colour": it takes league, theme, locale/],
      [`score-strip?league=nba&theme=pink&key=${key}`, 400, /theme is one of auto, light, dark/],
      [`score-strip?league=nba&time-zone=Mars%2FOlympus&key=${key}`, 400, /time-zone is an IANA time zone/],
      [`score-strip?league=nba&game-href=javascript:alert(1)&key=${key}`, 400, /game-href is a path or an http\(s\) address/],
      [`score-strip?league=quidditch&key=${key}`, 400, /unknown league "quidditch"/],
      [`game-header?league=nba&key=${key}`, 400, /<game-header> needs league="…" game-id="…"/],
      [`score-strip?league=nba&team=${'X'.repeat(300)}&key=${key}`, 400, /longer than 200 characters/],
    ];
    for (const [path, status, message] of cases) {
      const answer = await render(path);
      const body = (await answer.json()) as { error: { message: string } };
      assert.equal(answer.status, status, path);
      assert.match(body.error.message, message, path);
    }
    assert.equal(await loads(), before);
  });

  it('keeps the key to its domains and its keys to itself', async () => {
    const foreign = await render(`score-strip?league=nba&key=${key}`, { origin: 'https://elsewhere.example' });
    assert.equal(foreign.status, 403);
    const unknown = await render('score-strip?league=nba&key=pk_live_doesnotexist0000000000');
    assert.ok([401, 403].includes(unknown.status));
  });
});
