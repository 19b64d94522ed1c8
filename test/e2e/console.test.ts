// The operator console as an operator uses it: `pressbox serve` with PRESSBOX_ADMIN_TOKEN, Chromium, the keyboard
// only, under the console's own strict policy. Signs in, creates a key, checks an origin, sees traffic drawn, rotates,
// revokes; axe in every view; 375 and 1280 px; a page on another origin trying the console's cookie and forms; the
// cookie after sign-out. PRESSBOX_CONSOLE_SCREENSHOTS=DIR keeps a picture of each view (docs/screenshots/console).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, ElementHandle, Page } from 'puppeteer-core';
import { KEEP_NAMES_HELPER, launchChromium } from '../harness/reader-browser.js';
import { freePort, startServeProcess, type ServeProcess } from '../harness/local-servers.js';

const TOKEN = 'console-e2e-token-1f2e3d-0123456789abcdef';
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SHOTS = process.env.PRESSBOX_CONSOLE_SCREENSHOTS;

let dir = '';
let serve: ServeProcess;
let relay = '';
let browser: Browser;
let attacker: Server;
let attackerOrigin = '';

/** Presses Tab until the focused element (inside shadow roots too) is the one described; fails after 60 presses. */
async function tabTo(page: Page, describe: string, matches: (element: Element, wanted: string) => boolean): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(
      ([source, wanted]) => {
        let element: Element | null = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return element
          ? (new Function('element', 'wanted', `return (${source})(element, wanted)`) as (e: Element, w: string) => boolean)(
              element,
              wanted,
            )
          : false;
      },
      [matches.toString(), describe] as const,
    );
    if (found) return;
  }
  throw new Error(`Tab never reached ${describe}`);
}

/** What to find: an element of this role (its own, or its tag's: headings, buttons, cells…), selector or text. */
interface Wanted {
  role?: string;
  css?: string;
  text?: string;
  /** A regular expression's source, matched against the element's text. */
  pattern?: string;
}

/**
 * Waits for the innermost visible element, in the page or any shadow root, that matches `wanted`: the console is
 * built of components, and a reader finds things by role and text, not by where a shadow root begins.
 */
async function deep(page: Page, wanted: Wanted, timeout = 30_000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    ({ role, css, text, pattern }: Wanted) => {
      const implicit: Record<string, string> = {
        H1: 'heading',
        H2: 'heading',
        H3: 'heading',
        BUTTON: 'button',
        TD: 'cell',
        TH: 'columnheader',
        TABLE: 'table',
        OUTPUT: 'status',
      };
      const matches = (element: Element) => {
        const value = ((element as HTMLElement).innerText ?? element.textContent ?? '').trim();
        return (
          (!role || (element.getAttribute('role') ?? implicit[element.tagName]) === role) &&
          (!css || element.matches(css)) &&
          (pattern ? new RegExp(pattern).test(value) : text === undefined || value.includes(text))
        );
      };
      const found: Element[] = [];
      const visit = (root: Document | ShadowRoot): void => {
        for (const element of root.querySelectorAll('*')) {
          if (matches(element) && element.getClientRects().length > 0) found.push(element);
          if (element.shadowRoot) visit(element.shadowRoot);
        }
      };
      visit(document);
      return found.find((element) => !found.some((other) => other !== element && element.contains(other))) ?? false;
    },
    { timeout, polling: 100 },
    wanted,
  );
  return handle.asElement() as ElementHandle<Element>;
}

/** Selects everything in the focused field, as Ctrl+A does. */
async function selectAll(page: Page): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
}

/** Replaces the text of the field `css` finds (inside shadow roots too), as a reader typing over it would. */
async function fill(page: Page, css: string, value: string): Promise<void> {
  const field = await deep(page, { css });
  await field.evaluate((element) => (element as HTMLTextAreaElement).select());
  await field.type(value);
}

/** The text of the element after the `<dt>` holding `term` (a definition list's value). */
async function definition(page: Page, term: string): Promise<string> {
  const dt = await deep(page, { css: 'dt', text: term });
  return dt.evaluate((element) => (element.nextElementSibling as HTMLElement).innerText.trim());
}

