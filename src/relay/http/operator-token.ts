import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { RelayError } from '../base/errors.js';
import { readerNetwork } from '../metering/attribution.js';
import type { RelayEnv } from './env.js';
import type { ConsoleStore, SignInFailures } from '../store/types.js';

/** The admin token's shortest length: 32 characters of `openssl rand -hex 24` cannot be guessed within any lockout. */
const MIN_ADMIN_TOKEN_LENGTH = 32;
/** Tries of the admin token from one address (across every relay and worker on the store) before it is locked out… */
const MAX_TOKEN_TRIES = 5;
/** …for this long (counted from the last try). */
const LOCKOUT_MS = 15 * 60_000;
/** Every wrong token waits this long for its answer, so guessing is slow even before the lockout. */
const WRONG_TOKEN_DELAY_MS = 1000;

/** Why PRESSBOX_ADMIN_TOKEN cannot be used, or undefined when it can. */
export function adminTokenProblem(token: string): string | undefined {
  if (token.length >= MIN_ADMIN_TOKEN_LENGTH) return undefined;
  return `PRESSBOX_ADMIN_TOKEN is ${token.length} characters; it needs at least ${MIN_ADMIN_TOKEN_LENGTH}, or it can be guessed: make one with openssl rand -hex 24`;
}

/**
 * Whom the lockout counts: an IPv4 address, or an IPv6 address's /64 (one subscriber's network hands out a whole /64,
 * so counting single addresses would give a guesser 2^64 fresh starts).
 */
export function throttleSubject(address: string): string {
  return readerNetwork(address);
}

export type TokenTry = { ok: true } | { ok: false; reason: 'wrong_token' | 'locked'; retryAfterS?: number };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a secret someone sent is the one expected, in time that does not depend on where they differ. */
export function sameSecret(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

/** The refusal of an address that may not try now (429, with when it may). */
function lockedOut(retryAfterS: number): RelayError {
  return new RelayError(
    'rate_limited',
    `Too many tries of the admin token from this address: try again in ${Math.ceil(retryAfterS / 60)} min (an operator can lift it at once with pressbox console unlock ADDRESS).`,
    { 'Retry-After': String(retryAfterS) },
  );
}

/**
 * Every use of the admin token (console sign-in, `/admin`, `/metrics`) goes through one gate: a try is taken from the
 * address's allowance in the store before the token is compared, so no number of relays, workers or concurrent
 * requests compares more than MAX_TOKEN_TRIES guesses per address and lockout window.
 */
export function operatorTokenGate(options: {
  token: string;
  store: Pick<ConsoleStore, 'claimSignInTry' | 'signInFailures' | 'clearSignInFailures'>;
  now: () => number;
  wrongTokenDelayMs?: number;
}) {
  const delay = options.wrongTokenDelayMs ?? WRONG_TOKEN_DELAY_MS;
  const lockedMs = ({ count, lapsesAt }: SignInFailures) => (count < MAX_TOKEN_TRIES ? 0 : Math.max(0, lapsesAt - options.now()));
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    /** Refuses (429) an address that is locked out, without taking a try: before a request's body is read. */
    async refuseIfLocked(address: string): Promise<void> {
      const ms = lockedMs(await options.store.signInFailures(throttleSubject(address), options.now()));
      if (ms > 0) throw lockedOut(seconds(ms));
    },

    async attempt(sent: string, address: string): Promise<TokenTry> {
      const subject = throttleSubject(address);
      const taken = await options.store.claimSignInTry(subject, MAX_TOKEN_TRIES, LOCKOUT_MS, options.now());
      if (!taken.granted) return { ok: false, reason: 'locked', retryAfterS: seconds(lockedMs(taken)) };
      if (sameSecret(sent, options.token)) {
        await options.store.clearSignInFailures(subject);
        return { ok: true };
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      // Compared and wrong is always 401 (429 means not compared); the last allowed try is told it locked the address.
      const nowLocked = lockedMs(taken);
      return { ok: false, reason: 'wrong_token', ...(nowLocked > 0 && { retryAfterS: seconds(nowLocked) }) };
    },
  };
}

export type OperatorTokenGate = ReturnType<typeof operatorTokenGate>;

/** The refusal for a try the gate did not grant, in the relay's error shape. */
export function tokenRefusal(tried: Exclude<TokenTry, { ok: true }>, wrong: string): RelayError {
  if (tried.reason === 'locked') return lockedOut(tried.retryAfterS!);
  const lockedNow = tried.retryAfterS
    ? ` That was the last try allowed: this address is locked out for ${Math.ceil(tried.retryAfterS / 60)} min.`
    : '';
  return new RelayError('invalid_key', `${wrong}${lockedNow}`, { 'WWW-Authenticate': 'Bearer realm="pressbox"' });
}

/** `/admin/*` and `/metrics`: `Authorization: Bearer <PRESSBOX_ADMIN_TOKEN>`, through the gate. */
export function operatorAuth(gate: OperatorTokenGate): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !token)
      throw new RelayError(
        'missing_key',
        'The admin API needs the operator token: send Authorization: Bearer with the relay’s PRESSBOX_ADMIN_TOKEN.',
        { 'WWW-Authenticate': 'Bearer realm="pressbox"' },
      );
    const tried = await gate.attempt(token, c.get('address'));
    if (!tried.ok)
      throw tokenRefusal(tried, 'The operator token is wrong: send Authorization: Bearer with the relay’s PRESSBOX_ADMIN_TOKEN.');
    await next();
  };
}
