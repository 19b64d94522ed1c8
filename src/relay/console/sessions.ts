import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ConsoleStore } from '../store/types.js';

/** A console session lasts this long from sign-in, then the operator signs in again. */
export const SESSION_LIFETIME_MS = 30 * 60_000;
/** Wrong tokens from one address before it is locked out… */
const MAX_FAILURES = 5;
/** …for this long (counted from the last wrong try). */
const LOCKOUT_MS = 15 * 60_000;
/** Every wrong token waits this long for its answer, so guessing is slow even before the lockout. */
const WRONG_TOKEN_DELAY_MS = 1000;

export interface ConsoleSessionOptions {
  /** PRESSBOX_ADMIN_TOKEN. */
  token: string;
  store: ConsoleStore;
  /** Signs the CSRF tokens (shared by every relay on the store, as the embed tokens' key). */
  secret: string;
  now: () => number;
  wrongTokenDelayMs?: number;
}

export interface ConsoleSession {
  /** The stored id: a hash of the cookie, so the store never holds a usable cookie. */
  id: string;
  csrf: string;
  expiresAt: number;
}

export type SignIn =
  { ok: true; cookie: string; session: ConsoleSession } | { ok: false; reason: 'wrong_token' | 'locked'; retryAfterS?: number };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Console sign-in with the admin token: a random cookie whose hash the store keeps until it ends (so every relay on the
 * store knows it, and signing out ends it everywhere), a CSRF token bound to it, and a lockout per address after
 * repeated wrong tokens.
 */
export function consoleSessions(options: ConsoleSessionOptions) {
  const expected = digest(options.token);
  const failures = new LRUCache<string, { count: number; last: number }>({ max: 10_000 });
  const delay = options.wrongTokenDelayMs ?? WRONG_TOKEN_DELAY_MS;
  const csrfOf = (id: string) => createHmac('sha256', options.secret).update(`console-csrf:${id}`).digest('base64url');
  const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

  function lockedFor(address: string): number {
    const record = failures.get(address);
    if (!record || record.count < MAX_FAILURES) return 0;
    return Math.max(0, record.last + LOCKOUT_MS - options.now());
  }

  return {
    async signIn(token: string, address: string): Promise<SignIn> {
      const locked = lockedFor(address);
      if (locked > 0) return { ok: false, reason: 'locked', retryAfterS: Math.ceil(locked / 1000) };
      if (!timingSafeEqual(digest(token), expected)) {
        const record = failures.get(address);
        const fresh = !record || options.now() - record.last > LOCKOUT_MS;
        failures.set(address, { count: fresh ? 1 : record.count + 1, last: options.now() });
        await new Promise((resolve) => setTimeout(resolve, delay));
        const nowLocked = lockedFor(address);
        return nowLocked > 0
          ? { ok: false, reason: 'locked', retryAfterS: Math.ceil(nowLocked / 1000) }
          : { ok: false, reason: 'wrong_token' };
      }
      failures.delete(address);
      const cookie = randomBytes(32).toString('base64url');
      const id = idOf(cookie);
      const expiresAt = options.now() + SESSION_LIFETIME_MS;
      await options.store.saveSession(id, expiresAt, options.now());
      return { ok: true, cookie, session: { id, csrf: csrfOf(id), expiresAt } };
    },

    /** The session a cookie names, while it lasts and has not been ended. */
    async session(cookie: string | undefined): Promise<ConsoleSession | undefined> {
      if (!cookie) return undefined;
      const id = idOf(cookie);
      const expiresAt = await options.store.sessionExpiry(id);
      if (expiresAt === undefined || expiresAt <= options.now()) return undefined;
      return { id, csrf: csrfOf(id), expiresAt };
    },

    csrfMatches(session: ConsoleSession, sent: string | undefined): boolean {
      if (!sent) return false;
      return timingSafeEqual(digest(sent), digest(session.csrf));
    },

    signOut: (session: ConsoleSession) => options.store.endSession(session.id),
  };
}

export type ConsoleSessions = ReturnType<typeof consoleSessions>;
