// The docs' tables that restate the element registry and the route contract are generated; a stale one fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { GENERATED_TABLES, withTable } from '../../../scripts/docs-tables.js';

describe('generated docs tables', () => {
  for (const generated of GENERATED_TABLES) {
    it(`${generated.file}: the ${generated.name} table is current (run npx tsx scripts/docs-tables.ts)`, () => {
      const text = readFileSync(generated.file, 'utf8');
      assert.equal(text, withTable(text, generated));
    });
  }
});
