// Bundle sizes are deterministic, so their budgets are checked here rather than in the bench: `npm run test:e2e`
// builds the bundle first, then runs this.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUPPORTED_LOCALES } from '../../src/contract/locales.js';
import { ELEMENT_DETAILS, ELEMENT_TAGS, type ElementTag } from '../../src/contract/elements.js';
import { BUDGETS, bundleSizes, kilobytes } from '../../scripts/bundle-sizes.js';
import { CHUNK_WEIGHTS } from '../../src/widgets/loader-strategy.js';

const sizes = bundleSizes();

/** What the loader's choice between chunks and the one file may cost over the better of the two, for any set of tags. */
const CHOICE_SLACK = 1024;

describe('bundle budgets (min + gzip)', () => {
  it(`keeps the loader within ${kilobytes(BUDGETS.loader)}`, () => {
    assert.ok(sizes.loader.gzip <= BUDGETS.loader, `loader is ${kilobytes(sizes.loader.gzip)}`);
  });

  it(`keeps the all-in-one file (all ten elements) within ${kilobytes(BUDGETS.allInOne)}`, () => {
    assert.ok(sizes.allInOne.gzip <= BUDGETS.allInOne, `all-in-one is ${kilobytes(sizes.allInOne.gzip)}`);
  });

  it(`keeps each element's own chunk within ${kilobytes(BUDGETS.laterChunk)}`, () => {
    for (const [tag, element] of Object.entries(sizes.elements))
      assert.ok(element.chunk.gzip <= BUDGETS.laterChunk, `<${tag}> chunk is ${kilobytes(element.chunk.gzip)}`);
  });

  it(`keeps a page with the first seven elements through the loader within ${kilobytes(BUDGETS.allSevenByLoader)}`, () => {
    assert.ok(sizes.allSevenByLoader.gzip <= BUDGETS.allSevenByLoader, `the first seven are ${kilobytes(sizes.allSevenByLoader.gzip)}`);
  });

  it(`keeps a page with all ten elements through the loader within ${kilobytes(BUDGETS.allTenByLoader)}`, () => {
    assert.ok(sizes.allByLoader.gzip <= BUDGETS.allTenByLoader, `all ten are ${kilobytes(sizes.allByLoader.gzip)}`);
  });

  it(`fetches, for any set of tags, chunks or the one file within ${kilobytes(CHOICE_SLACK)} of the smaller`, () => {
    const tags = Object.keys(sizes.elements);
    for (let set = 1; set < 1 << tags.length; set++) {
      const page = tags.filter((_, index) => (set >> index) & 1);
      const smaller = Math.min(sizes.chunkedPage(page).gzip, sizes.oneFilePage(page).gzip);
      const regret = sizes.pageByLoader(page).gzip - smaller;
      assert.ok(
        regret <= CHOICE_SLACK,
        `${page.join(', ')}: the loader's choice costs ${kilobytes(regret)} more than the smaller; check CHUNK_WEIGHTS and ALL_IN_ONE_FROM in loader-strategy.ts`,
      );
    }
  });

  it("weighs each tag by its chunk's size in the loader, one digit a tag in ELEMENT_TAGS order", () => {
    assert.equal(CHUNK_WEIGHTS.length, ELEMENT_TAGS.length, 'CHUNK_WEIGHTS has one digit per element');
    ELEMENT_TAGS.forEach((tag, index) => {
      const halfKilobytes = sizes.elements[tag]!.chunk.gzip / 512;
      assert.ok(
        Math.abs(Number(CHUNK_WEIGHTS[index]) - halfKilobytes) <= 1,
        `<${tag}>'s chunk is ${kilobytes(sizes.elements[tag]!.chunk.gzip)}: its weight (digit ${index + 1} of CHUNK_WEIGHTS) should be ${Math.round(halfKilobytes)}`,
      );
    });
  });

  it(`keeps each locale's messages one lazy chunk within ${kilobytes(BUDGETS.localeChunk)}, fetched only by pages in that locale`, () => {
    assert.deepEqual(Object.keys(sizes.locales).sort(), SUPPORTED_LOCALES.filter((locale) => locale !== 'en').sort());
    for (const [locale, chunk] of Object.entries(sizes.locales)) {
      assert.ok(chunk.gzip <= BUDGETS.localeChunk, `${locale} messages are ${kilobytes(chunk.gzip)}`);
      assert.equal(chunk.eager, false, `${locale} messages are loaded by every page`);
    }
  });

  it("keeps each locale's season words one more lazy chunk within the same budget, fetched only by pages with a season element", () => {
    assert.deepEqual(Object.keys(sizes.seasonLocales).sort(), Object.keys(sizes.locales).sort());
    for (const [locale, chunk] of Object.entries(sizes.seasonLocales)) {
      assert.ok(chunk.gzip <= BUDGETS.localeChunk, `${locale} season messages are ${kilobytes(chunk.gzip)}`);
      assert.equal(chunk.eager, false, `${locale} season messages are loaded by every page`);
    }
  });

  it('keeps the all-in-one file one file for English pages (only other locales load more)', async () => {
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(`dist/cdn/v/${sizes.version}/pressbox-all.js`, 'utf8');
    assert.doesNotMatch(code, /^import[^()]*from\s*["'`]\.\/chunks\//m);
  });

  it('gives a page with one tag a standalone file smaller than the core and its chunk', () => {
    for (const [tag, element] of Object.entries(sizes.elements)) {
      const chunked = sizes.chunkedPage([tag]).gzip;
      assert.ok(element.page.gzip < chunked, `<${tag}> alone: ${kilobytes(element.page.gzip)}, by chunks ${kilobytes(chunked)}`);
    }
  });

  it(`keeps a page with one element within ${kilobytes(BUDGETS.oneElement)}: the loader and the element's standalone file`, () => {
    for (const [tag, element] of Object.entries(sizes.elements))
      assert.ok(element.page.gzip <= BUDGETS.oneElement, `a page with only <${tag}> loads ${kilobytes(element.page.gzip)}`);
  });

  it(`keeps the live kit one lazy chunk within ${kilobytes(BUDGETS.liveKit)}, fetched by the live elements' files only for live data`, () => {
    const live = Object.entries(sizes.elements).filter(([, element]) => element.liveKit);
    assert.deepEqual(live.map(([tag]) => tag).sort(), ['fight-card', 'game-header', 'score-strip', 'score-ticker', 'win-probability']);
    for (const [tag, element] of live)
      assert.ok(element.liveKit!.gzip <= BUDGETS.liveKit, `<${tag}>'s live kit is ${kilobytes(element.liveKit!.gzip)}`);
  });

  it('gives every element a chunk of its own and shares the rest in one core', () => {
    assert.deepEqual(Object.keys(sizes.elements).sort(), [...ELEMENT_TAGS].sort());
    for (const [tag, element] of Object.entries(sizes.elements)) {
      // The season elements also share what fetches their words (i18n/season-messages.ts): a few hundred bytes.
      assert.deepEqual(
        element.shared,
        ELEMENT_DETAILS[tag as ElementTag].seasonWords ? ['core', 'season-messages'] : ['core'],
        `<${tag}> needs only the core`,
      );
      assert.ok(element.chunk.gzip < sizes.core.gzip / 4, `<${tag}> carries shared code`);
    }
  });

  it('ships no zod to the browser', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = `dist/cdn/v/${sizes.version}/chunks`;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js.map'))) {
      const sources = (JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { sources: string[] }).sources;
      assert.ok(!sources.some((source) => source.includes('node_modules/zod')), `${file} bundles zod`);
    }
  });
});
