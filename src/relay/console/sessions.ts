import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameSecret, type OperatorTokenGate, type TokenTry } from '../http/operator-token.js';
import type { ConsoleStore } from '../store/types.js';

/** A console session lasts this long from sign-in, then the operator signs in again. */
const SESSION_LIFETIME_MS = 30 * 60_000;

export interface ConsoleSessionOptions {
  /** Compares PRESSBOX_ADMIN_TOKEN, within the lockout every use of it shares. */
  gate: OperatorTokenGate;
  store: ConsoleStore;
  /** Signs the CSRF tokens (shared by every relay on the store, as the embed tokens' key). */
  secret: string;
  now: () => number;
}

export interface ConsoleSession {
  /** The stored id: a hash of the cookie, so the store never holds a usable cookie. */
  id: string;
  csrf: string;
  expiresAt: number;
}

export type SignIn = { ok: true; cookie: string; session: ConsoleSession } | Exclude<TokenTry, { ok: true }>;

/**
 * Console sign-in with the admin token: a random cookie whose hash the store keeps until it ends (so every relay on the
 * store knows it, and signing out ends it everywhere) and a CSRF token bound to it. The token is compared by the gate
 * every use of it shares, whose lockout holds on every relay and worker.
 */
export function consoleSessions(options: ConsoleSessionOptions) {
  const csrfOf = (id: string) => createHmac('sha256', options.secret).update(`console-csrf:${id}`).digest('base64url');
  const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

  return {
    async signIn(token: string, address: string): Promise<SignIn> {
      const tried = await options.gate.attempt(token, address);
      if (!tried.ok) return tried;
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
      return sent !== undefined && sent !== '' && sameSecret(sent, session.csrf);
    },

    signOut: (session: ConsoleSession) => options.store.endSession(session.id),
  };
}

export type ConsoleSessions = ReturnType<typeof consoleSessions>;
