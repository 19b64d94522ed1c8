// What readers copy from the docs must work whenever they read them: no example carries a dated game id (which the
// relay forgets after three days) as a value to paste, and every anchor a doc links to within the docs exists.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (file: string) => readFileSync(file, 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('the docs’ examples', () => {
  it('never give a dated game id as an attribute or parameter to copy', () => {
    for (const file of DOCS)
      assert.doesNotMatch(text(file), /(game-id="|gameId=)g_[a-z]+_\d{8}/, `${file}: use GAME_ID and point to "Finding a game id"`);
  });

  it('link to anchors that exist', () => {
    for (const file of DOCS)
      for (const [, target, anchor] of text(file).matchAll(/\]\(((?:docs\/)?[\w.-]*\.md)?#([\w-]+)\)/g)) {
        const linked = target
          ? file.startsWith('docs/') || target.startsWith('docs/')
            ? `docs/${target.replace(/^docs\//, '')}`
            : target
          : file;
        const anchors = [...text(linked).matchAll(/^#+ (.+)$/gm)].map(([, heading]) => anchorOf(heading!));
        assert.ok(anchors.includes(anchor!), `${file} links to ${linked}#${anchor}, which is not a heading there`);
      }
  });
});
