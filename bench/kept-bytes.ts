// What kept answers weigh (issue 54): serves every final game of one day in each league from the sandbox through a
// relay on a SQLite file (game header, win-probability curve, pitching matchup for MLB), then reads the bytes the store
// keeps per game. Run: node --import tsx bench/kept-bytes.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startRelay } from '../src/relay/server.js';
import { createKey } from '../src/relay/key-service/service.js';
import { silentLogger } from '../src/relay/base/logger.js';
import { WIDGET_LEAGUES } from '../src/contract/leagues.js';

const AT = Date.parse('2026-11-22T18:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'pressbox-kept-bytes-'));
const file = join(dir, 'relay.db');
const relay = await startRelay({
  port: 0,
  db: file,
  journal: ':memory:',
  logger: silentLogger,
  now: () => AT,
  sandbox: { calendar: 'round-the-clock', now: AT, rate: 0 },
  recorder: { everyMs: 0 },
  rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
});
const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, AT)).key;
const get = async (path: string) => {
  const response = await fetch(`${relay.origin}${path}&key=${key}`, { headers: { origin: 'https://example.com' } });
  return { status: response.status, body: (await response.json()) as any };
};
const rows: Array<{ league: string; games: number; bytes: number }> = [];
for (const league of WIDGET_LEAGUES) {
  const yesterday = new Date(AT - 86_400_000).toISOString().slice(0, 10);
  const scores = await get(`/v1/scores?league=${league}&date=${yesterday}`);
  const finals = (scores.body.games ?? []).filter((game: { status: string }) => game.status === 'final');
  for (const game of finals) {
    await get(`/v1/games/${game.id}?league=${league}`);
    if (league !== 'mls' && league !== 'mma') await get(`/v1/win-probability?league=${league}&gameId=${game.id}`);
    if (league === 'mlb') await get(`/v1/pitching-matchup?gameId=${game.id}`);
  }
  const db = new Database(file, { readonly: true });
  const kept = db
    .prepare<[string, string], { bytes: number; games: number }>(
      // A pitching matchup is named by its game id alone (MLB's only): counted with MLB.
      "SELECT coalesce(sum(length(body) + length(name)), 0) AS bytes, count(*) AS games FROM kept_payloads WHERE name LIKE ? OR (? = 'mlb' AND name LIKE '%/v1/pitching-matchup%')",
    )
    .get(`%league=${league}%`, league)!;
  db.close();
  rows.push({ league, games: finals.length, bytes: kept.bytes });
}
await relay.close();
rmSync(dir, { recursive: true, force: true });
console.log('league  final games  kept bytes  bytes/game');
for (const row of rows)
  console.log(
    `${row.league.padEnd(7)} ${String(row.games).padStart(11)} ${String(row.bytes).padStart(11)} ${String(row.games ? Math.round(row.bytes / row.games) : 0).padStart(11)}`,
  );
const total = rows.reduce((sum, row) => ({ games: sum.games + row.games, bytes: sum.bytes + row.bytes }), { games: 0, bytes: 0 });
console.log(
  `all     ${String(total.games).padStart(11)} ${String(total.bytes).padStart(11)} ${String(Math.round(total.bytes / total.games)).padStart(11)}`,
);
