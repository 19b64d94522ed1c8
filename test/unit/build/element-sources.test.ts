// The sources that list every element are generated from the element registry; a stale one fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  classNameOf,
  ELEMENT_MODULES_FILE,
  elementModulesSource,
  INDEX_FILE,
  SERVER_FILE,
  withElementExports,
  withServerClasses,
} from '../../../scripts/element-sources.js';
import { ELEMENT_TAGS } from '../../../src/contract/elements.js';

describe('sources generated from the element registry (run npx tsx scripts/element-sources.ts)', () => {
  it(`${ELEMENT_MODULES_FILE} imports every element's module, and only those`, () => {
    const text = readFileSync(ELEMENT_MODULES_FILE, 'utf8');
    assert.equal(text, elementModulesSource());
    assert.equal(text.match(/import\('\.\/elements\//g)?.length, ELEMENT_TAGS.length);
  });

  it(`${INDEX_FILE} exports every element's class`, () => {
    const text = readFileSync(INDEX_FILE, 'utf8');
    assert.equal(text, withElementExports(text));
    for (const tag of ELEMENT_TAGS) assert.match(text, new RegExp(`export \\{ ${classNameOf(tag)} \\} from`), tag);
  });

  it(`${SERVER_FILE} stands in for every element's class`, () => {
    const text = readFileSync(SERVER_FILE, 'utf8');
    assert.equal(text, withServerClasses(text));
    for (const tag of ELEMENT_TAGS) assert.match(text, new RegExp(`export class ${classNameOf(tag)} \\{\\}`), tag);
  });

  it('names each class after its tag', () => {
    assert.equal(classNameOf('score-strip'), 'ScoreStrip');
    assert.equal(classNameOf('win-probability'), 'WinProbability');
  });
});
