// From dist/custom-elements.json (written by `cem analyze` from the elements' JSDoc), two outputs that must never
// drift from the code: JSX typings for React and other JSX users, and the element reference in docs/elements.md.
//   npx tsx scripts/element-reference.ts types   → dist/widgets/jsx.d.ts (React), jsx-preact, jsx-solid, svelte, vue .d.ts
//   npx tsx scripts/element-reference.ts docs    → docs/elements.md
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ODDS_FORMATS } from '../src/contract/choices.js';
import { detailsOf, isElementTag } from '../src/contract/elements.js';
import { sharedDescription, sharedProperties } from './cem/shared-surface.js';

/** What `cem analyze` writes of a custom element, as far as this reads it. */
interface Named {
  name: string;
  description?: string;
  type?: { text: string };
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

/** An event's class as the typings name it; `pb-load` and `pb-update` carry the element's payload (`ScoresPayload`). */
function eventType(tag: string, event: Named): string {
  const type = event.type?.text ?? 'Event';
  return PAYLOAD_EVENTS.includes(type) ? `Pressbox.${type}<Pressbox.ElementPayload<'${tag}'>>` : `Pressbox.${type}`;
}
const PAYLOAD_EVENTS = ['PbLoadEvent', 'PbUpdateEvent'];

/** The JSX and template typings, by file name under dist/widgets: one module of attributes and events, one per framework. */
export function jsxTypes(elements: ElementReference[]): Record<string, string> {
  const generated = '// Generated from custom-elements.json by scripts/element-reference.ts: do not edit.';
  const attributes = [
    generated,
    "import type * as Pressbox from './index.js';",
    '',
    '/** The attributes of each Pressbox element, as written in HTML. */',
    'export interface PressboxElementAttributes {',
  ];
  for (const element of elements) {
    attributes.push(`  '${element.tag}': {`);
    for (const attribute of element.attributes) {
      if (attribute.name === 'key') continue; // React keeps `key` for itself: set the key on the script tag or with Pressbox.configure.
      if (attribute.description) attributes.push(`    /** ${attribute.description} */`);
      attributes.push(`    ${propertyName(attribute.name)}?: ${attribute.type};`);
    }
    attributes.push('  };');
  }
  attributes.push(
    '}',
    '',
    "/** Each element's events by name (`pb-load`), with their classes. */",
    'export interface PressboxElementEvents {',
  );
  for (const element of elements)
    attributes.push(
      `  '${element.tag}': { ${element.events.map((event) => `'${event.name}': ${eventType(element.tag, event)}`).join('; ')} };`,
    );
  attributes.push(
    '}',
    '',
    '/** Event listeners as props named `<prefix><event>`: `onpb-load` for React 19, Preact and Svelte 5, `on:pb-load` for Solid. */',
    "export type PressboxEventProps<Tag extends keyof PressboxElementEvents, Prefix extends string = 'on'> = {",
    '  [Name in keyof PressboxElementEvents[Tag] as `${Prefix}${Name & string}`]?: (event: PressboxElementEvents[Tag][Name]) => void;',
    '};',
    '',
  );
  const jsx = (framework: string, importLine: string, base: string, module: string, prefix = 'on', extra = '') => [
    generated,
    importLine,
    "import type { PressboxElementAttributes, PressboxEventProps } from './element-attributes.js';",
    '',
    'type PressboxIntrinsicElements = {',
    `  [Tag in keyof PressboxElementAttributes]: ${base} & PressboxElementAttributes[Tag] & PressboxEventProps<Tag, '${prefix}'>${extra};`,
    '};',
    '',
    `/** ${framework}: every Pressbox tag in JSX, with its attributes and \`${prefix}pb-*\` events typed. */`,
    `declare module '${module}' {`,
    '  namespace JSX {',
    '    interface IntrinsicElements extends PressboxIntrinsicElements {}',
    '  }',
    '}',
    '',
  ];
  const react = jsx(
    'React 19',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    'DetailedHTMLProps<HTMLAttributes<HTMLElementTagNameMap[Tag]>, HTMLElementTagNameMap[Tag]>',
    'react',
    'on',
    ' & { class?: string }',
  );
  // Setups whose JSX is the global namespace (React 18's classic runtime) read the same elements there.
  react.push(
    'declare global {',
    '  namespace JSX {',
    '    interface IntrinsicElements extends PressboxIntrinsicElements {}',
    '  }',
    '}',
    '',
  );
  const vueEvents = (tag: string) =>
    `{ [Name in keyof PressboxElementEvents['${tag}'] as \`on\${Capitalize<Camel<Name & string>>}\`]?: (event: PressboxElementEvents['${tag}'][Name]) => void }`;
  return {
    'element-attributes.d.ts': attributes.join('\n'),
    'jsx.d.ts': react.join('\n'),
    // Preact 11 has no JSX.HTMLAttributes and Preact 10 before 10.28 no HTMLAttributes at its root: a <div>'s props
    // are named alike in both, with the ref set to the element.
    'jsx-preact.d.ts': jsx(
      'Preact 10 and 11',
      "import type { JSX, Ref } from 'preact';",
      "Omit<JSX.IntrinsicElements['div'], 'ref'> & { ref?: Ref<HTMLElementTagNameMap[Tag]> }",
      'preact',
    ).join('\n'),
    'jsx-solid.d.ts': jsx(
      'Solid',
      "import type { JSX } from 'solid-js';",
      'JSX.HTMLAttributes<HTMLElementTagNameMap[Tag]>',
      'solid-js',
      'on:',
    ).join('\n'),
    'svelte.d.ts': [
      generated,
      "import type { HTMLAttributes } from 'svelte/elements';",
      "import type { PressboxElementAttributes, PressboxEventProps } from './element-attributes.js';",
      '',
      'type PressboxSvelteElements = {',
      "  [Tag in keyof PressboxElementAttributes]: HTMLAttributes<HTMLElementTagNameMap[Tag]> & PressboxElementAttributes[Tag] & PressboxEventProps<Tag, 'on'>;",
      '};',
      '',
      '/** Svelte 5: every Pressbox tag in templates, with its attributes and `onpb-*` events typed. */',
      "declare module 'svelte/elements' {",
      '  interface SvelteHTMLElements extends PressboxSvelteElements {}',
      '}',
      '',
      'export {};',
      '',
    ].join('\n'),
    'vue.d.ts': [
      generated,
      "import type { DefineComponent } from 'vue';",
      "import type { PressboxElementAttributes, PressboxElementEvents } from './element-attributes.js';",
      '',
      '/** `pb-load` → `pbLoad`: Vue hands `@pb-load` to a component as `onPbLoad`. */',
      'type Camel<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : Name;',
      '',
      '/** Vue 3: every Pressbox tag in templates (with `isCustomElement` naming them), its attributes and `@pb-*` events typed. */',
      "declare module 'vue' {",
      '  interface GlobalComponents {',
      ...elements.map(
        (element) => `    '${element.tag}': DefineComponent<PressboxElementAttributes['${element.tag}'] & ${vueEvents(element.tag)}>;`,
      ),
      '  }',
      '}',
      '',
      'export {};',
      '',
    ].join('\n'),
  };
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

/** The element's example tag, from the registry (`GAME_ID` left for the reader to replace). */
function exampleOf(element: ElementReference): string {
  const example = isElementTag(element.tag) ? detailsOf(element.tag).example : {};
  return `<${element.tag}${Object.entries(example)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')}></${element.tag}>`;
}

const GAME_ID_NOTE =
  '`GAME_ID`: a game id from `/v1/scores` or the snippet builder; ids carry their date, see [Finding a game id](publishers.md#finding-a-game-id).';

/** The element reference: one section per element, common attributes and the theme once. */
export function markdown(elements: ElementReference[]): string {
  const common = elements[0]!.attributes.filter((attribute) => attribute.common);
  // Every element's manifest entry lists the theme (scripts/cem/shared-surface.ts); its section, only where its words differ.
  const theme = sharedProperties()
    .filter((property) => !property.stylesheet)
    .map((property) => ({ name: property.name, description: sharedDescription(property) }));
  const isTheme = (property: Named) => theme.some((item) => item.name === property.name && item.description === property.description);
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
        // Each element serves its own leagues (listed in its section), so no one element's list speaks for all.
        attribute.name === 'league' ? 'League code; each element below lists the leagues it serves.' : attribute.description,
      ]),
    ),
    '## CSS custom properties every element reads',
    '',
    'The theme (see [Theme properties](publishers.md#theme-properties)); an element below lists one again where it says what',
    'it colours there.',
    '',
    ...table(
      ['property', 'what (default)'],
      theme.map((property) => [`\`${property.name}\``, property.description]),
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
      `**\`league\`**: ${element.attributes.find((attribute) => attribute.name === 'league')?.description ?? ''}`,
      '',
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
      '**CSS custom properties** (besides the theme)',
      '',
      ...table(
        ['property', 'what (default)'],
        element.cssProperties.filter((property) => !isTheme(property)).map((property) => [`\`${property.name}\``, property.description]),
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
  if (what === 'types') for (const [file, text] of Object.entries(jsxTypes(elements))) writeFileSync(`dist/widgets/${file}`, text);
  else if (what === 'docs') writeFileSync('docs/elements.md', markdown(elements));
  else {
    console.error('usage: npx tsx scripts/element-reference.ts types|docs');
    process.exit(1);
  }
}
