// WebKit as the tests drive it: WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver classic), on a virtual
// display of its own so that no desktop is needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { findWebKit } from './browser.js';
import { freePort, reachable } from './local-servers.js';

export interface WebKitDriver {
  hostname: string;
  port: number;
  /** The session capabilities that make WebKitWebDriver start MiniBrowser under automation. */
  capabilities: Record<string, unknown>;
  stop(): void;
}

/** Starts Xvfb on a free display (it tells the number through a pipe) unless a display is already there. */
function startDisplay(xvfb: string): Promise<{ display: string; process?: ChildProcess }> {
  if (process.env.DISPLAY) return Promise.resolve({ display: process.env.DISPLAY });
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let told = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      told += chunk.toString();
      if (!told.includes('\n')) return;
      // Neither the display nor its pipe may keep a test process alive: it is stopped with the driver or at exit.
      (child.stdio[3] as Socket).unref();
      child.unref();
      resolve({ display: `:${told.trim()}`, process: child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
  });
}

export async function startWebKitDriver(): Promise<WebKitDriver> {
  const { driver, miniBrowser, xvfb } = findWebKit();
  const display = await startDisplay(xvfb);
  const port = await freePort();
  // Compositing off: on Xvfb (no GPU) WebKitGTK's composited layers come out black in screenshots.
  // A process group of its own, so that stopping it also stops the MiniBrowser it started (a lingering one can keep
  // the next session from starting).
  // Its own cache, data and config folders: MiniBrowsers of two test files at once share nothing on disk (CI once saw
  // one never answer its first session while another engine's suite ran beside it).
  const home = mkdtempSync(join(tmpdir(), 'pressbox-webkit-'));
  const child = spawn(driver, [`--port=${port}`], {
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      DISPLAY: display.display,
      WEBKIT_DISABLE_COMPOSITING_MODE: '1',
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
    },
  });
  // A driver whose session never started must not keep its test process from ending (CI once waited out its time so).
  child.unref();
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    display.process?.kill();
    rmSync(home, { recursive: true, force: true });
  };
  process.once('exit', stop);
  for (let tries = 0; !(await reachable('127.0.0.1', port)); tries++) {
    if (tries > 100 || child.exitCode !== null) {
      stop();
      throw new Error(`WebKitWebDriver did not listen on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    hostname: '127.0.0.1',
    port,
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
    },
    stop,
  };
}
