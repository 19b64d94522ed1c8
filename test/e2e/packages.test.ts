// The two packages as their users install them: `npm pack` both, then, in fresh projects under the system's temporary
// folder (no checkout around), install a tarball and use it. The elements: a page importing one element, built with
// Vite, webpack, esbuild and Rollup, each loading in Chromium and showing data from a relay, and React, Preact 10 and
// 11, Solid, Svelte, Vue and Angular files type-checked against its typings, each element's event payloads included.
// The relay: `npx pressbox keys create`, `usage` and `serve` from its tarball.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify, stripVTControlCharacters } from 'node:util';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { build as esbuild } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import { rollup } from 'rollup';
import { build as vite } from 'vite';
import webpack from 'webpack';
import type { RunningRelay } from '../../src/relay/server.js';
import { launchChromium } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';
import { until } from '../helpers/wait.js';
import { snippetsFor } from '../../src/embed/snippets.js';
import { ELEMENT_TAGS } from '../../src/contract/elements.js';

const run = promisify(execFile);
const CHECKOUT = resolve('.');
const TSC = join(CHECKOUT, 'node_modules', 'typescript', 'bin', 'tsc');
/** npm builds better-sqlite3 for the Node that runs this test, whatever npm's own `nodedir` setting says. */
const NODE_HEADERS = join(dirname(process.execPath), '..');
const NPM_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  ...(existsSync(join(NODE_HEADERS, 'include', 'node', 'node.h')) ? { npm_config_nodedir: NODE_HEADERS } : {}),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

let work = '';
const tarballs = { elements: '', relay: '' };

async function npm(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** A fresh project with only a package.json, the tarball and what it pulls in (from npm's cache where it can). */
async function freshProject(name: string, ...installs: string[]): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  await npm(dir, 'install', '--prefer-offline', '--no-package-lock', ...installs);
  return dir;
}

/**
 * better-sqlite3's binary as an operator's `npm install` gets it: prebuild-install downloads the prebuilt one for
 * their Node from GitHub, which these machines cannot reach, so it was compiled from source: two of this file's
 * three minutes. The checkout's own build, packed under the name that download has, stands in for it
 * (prebuild-install's local prebuilds); a better-sqlite3 of another version still compiles.
 */
async function prebuiltSqlite(): Promise<void> {
  const sqlite = join(CHECKOUT, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(await readFile(join(sqlite, 'package.json'), 'utf8')) as { version: string };
  const folder = join(work, 'prebuilds');
  await mkdir(folder, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await run('tar', ['-czf', join(folder, name), '-C', sqlite, 'build/Release/better_sqlite3.node']);
  NPM_ENV.npm_config_better_sqlite3_local_prebuilds = folder;
}

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'pressbox-packages-'));
  const packed = JSON.parse(
    await npm(CHECKOUT, 'pack', '--json', '--workspace', '@pressbox/elements', '--workspace', 'pressbox', '--pack-destination', work),
  ) as { name: string; filename: string }[];
  for (const { name, filename } of packed) tarballs[name === 'pressbox' ? 'relay' : 'elements'] = join(work, filename);
  assert.ok(tarballs.elements && tarballs.relay, `npm pack made ${packed.map((entry) => entry.filename).join(', ')}`);
  await prebuiltSqlite();
});

