import type { SnippetKind } from './snippets.js';

/** Which snippet fits where: the builder shows it beside each snippet, and docs/publishers.md's table says the same. */
export const SNIPPET_GUIDE: readonly { kind: SnippetKind; name: string; when: string }[] = [
  {
    kind: 'script',
    name: 'Script tag',
    when: 'Your page may run scripts: hand-written HTML, most site builders, a theme file. Fastest, and the element fits the page’s width and fonts.',
  },
  {
    kind: 'iframe',
    name: 'Iframe',
    when: 'Your editor strips <script> but keeps <iframe> (newsletters’ web versions, locked-down CMS fields).',
  },
  {
    kind: 'oembed',
    name: 'oEmbed URL',
    when: 'Your editor turns a pasted address into an embed (oEmbed): paste this address on a line of its own.',
  },
  { kind: 'amp', name: 'AMP', when: 'An AMP page: amp-iframe with resizing; add the amp-iframe script to <head> once.' },
  { kind: 'react', name: 'React', when: 'A React app (React 19): npm install @pressbox/elements; the JSX typings come with it.' },
  {
    kind: 'vue',
    name: 'Vue',
    when: 'A Vue 3 app: npm install @pressbox/elements and tell Vue which tags are Pressbox’s, as the comment shows.',
  },
  { kind: 'wordpress', name: 'WordPress block', when: 'WordPress: in the block editor’s code editor, or as a Custom HTML block.' },
];
