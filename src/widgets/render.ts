// `@pressbox/elements/render`, for a page's server (Next.js server components, Astro, SvelteKit, Nuxt, any Node
// server): an element's HTML with its data, rendered by the relay with Lit's server renderer, to write into the page.

export interface RenderOptions {
  /** The relay's origin, such as https://relay.example.com. */
  relay: string;
  /** The site's publishable key. */
  key: string;
  /** The page's origin, one of the key's allowed domains (the relay checks it as it checks a browser's Origin). */
  origin: string;
  /** A fetch of your own (a framework's cached fetch, a test's); the global one by default. */
  fetch?: typeof fetch;
  /** Give up after this long and answer the bare tag (default 3000 ms): a slow relay never holds the page. */
  timeoutMs?: number;
  /**
   * The page's Content-Security-Policy nonce, for pages whose `style-src` has no 'unsafe-inline': written on the
   * element's `<style>` elements, without which such a page shows the element unstyled until its script runs.
   */
  nonce?: string;
}

/**
 * The element's server-rendered HTML: its tag and attributes, a declarative shadow root with its data, the
 * schema.org SportsEvent data of the games it shows. Write it into the page unescaped (React's
 * `dangerouslySetInnerHTML`, Astro's `set:html`, Svelte's `{@html}`; in Vue and Nuxt `createStaticVNode(html, 1)`,
 * not `v-html`, which Vue sets again as it hydrates, without a shadow root); the page's browser script takes it
 * over without loading the data again. On any failure (relay down or unset, key refused, timeout) it answers the
 * bare tag, which the browser renders as it always does, and `console.warn`s why.
 */
export async function renderElement(tag: string, attributes: Record<string, string>, options: RenderOptions): Promise<string> {
  try {
    const query = new URLSearchParams(attributes);
    query.set('key', options.key);
    // Inside the try: a relay left unset (an environment variable missing at build time) answers the bare tag too.
    const url = `${options.relay.replace(/\/$/, '')}/v1/render/${encodeURIComponent(tag)}?${query}`;
    const answer = await (options.fetch ?? fetch)(url, {
      headers: { origin: options.origin, accept: 'text/html' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
    });
    const body = await answer.text();
    if (answer.ok) return options.nonce ? withNonce(body, options.nonce) : body;
    console.warn(`Pressbox: <${tag}> was not rendered on the server (${answer.status}): ${body.slice(0, 300)}`);
  } catch (error) {
    console.warn(`Pressbox: <${tag}> was not rendered on the server: ${(error as Error).message}`);
  }
  return bareTag(tag, attributes);
}

/** The HTML with `nonce` on its style elements (the relay writes them bare: its answer is cached for every page). */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll('<style>', `<style nonce="${nonce.replace(/[^\w+/=-]/g, '')}">`);
}

/** The element as a page writes it without server rendering: the browser loads its data. */
export function bareTag(tag: string, attributes: Record<string, string>): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  const written = Object.entries(attributes).map(([name, value]) => ` ${escape(name)}="${escape(value)}"`);
  return `<${escape(tag)}${written.join('')}></${escape(tag)}>`;
}