after(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('@pressbox/elements from its tarball', () => {
  let relay: RunningRelay;
  let browser: Browser;
  let pages: Server;
  let site = '';
  let key = '';
  /** Each bundler's output folder, served at /<bundler>/. */
  const outputs = new Map<string, string>();

  before(async () => {
    relay = await testRelay();
    pages = createServer(async (request, response) => {
      const [, bundler, ...rest] = (request.url ?? '/').split('?')[0]!.split('/');
      const folder = outputs.get(bundler ?? '');
      const file = folder && join(folder, rest.join('/') || 'index.html');
      if (!file || !file.startsWith(folder) || !existsSync(file)) return void response.writeHead(404).end();
      const type = extname(file) === '.html' ? 'text/html; charset=utf-8' : 'text/javascript';
      response.writeHead(200, { 'content-type': type }).end(await readFile(file));
    });
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    site = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    key = await addKey(relay, [site], { name: 'packages' });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    pages?.close();
    await relay?.close();
  });

  it('installs Lit and nothing else: no native module, nothing for Node', async () => {
    const dir = await freshProject('elements-only', tarballs.elements);
    const installed = (await readdir(join(dir, 'node_modules'))).filter((name) => !name.startsWith('.'));
    const scoped = await readdir(join(dir, 'node_modules', '@pressbox'));
    assert.deepEqual(scoped, ['elements']);
    const lit = ['@lit', '@lit-labs', '@pressbox', '@types', 'lit', 'lit-element', 'lit-html'];
    assert.deepEqual(
      installed.filter((name) => !lit.includes(name)),
      [],
      'only Lit and its own packages',
    );
  });

  it('imports on a server, as Next.js, Nuxt, SvelteKit and Astro render a page in Node: defines nothing, throws nothing', async () => {
    const dir = await freshProject('server-side', tarballs.elements);
    const script = [
      "import * as elements from '@pressbox/elements';",
      "import { ScoreStrip } from '@pressbox/elements/elements/score-strip';",
      "import { configure } from '@pressbox/elements/configure';",
      "import { load } from '@pressbox/elements/loader';",
      "configure({ key: 'pk_test_x', relay: 'https://widgets.example.com' });",
      'await load("score-strip");',
      'console.log(JSON.stringify({ names: Object.keys(elements), window: typeof window, customElements: typeof customElements,',
      '  strip: typeof ScoreStrip, odds: elements.formatOdds(150, "decimal", "en") }));',
    ].join('\n');
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir });
    assert.equal(stderr, '');
    const seen = JSON.parse(stdout) as { names: string[]; window: string; customElements: string; strip: string; odds: string };
    assert.equal(seen.window, 'undefined', 'nothing made a window');
    assert.equal(seen.customElements, 'undefined', 'nothing defined a custom element');
    assert.equal(seen.strip, 'function');
    assert.equal(seen.odds, '2.50');
    for (const name of ['ScoreStrip', 'GameHeader', 'FightCard', 'configure', 'setMessages', 'PbLoadEvent', 'SUPPORTED_LOCALES'])
      assert.ok(seen.names.includes(name), `the server entry exports ${name}`);
  });

  /** The page every bundler builds: one element, configured in code, the bundle's entry as a module script. */
  const entry = () =>
    [
      "import '@pressbox/elements/elements/score-strip';",
      "import { configure } from '@pressbox/elements/configure';",
      `configure({ key: '${key}', relay: '${relay.origin}' });`,
    ].join('\n');
  const page = (script: string) =>
    `<!doctype html><html lang="en"><title>Scores</title><score-strip league="nba"></score-strip><script type="module" src="${script}"></script></html>`;

  const bundlers: Record<string, (dir: string, out: string) => Promise<void>> = {
    vite: async (dir, out) => {
      await writeFile(join(dir, 'index.html'), page('./main.js'));
      await vite({ root: dir, base: './', configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    },
    webpack: async (dir, out) => {
      const stats = await new Promise<webpack.Stats | undefined>((done, fail) =>
        webpack(
          { mode: 'production', context: dir, entry: './main.js', output: { path: out, filename: 'main.js', publicPath: 'auto' } },
          (error, result) => (error ? fail(error) : done(result)),
        ),
      );
      assert.ok(stats && !stats.hasErrors(), stats?.toString('errors-only'));
      await writeFile(join(out, 'index.html'), page('./main.js'));
    },
    esbuild: async (dir, out) => {
      await esbuild({
        entryPoints: [join(dir, 'main.js')],
        bundle: true,
        splitting: true,
        format: 'esm',
        minify: true,
        outdir: out,
        logLevel: 'silent',
      });
      await writeFile(join(out, 'index.html'), page('./main.js'));
    },
    rollup: async (dir, out) => {
      const bundle = await rollup({ input: join(dir, 'main.js'), plugins: [nodeResolve({ browser: true })] });
      await bundle.write({ dir: out, format: 'es' });
      await bundle.close();
      await writeFile(join(out, 'index.html'), page('./main.js'));
    },
  };

  for (const [bundler, bundle] of Object.entries(bundlers))
    it(`builds with ${bundler}: one element, each language's words once, showing data in Chromium`, async () => {
      const dir = await freshProject(`with-${bundler}`, tarballs.elements);
      await writeFile(join(dir, 'main.js'), entry());
      const out = join(dir, 'out');
      await bundle(dir, out);
      outputs.set(bundler, out);

      const files = await scripts(out);
      const arabic = await arabicFinal();
      const withArabic = Object.entries(files).filter(([, text]) => text.includes(arabic));
      assert.equal(withArabic.length, 1, `the Arabic words are in one file, not ${withArabic.map(([name]) => name).join(', ')}`);
      for (const [name, text] of Object.entries(files)) assert.doesNotMatch(text, /customElements\.define\(\s*["']game-header/, name);

      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push((error as Error).message));
      await tab.goto(`${site}/${bundler}/`);
      await tab.waitForFunction(
        () => {
          const strip = document.querySelector('score-strip');
          return Boolean(strip?.shadowRoot && !strip.matches(':state(loading)') && !strip.shadowRoot.querySelector('.skeleton'));
        },
        { timeout: 60_000 },
      );
      const shown = await tab.evaluate(() => ({
        error: document.querySelector('score-strip')!.matches(':state(error)'),
        defined: ['score-strip', 'game-header', 'standings-table'].map((tag) => Boolean(customElements.get(tag))),
      }));
      assert.deepEqual(shown, { error: false, defined: [true, false, false] }, errors.join('; '));
      await tab.close();
    });

  /** A game of `league` the relay serves: today's, or the latest of the three days before (football plays on matchdays). */
  async function gameOf(league: string): Promise<string> {
    for (let back = 0; back <= 3; back++) {
      const date = new Date(relay.now() - back * 86_400_000).toISOString().slice(0, 10);
      const day = back === 0 ? '' : `&date=${date}`;
      const answer = await fetch(`${relay.origin}/v1/scores?league=${league}${day}&key=${key}`, { headers: { origin: site } });
      const { games } = (await answer.json()) as { games: { id: string }[] };
      if (games.length > 0) return games[0]!.id;
    }
    throw new Error(`no ${league} game in the last three days`);
  }

  it('works in React, Preact, Vue, Svelte and Angular apps built with Vite: league set through app state moves the box, data shows', async () => {
    const angular = ['core', 'common', 'compiler', 'platform-browser'].map((name) => `@angular/${name}@20`);
    const dir = await freshProject(
      'frameworks',
      tarballs.elements,
      'react@19',
      'react-dom@19',
      'preact@10',
      'vue@3',
      'svelte@5',
      ...angular,
      'rxjs@7',
      'tslib@2',
    );
    const fixtures = 'test/e2e/package-fixtures/frameworks';
    for (const file of await readdir(fixtures)) await cp(join(fixtures, file), join(dir, file));
    const require = createRequire(join(dir, 'package.json'));
    type SvelteCompile = (source: string, options: { filename: string; generate: 'client' }) => { js: { code: string } };
    const { compile } = require('svelte/compiler') as { compile: SvelteCompile };
    const component = compile(await readFile(join(dir, 'App.svelte'), 'utf8'), { filename: 'App.svelte', generate: 'client' });
    await writeFile(join(dir, 'App.svelte.js'), component.js.code);
    // The builder's Vue snippet says which tags are custom elements; the app takes that very rule.
    const vueRule = snippetsFor({ relay: relay.origin, tag: 'game-header', key, attributes: { league: 'nba' } }).vue.match(
      /isCustomElement: \(tag\) => (\[.*?\])\.includes\(tag\)/,
    )![1]!;
    const query = new URLSearchParams({ key, relay: relay.origin, nba: await gameOf('nba'), mls: await gameOf('mls') });

    for (const framework of ['react', 'preact', 'vue', 'svelte', 'angular']) {
      const root = join(dir, framework);
      await mkdir(root, { recursive: true });
      const appRoot = framework === 'angular' ? '<pressbox-app></pressbox-app>' : '<div id="app"></div>';
      await writeFile(
        join(root, 'index.html'),
        `<!doctype html><html lang="en"><title>${framework}</title>${appRoot}<script type="module" src="../${framework}.js"></script></html>`,
      );
      const out = join(dir, `out-${framework}`);
      await vite({
        root,
        base: './',
        configFile: false,
        logLevel: 'silent',
        resolve: framework === 'vue' ? { alias: { vue: require.resolve('vue/dist/vue.esm-bundler.js') } } : {},
        define: {
          PRESSBOX_TAGS: vueRule,
          __VUE_OPTIONS_API__: 'true',
          __VUE_PROD_DEVTOOLS__: 'false',
          __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
        },
        build: { outDir: out, emptyOutDir: true },
      });
      outputs.set(`fw-${framework}`, out);

      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push((error as Error).message));
      await tab.goto(`${site}/fw-${framework}/?${query}`);
      const shows = (league: string) =>
        tab.waitForFunction(
          (expected) => {
            const header = document.querySelector('game-header') as (HTMLElement & { league: string }) | null;
            return Boolean(
              header?.shadowRoot &&
              header.league === expected &&
              !header.matches(':state(loading)') &&
              header.shadowRoot.querySelector('.matchup'),
            );
          },
          { timeout: 60_000 },
          league,
        );
      const box = () =>
        tab.evaluate(() => {
          const header = document.querySelector('game-header')!;
          return {
            height: header.getBoundingClientRect().height,
            attribute: header.getAttribute('league'),
            error: header.matches(':state(error)'),
          };
        });
      await shows('nba');
      assert.deepEqual(await box(), { height: 360, attribute: 'nba', error: false }, `${framework}: ${errors.join('; ')}`);
      await tab.click('#switch');
      await shows('mls');
      assert.deepEqual(
        await box(),
        { height: 150, attribute: 'mls', error: false },
        `${framework}, after the switch: ${errors.join('; ')}`,
      );
      if (framework === 'vue') assert.equal((await tab.$$('#my-card')).length, 1, 'the app’s own kebab-case component rendered');
      assert.deepEqual(errors, [], framework);
      await tab.close();
    }
  });

  it('types a React app’s JSX: what the docs show compiles, a wrong attribute, value or payload field does not', async () => {
    const dir = await freshProject('react-types', tarballs.elements, `@types/react@${(await devDependencies())['@types/react']}`);
    await cp('test/e2e/package-fixtures/react-app.tsx', join(dir, 'app.tsx'));
    const refused = await typeCheck(dir, 'app.tsx', { jsx: 'react-jsx' });
    for (const attribute of ['"wide"', '"sepia"', 'teem', '"moneyline"']) assert.match(refused, new RegExp(attribute), refused);
    // onpb-load and addEventListener hand each element's payload to the listener: a field it lacks is an error.
    assert.match(refused, /'notAField' does not exist/, refused);
    assert.match(refused, /'game' does not exist on type 'ScoresPayload'/, refused);
    assert.match(refused, /"onpb-load": \(event: PbLoadEvent<ScoresPayload>\)/, refused);
    assert.equal((refused.match(/error TS/g) ?? []).length, 7, refused);
  });
});

describe('@pressbox/elements types from its tarball', () => {
  it('resolve with only lit installed and skipLibCheck off: payload and event types concrete, never any', async () => {
    const dir = await freshProject('types-alone', tarballs.elements);
    await cp('test/e2e/package-fixtures/payload-types.ts', join(dir, 'app.ts'));
    const refused = await typeCheck(dir, 'app.ts');
    assert.equal((refused.match(/error TS/g) ?? []).length, 4, refused);
  });

  it('exports each element’s payload type as docs/publishers.md’s table names it', async () => {
    const dir = await freshProject('payload-table', tarballs.elements);
    const docs = await readFile('docs/publishers.md', 'utf8');
    const table = docs.slice(docs.indexOf('| element | `event.data` of `pb-load` and `pb-update` |')).split('\n\n')[0]!;
    const rows = [...table.matchAll(/^\| (.+?) \| `(\w+)`/gm)].flatMap(([, tags, payload]) =>
      [...tags!.matchAll(/`<([\w-]+)>`/g)].map(([, tag]) => [tag!, payload!] as const),
    );
    assert.deepEqual(rows.map(([tag]) => tag).sort(), [...ELEMENT_TAGS].sort(), 'one row for every element');
    const check = [
      "import '@pressbox/elements';",
      `import type { ElementPayload, ${[...new Set(rows.map(([, payload]) => payload))].join(', ')} } from '@pressbox/elements';`,
      'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
      ...rows.map(([tag, payload], index) => `export const row${index}: Same<ElementPayload<'${tag}'>, ${payload}> = true;`),
    ];
    await writeFile(join(dir, 'table.ts'), `${check.join('\n')}\n`);
    assert.equal(await typeCheck(dir, 'table.ts'), '');
  });

  it('types Preact 10 and 11 and Solid JSX and Svelte and Vue templates: attributes, values, each element’s payload', async () => {
    const dir = await freshProject('framework-types', tarballs.elements, 'preact@10', 'solid-js@1', 'svelte@5', 'vue@3');
    // Preact 11's JSX namespace differs from 10's (no JSX.HTMLAttributes): the same file, in a project of its own.
    const preact11 = await freshProject('preact-11-types', tarballs.elements, 'preact@11');
    const preact = { jsx: 'react-jsx', jsxImportSource: 'preact' } as const;
    for (const [folder, file, options, errors] of [
      [dir, 'preact-app.tsx', preact, 4],
      [preact11, 'preact-app.tsx', preact, 4],
      [dir, 'solid-app.tsx', { jsx: 'preserve', jsxImportSource: 'solid-js' }, 3],
      [dir, 'svelte-vue-types.ts', {}, 4],
    ] as const) {
      await cp(`test/e2e/package-fixtures/${file}`, join(folder, file));
      const refused = await typeCheck(folder, file, options);
      assert.equal((refused.match(/error TS/g) ?? []).length, errors, `${file} in ${basename(folder)}: ${refused}`);
    }
  });

  it('types Angular templates (ngc, strict templates): $event is the element’s own event, with its payload', async () => {
    const angular = ['core', 'common', 'compiler', 'compiler-cli', 'platform-browser'].map((name) => `@angular/${name}@20`);
    const typescript = `typescript@${(await devDependencies()).typescript}`;
    const dir = await freshProject('angular-types', tarballs.elements, ...angular, 'rxjs@7', 'tslib@2', typescript);
    for (const file of ['angular-app.ts', 'angular-wrong.ts']) await cp(`test/e2e/package-fixtures/${file}`, join(dir, file));
    assert.equal(await ngc(dir, 'angular-app.ts'), '');
    const refused = await ngc(dir, 'angular-wrong.ts');
    assert.match(refused, /'PbLoadEvent<GameDetailPayload>' is not assignable to parameter of type 'PbLoadEvent<ScoresPayload>'/, refused);
    assert.match(refused, /'notAField' does not exist on type 'GameDetailPayload'/, refused);
    assert.equal((refused.match(/error TS/g) ?? []).length, 2, refused);
  });
});

describe('pressbox (the relay) from its tarball', () => {
  let dir = '';

  before(async () => {
    dir = await freshProject('relay', tarballs.relay);
  });

  const pressbox = async (...args: string[]) => {
    const env = Object.fromEntries(Object.entries(NPM_ENV).filter(([name]) => !name.startsWith('PRESSBOX_')));
    return (await run('npx', ['--no', '--', 'pressbox', ...args], { cwd: dir, env })).stdout;
  };

  it('creates a key and reports usage with npx pressbox, from the installed package alone', async () => {
    const created = JSON.parse(
      await pressbox('keys', 'create', '--plan', 'starter', '--domain', '*.example.com', '--name', 'Example', '--db', 'relay.db', '--json'),
    ) as { key: string; domains: string[] };
    assert.match(created.key, /^pk_live_\w+$/);
    assert.match(await pressbox('keys', 'check', created.key, 'https://www.example.com', '--db', 'relay.db'), /^allowed.*\*\.example\.com/);
    const usage = JSON.parse(await pressbox('usage', '--db', 'relay.db', '--json')) as unknown[];
    assert.ok(Array.isArray(usage), 'usage --json answers a list');
  });

  it('serves the widgets and their data with npx pressbox serve, and stops on Ctrl-C', async () => {
    // A process group of its own, as a terminal gives a command: Ctrl-C reaches npx and the relay it started alike
    // (a signal to npx alone left the relay running after the tests).
    const child = spawn(
      'npx',
      ['--no', '--', 'pressbox', 'serve', '--sandbox-calendar', 'round-the-clock', '--port', '0', '--db', 'relay.db'],
      { cwd: dir, env: NPM_ENV, detached: true },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let origin = '';
    try {
      origin = await new Promise<string>((done, fail) => {
        let said = '';
        const listen = (chunk: Buffer) => {
          said += chunk.toString();
          const address = /relay\s+(http:\/\/\S+)/.exec(said)?.[1];
          if (address) done(address);
        };
        child.stdout.on('data', listen);
        child.stderr.on('data', listen);
        child.once('exit', (code) => fail(new Error(`pressbox serve exited with ${code}: ${said}`)));
      });
      const script = await fetch(`${origin}/pressbox.js`);
      assert.equal(script.status, 200);
      assert.match(script.headers.get('content-type') ?? '', /javascript/);
      const [{ key }] = JSON.parse(await pressbox('keys', 'list', '--db', 'relay.db', '--json')) as [{ key: string }];
      const scores = await fetch(`${origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://www.example.com' } });
      assert.equal(scores.status, 200, await scores.clone().text());
      assert.ok(Array.isArray(((await scores.json()) as { games: unknown[] }).games));
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      await until(
        async () =>
          !(await fetch(`${origin}/health`).then(
            () => true,
            () => false,
          )),
        'the relay stopped answering after Ctrl-C',
      );
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The whole group has exited already.
      }
    }
  });

  it('runs from the checkout too, without installing anything: npx pressbox is the workspace’s own bin', async () => {
    const { version } = JSON.parse(await readFile('packages/relay/package.json', 'utf8')) as { version: string };
    const { stdout } = await run('npx', ['--no', '--', 'pressbox', '--version'], { cwd: CHECKOUT, env: NPM_ENV });
    assert.equal(stdout.trim(), version);
  });
});

/** An app's TypeScript settings: strict, with skipLibCheck off, so that the package's declarations are checked too. */
const APP_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  strict: true,
  skipLibCheck: false,
  noEmit: true,
};

/**
 * Type-checks a fixture in `dir` as an app's project would (strict, skipLibCheck off), failing on any error; then again
 * with its `@ts-expect-error` lines made real, returning what the compiler refused (the caller says what it must be).
 */
async function typeCheck(dir: string, file: string, options: Record<string, unknown> = {}): Promise<string> {
  const compilerOptions = { ...APP_COMPILER_OPTIONS, ...options };
  const project = join(dir, `tsconfig.${file.replace(/\W/g, '-')}.json`);
  await writeFile(project, JSON.stringify({ compilerOptions, files: [file] }));
  await run(process.execPath, [TSC, '-p', project]).catch((error: { stdout: string }) => assert.fail(`${file}: ${error.stdout}`));
  const source = await readFile(join(dir, file), 'utf8');
  await writeFile(join(dir, file), source.replaceAll('@ts-expect-error', 'expected:'));
  const refused = await run(process.execPath, [TSC, '-p', project]).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
  await writeFile(join(dir, file), source);
  return refused;
}

/**
 * Compiles an Angular component's file as an Angular app's project would (ngc, strict templates, skipLibCheck off);
 * returns what the compiler refused, colours removed ('' when it compiles).
 */
async function ngc(dir: string, file: string): Promise<string> {
  const project = join(dir, `tsconfig.${file.replace(/\W/g, '-')}.json`);
  const compilerOptions = { ...APP_COMPILER_OPTIONS, experimentalDecorators: true };
  await writeFile(project, JSON.stringify({ compilerOptions, files: [file], angularCompilerOptions: { strictTemplates: true } }));
  const compiler = join(dir, 'node_modules', '.bin', 'ngc');
  return run(process.execPath, [compiler, '-p', project]).then(
    () => '',
    (error: { stdout: string; stderr: string }) => stripVTControlCharacters(`${error.stdout}${error.stderr}`),
  );
}

/** The checkout's own devDependencies: the fixtures type-check with the versions the repository builds with. */
async function devDependencies(): Promise<Record<string, string>> {
  return (JSON.parse(await readFile('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
}

/** Every JavaScript file a bundler wrote, by name, with `\uXXXX` escapes (esbuild writes ASCII) read back. */
async function scripts(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true })).filter((name) => name.endsWith('.js'));
  const read = async (name: string) =>
    (await readFile(join(folder, name), 'utf8')).replace(/\\u([0-9a-fA-F]{4})/g, (_, code: string) =>
      String.fromCharCode(parseInt(code, 16)),
    );
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await read(name)])));
}

/** A word only the Arabic catalog has: how a final score is called. */
async function arabicFinal(): Promise<string> {
  const catalog = JSON.parse(await readFile('src/widgets/i18n/messages/ar.json', 'utf8')) as Record<string, string>;
  const word = catalog['status.final'];
  assert.ok(word, 'ar.json has status.final');
  return word;
}
