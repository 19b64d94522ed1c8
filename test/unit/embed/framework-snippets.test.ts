// The framework snippets the builder hands out, parsed as the file types publishers paste them into.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transform } from 'esbuild';
import { ELEMENT_DETAILS, ELEMENT_TAGS } from '../../../src/contract/elements.js';
import { snippetsFor } from '../../../src/embed/snippets.js';

const snippetOf = (tag: (typeof ELEMENT_TAGS)[number]) =>
  snippetsFor({
    relay: 'https://widgets.example.com',
    tag,
    key: 'pk_live_0123456789abcdef0123456789abcdef',
    attributes: { league: ELEMENT_DETAILS[tag].leagues[0] },
  });

describe('framework snippets paste into their files', () => {
  it('the React snippet parses as .jsx and as .tsx, for every element', async () => {
    for (const tag of ELEMENT_TAGS) {
      const react = snippetOf(tag).react;
      for (const loader of ['jsx', 'tsx'] as const)
        await assert.doesNotReject(transform(react, { loader, jsx: 'automatic' }), `<${tag}> as .${loader}`);
    }
  });
});
