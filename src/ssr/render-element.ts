// Lit's own server renderer (@lit-labs/ssr) draws an element with the data of its first answer into declarative
// shadow DOM. Without Lit's global DOM shim: it would replace the relay process's fetch and window. The element
// classes run under Lit's Node build (lit's `node` export condition), which brings the small shim they need.
import { render } from '@lit-labs/ssr';
import { LitElementRenderer } from '@lit-labs/ssr/lib/lit-element-renderer.js';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import type { ElementTag } from '../contract/elements.js';
import { localeFor, supportedLocale } from '../widgets/i18n/locale.js';
import type { Fresh, PressboxElement } from '../widgets/ui/pressbox-element.js';
import type { ServedCopy } from '../widgets/runtime/resource-controller.js';
import { heardRelayOffset } from '../widgets/runtime/relay-time.js';
import { betStateKit } from '../widgets/ui/bet-state-kit.js';
import { prepareLayout, serverElement } from './server-elements.js';

interface LiveAware {
  live?: { ready(data: unknown): Promise<unknown> | undefined };
}

/** The element the next renderer draws: set just before the synchronous render that takes it. */
let prepared: PressboxElement | undefined;

/** Lit's renderer, drawing the element already given its data and words (`serverRender`) instead of a new one. */
class PreparedElementRenderer extends LitElementRenderer {
  constructor(tagName: string) {
    super(tagName);
    if (prepared?.localName === tagName || prepared?.tagName.toLowerCase() === tagName) {
      this.element = prepared as unknown as LitElementRenderer['element'];
      prepared = undefined;
    }
  }
}

export interface ServerRendered {
  /** The host tag with its attributes and its declarative shadow root, closed: ready to paste into a page. */
  html: string;
}

/**
 * `<tag attributes…><template shadowrootmode="open">…</template>…</tag>` for one answer: its words in `locale` (the
 * element's attribute; English where none), the answer and its ETag embedded for the browser, which shows them as
 * its first load (runtime/resource-controller.ts) instead of asking again. `light` goes inside the host after the
 * shadow root (structured data, a text for readers and crawlers without shadow DOM). `answer.clockOffsetMs` is how
 * far the relay's clock stands from its machine's: the copy says "today" and the data's age on the relay's clock, and
 * the browser's first render, which reads the same offset from the copy, draws the same words.
 */
export async function renderElement(
  tag: ElementTag,
  attributes: Readonly<Record<string, string>>,
  answer: ServedCopy<Fresh>,
  light = '',
): Promise<string> {
  const element = await serverElement(tag, attributes);
  const locale = localeFor(attributes.locale || 'en', Boolean(attributes.locale));
  const { wordsFor, loadSeasonWords } = await import('../widgets/i18n/words.js');
  if (locale.messages !== 'en') await loadSeasonWords(locale.messages);
  const words = locale.messages === 'en' ? undefined : await wordsFor(locale.messages, false, supportedLocale);
  const styles = await prepareLayout(element, async () => {
    await element.serverRender(answer.data, locale, words);
    // Live data reads where a game stands ("Q4 9:20") through the live kit, which the browser loads for it too.
    await (element as unknown as { resource: { options: LiveAware } }).resource.options.live?.ready(answer.data);
    if ('bet-state' in attributes) await betStateKit.ready(element.shadowRoot);
  });
  prepared = element;
  // Read by the synchronous render alone (nothing before it asks the time); set here, as another relay of this process
  // may have rendered while this one waited.
  heardRelayOffset(answer.clockOffsetMs ?? 0);
  let out: string;
  try {
    const result = render(html`<${unsafeStatic(tag)}></${unsafeStatic(tag)}>`, { elementRenderers: [PreparedElementRenderer] });
    out = collectResultSync(result);
  } finally {
    prepared = undefined;
  }
  // The browser replaces the server's shadow content with its first render (ui/pressbox-element.ts): the markers
  // Lit writes for hydration would only add bytes.
  const host = out
    .slice(out.indexOf(`<${tag}`), out.lastIndexOf(`</${tag}>`))
    .replace(/<!--\/?lit-(?:part|node)[^>]*-->|<\?>/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/<style>([^<]*)<\/style>/g, (_, css: string) => `<style>${compactCss(css)}</style>`);
  const close = host.lastIndexOf('</template>');
  if (close === -1) throw new Error(`<${tag}> rendered no shadow root`);
  return `${host.slice(0, close)}${styles}${jsonScript('application/json', answer)}${host.slice(close)}${light}</${tag}>`;
}

/**
 * Stylesheets as written in the source, without their comments and runs of white space. The dark theme follows the
 * element's custom state, which only its script sets: on the server's copy, `theme="dark"` stands for it.
 */
function compactCss(css: string): string {
  return css
    .replaceAll(':host(:state(dark))', ':host([theme=dark])')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .trim();
}

/** A script element holding JSON, safe whatever its strings say (`</script>` cannot close it early). */
export function jsonScript(type: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="${type}">${json}</script>`;
}
