// The operator console in each engine operators use (Chromium, Firefox, WebKit), through `pressbox serve` under the
// console's own strict policy: the page starts, signs in through its form, lists the keys and the relay's health,
// fits a narrow window and a wide one, and signs out. The full walk through every view, with axe and the keyboard,
// is test/e2e/console.test.ts (Chromium); this one is what differs between engines: the page starting at all.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { selectedEngines } from '../harness/browser.js';
import { freePort, startServeProcess, type ServeProcess } from '../harness/local-servers.js';
import { launchReaderBrowser, type ReaderBrowser, type ReaderPage } from '../harness/reader-browser.js';

const TOKEN = 'console-engines-token-7a6b-0123456789abcdef';
const KEY_NAME = 'Courier newsroom';

let dir = '';
let serve: ServeProcess;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressbox-console-engines-'));
  const db = join(dir, 'pressbox.db');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--db', db, '--plan', 'starter', '--domain', 'courier.example', '--name', KEY_NAME],
    { stdio: 'ignore' },
  );
  serve = await startServeProcess(['--port', String(await freePort()), '--db', db], { PRESSBOX_ADMIN_TOKEN: TOKEN });
});

after(async () => {
  serve?.child.kill();
  await rm(dir, { recursive: true, force: true });
});

/** What the console shows, through its shadow roots, as one string. */
function consoleText(page: ReaderPage): Promise<string> {
  return page.evaluate(() => {
    const textOf = (node: Node): string =>
      (node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '') +
      ((node as Element).shadowRoot ? textOf((node as Element).shadowRoot!) : '') +
      Array.from(node.childNodes, textOf).join('');
    return textOf(document.body);
  });
}

async function until(page: ReaderPage, wanted: RegExp, what: string): Promise<string> {
  const started = Date.now();
  for (;;) {
    const text = await consoleText(page);
    if (wanted.test(text)) return text;
    if (Date.now() - started > 60_000) throw new Error(`${what}: the console shows ${JSON.stringify(text.slice(0, 400))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const engine of selectedEngines()) {
  describe(`${engine}: the operator console`, () => {
    let browser: ReaderBrowser;
    before(async () => {
      browser = await launchReaderBrowser(engine);
    });
    after(() => browser?.close());

    for (const wide of [false, true]) {
      it(`${wide ? 'in a wide window' : 'in a narrow window'}: starts, signs in, lists the keys and the relay's health, signs out`, async () => {
        const width = wide ? 1280 : Math.max(480, browser.narrowestWidth);
        const page = await browser.newPage(width, 900);
        try {
          await page.goto(`${serve.origin}/console`);
          await page.evaluate(() => {
            const seen: string[] = [];
            (window as unknown as { policyViolations: string[] }).policyViolations = seen;
            document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
          });
          await page
            .waitFor(() => Boolean(customElements.get('pressbox-console')), undefined)
            .catch(() => {
              throw new Error(`${engine}: the console's script did not define <pressbox-console> (it failed as it loaded)`);
            });
          await until(page, /Sign in/, 'the sign-in form');
          await page.evaluate((token) => {
            const root = document.querySelector('pressbox-console')!.shadowRoot!;
            root.querySelector<HTMLInputElement>('input[name=token]')!.value = token;
            root.querySelector('form')!.requestSubmit();
          }, TOKEN);
          const signedIn = await until(page, new RegExp(KEY_NAME), 'the key list after signing in');
          assert.match(signedIn, /pk_live_/, 'the key itself is listed');
          await until(page, /Open live streams/, "the relay's health");
          const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
          assert.ok(fits, `no sideways scrolling at ${width} px`);
          await page.evaluate(() => {
            const root = document.querySelector('pressbox-console')!.shadowRoot!;
            Array.from(root.querySelectorAll('button'))
              .find((button) => button.textContent?.trim() === 'Sign out')!
              .click();
          });
          await until(page, /Sign in/, 'the sign-in form after signing out');
          const violations = await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
          assert.deepEqual(violations, [], 'no CSP or Trusted Types violation');
        } finally {
          await page.close();
        }
      });
    }
  });
}
