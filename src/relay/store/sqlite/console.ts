import type Database from 'better-sqlite3';
import type { AuditEntry, ConsoleStore, SecretStore } from '../types.js';

/** The console's sessions, sign-in failures by address and audit log, and the secrets relays on one file share. */
export function sqliteConsole(db: Database.Database): ConsoleStore & SecretStore {
  const statements = {
    saveSession: db.prepare('INSERT OR REPLACE INTO console_sessions (id, expires_at) VALUES (?, ?)'),
    session: db.prepare<[string], { expires_at: number }>('SELECT expires_at FROM console_sessions WHERE id = ?'),
    endSession: db.prepare('DELETE FROM console_sessions WHERE id = ?'),
    dropEndedSessions: db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?'),
    claimSignInTry: db.prepare<{ address: string; now: number; lapsesAt: number; max: number }, { count: number; lapses_at: number }>(
      `INSERT INTO console_sign_in_failures (address, count, lapses_at) VALUES (@address, 1, @lapsesAt)
       ON CONFLICT (address) DO UPDATE SET count = CASE WHEN lapses_at <= @now THEN 1 ELSE count + 1 END, lapses_at = @lapsesAt
       WHERE lapses_at <= @now OR count < @max
       RETURNING count, lapses_at`,
    ),
    signInFailures: db.prepare<[string, number], { count: number; lapses_at: number }>(
      'SELECT count, lapses_at FROM console_sign_in_failures WHERE address = ? AND lapses_at > ?',
    ),
    clearSignInFailures: db.prepare('DELETE FROM console_sign_in_failures WHERE address = ?'),
    dropLapsedSignInFailures: db.prepare('DELETE FROM console_sign_in_failures WHERE lapses_at <= ?'),
    appendAudit: db.prepare('INSERT INTO audit (at, actor, action, key, detail) VALUES (@at, @actor, @action, @key, @detail)'),
    auditLog: db.prepare<{ key: string | null; limit: number }, AuditEntry>(
      'SELECT at, actor, action, key, detail FROM audit WHERE (@key IS NULL OR key = @key) ORDER BY rowid DESC LIMIT @limit',
    ),
    addSecret: db.prepare('INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)'),
    secret: db.prepare<[string], { value: string }>('SELECT value FROM secrets WHERE name = ?'),
  };
  const signInFailures: ConsoleStore['signInFailures'] = async (address, now) => {
    const row = statements.signInFailures.get(address, now);
    return row ? { count: row.count, lapsesAt: row.lapses_at } : { count: 0, lapsesAt: now };
  };
  return {
    readSecret: async (name) => statements.secret.get(name)?.value,
    async sharedSecret(name, create) {
      statements.addSecret.run(name, create());
      return statements.secret.get(name)!.value;
    },
    async saveSession(id, expiresAt, now) {
      statements.dropEndedSessions.run(now);
      statements.saveSession.run(id, expiresAt);
    },
    sessionExpiry: async (id) => statements.session.get(id)?.expires_at,
    async endSession(id) {
      statements.endSession.run(id);
    },
    async claimSignInTry(address, max, windowMs, now) {
      statements.dropLapsedSignInFailures.run(now);
      // One statement: the check and the count cannot be split by another process's try.
      const row = statements.claimSignInTry.get({ address, now, lapsesAt: now + windowMs, max });
      if (row) return { granted: true, count: row.count, lapsesAt: row.lapses_at };
      return { granted: false, ...(await signInFailures(address, now)) };
    },
    signInFailures,
    async clearSignInFailures(address) {
      statements.clearSignInFailures.run(address);
    },
    async appendAudit(entry) {
      statements.appendAudit.run(entry);
    },
    auditLog: async ({ key, limit }) => statements.auditLog.all({ key: key ?? null, limit }),
  };
}
