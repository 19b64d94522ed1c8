import type { TestRunnerPlugin } from '@web/test-runner';
import type { CDPSession, Page } from 'puppeteer-core';

export interface MediaFeatures {
  forcedColors?: 'active' | 'none';
  reducedMotion?: 'reduce' | 'no-preference';
}

/** Whether the engine itself now reports the media features, or cannot be told to (WebDriver, Firefox over BiDi). */
export type EmulationResult = 'emulated' | 'unsupported';

const FEATURE_NAMES: Record<keyof MediaFeatures, string> = { forcedColors: 'forced-colors', reducedMotion: 'prefers-reduced-motion' };

/**
 * Media emulation where the engine's driver offers it. Only Chromium's driver can change forced colours and reduced
 * motion during a page's life; the others say so, and the test switches the element's own rules on instead.
 */
export function engineCommandsPlugin(): TestRunnerPlugin {
  const sessions = new WeakMap<Page, CDPSession>();
  return {
    name: 'pressbox-engine-commands',
    async executeCommand({ command, payload, session }): Promise<EmulationResult | undefined> {
      if (command !== 'pressbox-emulate-media') return undefined;
      // Chromium under puppeteer (CDP); Firefox under puppeteer speaks BiDi, which cannot.
      if (session.browser.type !== 'puppeteer' || session.browser.name !== 'Chromium') return 'unsupported';
      const page = (session.browser as unknown as { getPage(id: string): Page }).getPage(session.id);
      const features = Object.entries(payload as MediaFeatures).map(([name, value]) => ({
        name: FEATURE_NAMES[name as keyof MediaFeatures],
        value: value as string,
      }));
      // Over CDP itself (puppeteer's emulateMediaFeatures knows no forced-colors), on one session per page: what a
      // session emulates ends with it.
      let cdp = sessions.get(page);
      if (!cdp) sessions.set(page, (cdp = await page.createCDPSession()));
      await cdp.send('Emulation.setEmulatedMedia', { features });
      return 'emulated';
    },
  };
}
