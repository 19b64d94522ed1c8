import { css, html, LitElement, nothing } from 'lit';
import { ApiError, type AuditEntry, type ConsoleApi, type ConsoleKey, type OriginCheck, type UsageSummary } from './api.js';
import { checkedNow, domainsField, type DomainsField } from './domains-field.js';
import { count, share, when } from './format.js';
import { usageBar } from './keys-view.js';
import { consoleStyles } from './styles.js';
import './usage-chart.js';

const GRACE_CHOICES = [
  { seconds: 0, label: 'no grace: the old key stops now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 7 * 86_400, label: '7 days' },
  { seconds: 30 * 86_400, label: '30 days' },
];

/**
 * One key: its domains (add, remove), the origin tester, rotation with a grace period, revocation after a
 * confirmation, its usage chart and month, and its alerts and changes from the audit log.
 */
export class KeyView extends LitElement {
  static override properties = {
    api: { attribute: false },
    keyId: { attribute: false },
    key: { state: true },
    usage: { state: true },
    by: { state: true },
    audit: { state: true },
    decision: { state: true },
    adding: { state: true },
    confirmRevoke: { state: true },
    problem: { state: true },
    notice: { state: true },
  };
  static override styles = [
    ...consoleStyles,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
        gap: 16px;
      }
      .domains li {
        display: flex;
        gap: 8px;
        align-items: center;
        justify-content: space-between;
        padding: 4px 0;
      }
      ul {
        margin: 0;
        padding: 0;
        list-style: none;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 12px;
        margin: 0;
      }
      dt {
        color: var(--_muted);
      }
      dd {
        margin: 0;
      }
      .log li {
        padding: 6px 0;
        border-bottom: 1px solid var(--_border);
      }
    `,
  ];

  api!: ConsoleApi;
  keyId = '';
  private key: ConsoleKey | undefined;
  private usage: UsageSummary | undefined;
  private by: 'route' | 'origin' = 'route';
  private audit: AuditEntry[] = [];
  private decision: OriginCheck | undefined;
  private adding: DomainsField = { text: '', checks: [] };
  private confirmRevoke = false;
  private problem = '';
  private notice = '';

  override connectedCallback(): void {
    super.connectedCallback();
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      const keys = (await this.api.request('GET /keys')).keys;
      this.key = keys.find((key) => key.key === this.keyId);
      if (!this.key) {
        this.problem = `No key ${this.keyId} on this relay.`;
        return;
      }
      const [usage, audit] = await Promise.all([
        this.api.request('GET /keys/:key/usage', { params: { key: this.keyId }, query: { by: this.by } }),
        this.api.request('GET /audit', { query: { key: this.keyId, limit: 50 } }),
      ]);
      this.usage = usage;
      this.audit = audit.entries;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  async #change(action: () => Promise<unknown>, notice: string): Promise<void> {
    try {
      await action();
      this.problem = '';
      this.notice = notice;
      await this.reload();
    } catch (error) {
      this.problem = error instanceof ApiError ? error.message : String(error);
    }
  }

  #setDomains(domains: string[], notice: string): Promise<void> {
    return this.#change(() => this.api.request('PATCH /keys/:key', { params: { key: this.keyId }, body: { domains } }), notice);
  }

  async #add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.adding = await checkedNow(this.api, this.adding);
    const patterns = this.adding.checks.filter((check) => check.ok).map((check) => check.pattern);
    if (patterns.length === 0 || this.adding.checks.some((check) => !check.ok)) {
      this.problem = 'Only domains the relay accepts can be added: see the message under each.';
      return;
    }
    await this.#setDomains([...new Set([...this.key!.domains, ...patterns])], `Added ${patterns.join(', ')}.`);
    this.adding = { text: '', checks: [] };
  }

  async #check(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const origin = String(new FormData(event.target as HTMLFormElement).get('origin') ?? '').trim();
    try {
      this.decision = await this.api.request('GET /keys/:key/check', { params: { key: this.keyId }, query: { origin } });
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }

  async #rotate(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const graceSeconds = Number(new FormData(event.target as HTMLFormElement).get('grace'));
    try {
      const rotated = await this.api.request('POST /keys/:key/rotate', { params: { key: this.keyId }, body: { graceSeconds } });
      this.dispatchEvent(new CustomEvent('open-key', { detail: rotated.key.key, bubbles: true, composed: true }));
    } catch (error) {
      this.problem = error instanceof ApiError ? error.message : String(error);
    }
  }

  async #setBy(by: 'route' | 'origin'): Promise<void> {
    this.by = by;
    this.usage = await this.api.request('GET /keys/:key/usage', { params: { key: this.keyId }, query: { by } });
  }

  #domainsCard(key: ConsoleKey) {
    const editable = key.status !== 'revoked';
    return html`<section class="card" aria-labelledby="domains-title">
      <h3 id="domains-title">Allowed domains</h3>
      <ul class="domains">
        ${key.domains.map(
          (domain) =>
            html`<li>
              <code>${domain}</code>
              ${
                editable && key.domains.length > 1
                  ? html`<button
                      aria-label="Remove ${domain}"
                      @click=${() =>
                        this.#setDomains(
                          key.domains.filter((d) => d !== domain),
                          `Removed ${domain}.`,
                        )}
                    >
                      Remove
                    </button>`
                  : nothing
              }
            </li>`,
        )}
      </ul>
      ${
        editable
          ? html`<form @submit=${this.#add}>
              ${domainsField(this.api, this.adding, (next) => (this.adding = next), 'add-domains', 'Add domains')}
              <button type="submit">Add</button>
            </form>`
          : nothing
      }
    </section>`;
  }

  async #saveBetting(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const regions = String(form.get('odds-regions') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean);
    const betLinks = String(form.get('bet-links') ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const split = line.indexOf('=');
        return split === -1 ? { name: line, template: '' } : { name: line.slice(0, split).trim(), template: line.slice(split + 1).trim() };
      });
    const gamblingLines = Object.fromEntries(
      String(form.get('gambling-lines') ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const split = line.indexOf('=');
          return split === -1 ? [line, ''] : [line.slice(0, split).trim(), line.slice(split + 1).trim()];
        }),
    );
    const body = {
      hideOdds: form.get('hide-odds') === 'on',
      oddsRegions: regions.length ? regions : null,
      betLinks,
      gamblingLines: Object.keys(gamblingLines).length ? gamblingLines : null,
    };
    await this.#change(() => this.api.request('PATCH /keys/:key', { params: { key: this.keyId }, body }), 'Betting settings saved.');
  }

  #bettingCard(key: ConsoleKey) {
    if (key.status === 'revoked') return nothing;
    return html`<section class="card" aria-labelledby="betting-title">
      <h3 id="betting-title">Odds and bet links</h3>
      <form @submit=${this.#saveBetting}>
        <div class="field">
          <label><input type="checkbox" name="hide-odds" ?checked=${key.hideOdds} /> Hide all betting data</label>
        </div>
        <div class="field">
          <label for="odds-regions">Show odds only in (ISO 3166 regions)</label>
          <input
            id="odds-regions"
            name="odds-regions"
            .value=${key.oddsRegions?.join(', ') ?? ''}
            placeholder="US-NJ, US-PA, GB (empty: everywhere)"
            aria-describedby="odds-regions-hint"
            autocomplete="off"
            spellcheck="false"
          />
          <p class="hint" id="odds-regions-hint">Read from the header serve --region-header names; elsewhere, readers see no odds.</p>
        </div>
        <div class="field">
          <label for="bet-links">Sportsbooks prices link to, one a line</label>
          <textarea
            id="bet-links"
            name="bet-links"
            rows="3"
            .value=${key.betLinks.map((book) => `${book.name}=${book.template}`).join('\n')}
            placeholder="Book Name=https://book.example/bet?ref=YOURCODE&game={game}"
            aria-describedby="bet-links-hint"
            spellcheck="false"
          ></textarea>
          <p class="hint" id="bet-links-hint">
            https only, five at most; {league} {date} {game} {home} {away} {market} {side} {line} are filled at each click.
          </p>
        </div>
        <div class="field">
          <label for="gambling-lines">Responsible-gambling line by region, one a line</label>
          <textarea
            id="gambling-lines"
            name="gambling-lines"
            rows="3"
            .value=${Object.entries(key.gamblingLines ?? {})
              .map(([region, line]) => `${region}=${line}`)
              .join('\n')}
            placeholder="US-NJ=21+ only. Gambling problem? Call 1-800-GAMBLER."
            aria-describedby="gambling-lines-hint"
          ></textarea>
          <p class="hint" id="gambling-lines-hint">
            Shown to readers there in place of the page's own line; elsewhere the page's line stays.
          </p>
        </div>
        <button type="submit">Save</button>
      </form>
    </section>`;
  }

  #checkCard() {
    const decision = this.decision;
    return html`<section class="card" aria-labelledby="check-title">
      <h3 id="check-title">Check an origin</h3>
      <form @submit=${this.#check}>
        <div class="field">
          <label for="origin">Page origin</label>
          <input
            id="origin"
            name="origin"
            type="url"
            required
            placeholder="https://www.example.com"
            autocomplete="off"
            spellcheck="false"
          />
        </div>
        <button type="submit">Check</button>
      </form>
      <p role="status" class=${decision ? (decision.allowed ? 'ok' : 'error') : ''}>
        ${
          decision
            ? decision.allowed
              ? html`Allowed: <code>${decision.origin}</code> matches <code>${decision.rule}</code>.`
              : html`Denied: ${decision.reason}.`
            : nothing
        }
      </p>
    </section>`;
  }

  #lifecycleCard(key: ConsoleKey) {
    if (key.status === 'revoked')
      return html`<section class="card">
        <h3>Revoked</h3>
        <p>Revoked ${when(key.revokedAt!)}. Pages using it get invalid_key.</p>
      </section>`;
    return html`<section class="card" aria-labelledby="life-title">
      <h3 id="life-title">Rotate or revoke</h3>
      ${key.status === 'grace' ? html`<p>Being replaced: works until ${when(key.revokedAt!)}.</p>` : nothing}
      <form @submit=${this.#rotate}>
        <div class="field">
          <label for="grace">The old key keeps working for</label>
          <select id="grace" name="grace">
            ${GRACE_CHOICES.map((choice) => html`<option value=${choice.seconds} ?selected=${choice.seconds === 7 * 86_400}>${choice.label}</option>`)}
          </select>
        </div>
        <button type="submit">Rotate: issue a new key</button>
      </form>
      <hr />
      ${
        this.confirmRevoke
          ? html`<p role="alert">Revoke ${key.name || key.key}? Every page using it stops loading data at once.</p>
              <div class="row">
                <button
                  class="danger"
                  @click=${() => this.#change(() => this.api.request('DELETE /keys/:key', { params: { key: this.keyId } }), 'Revoked.').then(() => (this.confirmRevoke = false))}
                >
                  Yes, revoke it
                </button>
                <button @click=${() => (this.confirmRevoke = false)}>Keep it</button>
              </div>`
          : html`<button class="danger" @click=${() => (this.confirmRevoke = true)}>Revoke…</button>`
      }
    </section>`;
  }

  #usageCard(usage: UsageSummary) {
    const clients = usage.clients.browser + usage.clients.script;
    return html`<section class="card" aria-labelledby="usage-title">
      <div class="row">
        <h3 id="usage-title">Loads, last 31 days</h3>
        <div class="row" role="group" aria-label="Stack by">
          ${(['route', 'origin'] as const).map(
            (by) => html`<button aria-pressed=${by === this.by} @click=${() => this.#setBy(by)}>By ${by}</button>`,
          )}
        </div>
      </div>
      <pb-usage-chart .usage=${usage}></pb-usage-chart>
      <div class="grid">
        <dl>
          <dt>This month (${usage.month})</dt>
          <dd>${count(usage.used)} of ${count(usage.limit)}</dd>
          <dt>Forecast</dt>
          <dd>${count(usage.forecast)} (${share(usage.forecast / usage.limit)} of the limit)</dd>
          <dt>A live reader</dt>
          <dd>
            ${usage.liveLoadsPerReaderHour === null ? 'one load per update' : `at most ${count(usage.liveLoadsPerReaderHour)} loads an hour per element`}
          </dd>
          <dt>Browsers</dt>
          <dd>${clients ? share(usage.clients.browser / clients) : '—'}</dd>
          <dt>Scripts</dt>
          <dd>${clients ? share(usage.clients.script / clients) : '—'}</dd>
          <dt>Upstream units caused</dt>
          <dd>
            ${count(usage.upstream.units)}${
              usage.upstream.monthLimit ? ` (${share(usage.upstream.units / usage.upstream.monthLimit)} of the upstream month)` : ''
            }
          </dd>
        </dl>
        ${this.#top('Top origins', usage.topOrigins)} ${this.#top('Top networks', usage.topPrefixes)} ${this.#clicks(usage.clicks)}
      </div>
    </section>`;
  }

  #clicks(clicks: UsageSummary['clicks']) {
    return html`<div>
      <h4>Clicks on prices</h4>
      ${
        clicks.total
          ? html`<p>
                ${count(clicks.total)} this month${clicks.perThousandLoads === null ? '' : ` · ${clicks.perThousandLoads} per 1,000 loads`}
              </p>
              <ul>
                ${clicks.byBook.map((book) => html`<li>${book.name} ${count(book.clicks)}</li>`)}
              </ul>`
          : html`<p class="muted">None this month.</p>`
      }
    </div>`;
  }

  #top(title: string, entries: Array<{ name: string; loads: number }>) {
    return html`<div>
      <h4>${title}</h4>
      ${
        entries.length
          ? html`<ul>
              ${entries.map((entry) => html`<li><code>${entry.name}</code> ${count(entry.loads)}</li>`)}
            </ul>`
          : html`<p class="muted">None this month.</p>`
      }
    </div>`;
  }

  #logCard() {
    const alerts = this.audit.filter((entry) => entry.action.startsWith('alert.'));
    const changes = this.audit.filter((entry) => !entry.action.startsWith('alert.'));
    const list = (entries: AuditEntry[], empty: string) =>
      entries.length
        ? html`<ul class="log">
            ${entries.map((entry) => html`<li><span class="hint">${when(entry.at)} · ${entry.actor}</span><br />${entry.action}: ${entry.detail}</li>`)}
          </ul>`
        : html`<p class="muted">${empty}</p>`;
    return html`<div class="grid">
      <section class="card" aria-labelledby="alerts-title">
        <h3 id="alerts-title">Alerts and webhooks</h3>
        ${list(alerts, 'No alerts raised.')}
      </section>
      <section class="card" aria-labelledby="changes-title">
        <h3 id="changes-title">Changes</h3>
        ${list(changes, 'No changes recorded.')}
      </section>
    </div>`;
  }

  override render() {
    const key = this.key;
    return html`<p>
        <a
          href="#keys"
          @click=${(event: Event) => {
            event.preventDefault();
            this.dispatchEvent(new CustomEvent('open-key', { detail: '', bubbles: true, composed: true }));
          }}
          >← All keys</a
        >
      </p>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${this.notice ? html`<p class="ok" role="status">${this.notice}</p>` : nothing}
      ${
        key
          ? html`<section class="card" aria-labelledby="key-title">
                <h2 id="key-title">${key.name || 'Unnamed key'}</h2>
                <p class="mono">${key.key}</p>
                <dl>
                  <dt>Plan</dt>
                  <dd>${key.plan} · ${key.test ? 'test' : 'live'}</dd>
                  <dt>This month</dt>
                  <dd>${usageBar(key.usedThisMonth, key.monthlyLoads)}</dd>
                  <dt>Daily limit</dt>
                  <dd>${key.dailyLimit ? count(key.dailyLimit) : 'none'}</dd>
                  <dt>Clients</dt>
                  <dd>${key.browserOnly ? 'browsers only' : 'any'}</dd>
                  <dt>Odds</dt>
                  <dd>${key.hideOdds ? 'hidden' : key.oddsRegions ? `shown only in ${key.oddsRegions.join(', ')}` : 'shown'}</dd>
                  <dt>Created</dt>
                  <dd>${when(key.createdAt)}</dd>
                  <dt>Status</dt>
                  <dd><span class="badge" data-status=${key.status}>${key.status === 'grace' ? 'rotating' : key.status}</span></dd>
                </dl>
              </section>
              ${this.usage ? this.#usageCard(this.usage) : html`<p class="muted" role="status">Loading usage…</p>`}
              <div class="grid">${this.#domainsCard(key)} ${this.#checkCard()} ${this.#bettingCard(key)} ${this.#lifecycleCard(key)}</div>
              ${this.#logCard()}`
          : nothing
      }`;
  }
}

customElements.define('pb-console-key', KeyView);

declare global {
  interface HTMLElementTagNameMap {
    'pb-console-key': KeyView;
  }
}
