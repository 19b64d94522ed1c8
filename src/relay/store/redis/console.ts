import type { RedisClient } from '../redis-connection.js';
import type { AuditEntry, ConsoleStore, SecretStore } from '../types.js';
import { names } from './names.js';
import type { Scripts } from './scripts.js';

/** The audit log's newest entries Redis keeps (SQLite keeps them all). */
const AUDIT_KEPT = 100_000;

/** The console's sessions and sign-in tries (expiring on Redis's own clock), the audit log, and shared secrets. */
export function redisConsole(redis: RedisClient, scripts: Scripts): ConsoleStore & SecretStore {
  return {
    readSecret: async (name) => (await redis.get(names.secret(name))) ?? undefined,
    async sharedSecret(name, create) {
      await redis.set(names.secret(name), create(), 'NX');
      return (await redis.get(names.secret(name)))!;
    },
    async saveSession(id, expiresAt) {
      await redis.set(names.session(id), String(expiresAt), 'PXAT', expiresAt);
    },
    async sessionExpiry(id) {
      const stored = await redis.get(names.session(id));
      return stored === null ? undefined : Number(stored);
    },
    async endSession(id) {
      await redis.del(names.session(id));
    },
    // The window is Redis's own expiry (relative, so the relays' clocks need not agree with Redis's).
    async claimSignInTry(address, max, windowMs, now) {
      const [granted, count, remaining] = await scripts.pressboxClaimTry(names.signInFailures(address), String(max), String(windowMs));
      return { granted: granted === 1, count, lapsesAt: now + Math.max(0, remaining) };
    },
    async signInFailures(address, now) {
      const key = names.signInFailures(address);
      const replies = await redis.multi().get(key).pttl(key).exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const remaining = Number(replies?.[1]?.[1] ?? -2);
      return count > 0 && remaining > 0 ? { count, lapsesAt: now + remaining } : { count: 0, lapsesAt: now };
    },
    async clearSignInFailures(address) {
      await redis.del(names.signInFailures(address));
    },
    async appendAudit(entry) {
      await redis
        .multi()
        .lpush(names.audit, JSON.stringify(entry))
        .ltrim(names.audit, 0, AUDIT_KEPT - 1)
        .exec();
    },
    async auditLog({ key, limit }) {
      const entries = (await redis.lrange(names.audit, 0, AUDIT_KEPT - 1)).map((json) => JSON.parse(json) as AuditEntry);
      return entries.filter((entry) => !key || entry.key === key).slice(0, limit);
    },
  };
}
