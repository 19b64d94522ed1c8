import { ELEMENT_DETAILS, ELEMENT_TAGS, type ElementTag } from '../contract/elements.js';
import { escapeHtml } from './html.js';
import { attributesOf, DEFAULT_FRAME_WIDTH, reservedHeight, takesGamblingLine } from './tags.js';

/** One widget as a publisher chose it in the builder: which element, with which key, from which relay. */
export interface WidgetChoice {
  /** The relay's origin, `https://widgets.example.com`. */
  relay: string;
  tag: ElementTag;
  key: string;
  /** Attribute values by name; empty values are left out. */
  attributes: Readonly<Record<string, string | undefined>>;
  /** The responsible-gambling line, plain text, for the elements that take one (the `gambling` slot, `gambling=`). */
  gambling?: string;
}

export type SnippetKind = 'script' | 'iframe' | 'oembed' | 'amp' | 'react' | 'vue' | 'wordpress';

export function frameTitle(tag: ElementTag): string {
  return `${ELEMENT_DETAILS[tag].title} (Pressbox)`;
}

/** The element's own attributes in the order the element documents them, without empty ones. */
function chosenAttributes(choice: WidgetChoice): [string, string][] {
  return attributesOf(choice.tag).flatMap((name) => {
    const value = choice.attributes[name]?.trim();
    return value ? [[name, value] as [string, string]] : [];
  });
}

/** The responsible-gambling line, where the element takes one and one was written. */
function chosenGamblingLine(choice: WidgetChoice): string {
  return takesGamblingLine(choice.tag) ? (choice.gambling?.trim() ?? '') : '';
}

/**
 * Text as element content in every snippet: HTML, JSX and Vue templates all read character references, and a brace
 * would open an expression in the last two.
 */
function textMarkup(text: string): string {
  return escapeHtml(text).replaceAll('{', '&#123;').replaceAll('}', '&#125;');
}

/** The element with its attributes and, for a betting element, its responsible-gambling line in the `gambling` slot. */
export function elementMarkup(choice: WidgetChoice): string {
  const attributes = chosenAttributes(choice)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const line = chosenGamblingLine(choice);
  return `<${choice.tag}${attributes}>${line ? `<p slot="gambling">${textMarkup(line)}</p>` : ''}</${choice.tag}>`;
}

/** The address of the script-free embed page for this widget. */
export function embedUrl(choice: WidgetChoice): string {
  const url = new URL(`/embed/${choice.tag}`, choice.relay);
  url.searchParams.set('key', choice.key);
  for (const [name, value] of chosenAttributes(choice)) url.searchParams.set(name, value);
  const line = chosenGamblingLine(choice);
  if (line) url.searchParams.set('gambling', line);
  return url.href;
}

export function oembedUrl(choice: WidgetChoice): string {
  const url = new URL('/oembed', choice.relay);
  url.searchParams.set('url', embedUrl(choice));
  url.searchParams.set('format', 'json');
  return url.href;
}

/** Frame size: the element's reserved height, so the box is right before (and without) any resize message. */
export function frameSize(
  choice: Pick<WidgetChoice, 'tag' | 'attributes'>,
  maxWidth?: number,
  maxHeight?: number,
): { width: number; height: number } {
  return {
    width: Math.min(DEFAULT_FRAME_WIDTH, maxWidth ?? Infinity),
    height: Math.min(reservedHeight(choice.tag, choice.attributes), maxHeight ?? Infinity),
  };
}

/**
 * The iframe a page without scripts can hold, valid HTML: `width` and `height` in pixels (HTML has no `width="100%"`,
 * and `frameborder` and `scrolling` are obsolete), the column's width and no border from `style`. Where a page's CSP or
 * an editor drops the style, the frame keeps its pixel size; the embed page itself never scrolls (EMBED_CSS).
 */
