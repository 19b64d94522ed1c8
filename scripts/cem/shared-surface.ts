// What several elements share, documented once here and written into each element's entry of custom-elements.json
// (which feeds docs/elements.md and the JSX types) rather than restated in fourteen JSDoc headers: the theme properties
// every element's stylesheet reads (ui/tokens.ts), a shared stylesheet's own (ui/changes.ts), the former name of each
// reserved height (the registry's `formerName`), and attributes several elements declare for themselves. An element's
// header documents what is its own; where it documents a shared property too (what the accent marks in it), its words
// replace these, and the defaults, read from the stylesheet itself, follow either way.
import type { CSSResult } from 'lit';
import type ts from 'typescript';
import { ELEMENT_BOXES, isElementTag, sizeProperty, type ElementBox, type ElementTag } from '../../src/contract/elements.js';
import { changeStyles } from '../../src/widgets/ui/changes.js';
import { tokens } from '../../src/widgets/ui/tokens.js';

type PropertyName = `--pb-${string}`;

export interface SharedStylesheet {
  /** The stylesheet as elements adopt it: the properties it reads, and their defaults, come from its text. */
  sheet: CSSResult;
  /** The name an element's `static styles` takes it by; none for the theme, which `elementStyles` gives every element. */
  name?: string;
  /** What each property it reads does, without its default. */
  properties: Record<PropertyName, string>;
}

export const SHARED_STYLESHEETS: SharedStylesheet[] = [
  {
    sheet: tokens,
    properties: {
      '--pb-color-surface': 'Background of the element',
      '--pb-color-raised': 'Background of what sits above the surface: loading placeholders, buttons, bar tracks, a highlighted row',
      '--pb-color-text': 'Colour of the text',
      '--pb-color-muted': 'Colour of secondary text: labels, start times, notes and messages',
      '--pb-color-border': 'Colour of the border and of the lines between rows',
      '--pb-color-accent': 'Colour of highlights: a hovered or selected control, bars and meters, a marked team',
      '--pb-color-live': 'Colour of what is live: a game in progress and its status',
      '--pb-color-focus': 'Colour of the keyboard focus ring',
      '--pb-radius': 'Corner radius of the element',
      '--pb-font-family': 'Typeface of the element',
    },
  },
  {
    sheet: changeStyles,
    name: 'changeStyles',
    properties: {
      '--pb-color-flash': 'Colour that flashes behind a score that just changed (never with reduced motion), fading out over 1.2 s',
    },
  },
];

/** Attributes several elements declare for themselves (`static properties`), in the words every one of them means. */
export const SHARED_ATTRIBUTES: Record<string, string> = {
  'as-of':
    'A day written YYYY-MM-DD: the data as it stood at the end of that day (UTC), for articles; the element shows the day and never refreshes.',
};

/** The value after `var(--pb-…,`, up to the parenthesis that closes the `var(`. */
function fallbackAt(css: string, from: number): string {
  let depth = 1;
  for (let index = from; index < css.length; index++) {
    if (css[index] === '(') depth++;
    else if (css[index] === ')' && --depth === 0) return css.slice(from, index).trim();
  }
  throw new Error(`Unclosed var( in ${css.slice(from - 40, from + 40)}`);
}

