// From dist/custom-elements.json (written by `cem analyze` from the elements' JSDoc), two outputs that must never
// drift from the code: JSX typings for React and other JSX users, and the element reference in docs/elements.md.
//   npx tsx scripts/element-reference.ts types   → dist/widgets/jsx.d.ts
//   npx tsx scripts/element-reference.ts docs    → docs/elements.md
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ODDS_FORMATS } from '../src/contract/choices.js';
import { ELEMENT_DETAILS, isElementTag } from '../src/contract/elements.js';

/** What `cem analyze` writes of a custom element, as far as this reads it. */
interface Named {
  name: string;
  description?: string;
}
interface ManifestAttribute extends Named {
  type?: { text: string };
  default?: string;
  inheritedFrom?: unknown;
}
export interface Declaration {
  name: string;
  tagName?: string;
  summary?: string;
  attributes?: ManifestAttribute[];
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
  cssStates?: Named[];
}
export interface Manifest {
  modules: Array<{ declarations?: Declaration[] }>;
}

export interface ElementReference {
  tag: string;
  className: string;
  summary: string;
  attributes: Array<{ name: string; type: string; default: string | undefined; description: string; common: boolean }>;
  events: Named[];
  parts: Named[];
  cssProperties: Named[];
  states: Named[];
}

const MANIFEST = 'dist/custom-elements.json';
const TYPE_NAMES: Record<string, string> = { OddsFormat: ODDS_FORMATS.map((format) => `'${format}'`).join(' | ') };
/** Values for the example tag of each element. */
const EXAMPLE_VALUES: Record<string, string> = {
  league: 'nba',
  leagues: 'nba,nhl,nfl',
  // Game ids carry their date and last a few days: the docs say where to take today's (publishers.md).
  'game-id': 'GAME_ID',
  team: 'BOS',
  opponent: 'LAL',
  markets: 'points,assists',
};

/** Every element, in tag order, each with what a publisher can set, listen to and style. */
export function elementsOf(manifest: Manifest): ElementReference[] {
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration): declaration is Declaration & { tagName: string } => Boolean(declaration.tagName))
    .map((declaration) => ({
      tag: declaration.tagName,
      className: declaration.name,
      summary: (declaration.summary ?? '').replace(/\s+/g, ' ').trim(),
      attributes: (declaration.attributes ?? []).map((attribute) => ({
        name: attribute.name,
        type: TYPE_NAMES[attribute.type?.text ?? ''] ?? attribute.type?.text ?? 'string',
        default: attribute.default,
        description: (attribute.description ?? '').replace(/\s+/g, ' ').trim(),
        common: Boolean(attribute.inheritedFrom),
      })),
      events: declaration.events ?? [],
      parts: declaration.cssParts ?? [],
      cssProperties: declaration.cssProperties ?? [],
      states: declaration.cssStates ?? [],
    }))
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

function propertyName(name: string): string {
  return /^[a-z]+$/.test(name) ? name : `'${name}'`;
}

/** `declare module 'react'` augmentation plus a global JSX namespace, for React 18/19, Preact and Solid-style setups. */
export function jsxTypes(elements: ElementReference[]): string {
  const lines = [
    '// Generated from custom-elements.json by scripts/element-reference.ts: do not edit.',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    '',
    '/** The attributes of each Pressbox element, as written in HTML. */',
    'export interface PressboxElementAttributes {',
  ];
  for (const element of elements) {
    lines.push(`  '${element.tag}': {`);
    for (const attribute of element.attributes) {
      if (attribute.name === 'key') continue; // React keeps `key` for itself: set the key on the script tag or with Pressbox.configure.
      if (attribute.description) lines.push(`    /** ${attribute.description} */`);
      lines.push(`    ${propertyName(attribute.name)}?: ${attribute.type};`);
    }
    lines.push('  };');
  }
  lines.push('}', '');
  lines.push(
    'type PressboxIntrinsicElements = {',
    '  [Tag in keyof PressboxElementAttributes]: DetailedHTMLProps<HTMLAttributes<HTMLElementTagNameMap[Tag]>, HTMLElementTagNameMap[Tag]> &',
    '    PressboxElementAttributes[Tag] & { class?: string };',
    '};',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements extends PressboxIntrinsicElements {}',
    '  }',
    '}',
    '',
    'declare global {',
    '  namespace JSX {',
    '    interface IntrinsicElements extends PressboxIntrinsicElements {}',
    '  }',
    '}',
    '',
  );
  return lines.join('\n');
}

