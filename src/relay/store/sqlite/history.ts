import type Database from 'better-sqlite3';
import type { HistoryStore, InterestStore, ProbabilityPoint } from '../types.js';

/** Win-probability points by game, kept answers (final games, daily snapshots), and the leagues readers asked for (the recorder's default leagues). */
export function sqliteHistory(db: Database.Database): HistoryStore & InterestStore {
  const statements = {
    lastPoint: db.prepare<[string], { at: number; home: number }>(
      'SELECT at, home FROM win_probability WHERE game = ? ORDER BY at DESC LIMIT 1',
    ),
    addPoint: db.prepare('INSERT OR REPLACE INTO win_probability (game, at, home) VALUES (?, ?, ?)'),
    history: db.prepare<[string], { at: number; home: number }>('SELECT at, home FROM win_probability WHERE game = ? ORDER BY at'),
    prunePoints: db.prepare('DELETE FROM win_probability WHERE at < ?'),
    noteLeague: db.prepare(
      'INSERT INTO league_interest (league, asked_at) VALUES (?, ?) ON CONFLICT DO UPDATE SET asked_at = max(asked_at, excluded.asked_at)',
    ),
    keep: db.prepare('INSERT OR REPLACE INTO kept_payloads (name, kept_at, body) VALUES (?, ?, ?)'),
    kept: db.prepare<[string], { body: Buffer }>('SELECT body FROM kept_payloads WHERE name = ?'),
    pruneKept: db.prepare('DELETE FROM kept_payloads WHERE kept_at < ?'),
    leaguesSince: db.prepare<[number], { league: string }>('SELECT league FROM league_interest WHERE asked_at >= ? ORDER BY league'),
  };
  return {
    async recordProbability(game, point: ProbabilityPoint) {
      const last = statements.lastPoint.get(game);
      if (last && (last.home === point.home || point.at <= last.at)) return;
      statements.addPoint.run(game, point.at, point.home);
    },
    probabilityHistory: async (game) => statements.history.all(game),
    async pruneProbability(before) {
      statements.prunePoints.run(before);
    },
    async keepPayload(name, body, at) {
      statements.keep.run(name, at, body);
    },
    keptPayload: async (name) => statements.kept.get(name)?.body,
    pruneKept: async (before) => statements.pruneKept.run(before).changes,
    async noteLeagueAsked(league, at) {
      statements.noteLeague.run(league, at);
    },
    leaguesAskedSince: async (since) => statements.leaguesSince.all(since).map((row) => row.league),
  };
}