/** Each `--pb-*` property a stylesheet reads, with its defaults in order of appearance (the theme: light, then dark). */
export function defaultsOf(css: string): Map<PropertyName, string[]> {
  const defaults = new Map<PropertyName, string[]>();
  for (const match of css.matchAll(/var\(\s*(--pb-[\w-]+)\s*,/g)) {
    const name = match[1] as PropertyName;
    const value = fallbackAt(css, match.index + match[0].length);
    const seen = defaults.get(name) ?? [];
    if (!seen.includes(value)) seen.push(value);
    defaults.set(name, seen);
  }
  return defaults;
}

/** `(#ffffff; dark: #111827)`: a theme property's two defaults, or one. */
const inParentheses = ([light, dark]: string[]) => (dark ? `(${light}; dark: ${dark})` : `(${light})`);

export interface SharedProperty {
  name: PropertyName;
  words: string;
  defaults: string[];
  /** The name an element's `static styles` takes its stylesheet by (none: every element). */
  stylesheet?: string;
}

/** Every shared property with its words and defaults; a stylesheet that reads one without words, or words for one it does not read, throws. */
export function sharedProperties(): SharedProperty[] {
  return SHARED_STYLESHEETS.flatMap(({ sheet, name: stylesheet, properties }) => {
    const defaults = defaultsOf(sheet.cssText);
    const unworded = [...defaults.keys()].filter((name) => !(name in properties));
    const unread = Object.keys(properties).filter((name) => !defaults.has(name as PropertyName));
    if (unworded.length > 0)
      throw new Error(`${stylesheet ?? 'tokens'} reads ${unworded.join(', ')}: say what each does in scripts/cem/shared-surface.ts.`);
    if (unread.length > 0)
      throw new Error(`scripts/cem/shared-surface.ts documents ${unread.join(', ')}, which ${stylesheet ?? 'tokens'} does not read.`);
    return Object.entries(properties).map(([name, words]) => ({
      name: name as PropertyName,
      words,
      defaults: defaults.get(name as PropertyName)!,
      stylesheet,
    }));
  });
}

/** The sentence a shared property gets in an element's entry: the element's own words, or the shared ones, and the defaults. */
export function sharedDescription(property: SharedProperty, own?: string): string {
  return `${(own?.trim() || property.words).replace(/\.$/, '')} ${inParentheses(property.defaults)}.`;
}

interface Described {
  name: string;
  description?: string;
}
interface Declaration {
  name: string;
  tagName?: string;
  attributes?: Described[];
  cssProperties?: Described[];
}

/** An element's CSS properties: its own, each reserved height followed by its former name, then the shared ones it reads. */
export function withSharedProperties(
  tag: ElementTag,
  own: Described[],
  stylesheets: ReadonlySet<string>,
  every: SharedProperty[] = sharedProperties(),
): Described[] {
  const shared = every.filter((property) => !property.stylesheet || stylesheets.has(property.stylesheet));
  const { formerName }: ElementBox = ELEMENT_BOXES[tag];
  const properties = own.flatMap((item) => {
    const common = shared.find((property) => property.name === item.name);
    const entry = common ? { ...item, description: sharedDescription(common, item.description) } : item;
    if (item.name !== sizeProperty(tag) || !formerName) return [entry];
    const former = `--pb-${formerName}-height`;
    return [
      entry,
      { name: former, description: `Former name of \`${item.name}\`, still honoured; \`${item.name}\` wins when both are set.` },
    ];
  });
  const listed = new Set(properties.map((item) => item.name));
  return [
    ...properties,
    ...shared
      .filter((property) => !listed.has(property.name))
      .map((property) => ({ name: property.name, description: sharedDescription(property) })),
  ];
}

/** The names of the identifiers an element's `static styles` is made of: which shared stylesheets it adopts. */
function stylesheetNames(typescript: typeof ts, initializer: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (typescript.isIdentifier(node)) names.add(node.text);
    typescript.forEachChild(node, visit);
  };
  visit(initializer);
  return names;
}

/** A `@custom-elements-manifest/analyzer` plugin: each element's entry lists the shared properties and attributes it has. */
export function sharedSurface() {
  const stylesheetsByClass = new Map<string, Set<string>>();
  return {
    name: 'pressbox-shared-surface',
    analyzePhase({ ts: typescript, node }: { ts: typeof ts; node: ts.Node }) {
      if (!typescript.isClassDeclaration(node) || !node.name) return;
      const styles = node.members.find(
        (member): member is ts.PropertyDeclaration =>
          typescript.isPropertyDeclaration(member) &&
          typescript.isIdentifier(member.name) &&
          member.name.text === 'styles' &&
          Boolean(member.modifiers?.some((modifier) => modifier.kind === typescript.SyntaxKind.StaticKeyword)),
      );
      if (styles?.initializer) stylesheetsByClass.set(node.name.text, stylesheetNames(typescript, styles.initializer));
    },
    packageLinkPhase({ customElementsManifest }: { customElementsManifest: { modules: Array<{ declarations?: Declaration[] }> } }) {
      // Read here, not as the configuration loads: the analyzer stops on a plugin's error, but runs on without a configuration it could not load.
      const shared = sharedProperties();
      for (const declaration of customElementsManifest.modules.flatMap((module) => module.declarations ?? [])) {
        const tag = declaration.tagName;
        if (!tag || !isElementTag(tag)) continue;
        declaration.cssProperties = withSharedProperties(
          tag,
          declaration.cssProperties ?? [],
          stylesheetsByClass.get(declaration.name) ?? new Set(),
          shared,
        );
        declaration.attributes = declaration.attributes?.map((attribute) =>
          !attribute.description?.trim() && SHARED_ATTRIBUTES[attribute.name]
            ? { ...attribute, description: SHARED_ATTRIBUTES[attribute.name] }
            : attribute,
        );
      }
    },
  };
}
