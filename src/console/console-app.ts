import { css, html, LitElement, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ApiError, ConsoleApi, type AuditEntry, type RelayHealth } from './api.js';
import { count, share, when } from './format.js';
import './key-view.js';
import './keys-view.js';
import { consoleStyles } from './styles.js';

type View = { name: 'keys' } | { name: 'key'; key: string } | { name: 'audit' };

/** Where the address says to be: #key=pk_…, #audit, else the keys. */
function viewOf(hash: string): View {
  const key = /^#key=(pk_\w+)$/.exec(hash);
  if (key) return { name: 'key', key: key[1]! };
  return hash === '#audit' ? { name: 'audit' } : { name: 'keys' };
}

/**
 * The operator console: sign in with the relay's admin token (kept nowhere but the request that sends it), then the
 * relay's health, the keys, one key's page, and the audit log.
 */
export class PressboxConsole extends LitElement {
  static override properties = {
    state: { state: true },
    view: { state: true },
    health: { state: true },
    audit: { state: true },
    problem: { state: true },
    signingIn: { state: true },
  };
  static override styles = [
    ...consoleStyles,
    css`
      :host {
        min-height: 100vh;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
        justify-content: space-between;
        padding: 12px 16px;
        border-bottom: 1px solid var(--_border);
        background: var(--_raised);
      }
      header h1 {
        font-size: 20px;
        margin: 0;
      }
      nav ul {
        display: flex;
        gap: 4px;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      nav a {
        display: inline-block;
        padding: 8px 12px;
        border-radius: 6px;
        color: var(--_text);
        text-decoration: none;
        font-weight: 600;
      }
      nav a[aria-current='page'] {
        background: var(--_surface);
        outline: 1px solid var(--_border);
      }
      main {
        max-width: 1200px;
        margin: 0 auto;
        padding: 16px;
      }
      .sign-in {
        max-width: 420px;
        margin: 10vh auto;
      }
      .health {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 170px), 1fr));
        gap: 12px;
      }
      .health div {
        display: grid;
        gap: 2px;
      }
      .health strong {
        font-size: 18px;
      }
      .status[data-status='ready'] {
        color: inherit;
      }
      .status[data-status='degraded'],
      .status[data-status='not_ready'] {
        color: var(--_live);
      }
    `,
  ];

  private state: 'checking' | 'signed-out' | 'signed-in' = 'checking';
  private view: View = viewOf(location.hash);
  private health: RelayHealth | undefined;
  private audit: AuditEntry[] | undefined;
  private problem = '';
  private signingIn = false;
  readonly #api = new ConsoleApi();
  readonly #follow = () => this.#show(viewOf(location.hash));

  override connectedCallback(): void {
    super.connectedCallback();
    this.#api.onSignedOut = () => {
      this.state = 'signed-out';
      this.problem = 'The console session has ended: sign in again.';
    };
    window.addEventListener('hashchange', this.#follow);
    this.addEventListener('open-key', (event) => {
      const key = (event as CustomEvent<string>).detail;
      location.hash = key ? `key=${key}` : 'keys';
    });
    void this.#api.resume().then((live) => {
      this.state = live ? 'signed-in' : 'signed-out';
      if (live) void this.#loadView();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.#follow);
  }

