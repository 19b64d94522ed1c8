import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findBrowser } from './scripts/browser.js';
import { pressboxRelayPlugin } from './test/widgets/relay-plugin.ts';

let executablePath;
try {
  executablePath = findBrowser();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

export default {
  files: 'test/widgets/**/*.test.ts',
  nodeResolve: true,
  concurrency: 1,
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json' }), pressboxRelayPlugin()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  testFramework: { config: { timeout: 15_000 } },
};
