// Bundle sizes are deterministic, so their budgets are checked here rather than in the bench: `npm run test:e2e`
// builds the bundle first, then runs this. What a browser receives for these pages, byte for byte, is checked against
// the same sums in test/e2e/publisher-serve.test.ts.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SUPPORTED_LOCALES } from '../../src/contract/locales.js';
import { ELEMENT_DETAILS, ELEMENT_TAGS } from '../../src/contract/elements.js';
import { BUNDLE_TABLE, withTable } from '../../scripts/docs-tables.js';
import { BUDGETS, bundleSizes, GZIP_CEILINGS, HEADROOM, kilobytes, LOCALE_CHUNK_BUDGET } from '../../scripts/bundle-sizes.js';

const sizes = bundleSizes();
const within = (what: string, bytes: number, budget: number) =>
  assert.ok(
    bytes + HEADROOM <= budget,
    `${what} is ${kilobytes(bytes)} Brotli: over ${kilobytes(budget)} less ${kilobytes(HEADROOM)} of headroom`,
  );
const underCeiling = (what: string, bytes: number, ceiling: number) =>
  assert.ok(bytes <= ceiling, `${what} is ${kilobytes(bytes)} gzip: over ${kilobytes(ceiling)}`);

describe('bundle budgets (Brotli as served, with headroom; gzip for proxies that recompress)', () => {
  it(`keeps the loader within ${kilobytes(BUDGETS.loader)}`, () => {
    within('the loader', sizes.loader.brotli, BUDGETS.loader);
    underCeiling('the loader', sizes.loader.gzip, GZIP_CEILINGS.loader);
  });

  it(`keeps every page with one element within ${kilobytes(BUDGETS.oneElement)}: loader, base, its chunk and its first data's chunks`, () => {
    for (const [tag, { page }] of Object.entries(sizes.elements)) {
      within(`a page with only <${tag}>`, page.size.brotli, BUDGETS.oneElement);
      underCeiling(`a page with only <${tag}>`, page.size.gzip, GZIP_CEILINGS.oneElement);
    }
  });

  it(`keeps every page with one element and live data within ${kilobytes(BUDGETS.oneLiveElement)}`, () => {
    const live = ELEMENT_TAGS.filter((tag) => ELEMENT_DETAILS[tag].live);
    assert.deepEqual(
      ELEMENT_TAGS.filter((tag) => sizes.elements[tag].live),
      live,
    );
    for (const tag of live) {
      within(`a live page with only <${tag}>`, sizes.elements[tag].live!.size.brotli, BUDGETS.oneLiveElement);
      underCeiling(`a live page with only <${tag}>`, sizes.elements[tag].live!.size.gzip, GZIP_CEILINGS.oneLiveElement);
    }
  });

  it(`keeps a page with every element, live, within ${kilobytes(BUDGETS.allElements)}`, () => {
    within('every element', sizes.allElements.size.brotli, BUDGETS.allElements);
    underCeiling('every element', sizes.allElements.size.gzip, GZIP_CEILINGS.allElements);
  });

  it('loads one module graph: the base chunk beside each element’s own, and only the lazy parts it uses', () => {
    for (const tag of ELEMENT_TAGS) {
      const files = sizes.elements[tag].page.files;
      const expected = [
        'pressbox.js',
        sizes.base.file,
        `${tag}.js`,
        // An element whose layout ships apart fetches it before its first render with data (ui/lazy-view.ts).
        ...(existsSync(`src/widgets/elements/${tag}/${tag}-view.ts`) ? [`${tag}-view`] : []),
      ];
      assert.deepEqual(
        // An element's own chunk is named by its tag alone (`line-movement.js`, whose tail looks like a hash).
        files.map((file) => (file === `${tag}.js` ? file : file.replace(/-[\w-]{8}\.js$/, ''))).sort(),
        expected.map((file) => (file === sizes.base.file ? 'base' : file)).sort(),
        `<${tag}>`,
      );
    }
  });

  it(`keeps each locale's messages one lazy chunk within ${kilobytes(LOCALE_CHUNK_BUDGET)}, fetched only by pages in that locale`, () => {
    assert.deepEqual(Object.keys(sizes.locales).sort(), SUPPORTED_LOCALES.filter((locale) => locale !== 'en').sort());
    for (const [locale, chunk] of Object.entries(sizes.locales)) {
      assert.ok(chunk.gzip <= LOCALE_CHUNK_BUDGET, `${locale} messages are ${kilobytes(chunk.gzip)} gzip`);
      assert.equal(chunk.eager, false, `${locale} messages are loaded by every page`);
    }
  });

  it("keeps each locale's season words one more lazy chunk within the same budget, fetched only by pages with a season element", () => {
    assert.deepEqual(Object.keys(sizes.seasonLocales).sort(), Object.keys(sizes.locales).sort());
    for (const [locale, chunk] of Object.entries(sizes.seasonLocales)) {
      assert.ok(chunk.gzip <= LOCALE_CHUNK_BUDGET, `${locale} season messages are ${kilobytes(chunk.gzip)} gzip`);
      assert.equal(chunk.eager, false, `${locale} season messages are loaded by every page`);
    }
  });

  it('keeps the all-in-one file one file for English pages, with the live kit and the layouts inside', () => {
    const code = readFileSync(`dist/cdn/v/${sizes.version}/pressbox-all.js`, 'utf8');
    assert.doesNotMatch(code, /^import[^()]*from\s*["'`]\.\/chunks\//m);
    assert.doesNotMatch(code, /import\(["'`][^"'`]*(live-kit|-view)-[\w-]{8}\.js/);
  });

  it('has docs/performance.md’s table of what readers download as built (run npx tsx scripts/docs-tables.ts)', () => {
    const text = readFileSync(BUNDLE_TABLE.file, 'utf8');
    assert.equal(text, withTable(text, BUNDLE_TABLE));
  });

  it('ships no zod to the browser', () => {
    const dir = `dist/cdn/v/${sizes.version}/chunks`;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js.map'))) {
      const sources = (JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { sources: string[] }).sources;
      assert.ok(!sources.some((source) => source.includes('node_modules/zod')), `${file} bundles zod`);
    }
  });
});