export function iframeMarkup(choice: WidgetChoice, size = frameSize(choice)): string {
  const width = size.width === DEFAULT_FRAME_WIDTH ? 'width:100%' : 'max-width:100%';
  return (
    `<iframe src="${escapeHtml(embedUrl(choice))}" title="${escapeHtml(frameTitle(choice.tag))}" ` +
    `width="${size.width}" height="${size.height}" style="${width};border:0" loading="lazy"></iframe>`
  );
}

/**
 * The stylesheet comes with the script: a module script runs after the first paint, so only a render-blocking sheet
 * can hold the element's box before it (no layout shift when the script arrives late on a phone).
 */
function scriptSnippet(choice: WidgetChoice): string {
  const href = new URL('/pressbox.css', choice.relay).href;
  const src = new URL('/pressbox.js', choice.relay).href;
  return [
    '<!-- once per page, in <head> -->',
    `<link rel="stylesheet" href="${escapeHtml(href)}">`,
    `<script type="module" src="${escapeHtml(src)}" data-key="${escapeHtml(choice.key)}"></script>`,
    '<!-- where the widget goes -->',
    elementMarkup(choice),
  ].join('\n');
}

/** Popups escape the sandbox: a price's link opens the book in a tab of its own, which a sandboxed tab would break. */
function ampSnippet(choice: WidgetChoice): string {
  const { height } = frameSize(choice);
  return [
    '<!-- once, in <head>: <script async custom-element="amp-iframe" src="https://cdn.ampproject.org/v0/amp-iframe-0.1.js"></script> -->',
    `<amp-iframe src="${escapeHtml(embedUrl(choice))}" title="${escapeHtml(frameTitle(choice.tag))}" height="${height}" layout="fixed-height"`,
    '  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" frameborder="0" resizable>',
    '  <div overflow tabindex="0" role="button" aria-label="Show all">Show all</div>',
    '</amp-iframe>',
  ].join('\n');
}

/**
 * JSX cannot pass `key` to an element (React keeps it), so the key goes through configure(). Only the element used is
 * imported: the package's index would bring every element into the app's bundle.
 */
function reactSnippet(choice: WidgetChoice): string {
  const name = choice.tag
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return [
    "import { configure } from '@pressbox/elements/configure';",
    `import '@pressbox/elements/elements/${choice.tag}';`,
    // A type-only import is TypeScript: a snippet pasted into a .jsx file must still parse.
    "// TypeScript (.tsx): import type {} from '@pressbox/elements/jsx'; checks the element's attributes",
    '',
    `configure({ key: '${choice.key}', relay: '${choice.relay}' });`,
    '',
    `export function ${name}Widget() {`,
    `  return ${elementMarkup(choice)};`,
    '}',
  ].join('\n');
}

/** Vue is told which tags are ours by name: a rule such as "any tag with a dash" would also skip the app's own components. */
function vueSnippet(choice: WidgetChoice): string {
  const tags = ELEMENT_TAGS.map((tag) => `'${tag}'`).join(', ');
  return [
    '<script setup>',
    "import { configure } from '@pressbox/elements/configure';",
    `import '@pressbox/elements/elements/${choice.tag}';`,
    '',
    `configure({ key: '${choice.key}', relay: '${choice.relay}' });`,
    '</script>',
    '',
    '<template>',
    `  ${elementMarkup(choice)}`,
    '</template>',
    '',
    `<!-- vite.config: vue({ template: { compilerOptions: { isCustomElement: (tag) => [${tags}].includes(tag) } } }) -->`,
  ].join('\n');
}

function wordpressSnippet(choice: WidgetChoice): string {
  return `<!-- wp:html -->\n${iframeMarkup(choice)}\n<!-- /wp:html -->`;
}

/** Every snippet the builder offers for one widget. */
export function snippetsFor(choice: WidgetChoice): Record<SnippetKind, string> {
  return {
    script: scriptSnippet(choice),
    iframe: iframeMarkup(choice),
    oembed: oembedUrl(choice),
    amp: ampSnippet(choice),
    react: reactSnippet(choice),
    vue: vueSnippet(choice),
    wordpress: wordpressSnippet(choice),
  };
}
