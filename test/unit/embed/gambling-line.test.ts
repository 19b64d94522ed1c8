// The responsible-gambling line in every snippet form: carried by each for the betting elements, as text only (never
// markup, never an expression in JSX or Vue), bounded and refused by name at the edge, left out for other elements.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transform } from 'esbuild';
import { compileTemplate } from 'vue/compiler-sfc';
import { ELEMENT_DETAILS, ELEMENT_TAGS, GAMBLING_LINE_TAGS, type ElementTag } from '../../../src/contract/elements.js';
import { embedUrl, snippetsFor, type WidgetChoice } from '../../../src/embed/snippets.js';
import { GAMBLING_LINE_LIMIT } from '../../../src/embed/tags.js';
import { readEmbedQuery } from '../../../src/relay/embed/params.js';
import { GAMBLING_LINE_CSS } from '../../../src/contract/gambling-line.js';
import { gamblingLineStyles } from '../../../src/widgets/ui/gambling-line.js';
import { embedPage } from '../../../src/relay/embed/pages.js';

const KEY = 'pk_live_0123456789abcdef0123456789abcdef';
/** Markup, an entity, quotes and braces: what must arrive as the same text in every form. */
const HOSTILE_LINE = `21+ <b>only</b> & "call" {1-800-GAMBLER} {{ help }} </p><script>alert(1)</script>`;

const choiceOf = (tag: ElementTag, gambling = HOSTILE_LINE): WidgetChoice => ({
  relay: 'https://widgets.example.com',
  tag,
  key: KEY,
  attributes: { league: ELEMENT_DETAILS[tag].leagues[0] },
  gambling,
});

/** The text of the `<p slot="gambling">` a snippet's markup holds, as an HTML parser (or JSX, or Vue) reads it. */
function slottedText(markup: string): string | undefined {
  const content = /<p slot="gambling">([^<]*)<\/p>/.exec(markup)?.[1];
  return content
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#123;', '{')
    .replaceAll('&#125;', '}')
    .replaceAll('&amp;', '&');
}

describe('the responsible-gambling line in every snippet form', () => {
  it('is taken by the betting elements with a gambling slot, as the element registry says', () => {
    assert.deepEqual(GAMBLING_LINE_TAGS, ['odds-board', 'betting-splits', 'line-movement']);
  });

  for (const tag of GAMBLING_LINE_TAGS) {
    it(`<${tag}>: the script, React and Vue snippets slot it as text; iframe, AMP, WordPress and oEmbed carry it as gambling=`, () => {
      const snippets = snippetsFor(choiceOf(tag));
      for (const kind of ['script', 'react', 'vue'] as const) {
        assert.equal(slottedText(snippets[kind]), HOSTILE_LINE, `${kind}: ${snippets[kind]}`);
        assert.doesNotMatch(snippets[kind], /<script>alert|<b>only/, kind);
      }
      assert.equal(new URL(embedUrl(choiceOf(tag))).searchParams.get('gambling'), HOSTILE_LINE);
      for (const kind of ['iframe', 'amp', 'wordpress'] as const) {
        const src = /<(?:amp-)?iframe src="([^"]+)"/.exec(snippets[kind])![1]!.replaceAll('&amp;', '&');
        assert.equal(new URL(src).searchParams.get('gambling'), HOSTILE_LINE, kind);
      }
      const frame = new URL(new URL(snippets.oembed).searchParams.get('url')!);
      assert.equal(frame.searchParams.get('gambling'), HOSTILE_LINE, 'oembed');
    });
  }

  it('reads as the same text once React’s JSX and Vue’s template compilers have read it: braces are never an expression', async () => {
    const { react, vue } = snippetsFor(choiceOf('odds-board'));
    const jsx = (await transform(react, { loader: 'jsx', jsx: 'automatic' })).code;
    const vueRender = compileTemplate({
      source: /<template>([\s\S]*)<\/template>/.exec(vue)![1]!,
      id: 'widget',
      filename: 'Widget.vue',
    }).code;
    for (const [compiler, code, child] of [
      ['JSX', jsx, /jsx\("p", \{ slot: "gambling", children: ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") \}\)/],
      ['Vue', vueRender, /"p", \{ slot: "gambling" \}, ("(?:[^"\\]|\\.)*")/],
    ] as const) {
      const literal = child.exec(code)?.[1];
      assert.ok(literal, `${compiler}: the line is one text child of the <p>: ${code}`);
      assert.equal(new Function(`return ${literal}`)(), HOSTILE_LINE, compiler);
    }
  });

  it('is left out of every snippet of an element without a gambling slot', () => {
    for (const tag of ELEMENT_TAGS.filter((tag) => !GAMBLING_LINE_TAGS.includes(tag))) {
      for (const [kind, snippet] of Object.entries(snippetsFor(choiceOf(tag)))) {
        assert.doesNotMatch(snippet, /gambling/, `${tag} ${kind}`);
      }
    }
  });

  it('is escaped text in the embed page, inside the element', () => {
    const page = embedPage(choiceOf('line-movement'), 'pb_embed_token', 60_000);
    const element = /<line-movement[^>]*>(.*)<\/line-movement>/.exec(page)?.[1] ?? '';
    assert.equal(slottedText(element), HOSTILE_LINE, element);
    assert.doesNotMatch(page, /<script>alert|<b>only/);
  });
});

describe('the line’s box before and after its element is defined', () => {
  it('is the same in pressbox.css and in the element’s ::slotted rule (and the region’s line), so the line never moves', () => {
    const slotted = /\.gambling ::slotted\(\*\),\s*\.region-line \{([^}]*)\}/.exec(gamblingLineStyles.cssText)?.[1] ?? '';
    const declarations = (text: string) => text.replaceAll(/\s+/g, '');
    assert.equal(declarations(slotted), declarations(`display:block;${GAMBLING_LINE_CSS}color:var(--_muted);`));
  });
});

describe('gambling= at the edge', () => {
  const read = (tag: ElementTag, gambling: string) => readEmbedQuery(tag, { key: KEY, league: 'nba', gambling });

  it('takes plain text up to the limit, on one line', () => {
    assert.deepEqual(read('odds-board', '  21+ only.\n Call  1-800-GAMBLER. '), {
      ok: true,
      query: { key: KEY, attributes: { league: 'nba' }, gambling: '21+ only. Call 1-800-GAMBLER.' },
    });
    const longest = 'x'.repeat(GAMBLING_LINE_LIMIT);
    assert.deepEqual(read('betting-splits', longest), { ok: true, query: { key: KEY, attributes: { league: 'nba' }, gambling: longest } });
  });

  it('refuses a longer line, naming the limit, and control characters', () => {
    assert.deepEqual(read('odds-board', 'x'.repeat(GAMBLING_LINE_LIMIT + 1)), {
      ok: false,
      message: `gambling is at most ${GAMBLING_LINE_LIMIT} characters: the responsible-gambling line, plain text`,
    });
    const reordered = read('odds-board', 'Call \u202e1-800');
    assert.equal(reordered.ok, false);
    assert.match(reordered.ok ? '' : reordered.message, /plain text: no control or formatting characters/);
  });

  it('is refused by the other elements, with the ones that take it', () => {
    assert.deepEqual(read('score-strip', '21+ only.'), {
      ok: false,
      message:
        'gambling (a responsible-gambling line) is taken by <odds-board>, <betting-splits> and <line-movement> only, not by <score-strip>',
    });
  });
});
