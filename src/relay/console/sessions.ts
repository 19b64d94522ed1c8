import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConsoleStore, SignInFailures } from '../store/types.js';

/** A console session lasts this long from sign-in, then the operator signs in again. */
export const SESSION_LIFETIME_MS = 30 * 60_000;
/** Wrong tokens from one address (across every relay and worker on the store) before it is locked out… */
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
 * repeated wrong tokens, counted in the store so that it holds on every relay and worker.
 */
export function consoleSessions(options: ConsoleSessionOptions) {
  const expected = digest(options.token);
  const delay = options.wrongTokenDelayMs ?? WRONG_TOKEN_DELAY_MS;
  const csrfOf = (id: string) => createHmac('sha256', options.secret).update(`console-csrf:${id}`).digest('base64url');
  const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');
  /** How long the address stays locked out (0: it may try), from its wrong tries as the store counted them. */
  const lockedFor = ({ count, lapsesAt }: SignInFailures) => (count < MAX_FAILURES ? 0 : Math.max(0, lapsesAt - options.now()));
  const refusal = (lockedMs: number): SignIn =>
    lockedMs > 0 ? { ok: false, reason: 'locked', retryAfterS: Math.ceil(lockedMs / 1000) } : { ok: false, reason: 'wrong_token' };

  return {
    async signIn(token: string, address: string): Promise<SignIn> {
      const locked = lockedFor(await options.store.signInFailures(address, options.now()));
      if (locked > 0) return refusal(locked);
      if (!timingSafeEqual(digest(token), expected)) {
        const failures = await options.store.countSignInFailure(address, LOCKOUT_MS, options.now());
        await new Promise((resolve) => setTimeout(resolve, delay));
        return refusal(lockedFor(failures));
      }
      await options.store.clearSignInFailures(address);
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
