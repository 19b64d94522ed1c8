import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findBrowser, findFirefox, selectedEngines } from './test/harness/browser.js';
import { startWebKitDriver } from './test/harness/webkit-driver.js';
import { engineCommandsPlugin } from './test/browser/engine-commands.ts';
import { pressboxRelayPlugin } from './test/browser/relay-plugin.ts';

/** Each engine as readers run it, through the e2e harness's drivers: Debian's Chromium over CDP and Firefox ESR over WebDriver BiDi (puppeteer), WebKitGTK over WebDriver. */
const LAUNCHERS = {
  chromium: async () =>
    chromeLauncher({ puppeteer, launchOptions: { executablePath: findBrowser(), headless: true, args: CHROMIUM_ARGS } }),
  firefox: async () => chromeLauncher({ puppeteer, launchOptions: { browser: 'firefox', executablePath: findFirefox(), headless: true } }),
  webkit: async () => {
    const driver = await startWebKitDriver();
    return webdriverLauncher({
      automationProtocol: 'webdriver',
      hostname: driver.hostname,
      port: driver.port,
      path: '/',
      capabilities: driver.capabilities,
    });
  },
};

let browsers;
try {
  browsers = await Promise.all(selectedEngines().map((engine) => LAUNCHERS[engine]()));
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

export default {
  files: 'test/browser/**/*.test.ts',
  nodeResolve: true,
  // One test file at a time: the files share this process's relay, whose clock and faults the tests steer
  // (test/harness/run-browser.ts runs the engines at once, each in a process with a relay of its own).
  concurrency: 1,
  concurrentBrowsers: 1,
  // test/harness/run-browser.ts gives each engine's run a free port (the engines run at once).
  ...(process.env.PRESSBOX_TEST_PORT ? { port: Number(process.env.PRESSBOX_TEST_PORT) } : {}),
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json' }), pressboxRelayPlugin(), engineCommandsPlugin()],
  browsers,
  testFramework: { config: { timeout: 15_000 } },
  // A file's tests end when they end: the locales file renders every element in ten locales, about 100 s in WebKit on a
  // busy two-core machine running three engines at once, and the runner's default of 120 s would fail it for speed.
  testsFinishTimeout: 10 * 60_000,
};
