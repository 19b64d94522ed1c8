import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { elementsOf, markdown, type Manifest } from '../../../scripts/element-reference.js';
import {
  ELEMENT_BOXES,
  ELEMENT_DETAILS,
  ELEMENT_TAGS,
  sizeProperty,
  type ElementBox,
  type ElementTag,
} from '../../../src/contract/elements.js';
import { WIDGET_LEAGUES } from '../../../src/contract/leagues.js';
import { attributesOf } from '../../../src/embed/tags.js';
import { validateCem } from '@wc-toolkit/cem-validator';
import { INDEX_MODULE, NAMED_TYPES, publishedManifest, SCHEMA_VERSION } from '../../../scripts/published-manifest.js';

const run = promisify(execFile);
const OUT = '.manifest-test';

describe('custom-elements.json', () => {
  it('documents every element: attributes, events, parts, CSS properties and states', async () => {
    try {
      await run(process.execPath, [
        '--import',
        'tsx',
        'node_modules/@custom-elements-manifest/analyzer/cem.js',
        'analyze',
        '--outdir',
        OUT,
      ]);
      const manifest = JSON.parse(await readFile(`${OUT}/custom-elements.json`, 'utf8')) as Manifest;
      const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
      assert.deepEqual(elements.map((element) => element.tagName).sort(), [...ELEMENT_TAGS].sort());
      const names = (list: Array<{ name: string }> | undefined) => (list ?? []).map((item) => item.name);
      for (const element of elements) {
        for (const common of ['league', 'key', 'relay', 'theme', 'locale', 'time-zone', 'odds-format', 'live']) {
          assert.ok(names(element.attributes).includes(common), `${element.tagName} documents ${common}`);
        }
        for (const event of ['pb-load', 'pb-update', 'pb-error'])
          assert.ok(names(element.events).includes(event), `${element.tagName} documents ${event}`);
        assert.deepEqual(names(element.cssStates).sort(), ['dark', 'error', 'live', 'loading', 'stale'], `${element.tagName} states`);
        assert.ok(names(element.cssParts).includes('message') && names(element.cssParts).includes('notice'), `${element.tagName} parts`);
        assert.ok(names(element.cssProperties).length > 0, `${element.tagName} CSS properties`);
      }
      const strip = elements.find((element) => element.tagName === 'score-strip')!;
      assert.ok(names(strip.events).includes('pb-game-select'));
      assert.ok(names(strip.attributes).includes('game-href'));
      // An embed page takes each attribute by its own name, except the key and relay it decides and the reader's pause.
      for (const element of elements) {
        const embeddable = names(element.attributes).filter((name) => !['key', 'relay', 'paused'].includes(name));
        assert.deepEqual(
          [...attributesOf(element.tagName as ElementTag)].sort(),
          embeddable.sort(),
          `/embed/${element.tagName} attributes`,
        );
      }
      // Each lists the leagues the registry says it serves, no more and no fewer (the README's element × league table).
      for (const element of elements) {
        const tag = element.tagName as ElementTag;
        const league = element.attributes?.find((attribute) => attribute.name === 'league');
        const listed =
          (league?.description ?? '').match(/\b[a-z]{2,5}\b/g)?.filter((word) => (WIDGET_LEAGUES as readonly string[]).includes(word)) ??
          [];
        assert.deepEqual(listed, [...ELEMENT_DETAILS[tag].leagues], `<${tag}> documents the leagues it serves`);
      }
      // Each documents its size property with the height the registry reserves.
      for (const element of elements) {
        const tag = element.tagName as ElementTag;
        const size = element.cssProperties?.find((property) => property.name === sizeProperty(tag));
        const { height, attributeHeights }: ElementBox = ELEMENT_BOXES[tag];
        // League boxes are the element reference's to state (docs/elements.md); attributes' in the property's own words.
        const others = Object.entries(attributeHeights ?? {})
          .filter(([selector]) => !selector.startsWith('[league='))
          .map(([selector, px]) => `, ${px}px with \`${/^\[([\w-]+)\]/.exec(selector)![1]}\``);
        const documented = `\\(${height}px${others.join('')}\\)`;
        assert.match(size?.description ?? '', new RegExp(documented), `<${tag}> documents ${sizeProperty(tag)}`);
      }
      // As the package ships it: every rule of the validator tools use, warnings counted as errors.
      const published = publishedManifest(manifest as never) as { schemaVersion: string; modules: { path: string }[] };
      assert.equal(published.schemaVersion, SCHEMA_VERSION);
      assert.deepEqual(
        published.modules.map((module) => module.path),
        [INDEX_MODULE, ...elements.map((element) => `dist/elements/${element.tagName}.js`)],
      );
      assert.doesNotMatch(JSON.stringify(published), /src\/|"privacy":"(private|protected)"/);
      const index = await readFile('src/widgets/index.ts', 'utf8');
      for (const name of NAMED_TYPES) assert.match(index, new RegExp(`export [^;]*\\b${name}\\b`), `the index exports ${name}`);
      const strict = {
        schemaVersion: 'error',
        modulePath: 'error',
        definitionPath: 'error',
        typeDefinitionPath: 'off',
        exportTypes: 'error',
        tagName: 'error',
      };
      await validateCem(published, {
        packageJsonPath: 'packages/elements/package.json',
        logErrors: false,
        rules: {
          manifest: strict,
          packageJson: {
            packageType: 'error',
            main: 'off',
            module: 'off',
            types: 'error',
            exports: 'error',
            customElementsProperty: 'error',
            publishedCem: 'error',
          },
        },
      } as never);
      assert.equal(
        markdown(elementsOf(manifest)),
        await readFile('docs/elements.md', 'utf8'),
        'docs/elements.md is out of date with the elements: run npm run docs',
      );
    } finally {
      await rm(OUT, { recursive: true, force: true });
    }
  });
});
