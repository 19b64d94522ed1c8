// Finds a Chromium-family browser for the browser tests; installs Debian's `chromium` when it can.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** Headless Chromium as every test and script here runs it: background networking would reach for hosts this machine cannot see. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function firstAvailable(): string | undefined {
  if (process.env.CHROME_PATH) {
    if (executable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file.`);
  }
  return CANDIDATES.find(executable);
}

function canInstallWithApt(): boolean {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Path of a Chromium-family browser; installs Debian's chromium when it can, else throws with the command to run. */
export function findBrowser(): string {
  const found = firstAvailable();
  if (found) return found;
  if (canInstallWithApt()) {
    console.error("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = firstAvailable();
    if (installed) return installed;
  }
  throw new Error(
    'The browser tests need Chromium and none was found. Install it with:\n\n    sudo apt-get install -y chromium\n\n' +
      'or point CHROME_PATH at a Chromium or Chrome executable.',
  );
}