  #show(view: View): void {
    this.view = view;
    void this.#loadView();
  }

  async #loadView(): Promise<void> {
    try {
      this.health = await this.#api.request('GET /health');
      if (this.view.name === 'audit') this.audit = (await this.#api.request('GET /audit', { query: { limit: 200 } })).entries;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  async #signIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.elements.namedItem('token') as HTMLInputElement;
    this.signingIn = true;
    try {
      await this.#api.signIn(input.value);
      input.value = '';
      this.problem = '';
      this.state = 'signed-in';
      void this.#loadView();
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      input.select();
    } finally {
      this.signingIn = false;
    }
  }

  async #signOut(): Promise<void> {
    await this.#api.signOut().catch(() => undefined);
    this.state = 'signed-out';
    this.problem = '';
    this.health = undefined;
  }

  #signInView() {
    return html`<main>
      <form class="card sign-in" @submit=${this.#signIn} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Pressbox console</h1>
        <p class="muted">Sign in with this relay’s admin token (PRESSBOX_ADMIN_TOKEN). The session lasts 30 minutes.</p>
        <div class="field">
          <label for="token">Admin token</label>
          <input id="token" name="token" type="password" required autocomplete="current-password" spellcheck="false" />
        </div>
        ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
        <button class="primary" type="submit" ?disabled=${this.signingIn}>${this.signingIn ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </main>`;
  }

  #healthCard(health: RelayHealth) {
    const upstream = health.upstream;
    return html`<section class="card" aria-labelledby="health-title">
      <h2 id="health-title">Relay</h2>
      <p class="hint">Streams and cache of the relay that answered (behind a proxy each relay reports its own; Grafana sums them).</p>
      <div class="health">
        <div>
          <span class="muted">Status</span><strong class="status" data-status=${health.status}>${health.status.replace('_', ' ')}</strong>
          <span class="hint"
            >${Object.entries(health.parts)
              .map(([part, state]) => `${part}: ${state}`)
              .join(' · ')}</span
          >
        </div>
        <div><span class="muted">Open live streams</span><strong>${count(health.openStreams)}</strong></div>
        <div>
          <span class="muted">Cache hit rate</span><strong>${health.cacheHitRate === null ? '—' : share(health.cacheHitRate)}</strong>
        </div>
        ${
          'error' in upstream
            ? html`<div><span class="muted">Upstream units</span><strong>unknown</strong><span class="hint">${upstream.error}</span></div>`
            : html`<div>
                  <span class="muted">Upstream units this month (${upstream.plan})</span
                  ><strong>${count(upstream.used)} of ${count(upstream.limit)}</strong>
                </div>
                <div>
                  <span class="muted">Days left at this rate</span
                  ><strong>${upstream.daysLeft === null ? 'no units spent yet' : count(Math.floor(upstream.daysLeft))}</strong>
                </div>`
        }
      </div>
      ${Object.entries(health.problems ?? {}).map(
        ([part, problem]) => html`<p class="error" role="alert" data-part=${part}>${part}: ${problem}</p>`,
      )}
    </section>`;
  }

  #auditView() {
    return html`<section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <p class="hint">Every key change and console sign-in, newest first; also <code>pressbox audit</code>.</p>
      ${
        this.audit === undefined
          ? html`<p class="muted" role="status">Loading…</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Key</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                ${this.audit.map(
                  (entry) =>
                    html`<tr>
                      <td>${when(entry.at)}</td>
                      <td>${entry.actor}</td>
                      <td>${entry.action}</td>
                      <td class="mono">${entry.key ?? '—'}</td>
                      <td>${entry.detail}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
    </section>`;
  }

  override render() {
    if (this.state === 'checking') return html`<main><p class="muted" role="status">Opening the console…</p></main>`;
    if (this.state === 'signed-out') return this.#signInView();
    const view = this.view;
    const current = (name: string) => ((view.name === 'key' ? 'keys' : view.name) === name ? 'page' : undefined);
    return html`<header>
        <h1>Pressbox console</h1>
        <nav aria-label="Console">
          <ul>
            <li><a href="#keys" aria-current=${current('keys') ?? 'false'}>Keys</a></li>
            <li><a href="#audit" aria-current=${current('audit') ?? 'false'}>Audit log</a></li>
          </ul>
        </nav>
        <button @click=${this.#signOut}>Sign out</button>
      </header>
      <main>
        ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
        ${this.health ? this.#healthCard(this.health) : nothing}
        ${
          view.name === 'key'
            ? keyed(view.key, html`<pb-console-key .api=${this.#api} .keyId=${view.key}></pb-console-key>`)
            : view.name === 'audit'
              ? this.#auditView()
              : html`<pb-console-keys .api=${this.#api}></pb-console-keys>`
        }
      </main>`;
  }
}

customElements.define('pressbox-console', PressboxConsole);

declare global {
  interface HTMLElementTagNameMap {
    'pressbox-console': PressboxConsole;
  }
}
