import type Database from 'better-sqlite3';
import type { HistoryStore, InterestStore, SeriesPoint } from '../types.js';

/** Recorded series (win probability, lines, splits) in the table first made for win probability, kept answers (final games, daily snapshots), and the leagues readers asked for (the recorder's default leagues). */
export function sqliteHistory(db: Database.Database): HistoryStore & InterestStore {
  const statements = {
    lastPoint: db.prepare<[string], SeriesPoint>('SELECT at, home AS value FROM win_probability WHERE game = ? ORDER BY at DESC LIMIT 1'),
    addPoint: db.prepare('INSERT OR REPLACE INTO win_probability (game, at, home) VALUES (?, ?, ?)'),
    history: db.prepare<[string], SeriesPoint>('SELECT at, home AS value FROM win_probability WHERE game = ? ORDER BY at'),
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
    async recordPoint(series, point: SeriesPoint) {
      const last = statements.lastPoint.get(series);
      if (last && (last.value === point.value || point.at <= last.at)) return;
      statements.addPoint.run(series, point.at, point.value);
    },
    pointsOf: async (series) => statements.history.all(series),
    async prunePoints(before) {
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
