// Publishers' apps built from test/fixtures/frameworks: the packed @pressbox/elements, a fresh project holding a
// fixture's files with the framework at the pinned versions below, its production build, and its production server
// started with the relay's settings in its environment (never its build's). Shared by test/e2e/frameworks.test.ts and
// bench/first-paint-frameworks.ts.
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './local-servers.js';

const run = promisify(execFile);
export const CHECKOUT = resolve('.');
export const FIXTURES = join(CHECKOUT, 'test', 'fixtures', 'frameworks');
/** npm and the frameworks without their notices, audits and telemetry. */
export const QUIET: NodeJS.ProcessEnv = {
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  NEXT_TELEMETRY_DISABLED: '1',
  ASTRO_TELEMETRY_DISABLED: '1',
  NUXT_TELEMETRY_DISABLED: '1',
};

export interface Settings {
  relay: string;
  key: string;
  origin: string;
}

export interface Framework {
  /** Beside the elements' tarball, at the versions tried (the newest that installed when this was written). */
  install: string[];
  /** The production build, as `node <bin> …` in the project. */
  build: string[];
  /** The production server, as `node …` in the project; it listens on PORT (and HOST). */
  start: string[];
  /** How the app is told the relay, the key and the site's origin. */
  env(settings: Settings): Record<string, string>;
}

export const pressboxEnv = ({ relay, key, origin }: Settings) => ({ PRESSBOX_RELAY: relay, PRESSBOX_KEY: key, PRESSBOX_ORIGIN: origin });

export const FRAMEWORKS: Record<string, Framework> = {
  next: {
    install: ['next@16.5.0', 'react@19.3.1', 'react-dom@19.3.1'],
    build: ['node_modules/.bin/next', 'build'],
    start: ['node_modules/.bin/next', 'start', '--hostname', '127.0.0.1'],
    env: pressboxEnv,
  },
  astro: {
    install: ['astro@7.4.8', '@astrojs/node@11.1.6'],
    build: ['node_modules/.bin/astro', 'build'],
    start: ['dist/server/entry.mjs'],
    env: pressboxEnv,
  },
  sveltekit: {
    install: ['@sveltejs/kit@3.4.1', '@sveltejs/adapter-node@6.0.2', '@sveltejs/vite-plugin-svelte@7.3.3', 'svelte@5.60.1', 'vite@8.4.1'],
    build: ['node_modules/.bin/vite', 'build'],
    start: ['build'],
    env: pressboxEnv,
  },
  nuxt: {
    install: ['nuxt@4.6.4', 'vue@3.5.47'],
    build: ['node_modules/.bin/nuxt', 'build'],
    start: ['.output/server/index.mjs'],
    // Nuxt's runtime config, which NUXT_-prefixed variables set when the server starts.
    env: ({ relay, key, origin }) => ({ NUXT_PUBLIC_PRESSBOX_RELAY: relay, NUXT_PUBLIC_PRESSBOX_KEY: key, NUXT_PRESSBOX_ORIGIN: origin }),
  },
};

/** The elements' tarball, as `npm pack` makes it from the checkout's build, written into `into`. */
export async function packElements(into: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--workspace', '@pressbox/elements', '--pack-destination', into], {
    cwd: CHECKOUT,
    env: { ...process.env, ...QUIET },
  });
  const [{ filename, files }] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  if (!files.some((file) => file.path === 'dist/render.js'))
    throw new Error('the tarball has no render entry (dist/render.js): `npm run build` first (npm run test:e2e does)');
  return join(into, filename);
}

/**
 * A fresh project `work/name` holding the files of `fixtures` (folders of test/fixtures/frameworks, copied in order, a
 * later one's files over an earlier one's: `['next', 'next-client-only']`) and what `installs` pull in (from npm's cache
 * where it can).
 */
export async function freshProject(work: string, name: string, installs: string[], fixtures: string[] = [name]): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  for (const fixture of fixtures) await cp(join(FIXTURES, fixture), dir, { recursive: true });
  await run('npm', ['install', '--prefer-offline', '--no-package-lock', ...installs], {
    cwd: dir,
    env: { ...process.env, ...QUIET },
    maxBuffer: 16 * 1024 * 1024,
  });
  return dir;
}

/**
 * Runs the production build (`node …args` in `dir`) without `settings`' names in its environment: the app must read
 * them when it serves, not bake them in.
 */
export async function build(dir: string, args: string[], settings: Record<string, string>): Promise<void> {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...QUIET }).filter(([name]) => !(name in settings)));
  await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`the build failed:\n${error.stdout}\n${error.stderr}`);
  });
}

export interface RunningApp {
  /** Its address, http://127.0.0.1:<port>. */
  site: string;
  /** What the server has written so far, stdout and stderr. */
  output(): string;
  /** Stops the server and whatever it started; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts an app's server (`command` for a free port, also given as PORT, with HOST 127.0.0.1 and `env`) and resolves
 * once it answers HTTP. The server runs in a process group of its own, so that whatever it starts stops with it.
 */
export async function startApp(
  dir: string,
  command: (port: number) => string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningApp> {
  const port = await freePort();
  const [executable, ...args] = command(port);
  const server = spawn(executable!, args, {
    cwd: dir,
    env: { ...process.env, ...QUIET, ...env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  const site = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // The whole group has exited already.
    }
    await exited;
  };
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`the server exited:\n${output}`);
    }
    const answered = await fetch(site).then(
      () => true,
      () => false,
    );
    if (answered) return { site, output: () => output, stop };
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the server answering on ${site}: not within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Starts the app's server as startApp does, hands its address to `use`, then stops it (whatever `use` did). */
export async function serving(
  dir: string,
  command: (port: number) => string[],
  env: Record<string, string>,
  use: (site: string) => Promise<void>,
): Promise<void> {
  const app = await startApp(dir, command, env);
  try {
    await use(app.site).catch((error: Error) => {
      error.message += `\nThe server said:\n${app.output()}`;
      throw error;
    });
  } finally {
    await app.stop();
  }
}
