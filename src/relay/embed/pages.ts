import { escapeHtml } from '../../embed/html.js';
import { elementMarkup, frameTitle, iframeMarkup, oembedUrl, type WidgetChoice } from '../../embed/snippets.js';

/** What the embed page's stylesheet says: nothing around the element, and the publisher's page shows through. */
export const EMBED_CSS = 'html,body{margin:0;padding:0;background:transparent;overflow:hidden}body>*{display:block}';

/** Pages that talk to a person (opened directly, or a mistake to fix): plain and readable in light or dark. */
export const NOTICE_CSS = `
:root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}
body{max-width:44rem;margin:2rem auto;padding:0 1rem}
pre{white-space:pre-wrap;word-break:break-all;padding:.75rem;border:1px solid GrayText;border-radius:6px}
`;

const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * The language of a page without a `locale`: the reader's first choice (`Accept-Language`), which is also what the
 * element would read from the browser, else English. Bounded and canonical, or not used.
 */
export function readerLanguage(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.slice(0, 200).split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (!first || first === '*' || first.length > 35) return 'en';
  try {
    return Intl.getCanonicalLocales(first)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * The frame's document: the element alone, the Pressbox script with the frame's own token, and the resize reporter.
 * `lifetimeMs`: how long the frame's token is good for from now (the frame renews it a minute before); `language`: the
 * page's `lang` when the embed names no `locale`.
 */
export function embedPage(choice: WidgetChoice, token: string, lifetimeMs: number, language = 'en'): string {
  const lang = ` lang="${escapeHtml(choice.attributes.locale || language)}"`;
  // Browsers paint a frame opaque when its color scheme differs from its parent's: a dark embed declares dark, so it
  // stays transparent on a dark page; light and auto declare none, as most pages do.
  const scheme = choice.attributes.theme === 'dark' ? '\n<meta name="color-scheme" content="dark">' : '';
  return `<!doctype html>
<html${lang}>
<head>
<meta charset="utf-8">${scheme}
${viewport}
<link rel="icon" href="data:,">
<title>${escapeHtml(frameTitle(choice.tag))}</title>
<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl(choice))}" title="${escapeHtml(frameTitle(choice.tag))}">
<link rel="stylesheet" href="/embed/frame.css">
<link rel="stylesheet" href="/pressbox.css">
<script type="module" src="/pressbox.js" data-key="${escapeHtml(token)}"></script>
<script type="module" src="/embed/frame.js" data-renew-in="${lifetimeMs}"></script>
</head>
<body>${elementMarkup(choice)}</body>
</html>
`;
}

function noticePage(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${viewport}
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${extraHead}<link rel="stylesheet" href="/embed/notice.css">
</head>
<body>
${body}
</body>
</html>
`;
}

/** An embed page opened in a tab rather than a frame: what it is, and the snippet that shows it on a site. */
export function openedDirectlyPage(choice: WidgetChoice): string {
  const title = frameTitle(choice.tag);
  return noticePage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>This address is a Pressbox embed: it shows <code>&lt;${choice.tag}&gt;</code> inside a frame on a website whose domain is allowed for the key. To show it on your page, paste this where it should appear (a “Custom HTML” block in most editors):</p>
<pre>${escapeHtml(iframeMarkup(choice))}</pre>
<p>Editors that understand oEmbed (WordPress, Ghost and others with a Pressbox provider) take this address instead:</p>
<pre>${escapeHtml(oembedUrl(choice))}</pre>
<p>More ways to embed, with a live preview: <a href="/builder?key=${encodeURIComponent(choice.key)}">the snippet builder</a>.</p>`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl(choice))}" title="${escapeHtml(title)}">\n`,
  );
}

/** A mistake in the embed's address or key, said to the publisher inside the frame, where they will look. */
export function problemPage(message: string): string {
  return noticePage('Pressbox embed', `<p role="alert">Pressbox embed: ${escapeHtml(message)}</p>`);
}

/** A frame on a site the key does not allow: it shows nothing (the browser usually blocks it before this). */
export const REFUSED_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pressbox embed</title></head><body></body></html>\n';
