// Finds the three browser engines the tests and screenshots run in (Chromium, Firefox, WebKit); installs Debian's
// packages for a missing one when it can, else says which command installs it.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

/** Headless Chromium as every test and script here runs it: background networking would reach for hosts this machine cannot see. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Wanted {
  what: string;
  /** Environment variable that names the executable instead. */
  override: string;
  candidates: () => string[];
  packages: string[];
}

const WANTED: Record<'chromium' | 'firefox' | 'webkitDriver' | 'miniBrowser' | 'xvfb', Wanted> = {
  chromium: {
    what: 'Chromium',
    override: 'CHROME_PATH',
    candidates: () => ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
    packages: ['chromium'],
  },
  firefox: {
    what: 'Firefox',
    override: 'FIREFOX_PATH',
    candidates: () => ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    packages: ['firefox-esr'],
  },
  webkitDriver: {
    what: 'WebKitWebDriver',
    override: 'WEBKIT_DRIVER_PATH',
    candidates: () => ['/usr/bin/WebKitWebDriver'],
    packages: ['webkit2gtk-driver'],
  },
  miniBrowser: {
    what: "WebKitGTK's MiniBrowser",
    override: 'MINIBROWSER_PATH',
    // The multiarch directory differs per machine (x86_64-linux-gnu, aarch64-linux-gnu).
    candidates: () => {
      try {
        return readdirSync('/usr/lib').map((dir) => `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`);
      } catch {
        return [];
      }
    },
    packages: ['webkit2gtk-driver'],
  },
  xvfb: { what: 'Xvfb', override: 'XVFB_PATH', candidates: () => ['/usr/bin/Xvfb'], packages: ['xvfb'] },
};

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function firstAvailable(wanted: Wanted): string | undefined {
  const override = process.env[wanted.override];
  if (override) {
    if (executable(override)) return override;
    throw new Error(`${wanted.override} is set to ${override}, which is not an executable file.`);
  }
  return wanted.candidates().find(executable);
}

function canInstallWithApt(): boolean {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Path of what is wanted; installs its Debian package when it can, else throws with the command to run. */
function find(name: keyof typeof WANTED): string {
  const wanted = WANTED[name];
  const found = firstAvailable(wanted);
  if (found) return found;
  if (canInstallWithApt()) {
    console.error(
      `No ${wanted.what} found: installing Debian's ${wanted.packages.join(' ')} (apt-get install -y ${wanted.packages.join(' ')})…`,
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...wanted.packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = firstAvailable(wanted);
    if (installed) return installed;
  }
  throw new Error(
    `The browser tests need ${wanted.what} and none was found. Install it with:\n\n    sudo apt-get install -y ${wanted.packages.join(' ')}\n\n` +
      `or point ${wanted.override} at the executable.`,
  );
}

/** Path of a Chromium-family browser. */
export const findBrowser = (): string => find('chromium');
/** Path of Firefox (Debian's ESR), driven by puppeteer-core over WebDriver BiDi. */
export const findFirefox = (): string => find('firefox');
/** Paths of what WebKit needs here: its WebDriver, the MiniBrowser it drives, and a virtual display for it. */
export const findWebKit = (): { driver: string; miniBrowser: string; xvfb: string } => ({
  driver: find('webkitDriver'),
  miniBrowser: find('miniBrowser'),
  xvfb: find('xvfb'),
});

/** Engines named in PRESSBOX_ENGINES (comma-separated), all three by default. */
export function selectedEngines(): Engine[] {
  const asked = process.env.PRESSBOX_ENGINES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!asked?.length) return [...ENGINES];
  const unknown = asked.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`PRESSBOX_ENGINES names ${unknown.join(', ')}; the engines are ${ENGINES.join(', ')}.`);
  return asked as Engine[];
}
