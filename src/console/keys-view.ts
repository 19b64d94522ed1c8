import { css, html, LitElement, nothing } from 'lit';
import { cssProps } from '../widgets/ui/css-props.js';
import { ApiError, type ConsoleApi, type ConsoleKey } from './api.js';
import { checkedNow, domainsField, type DomainsField } from './domains-field.js';
import { count, when } from './format.js';
import { consoleStyles } from './styles.js';

const PLANS = ['free', 'starter', 'builder', 'pro'];
type Filter = 'all' | 'active' | 'live' | 'test' | 'revoked';

/** This month's loads against the limit, as a bar and in words. */
export function usageBar(used: number, limit: number) {
  const fraction = Math.min(1, used / limit);
  return html`<div class="bar ${used >= limit ? 'over' : ''}" aria-hidden="true">
      <span style=${cssProps({ '--_share': `${fraction * 100}%` })}></span>
    </div>
    <span class="hint">${count(used)} of ${count(limit)}</span>`;
}

/**
 * Every key with its plan, domains and this month's loads; search and filter; a form to create one (each domain
 * checked against the relay's rules as it is typed).
 */
export class KeysView extends LitElement {
  static override properties = {
    api: { attribute: false },
    keys: { state: true },
    query: { state: true },
    filter: { state: true },
    creating: { state: true },
    problem: { state: true },
    domains: { state: true },
    plan: { state: true },
    notice: { state: true },
  };
  static override styles = [
    ...consoleStyles,
    css`
      .tools {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        align-items: end;
        margin-bottom: 12px;
      }
      .tools .field {
        margin: 0;
        flex: 1 1 200px;
      }
      .name a {
        color: var(--_accent);
        font-weight: 600;
      }
      .key-cell {
        max-width: 22ch;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-inline-start: auto;
      }
      /* The file input stays focusable (Tab, Enter opens the picker); its label looks like the buttons beside it. */
      label.button {
        display: inline-flex;
        align-items: center;
        min-height: 36px;
        padding: 6px 10px;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_raised);
        font-weight: 400;
        cursor: pointer;
      }
      label.button:focus-within {
        outline: 2px solid var(--_accent);
        outline-offset: 2px;
      }
      .visually-hidden {
        position: absolute;
        width: 1px;
        height: 1px;
        min-height: 0;
        padding: 0;
        border: 0;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      /* A phone: each key a block, its labels beside its values. */
      @media (max-width: 700px) {
        thead {
          display: none;
        }
        tr,
        td {
          display: block;
        }
        tr {
          border-bottom: 1px solid var(--_border);
          padding: 8px 0;
        }
        td {
          border: none;
          padding: 2px 0;
        }
        td[data-label]::before {
          content: attr(data-label) ': ';
          color: var(--_muted);
          font-size: 13px;
        }
        .key-cell {
          max-width: none;
        }
      }
    `,
  ];

  api!: ConsoleApi;
  private keys: ConsoleKey[] | undefined;
  private query = '';
  private filter: Filter = 'all';
  private creating = false;
  private problem = '';
  private domains: DomainsField = { text: '', checks: [] };
  private plan = 'free';
  /** What the last import did. */
  private notice = '';

  override connectedCallback(): void {
    super.connectedCallback();
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      this.keys = (await this.api.request('GET /keys')).keys;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  #shown(): ConsoleKey[] {
    const query = this.query.trim().toLowerCase();
    return (this.keys ?? []).filter((key) => {
      const matches = !query || [key.name, key.key, key.plan, ...key.domains].some((text) => text.toLowerCase().includes(query));
      const kept =
        this.filter === 'all' ||
        (this.filter === 'active' && key.status !== 'revoked') ||
        (this.filter === 'revoked' && key.status === 'revoked') ||
        (this.filter === 'test' && key.test) ||
        (this.filter === 'live' && !key.test);
      return matches && kept;
    });
  }

