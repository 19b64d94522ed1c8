// The build's own plugins (scripts/vite/), each on the input it meets in the build: what it rewrites, what it leaves,
// and the clear failure when the source no longer has what it expects.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Plugin } from 'vite';
import { ELEMENT_TAGS, reservedSizesCss } from '../../../src/contract/elements.js';
import { latestCopy, reservedSizesStylesheetText } from '../../../scripts/vite/cdn-files.js';
import { eagerImport, lazyPartsInside } from '../../../scripts/vite/eager-import.js';
import { elementChunks } from '../../../scripts/vite/element-chunks.js';
import { elementOwnCopies } from '../../../scripts/vite/element-own-copy.js';
import { numberMessageCalls } from '../../../scripts/vite/numbered-messages.js';
import { shortPropertyNames } from '../../../scripts/vite/short-private-properties.js';
import { foldCss } from '../../../scripts/vite/templates.js';

type Hook = (...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transform' | 'resolveId' | 'load' | 'buildStart') => plugin[name] as unknown as Hook;

describe('build plugins', () => {
  it('latest copies point chunks into the version folder', () => {
    const versioned = `import"./chunks/base-abc.js";import(\`./chunks/\${tag}.js\`);`;
    assert.equal(latestCopy(versioned, '1.2.3'), `import"./v/1.2.3/chunks/base-abc.js";import(\`./v/1.2.3/chunks/\${tag}.js\`);`);
    assert.equal(latestCopy('console.log(1);', '1.2.3'), 'console.log(1);');
  });

  it('pressbox.css carries every element’s reserved box, named with the version', () => {
    const text = reservedSizesStylesheetText('1.2.3');
    assert.match(text, /^\/\* Pressbox 1\.2\.3:/);
    assert.ok(text.includes(reservedSizesCss()));
    for (const tag of ELEMENT_TAGS) assert.ok(text.includes(`:where(${tag}:not(:defined))`), tag);
  });

  it('fold stylesheets without losing a container query’s braces, calc()’s spaces or an !important', () => {
    const folded = foldCss(`
      /* narrow */
      @container (max-width: 400px) {
        .row > .cell + .cell { width: calc(100% - 0.5rem) !important; }
        [theme='dark'] .x { color: red; }
      }`);
    assert.equal(folded, '@container (max-width:400px){.row>.cell+.cell{width:calc(100% - .5rem)!important}[theme=dark] .x{color:red}}');
  });

  it('number message calls the catalog knows and leave the others as written', () => {
    const numbers = new Map([['status.final', 56]]);
    assert.equal(
      numberMessageCalls(`t('status.final', { n }); t( 'status.final'); t('not.known'); at('status.final')`, numbers),
      `t(56, { n }); t( 56); t('not.known'); at('status.final')`,
    );
    // On the syntax tree: a method call is numbered; the same words in a string, a template or a comment are not.
    const code = [
      "const shown = this.t('status.final', 'Final');",
      "const help = \"call t('status.final', …)\"; // t('status.final')",
      "html`<p>t('status.final')</p>${localized.t(\n  'status.final',\n  'Final')}`;",
    ].join('\n');
    assert.equal(
      numberMessageCalls(code, numbers),
      [
        "const shown = this.t(56, 'Final');",
        "const help = \"call t('status.final', …)\"; // t('status.final')",
        "html`<p>t('status.final')</p>${localized.t(\n  56,\n  'Final')}`;",
      ].join('\n'),
    );
  });

  it('give private custom properties one-letter names, the most used first, and refuse more than there are letters', () => {
    const names = shortPropertyNames(['--_surface --_badge --_surface', 'var(--_surface) --_badge --_line']);
    assert.deepEqual(
      [...names],
      [
        ['--_surface', '--_a'],
        ['--_badge', '--_b'],
        ['--_line', '--_c'],
      ],
    );
    const tooMany = Array.from({ length: 53 }, (_, index) => `--_p${index}`).join(' ');
    assert.throws(() => shortPropertyNames([tooMany]), /More private custom properties \(53\)/);
  });

  it('make a lazy import eager with every line kept, and fail the build when the import is gone', () => {
    const plugin = eagerImport('view', (id) => id.endsWith('/x.ts'), './x-view.js');
    const transform = hook(plugin, 'transform');
    const code = `const view = lazyView(() => import('./x-view.js'));\nrender();`;
    const { code: eager } = transform(code, '/src/widgets/elements/x/x.ts') as { code: string };
    assert.equal(eager.split('\n')[0], 'const view = lazyView(() => Promise.resolve(eagerview));');
    assert.equal(eager.split('\n')[1], 'render();');
    assert.match(eager, /\nimport \* as eagerview from '\.\/x-view\.js';\n$/);
    assert.equal(transform(code, '/src/widgets/other.ts'), null);
    assert.throws(() => transform('render();', '/src/widgets/elements/x/x.ts'), /no longer has import\('\.\/x-view\.js'\)/);
    const [liveKit, betState, boardLinks, headerLinks, propsLinks, seriesLine, view, ...more] = lazyPartsInside(['fight-card']);
    assert.equal(more.length, 0, 'the live kit, the bet-state lines, the price links of three elements, the series line and one view');
    assert.throws(() => hook(liveKit!, 'transform')('export {}', '/p/src/widgets/ui/live.ts'), /live-kit\.js/);
    assert.throws(() => hook(betState!, 'transform')('export {}', '/p/src/widgets/ui/bet-state-kit.ts'), /bet-state\.js/);
    for (const [links, tag] of [
      [boardLinks, 'odds-board'],
      [headerLinks, 'game-header'],
      [propsLinks, 'player-props'],
    ] as const)
      assert.throws(() => hook(links!, 'transform')('export {}', `/p/src/widgets/elements/${tag}/${tag}.ts`), /price-links\.js/);
    assert.throws(
      () => hook(seriesLine!, 'transform')('export {}', '/p/src/widgets/elements/game-header/game-header.ts'),
      /series-line\.js/,
    );
    assert.throws(() => hook(view!, 'transform')('export {}', '/p/src/widgets/elements/fight-card/fight-card.ts'), /fight-card-view\.js/);
  });

  it('emit each element as a chunk named by its tag, without exports', () => {
    const emitted: unknown[] = [];
    hook(elementChunks(['score-strip']), 'buildStart').call({ emitFile: (file: unknown) => emitted.push(file) });
    assert.deepEqual(emitted, [
      {
        type: 'chunk',
        id: `${process.cwd()}/src/widgets/elements/score-strip/score-strip.ts`,
        fileName: 'chunks/score-strip.js',
        preserveSignature: false,
      },
    ]);
  });

  it('give each element its own copy of the modules listed, read from their files, and leave other imports alone', async () => {
    const plugin = elementOwnCopies(['ui/share-bar']);
    const context = {
      resolve: async (source: string) => ({ id: `/p/src/widgets/ui/${source.replace(/^.*\//, '').replace(/\.js$/, '.ts')}` }),
    };
    const resolveId = (source: string, importer: string | undefined) => hook(plugin, 'resolveId').call(context, source, importer);
    const own = '/p/src/widgets/ui/share-bar.ts?own-copy=game-header';
    assert.equal(await resolveId('../../ui/share-bar.js', '/p/src/widgets/elements/game-header/game-header.ts'), own);
    assert.equal(await resolveId('./share-bar.js', '/p/src/widgets/ui/share-bar.ts?own-copy=game-header'), own, 'a copy imports copies');
    assert.equal(await resolveId('../../ui/states.js', '/p/src/widgets/elements/game-header/game-header.ts'), null);
    assert.equal(await resolveId('./share-bar.js', '/p/src/widgets/ui/other.ts'), null, 'shared outside the elements');
    assert.equal(await resolveId('./share-bar.js', undefined), null);
    const load = hook(plugin, 'load');
    assert.equal(
      load(`${process.cwd()}/src/widgets/ui/share-bar.ts?own-copy=game-header`),
      readFileSync('src/widgets/ui/share-bar.ts', 'utf8'),
    );
    assert.equal(load('/p/src/widgets/ui/share-bar.ts'), null);
  });
});
