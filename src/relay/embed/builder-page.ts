import { ODDS_FORMATS, THEMES } from '../../contract/choices.js';
import { leagueTitle, WIDGET_LEAGUES, type WidgetLeague } from '../../contract/leagues.js';
import { escapeHtml } from '../../embed/html.js';
import { GAMBLING_LINE_LIMIT } from '../../embed/tags.js';
import { SNIPPET_GUIDE } from '../../embed/snippet-guide.js';
import { frameTitle } from '../../embed/snippets.js';
import { ELEMENT_TAGS, type ElementTag } from '../../contract/elements.js';
import { LOCALE_LABELS, SUPPORTED_LOCALES, type SupportedLocale } from '../../contract/locales.js';

const options = (values: readonly string[], label: (value: string) => string = (value) => value, selected?: string) =>
  values
    .map((value) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label(value))}</option>`)
    .join('');

/** One field of the builder's form; `data-attribute` names the element attribute it sets (builder.ts reads it). */
function field(id: string, label: string, control: string): string {
  return `<div class="field" data-field="${id}"><label for="${id}">${label}</label>${control}</div>`;
}

/** The snippet builder's page: its form, preview and snippets are filled in by builder.ts. */
export function builderPage(relay: string): string {
  // AMP loads an amp-iframe only from an https address, so a plain-http relay's AMP snippet would show nothing.
  const ampNeedsHttps =
    new URL(relay).protocol === 'https:'
      ? ''
      : `<p class="warning" role="note">This relay is served over http, and AMP loads frames only from https addresses: this snippet shows nothing on an AMP page until the relay is on https (serve it behind TLS and start it with <code>--public-url https://…</code>).</p>`;
  const snippets = SNIPPET_GUIDE.map(
    ({ kind, name, when }) => `<article class="snippet" aria-labelledby="snippet-${kind}-name">
<div class="snippet-head"><h3 id="snippet-${kind}-name">${escapeHtml(name)}</h3><button type="button" data-copy="${kind}" aria-describedby="snippet-${kind}-name">Copy</button></div>
<p>${escapeHtml(when)}</p>${kind === 'amp' ? ampNeedsHttps : ''}
<pre><code id="snippet-${kind}" data-snippet="${kind}"></code></pre>
</article>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pressbox snippet builder</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/builder/builder.css">
<script type="module" src="/builder/builder.js"></script>
</head>
<body>
<header>
<h1>Pressbox snippet builder</h1>
<p>Pick a widget, check it in the preview, and copy the snippet for where you publish. Relay: <code>${escapeHtml(relay)}</code></p>
</header>
<main>
<form id="choices" class="choices" aria-label="Widget">
${field('key', 'Publishable key', '<input id="key" name="key" autocomplete="off" spellcheck="false" placeholder="pk_live_…" required>')}
${field('tag', 'Widget', `<select id="tag" name="tag">${options(ELEMENT_TAGS, (tag) => `${frameTitle(tag as ElementTag).replace(' (Pressbox)', '')} <${tag}>`)}</select>`)}
${field('league', 'League', `<select id="league" name="league">${options(WIDGET_LEAGUES, (league) => leagueTitle(league as WidgetLeague), 'nba')}</select>`)}
${field('team', 'Team', '<select id="team" name="team"><option value="">All teams</option></select>')}
${field('opponent', 'Against (head to head)', '<select id="opponent" name="opponent"><option value="">Nobody: last five games</option></select>')}
${field('game-id', 'Game', '<select id="game-id" name="game-id"></select>')}
${field('gambling', 'Responsible-gambling line (plain text, shown under the widget)', `<input id="gambling" name="gambling" maxlength="${GAMBLING_LINE_LIMIT}" placeholder="21+ only. Gambling problem? Call 1-800-GAMBLER." aria-describedby="gambling-limit"><small id="gambling-limit">Up to ${GAMBLING_LINE_LIMIT} characters.</small>`)}
${field('as-of', 'For an article: pin it as of today (it never changes)', '<input type="checkbox" id="as-of" name="as-of">')}
${field('theme', 'Theme', `<select id="theme" name="theme">${options(THEMES)}</select>`)}
${field('locale', 'Language', `<select id="locale" name="locale"><option value="">The page’s language</option>${options(SUPPORTED_LOCALES, (locale) => LOCALE_LABELS[locale as SupportedLocale])}</select>`)}
${field('odds-format', 'Odds', `<select id="odds-format" name="odds-format">${options(ODDS_FORMATS)}</select>`)}
<p id="status" class="status" role="status"></p>
</form>
<section class="preview" aria-labelledby="preview-title">
<h2 id="preview-title">Preview</h2>
<iframe id="preview" title="Widget preview" width="600" height="136"></iframe>
</section>
<section class="snippets" aria-labelledby="snippets-title">
<h2 id="snippets-title">Snippets</h2>
${snippets}
</section>
</main>
</body>
</html>
`;
}

export const BUILDER_CSS = `
:root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif;--line:color-mix(in srgb,currentColor 25%,transparent)}
body{margin:0 auto;max-width:72rem;padding:1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem}h3{font-size:1rem;margin:0}
main{display:grid;gap:1.5rem;grid-template-columns:minmax(0,20rem) minmax(0,1fr)}
.choices{grid-row:span 2;display:flex;flex-direction:column;gap:.75rem}
.field{display:flex;flex-direction:column;gap:.25rem}
.field[hidden]{display:none}
input,select,button{font:inherit;min-height:2.25rem;padding:.25rem .5rem;border:1px solid var(--line);border-radius:6px;background:Canvas;color:CanvasText}
button{cursor:pointer}
:focus-visible{outline:2px solid Highlight;outline-offset:2px}
.status{min-height:1.5em;margin:0}
.preview iframe{display:block;width:100%;border:1px dashed var(--line);border-radius:6px}
.snippet{border-top:1px solid var(--line);padding:.75rem 0}
.snippet-head{display:flex;justify-content:space-between;align-items:center;gap:1rem}
.snippet p{margin:.25rem 0}
.warning{padding:.5rem .75rem;border:1px solid;border-inline-start-width:4px;border-radius:6px}
pre{margin:0;padding:.75rem;overflow:auto;white-space:pre-wrap;word-break:break-all;border:1px solid var(--line);border-radius:6px;font-size:.875rem}
@media (max-width:48rem){main{grid-template-columns:minmax(0,1fr)}.choices{grid-row:auto}}
`;
