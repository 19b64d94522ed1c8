import type { AuditEntry, ConsoleKey, OriginCheck, RelayHealth, UsageSummary } from '../contract/console.js';

export type { AuditEntry, ConsoleKey, OriginCheck, RelayHealth, UsageSummary };

/** A refusal from the relay, with the message it wrote for the operator. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const BASE = '/console/api';

/**
 * The console's calls to its relay: the session cookie goes by itself (same origin); the CSRF token is held here, in
 * memory only, and sent with every change. A 401 means the session ended: `onSignedOut` hears of it.
 */
export class ConsoleApi {
  csrf = '';
  onSignedOut: () => void = () => {};

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-pressbox-csrf': this.csrf }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status === 204) return undefined as T;
    const answer = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
    if (!response.ok) {
      const error = new ApiError(
        response.status,
        answer.error?.code ?? 'unknown',
        answer.error?.message ?? `The relay answered ${response.status}.`,
      );
      if (response.status === 401 && path !== '/session') this.onSignedOut();
      throw error;
    }
    return answer as T;
  }

  get = <T>(path: string) => this.call<T>('GET', path);

  async signIn(token: string): Promise<void> {
    this.csrf = (await this.call<{ csrf: string }>('POST', '/session', { token })).csrf;
  }

  /** Whether the browser still holds a live session (a reload keeps it; the token is never stored). */
  async resume(): Promise<boolean> {
    try {
      this.csrf = (await this.get<{ csrf: string }>('/session')).csrf;
      return true;
    } catch {
      return false;
    }
  }

  async signOut(): Promise<void> {
    await this.call('DELETE', '/session');
    this.csrf = '';
  }
}
