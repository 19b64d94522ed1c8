import { html, nothing } from 'lit';
import type { ConsoleApi } from './api.js';

export interface DomainCheck {
  line: string;
  ok: boolean;
  /** The pattern as the relay keeps it (lower case, punycode). */
  pattern: string;
  message: string;
}

export interface DomainsField {
  text: string;
  checks: DomainCheck[];
}

const timers = new WeakMap<ConsoleApi, ReturnType<typeof setTimeout>>();

/** Each line asked of the relay's own rules (the same code that will decide), a moment after typing stops. */
async function check(api: ConsoleApi, text: string): Promise<DomainCheck[]> {
  const lines = [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  return Promise.all(
    lines.map(async (line) => {
      const answer = await api.request('GET /domains/check', { query: { pattern: line } });
      return answer.ok
        ? { line, ok: true, pattern: answer.pattern, message: '' }
        : { line, ok: false, pattern: '', message: answer.message };
    }),
  );
}

/**
 * The verdicts for what the box holds now, for a submit: the ones on screen may be for an earlier text (the check runs a
 * moment after typing stops), so a form sent at once would be judged by them.
 */
export async function checkedNow(api: ConsoleApi, field: DomainsField): Promise<DomainsField> {
  clearTimeout(timers.get(api));
  return { text: field.text, checks: await check(api, field.text) };
}

/** The allowed-domains box of a form: one pattern a line, each one's verdict (and the refusal's reason) under it. */
export function domainsField(
  api: ConsoleApi,
  field: DomainsField,
  change: (next: DomainsField) => void,
  id = 'domains',
  label = 'Allowed domains',
) {
  const typed = (event: InputEvent) => {
    const text = (event.target as HTMLTextAreaElement).value;
    change({ text, checks: field.checks });
    clearTimeout(timers.get(api));
    timers.set(
      api,
      setTimeout(() => void check(api, text).then((checks) => change({ text, checks })), 250),
    );
  };
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <textarea
      id=${id}
      rows="3"
      spellcheck="false"
      autocomplete="off"
      aria-describedby="${id}-hint ${id}-checks"
      .value=${field.text}
      @input=${typed}
    ></textarea>
    <span class="hint" id="${id}-hint"
      >One a line: example.com (that host), *.example.com (its subdomains), http://localhost:3000, shop.example.com:8443.</span
    >
    <ul id="${id}-checks" class="checks" aria-live="polite">
      ${field.checks.map((result) =>
        result.ok
          ? html`<li class="ok">✓ <code>${result.pattern}</code> accepted</li>`
          : html`<li class="error">✗ <code>${result.line}</code>: ${result.message}</li>`,
      )}
    </ul>
    ${field.checks.length === 0 && field.text.trim() ? html`<span class="hint">Checking…</span>` : nothing}
  </div>`;
}