const cell = (text: string | undefined): string => String(text ?? '').replaceAll('|', '\\|');

function table(headers: string[], rows: Array<Array<string | undefined>>): string[] {
  if (rows.length === 0) return ['None.', ''];
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
  ];
}

function exampleOf(element: ElementReference): string {
  const own = element.attributes.filter((attribute) => !attribute.common && EXAMPLE_VALUES[attribute.name]);
  const league = element.attributes.some((attribute) => attribute.name === 'leagues') ? [] : ['league'];
  const names = [...league, ...own.map((attribute) => attribute.name)].filter((name) => name !== 'opponent');
  const value = (name: string) => (name === 'league' ? leagueOf(element.tag) : EXAMPLE_VALUES[name]);
  return `<${element.tag}${names.map((name) => ` ${name}="${value(name)}"`).join('')}></${element.tag}>`;
}

/** The example's league: NBA where the element shows it, else the first it serves (MLB for the pitching matchup). */
function leagueOf(tag: string): string {
  const leagues: readonly string[] = isElementTag(tag) ? ELEMENT_DETAILS[tag].leagues : ['nba'];
  return leagues.includes('nba') ? 'nba' : leagues[0]!;
}

const GAME_ID_NOTE =
  '`GAME_ID`: a game id from `/v1/scores` or the snippet builder; ids carry their date, see [Finding a game id](publishers.md#finding-a-game-id).';

/** The element reference: one section per element, common attributes once. */
export function markdown(elements: ElementReference[]): string {
  const common = elements[0]!.attributes.filter((attribute) => attribute.common);
  const lines = [
    '# Element reference',
    '',
    'Generated from the custom-elements manifest by `npm run docs`; the same manifest ships at the package root (`@pressbox/elements/custom-elements.json`) for editors and',
    'CMS tooling. Every element is loaded by the stylesheet and script tag',
    '(`<link rel="stylesheet" href="https://YOUR-RELAY/pressbox.css">`,',
    '`<script type="module" src="https://YOUR-RELAY/pressbox.js" data-key="pk_live_…"></script>`).',
    '',
    '## Attributes every element takes',
    '',
    ...table(
      ['attribute', 'type', 'default', 'what it does'],
      common.map((attribute) => [
        `\`${attribute.name}\``,
        `\`${attribute.type}\``,
        attribute.default ? `\`${attribute.default}\`` : '',
        attribute.description,
      ]),
    ),
  ];
  for (const element of elements) {
    const own = element.attributes.filter((attribute) => !attribute.common);
    lines.push(
      `## \`<${element.tag}>\``,
      '',
      element.summary,
      '',
      '```html',
      exampleOf(element),
      '```',
      '',
      ...(exampleOf(element).includes('GAME_ID') ? [GAME_ID_NOTE, ''] : []),
      '**Attributes** (besides the common ones)',
      '',
      ...table(
        ['attribute', 'type', 'what it does'],
        own.map((attribute) => [`\`${attribute.name}\``, `\`${attribute.type}\``, attribute.description]),
      ),
      '**Events**',
      '',
      ...table(
        ['event', 'when'],
        element.events.map((event) => [`\`${event.name}\``, event.description]),
      ),
      '**CSS parts** (`' + element.tag + '::part(name)`)',
      '',
      ...table(
        ['part', 'what'],
        element.parts.map((part) => [`\`${part.name}\``, part.description]),
      ),
      '**CSS custom properties**',
      '',
      ...table(
        ['property', 'what (default)'],
        element.cssProperties.map((property) => [`\`${property.name}\``, property.description]),
      ),
      '**States** (`' + element.tag + ':state(name)`)',
      '',
      ...table(
        ['state', 'when'],
        element.states.map((state) => [`\`${state.name}\``, state.description]),
      ),
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const elements = elementsOf(JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest);
  const what = process.argv[2];
  if (what === 'types') writeFileSync('dist/widgets/jsx.d.ts', jsxTypes(elements));
  else if (what === 'docs') writeFileSync('docs/elements.md', markdown(elements));
  else {
    console.error('usage: npx tsx scripts/element-reference.ts types|docs');
    process.exit(1);
  }
}
