import type {
  AuditEntry,
  ConsoleCall,
  ConsoleKey,
  ConsoleRoute,
  ConsoleRoutes,
  OriginCheck,
  RelayHealth,
  UsageSummary,
} from '../contract/console.js';

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

  /** One route of the contract's table, with what it takes: the compiler checks the path, query and body. */
  async request<Route extends ConsoleRoute>(
    route: Route,
    ...[call]: unknown extends ConsoleCall<Route> ? [] : [ConsoleCall<Route>]
  ): Promise<ConsoleRoutes[Route]['answer']> {
    const given = (call ?? {}) as { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown };
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(given.params![name]!));
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(given.query ?? {})) if (value !== undefined) query.set(name, String(value));
    return this.#send(method, query.size ? `${path}?${query}` : path, given.body);
  }

  async #send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-pressbox-csrf': this.csrf }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status === 204) return null as T;
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

  async signIn(token: string): Promise<void> {
    this.csrf = (await this.request('POST /session', { body: { token } })).csrf;
  }

  /** Whether the browser still holds a live session (a reload keeps it; the token is never stored). */
  async resume(): Promise<boolean> {
    try {
      this.csrf = (await this.request('GET /session')).csrf;
      return true;
    } catch {
      return false;
    }
  }

  async signOut(): Promise<void> {
    await this.request('DELETE /session');
    this.csrf = '';
  }
}
