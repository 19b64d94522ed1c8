import type { TestRunnerPlugin } from '@web/test-runner';

export interface MediaFeatures {
  forcedColors?: 'active' | 'none';
  reducedMotion?: 'reduce' | 'no-preference';
}

/** Whether the engine itself now reports the media features, or cannot be told to (WebDriver, Firefox over BiDi). */
export type EmulationResult = 'emulated' | 'unsupported';

interface PlaywrightPage {
  emulateMedia(options: MediaFeatures): Promise<void>;
}

/**
 * Media emulation where the engine's driver offers it. Only Chromium's driver can change forced colours and reduced
 * motion during a page's life; the others say so, and the test switches the element's own rules on instead.
 */
export function engineCommandsPlugin(): TestRunnerPlugin {
  return {
    name: 'pressbox-engine-commands',
    async executeCommand({ command, payload, session }): Promise<EmulationResult | undefined> {
      if (command !== 'pressbox-emulate-media') return undefined;
      if (session.browser.type !== 'playwright') return 'unsupported';
      const page = (session.browser as unknown as { getPage(id: string): PlaywrightPage }).getPage(session.id);
      await page.emulateMedia(payload as MediaFeatures);
      return 'emulated';
    },
  };
}
