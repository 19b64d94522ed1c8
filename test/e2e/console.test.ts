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
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.js';
import { freePort, startServeProcess, type ServeProcess } from '../../scripts/local-servers.js';

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
  browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
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
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await consolePage(context, problems);
  });
  after(() => context.close());

  it('signs in with the admin token, and passes axe before and after', async () => {
    await page.goto(`${relay}/console`);
    await page.locator('#token').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'sign-in-1280');
    await tabTo(page, 'token', labelled);
    await page.keyboard.type('not the token');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'not this relay’s admin token' }).waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(TOKEN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Keys' }).waitFor();
    await page.getByText('store: ok').waitFor();
    assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0, 'nothing kept in page storage');
    const cookies = await context.cookies();
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
    await page.getByText('com is a public suffix').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'create-key-1280');
    for (let i = 0; i < 'com'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('courier.example');
    await page.getByText('*.courier.example accepted').waitFor();
    await tabTo(page, 'Create key', labelled);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'The Daily Courier' }).waitFor();
    key = /#key=(pk_live_\w+)/.exec(page.url())![1]!;
    await page.locator('pb-console-key dd', { hasText: 'pro · live' }).waitFor();
  });

  it('tells which rule allows an origin, and that another is denied', async () => {
    await tabTo(page, 'origin', labelled);
    await page.keyboard.type('https://news.courier.example');
    await page.keyboard.press('Enter');
    await page.getByText('matches *.courier.example').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('https://courier.example.attacker.test');
    await page.keyboard.press('Enter');
    await page.getByText(/Denied: .*courier\.example\.attacker\.test/).waitFor();
  });

  it('adds a domain submitted the moment it is typed, judged by what the box holds, not by the last check', async () => {
    const box = page.locator('pb-console-key textarea');
    await box.fill('*.com');
    await page.getByText('com is a public suffix').waitFor();
    // Replaced and sent at once: the refusal still on screen is for the old text.
    await box.fill('live.courier.example');
    await page.locator('pb-console-key').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Added live.courier.example.').waitFor();
    await page.locator('pb-console-key ul.domains code', { hasText: /^live\.courier\.example$/ }).waitFor();
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
    const chart = page.locator('pb-usage-chart');
    await chart.locator('canvas').waitFor();
    await chart.getByText('Loads per day as a table').click();
    const today = chart.locator('tbody tr').last();
    assert.deepEqual(
      (await today.locator('td').allInnerTexts()).map((text) => text.trim()),
      ['2', '6', '8'],
    );
    assert.match((await chart.locator('[role="img"]').getAttribute('aria-label')) ?? '', /8 in all/);
    await page.locator('pb-console-key').getByText('8 of 1,000,000').first().waitFor();
    assert.equal(
      (await page.locator('pb-console-key dt', { hasText: 'Browsers' }).locator('xpath=following-sibling::dd[1]').innerText()).trim(),
      '75%',
    );
    assert.match(
      (
        await page.locator('pb-console-key dt', { hasText: 'Upstream units caused' }).locator('xpath=following-sibling::dd[1]').innerText()
      ).trim(),
      /^\d[\d,]* \(\d+(\.\d+)?% of the upstream month\)$/,
    );
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'key-1280');
    await page.getByRole('button', { name: 'By origin' }).click();
    await chart.getByRole('columnheader', { name: 'https://news.courier.example' }).waitFor();
  });

  it('rotates with a grace period, then revokes after a confirmation', async () => {
    await tabTo(page, 'Rotate: issue a new key', labelled);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash.startsWith('#key=') && !url.hash.includes(key));
    const rotated = /#key=(pk_live_\w+)/.exec(page.url())![1]!;
    await page.getByText(`created by rotating ${key}`).waitFor();
    await tabTo(page, 'Revoke…', labelled);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'stops loading data' }).waitFor();
    await tabTo(page, 'Yes, revoke it', labelled);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Revoked' }).waitFor();
    const refused = await fetch(`${relay}/v1/scores?league=nba&key=${rotated}`, { headers: { origin: 'https://courier.example' } });
    assert.equal(refused.status, 401);
    const old = await fetch(`${relay}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://courier.example' } });
    assert.equal(old.status, 200, 'the old key works through its grace period');
  });

  it('lists every change in the audit log, as pressbox audit does', async () => {
    await page.goto(`${relay}/console#audit`);
    const log = page.getByRole('table');
    await log.waitFor();
    const text = await log.innerText();
    for (const action of ['console.sign-in', 'key.create', 'key.rotate', 'key.revoke'])
      assert.match(text, new RegExp(action.replace('.', '\\.')));
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'audit-1280');
  });

  it('exports the keys to a file and imports that file back', async () => {
    await page.goto(`${relay}/console#keys`);
    await page.getByRole('cell', { name: 'The Daily Courier' }).first().waitFor();
    const downloading = page.waitForEvent('download');
    await tabTo(page, 'Export', labelled);
    await page.keyboard.press('Enter');
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^pressbox-keys-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as { keys: Array<{ key: string }> };
    assert.ok(
      backup.keys.some((exported) => exported.key === key),
      'the file holds the key’s value',
    );
    await tabTo(page, 'file input', (element) => (element as HTMLInputElement).type === 'file');
    await page.locator('pb-console-keys input[type=file]').setInputFiles(file);
    await page
      .getByRole('status')
      .filter({ hasText: `0 keys created, ${backup.keys.length} updated` })
      .waitFor();
    assert.deepEqual(await axeViolations(page), []);
  });

  it('fits a phone at 375 px without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [hash, name] of [
      ['#keys', 'keys-375'],
      [`#key=${key}`, 'key-375'],
    ] as const) {
      await page.goto(`${relay}/console${hash}`);
      await page.getByText('store: ok').waitFor();
      await page.waitForTimeout(300);
      assert.deepEqual(await widerThanThePage(page), [], `${name}: no sideways scrolling`);
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${relay}/console#keys`);
    await page.getByRole('cell', { name: 'The Daily Courier' }).first().waitFor();
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
    const [guessed] = await Promise.all([
      other.waitForResponse((response) => response.url().endsWith('/console/api/session'), { timeout: 60_000 }),
      other.getByRole('button', { name: 'Win a prize' }).click({ noWaitAfter: true, timeout: 60_000 }),
    ]);
    assert.equal(guessed.status(), 403);
    // The form's navigation must have finished before the page closes (closing mid-navigation can hang in Chromium).
    await other.waitForURL(/\/console\/api\/session$/, { waitUntil: 'load' });
    await other.close();
    const keys = await page.evaluate(() =>
      fetch('/console/api/keys').then((response) => response.json() as Promise<{ keys: Array<{ domains: string[] }> }>),
    );
    assert.ok(!keys.keys.some((entry) => entry.domains.includes('attacker.example')), 'no key created from another origin');
  });

  it('signs out, after which the same cookie opens nothing', async () => {
    const [cookie] = await context.cookies();
    await tabTo(page, 'Sign out', labelled);
    await page.keyboard.press('Enter');
    await page.locator('#token').waitFor();
    const stolen = await fetch(`${relay}/console/api/keys`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    assert.equal(stolen.status, 401);
    assert.deepEqual(problems, []);
  });
});