  /** Downloads every key as `pressbox keys export` writes it: what `keys import` and this page's import restore. */
  async #export(): Promise<void> {
    try {
      const backup = await this.api.request('GET /keys/export');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }));
      link.download = `pressbox-keys-${backup.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  async #import(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    this.notice = '';
    try {
      let backup: unknown;
      try {
        backup = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not JSON: choose a file written by Export or pressbox keys export.`);
      }
      const done = await this.api.request('POST /keys/import', { body: backup as never });
      this.problem = '';
      this.notice = `Imported ${file.name}: ${count(done.created)} keys created, ${count(done.updated)} updated, ${count(done.months)} months of usage restored.`;
      await this.reload();
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  #open(key: string, event: Event): void {
    event.preventDefault();
    this.dispatchEvent(new CustomEvent('open-key', { detail: key, bubbles: true, composed: true }));
  }

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    this.domains = await checkedNow(this.api, this.domains);
    const domains = this.domains.checks.filter((check) => check.ok).map((check) => check.pattern);
    if (this.domains.checks.some((check) => !check.ok) || domains.length === 0) {
      this.problem = 'Fix the allowed domains first: each line must be a domain the relay accepts.';
      return;
    }
    const plan = String(form.get('plan'));
    const custom = Number(form.get('custom'));
    const dailyLimit = Number(form.get('dailyLimit')) || null;
    try {
      const created = await this.api.request('POST /keys', {
        body: {
          plan: plan === 'custom' ? `custom:${custom}` : plan,
          domains,
          name: String(form.get('name') ?? ''),
          test: form.get('test') === 'on',
          browserOnly: form.get('browserOnly') === 'on',
          hideOdds: form.get('hideOdds') === 'on',
          dailyLimit,
        },
      });
      this.problem = '';
      this.creating = false;
      this.domains = { text: '', checks: [] };
      await this.reload();
      this.dispatchEvent(new CustomEvent('open-key', { detail: created.key, bubbles: true, composed: true }));
    } catch (error) {
      this.problem = error instanceof ApiError ? error.message : String(error);
    }
  }

  #createForm() {
    return html`<form class="card" @submit=${this.#create} aria-labelledby="create-title">
      <h2 id="create-title">New key</h2>
      <div class="field">
        <label for="name">Name</label>
        <input id="name" name="name" maxlength="200" autocomplete="off" placeholder="The Daily Courier, sports pages" />
      </div>
      <div class="field">
        <label for="plan">Plan</label>
        <select id="plan" name="plan" @change=${(event: Event) => (this.plan = (event.target as HTMLSelectElement).value)}>
          ${[...PLANS, 'custom'].map((plan) => html`<option value=${plan} ?selected=${plan === this.plan}>${plan}</option>`)}
        </select>
      </div>
      ${
        this.plan === 'custom'
          ? html`<div class="field">
              <label for="custom">Loads a month</label>
              <input id="custom" name="custom" type="number" min="1" step="1" inputmode="numeric" required />
            </div>`
          : nothing
      }
      ${domainsField(this.api, this.domains, (next) => (this.domains = next))}
      <div class="field">
        <label for="daily">Daily limit (optional)</label>
        <input id="daily" name="dailyLimit" type="number" min="1" step="1" inputmode="numeric" />
      </div>
      <div class="field row">
        <input id="test" name="test" type="checkbox" />
        <label for="test">Test key (pk_test_: also works on localhost, always served from the sandbox)</label>
      </div>
      <div class="field row">
        <input id="browser-only" name="browserOnly" type="checkbox" />
        <label for="browser-only">Browsers only (refuse scripts replaying the key)</label>
      </div>
      <div class="field row">
        <input id="hide-odds" name="hideOdds" type="checkbox" />
        <label for="hide-odds">Hide odds (no betting data: for pages where odds may not be shown)</label>
      </div>
      <div class="row">
        <button class="primary" type="submit">Create key</button>
        <button type="button" @click=${() => (this.creating = false)}>Cancel</button>
      </div>
    </form>`;
  }

  override render() {
    const shown = this.#shown();
    return html`<section aria-labelledby="keys-title">
      <div class="row">
        <h2 id="keys-title">Keys</h2>
        <div class="actions">
          <button type="button" @click=${this.#export}>Export</button>
          <label class="button"
            >Import<input class="visually-hidden" type="file" accept="application/json,.json" @change=${this.#import}
          /></label>
          ${this.creating ? nothing : html`<button class="primary" @click=${() => (this.creating = true)}>New key</button>`}
        </div>
      </div>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${this.notice ? html`<p class="hint" role="status">${this.notice}</p>` : nothing} ${this.creating ? this.#createForm() : nothing}
      <div class="tools" role="search">
        <div class="field">
          <label for="search">Search</label>
          <input
            id="search"
            type="search"
            placeholder="Name, key, plan or domain"
            .value=${this.query}
            @input=${(event: InputEvent) => (this.query = (event.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="filter">Show</label>
          <select id="filter" @change=${(event: Event) => (this.filter = (event.target as HTMLSelectElement).value as Filter)}>
            ${(['all', 'active', 'live', 'test', 'revoked'] as const).map((value) => html`<option value=${value} ?selected=${value === this.filter}>${value}</option>`)}
          </select>
        </div>
      </div>
      ${
        this.keys === undefined
          ? html`<p class="muted" role="status">Loading keys…</p>`
          : html`<p class="hint" role="status">${count(shown.length)} of ${count(this.keys.length)} keys</p>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Key</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Domains</th>
                    <th scope="col">This month</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  ${shown.map(
                    (key) =>
                      html`<tr>
                        <td class="name">
                          <a href="#key=${key.key}" @click=${(event: Event) => this.#open(key.key, event)}>${key.name || 'Unnamed key'}</a>
                        </td>
                        <td class="key-cell mono" data-label="Key">${key.key}</td>
                        <td data-label="Plan">
                          ${key.plan}${key.test ? ' · test' : ' · live'}${key.dailyLimit ? html`<br /><span class="hint">${count(key.dailyLimit)} a day</span>` : nothing}${key.browserOnly ? html`<br /><span class="hint">browsers only</span>` : nothing}${key.hideOdds ? html`<br /><span class="hint">odds hidden</span>` : nothing}
                        </td>
                        <td data-label="Domains">${key.domains.join(', ')}</td>
                        <td data-label="This month">${usageBar(key.usedThisMonth, key.monthlyLoads)}</td>
                        <td data-label="Status">
                          <span class="badge" data-status=${key.status}>${key.status === 'grace' ? 'rotating' : key.status}</span>
                          <br /><span class="hint">created ${when(key.createdAt)}</span>
                          ${key.revokedAt ? html`<br /><span class="hint">${key.status === 'grace' ? 'works until' : 'revoked'} ${when(key.revokedAt)}</span>` : nothing}
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
      }
    </section>`;
  }
}

customElements.define('pb-console-keys', KeysView);

declare global {
  interface HTMLElementTagNameMap {
    'pb-console-keys': KeysView;
  }
}
