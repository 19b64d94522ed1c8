import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findBrowser, findFirefox, selectedEngines } from './scripts/browser.js';
import { startWebKitDriver } from './scripts/webkit-driver.js';
import { engineCommandsPlugin } from './test/widgets/engine-commands.ts';
import { pressboxRelayPlugin } from './test/widgets/relay-plugin.ts';

/** Each engine as readers run it: Debian's Chromium, Firefox ESR over WebDriver BiDi, WebKitGTK over WebDriver. */
const LAUNCHERS = {
  chromium: async () =>
    playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: findBrowser(), headless: true, args: CHROMIUM_ARGS } }),
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
  files: 'test/widgets/**/*.test.ts',
  nodeResolve: true,
  // One test file at a time: the files share this process's relay, whose clock and faults the tests steer
  // (scripts/test-browser.ts runs the engines at once, each in a process with a relay of its own).
  concurrency: 1,
  concurrentBrowsers: 1,
  // scripts/test-browser.ts gives each engine's run a free port (the engines run at once).
  ...(process.env.PRESSBOX_TEST_PORT ? { port: Number(process.env.PRESSBOX_TEST_PORT) } : {}),
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json' }), pressboxRelayPlugin(), engineCommandsPlugin()],
  browsers,
  testFramework: { config: { timeout: 15_000 } },
};