/** Runs `action`, which starts a download, and waits for the file to be saved in `folder`; its name as the page gave it. */
async function download(browser: Browser, folder: string, action: () => Promise<void>): Promise<string> {
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true });
  const begun = new Promise<string>((resolve) => cdp.once('Browser.downloadWillBegin', (event) => resolve(event.suggestedFilename)));
  const done = new Promise<void>((resolve) =>
    cdp.on('Browser.downloadProgress', (event) => {
      if (event.state === 'completed') resolve();
    }),
  );
  await action();
  const name = await begun;
  await done;
  await cdp.detach();
  return name;
}

const labelled = (element: Element, wanted: string) =>
  element.id === wanted || element.textContent?.trim() === wanted || element.getAttribute('aria-label') === wanted;

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }
    ).axe.run(document);
    return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  });
}

/** What sticks out past the viewport's right edge (shadow roots included), named so a failure says what to fix. */
async function widerThanThePage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= innerWidth) return [];
    const wide: string[] = [];
    const visit = (root: Document | ShadowRoot): void => {
      for (const element of root.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > innerWidth + 0.5) wide.push(`${element.localName}.${element.className} right ${Math.round(box.right)}`);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return wide.length > 0 ? wide.slice(0, 8) : [`scrollWidth ${document.documentElement.scrollWidth}`];
  });
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A console page whose errors (script errors, CSP and Trusted Types violations) fail the test. */
async function consolePage(context: BrowserContext, problems: string[]): Promise<Page> {
  const page = await context.newPage();
  await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    // The first GET /console/api/session answers 401 before sign-in: the browser logs the status, which is expected.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  return page;
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressbox-console-'));
  const port = await freePort();
  serve = await startServeProcess(['--port', String(port), '--db', join(dir, 'pressbox.db')], { PRESSBOX_ADMIN_TOKEN: TOKEN });
  relay = `http://127.0.0.1:${port}`;
  browser = await launchChromium();
  // Another origin on the same machine: same site as the relay (ports do not make sites), so the SameSite=Strict
  // cookie goes with its requests, which is what the CSRF token and the Origin check are for.
  const attackerPort = await freePort();
  attackerOrigin = `http://127.0.0.1:${attackerPort}`;
  attacker = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Not the console</title>
<form id="guess" method="post" action="${relay}/console/api/session" enctype="text/plain"><input type="hidden" name='{"token":"' value='guess"}'><button>Win a prize</button></form>
`);
  }).listen(attackerPort, '127.0.0.1');
});

after(async () => {
  await browser?.close();
  attacker?.close();
  serve?.child.kill();
  await rm(dir, { recursive: true, force: true });
});

// A step that hangs fails the file instead of holding up every end-to-end file queued behind it.
describe('operator console in Chromium, keyboard only', { timeout: 180_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  let key = '';
  const problems: string[] = [];

  before(async () => {
    // The default context: downloads and cookies are the browser's own there.
    context = browser.defaultBrowserContext();
    page = await consolePage(context, problems);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('signs in with the admin token, and passes axe before and after', async () => {
    await page.goto(`${relay}/console`);
    await deep(page, { css: '#token' });
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'sign-in-1280');
    await tabTo(page, 'token', labelled);
    await page.keyboard.type('not the token');
    await page.keyboard.press('Enter');
    await deep(page, { role: 'alert', text: 'not this relay’s admin token' });
    await selectAll(page);
    await page.keyboard.type(TOKEN);
    await page.keyboard.press('Enter');
    await deep(page, { role: 'heading', text: 'Keys' });
    await deep(page, { text: 'store: ok' });
    assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0, 'nothing kept in page storage');
    const cookies = await browser.cookies();
    assert.deepEqual(
      cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite]),
      [['pressbox_console', true, 'Strict']],
    );
    assert.ok(!cookies[0]!.value.includes(TOKEN));
    assert.deepEqual(await axeViolations(page), []);
  });

  it('creates a key, the domain rules answering as the operator types', async () => {
    await tabTo(page, 'New key', labelled);
    await page.keyboard.press('Enter');
    await tabTo(page, 'name', labelled);
    await page.keyboard.type('The Daily Courier');
    await tabTo(page, 'plan', labelled);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await tabTo(page, 'domains', labelled);
    await page.keyboard.type('courier.example\n*.com');
    await deep(page, { text: 'com is a public suffix' });
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'create-key-1280');
    for (let i = 0; i < 'com'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('courier.example');
    await deep(page, { text: '*.courier.example accepted' });
    await tabTo(page, 'Create key', labelled);
    await page.keyboard.press('Enter');
    await deep(page, { role: 'heading', text: 'The Daily Courier' });
    key = /#key=(pk_live_\w+)/.exec(page.url())![1]!;
    await deep(page, { css: 'dd', text: 'pro · live' });
  });

  it('tells which rule allows an origin, and that another is denied', async () => {
    await tabTo(page, 'origin', labelled);
    await page.keyboard.type('https://news.courier.example');
    await page.keyboard.press('Enter');
    await deep(page, { text: 'matches *.courier.example' });
    await selectAll(page);
    await page.keyboard.type('https://courier.example.attacker.test');
    await page.keyboard.press('Enter');
    await deep(page, { pattern: 'Denied: .*courier\\.example\\.attacker\\.test' });
  });

  it('adds a domain submitted the moment it is typed, judged by what the box holds, not by the last check', async () => {
    await fill(page, 'textarea', '*.com');
    await deep(page, { text: 'com is a public suffix' });
    // Replaced and sent at once: the refusal still on screen is for the old text.
    await fill(page, 'textarea', 'live.courier.example');
    await (await deep(page, { role: 'button', pattern: '^Add$' })).click();
    await deep(page, { text: 'Added live.courier.example.' });
    await deep(page, { css: 'ul.domains code', pattern: '^live\\.courier\\.example$' });
  });

  it('draws the loads a page makes, with a table for those who read it', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${relay}/v1/scores?league=nba&key=${key}`, {
        headers: { origin: 'https://courier.example', 'sec-fetch-site': 'cross-site' },
      });
      assert.equal(response.status, 200);
    }
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${relay}/v1/injuries?league=nba&key=${key}`, { headers: { origin: 'https://news.courier.example' } });
      assert.equal(response.status, 200);
    }
    await page.reload();
    await deep(page, { css: 'pb-usage-chart' });
    await deep(page, { css: 'canvas' });
    await (await deep(page, { text: 'Loads per day as a table' })).click();
    const chart = await deep(page, { css: 'pb-usage-chart' });
    const today = await chart.evaluate((host) =>
      [...[...host.shadowRoot!.querySelectorAll('tbody tr')].at(-1)!.querySelectorAll('td')].map((cell) => cell.innerText.trim()),
    );
    assert.deepEqual(today, ['2', '6', '8']);
    assert.match(
      await chart.evaluate((host) => host.shadowRoot!.querySelector('[role="img"]')?.getAttribute('aria-label') ?? ''),
      /8 in all/,
    );
    await deep(page, { text: '8 of 1,000,000' });
    assert.equal(await definition(page, 'Browsers'), '75%');
    assert.match(await definition(page, 'Upstream units caused'), /^\d[\d,]* \(\d+(\.\d+)?% of the upstream month\)$/);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'key-1280');
    await (await deep(page, { role: 'button', text: 'By origin' })).click();
    await deep(page, { role: 'columnheader', text: 'https://news.courier.example' });
  });

  it('rotates with a grace period, then revokes after a confirmation', async () => {
    await tabTo(page, 'Rotate: issue a new key', labelled);
    await page.keyboard.press('Enter');
    await page.waitForFunction((old) => location.hash.startsWith('#key=') && !location.hash.includes(old), { polling: 100 }, key);
    const rotated = /#key=(pk_live_\w+)/.exec(page.url())![1]!;
    await deep(page, { text: `created by rotating ${key}` });
    await tabTo(page, 'Revoke…', labelled);
    await page.keyboard.press('Enter');
    await deep(page, { role: 'alert', text: 'stops loading data' });
    await tabTo(page, 'Yes, revoke it', labelled);
    await page.keyboard.press('Enter');
    await deep(page, { role: 'heading', text: 'Revoked' });
    const refused = await fetch(`${relay}/v1/scores?league=nba&key=${rotated}`, { headers: { origin: 'https://courier.example' } });
    assert.equal(refused.status, 401);
    const old = await fetch(`${relay}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://courier.example' } });
    assert.equal(old.status, 200, 'the old key works through its grace period');
  });

  it('lists every change in the audit log, as pressbox audit does', async () => {
    await page.goto(`${relay}/console#audit`);
    const log = await deep(page, { role: 'table' });
    const text = await log.evaluate((table) => (table as HTMLElement).innerText);
    for (const action of ['console.sign-in', 'key.create', 'key.rotate', 'key.revoke'])
      assert.match(text, new RegExp(action.replace('.', '\\.')));
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'audit-1280');
  });

  it('exports the keys to a file and imports that file back', async () => {
    await page.goto(`${relay}/console#keys`);
    await deep(page, { role: 'cell', text: 'The Daily Courier' });
    const name = await download(browser, dir, async () => {
      await tabTo(page, 'Export', labelled);
      await page.keyboard.press('Enter');
    });
    assert.match(name, /^pressbox-keys-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(dir, name);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as { keys: Array<{ key: string }> };
    assert.ok(
      backup.keys.some((exported) => exported.key === key),
      'the file holds the key’s value',
    );
    await tabTo(page, 'file input', (element) => (element as HTMLInputElement).type === 'file');
    const input = await page.waitForSelector('pierce/input[type=file]');
    await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
    await deep(page, { role: 'status', text: `0 keys created, ${backup.keys.length} updated` });
    assert.deepEqual(await axeViolations(page), []);
  });

  it('fits a phone at 375 px without sideways scrolling', async () => {
    await page.setViewport({ width: 375, height: 800 });
    for (const [hash, name] of [
      ['#keys', 'keys-375'],
      [`#key=${key}`, 'key-375'],
    ] as const) {
      await page.goto(`${relay}/console${hash}`);
      await deep(page, { text: 'store: ok' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(await widerThanThePage(page), [], `${name}: no sideways scrolling`);
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, name);
    }
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${relay}/console#keys`);
    await deep(page, { role: 'cell', text: 'The Daily Courier' });
    await shot(page, 'keys-1280');
  });

  it('refuses the console’s forms and cookie from another origin', async () => {
    const other = await context.newPage();
    await other.goto(attackerOrigin);
    // The other origin's script, as an attacker's page would run it: a change sent blind, and an attempt to read the keys.
    const [sent, read] = await other.evaluate(async (target) => {
      return Promise.all([
        fetch(`${target}/console/api/keys`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ plan: 'pro', domains: ['attacker.example'] }),
          signal: AbortSignal.timeout(10_000),
        }).then(
          () => 'sent',
          (error: unknown) => String(error),
        ),
        fetch(`${target}/console/api/keys`, { credentials: 'include', signal: AbortSignal.timeout(10_000) }).then(
          (response) => response.text(),
          (error: unknown) => `unreadable: ${String(error)}`,
        ),
      ]);
    }, relay);
    assert.equal(sent, 'sent');
    assert.match(read, /^unreadable/, 'no cross-origin read of the key list');
    // The form's navigation must have finished before the page closes (closing mid-navigation can hang in Chromium).
    const [guessed] = await Promise.all([
      other.waitForResponse((response) => response.url().endsWith('/console/api/session'), { timeout: 60_000 }),
      other.waitForNavigation({ waitUntil: 'load', timeout: 60_000 }),
      other.click('#guess button'),
    ]);
    assert.equal(guessed.status(), 403);
    assert.match(other.url(), /\/console\/api\/session$/);
    await other.close();
    const keys = await page.evaluate(() =>
      fetch('/console/api/keys').then((response) => response.json() as Promise<{ keys: Array<{ domains: string[] }> }>),
    );
    assert.ok(!keys.keys.some((entry) => entry.domains.includes('attacker.example')), 'no key created from another origin');
  });

  it('signs out, after which the same cookie opens nothing', async () => {
    const [cookie] = await browser.cookies();
    await tabTo(page, 'Sign out', labelled);
    await page.keyboard.press('Enter');
    await deep(page, { css: '#token' });
    const stolen = await fetch(`${relay}/console/api/keys`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    assert.equal(stolen.status, 401);
    assert.deepEqual(problems, []);
  });
});
