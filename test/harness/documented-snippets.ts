// The HTML snippets the docs show publishers, read from the docs themselves: a snippet added to them is tested with
// the others (layout shift on a slow phone, test/e2e/layout-shift.test.ts).
import { readFileSync } from 'node:fs';
import { ELEMENT_TAGS } from '../../src/contract/elements.js';

/** The docs a publisher copies snippets from. */
export const SNIPPET_DOCS = ['README.md', 'docs/publishers.md', 'docs/elements.md'] as const;

export interface DocumentedSnippet {
  /** Where it is: the file and the heading above it. */
  name: string;
  /** The lines a page puts in `<head>` (the stylesheet, the script tag), empty when the snippet has none. */
  head: string;
  body: string;
  /** The snippet is an iframe: its elements are in frames. */
  framed: boolean;
}

const SHOWS_A_WIDGET = new RegExp(`<(${[...ELEMENT_TAGS, 'iframe'].join('|')})[\\s>]`);

/**
 * Every ```html block of the docs that shows a widget, with the docs' relay address and key replaced by `relay` and
 * `key`, and `GAME_ID` by `gameId`.
 */
export function documentedSnippets({ relay, key, gameId }: { relay: string; key: string; gameId: string }): DocumentedSnippet[] {
  return SNIPPET_DOCS.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/```html\n([\s\S]*?)```/g)].flatMap((block) => {
      const snippet = block[1]!;
      if (!SHOWS_A_WIDGET.test(snippet)) return [];
      const heading = [...text.slice(0, block.index).matchAll(/^#+ (.+)$/gm)].at(-1)?.[1] ?? '';
      const lines = snippet
        .replaceAll(/https?:\/\/(127\.0\.0\.1:8787|widgets\.example\.com)/g, relay)
        .replaceAll(/pk_(test|live)_…/g, key)
        .replaceAll('GAME_ID', gameId)
        .split('\n');
      const inHead = (line: string) => /^\s*<(link|script)\b/.test(line);
      return [
        {
          name: `${file}, “${heading}”, line ${text.slice(0, block.index).split('\n').length + 1}`,
          head: lines.filter(inHead).join('\n'),
          body: lines.filter((line) => !inHead(line)).join('\n'),
          framed: snippet.includes('<iframe'),
        },
      ];
    });
  });
}
