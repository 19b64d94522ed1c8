// Every public surface of an element is in its custom-elements.json entry, with words: each CSS custom property its
// styles read (its own, the shared stylesheets it uses, its reserved height and that height's former name) and each
// attribute it observes. What an element reads is found in its sources here, not in the tables the manifest's plugins
// apply (scripts/cem/), so a property or an attribute added without its documentation fails.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { ELEMENT_TAGS, hostBoxCss, type ElementTag } from '../../../src/contract/elements.js';

interface Described {
  name: string;
  description?: string;
}
interface Declaration {
  tagName?: string;
  attributes?: Described[];
  cssProperties?: Described[];
}

/** Attributes every HTML element has: the base class reads `dir` (to leave a page's own alone), never its own. */
const GLOBAL_ATTRIBUTES = new Set(['dir', 'lang', 'hidden', 'id', 'class', 'style']);
const IMPORTS = [
  /(?:^|[\n;])\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?'(\.{1,2}\/[^']+)'/g,
  /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g,
];

/** The element's module and every module it imports, at once or later (type-only imports carry no CSS). */
function moduleClosure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const pattern of IMPORTS)
      for (const [, specifier] of text.matchAll(pattern)) {
        const target = resolve(dirname(file), specifier!).replace(/\.js$/, '.ts');
        if (existsSync(target)) queue.push(target);
      }
  }
  return [...seen].map((file) => relative(process.cwd(), file));
}

/** The `--pb-*` properties a stylesheet's text reads. */
function propertiesRead(css: string): string[] {
  return [...css.matchAll(/var\(\s*(--pb-[\w-]+)/g)].map((match) => match[1]!);
}

/** The attributes a module's Lit classes observe (`static properties`), and those it reads itself (`this.getAttribute`). */
function attributesRead(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyDeclaration(node) &&
      node.name.getText(source) === 'properties' &&
      node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
        const options = property.initializer.properties;
        const option = (name: string) =>
          options.find((item): item is ts.PropertyAssignment => ts.isPropertyAssignment(item) && item.name.getText(source) === name)
            ?.initializer;
        const attribute = option('attribute');
        if (option('state')?.kind === ts.SyntaxKind.TrueKeyword || attribute?.kind === ts.SyntaxKind.FalseKeyword) continue;
        found.push(attribute && ts.isStringLiteral(attribute) ? attribute.text : property.name.getText(source).toLowerCase());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const [, name] of text.matchAll(/\bthis\.(?:get|has)Attribute\(\s*'([\w-]+)'/g))
    if (!GLOBAL_ATTRIBUTES.has(name!)) found.push(name!);
  return found;
}

/** What an element reads, from its sources: the CSS custom properties and the attributes. */
function surfaceOf(tag: ElementTag): { properties: Set<string>; attributes: Set<string> } {
  const files = moduleClosure(resolve(`src/widgets/elements/${tag}/${tag}.ts`));
  return {
    properties: new Set([...files.flatMap((file) => propertiesRead(readFileSync(file, 'utf8'))), ...propertiesRead(hostBoxCss(tag))]),
    attributes: new Set(files.flatMap((file) => attributesRead(file))),
  };
}

/** Each thing an element reads that its manifest entry leaves out or leaves without words, and each entry without words. */
function undocumented(tag: string, read: { properties: Set<string>; attributes: Set<string> }, entry: Declaration): string[] {
  const problems: string[] = [];
  const check = (kind: string, names: Set<string>, listed: Described[] = []) => {
    for (const name of names)
      if (!listed.some((item) => item.name === name)) problems.push(`<${tag}> reads the ${kind} ${name}: not in its manifest entry`);
    for (const item of listed)
      if (!item.description?.trim()) problems.push(`<${tag}> lists the ${kind} ${item.name} without a description`);
  };
  check('CSS property', read.properties, entry.cssProperties);
  check('attribute', read.attributes, entry.attributes);
  return problems;
}

/** The manifest as the build writes it (the same configuration, custom-elements-manifest.config.mjs), in memory. */
async function analyze(): Promise<Declaration[]> {
  // Loaded first, to fail here: the analyzer runs on without a configuration it cannot load, over every file, and
  // writes package.json.
  await import(pathToFileURL(resolve('custom-elements-manifest.config.mjs')).href);
  const manifest = (await cli({ argv: ['analyze', '--quiet'], cwd: process.cwd(), noWrite: true })) as {
    modules: Array<{ declarations?: Declaration[] }>;
  };
  return manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
}

describe('custom-elements.json documents what each element reads', () => {
  it('finds what an element reads in its sources', () => {
    const strip = surfaceOf('score-strip');
    for (const name of ['--pb-score-strip-height', '--pb-strip-height', '--pb-color-surface', '--pb-color-flash', '--pb-card-width'])
      assert.ok(strip.properties.has(name), name);
    for (const name of ['league', 'odds-format', 'time-zone', 'game-href', 'bet-state', 'as-of'])
      assert.ok(strip.attributes.has(name), name);
    assert.ok(!strip.attributes.has('focusindex') && !strip.attributes.has('dir'));
    assert.ok(!surfaceOf('last-five').properties.has('--pb-color-flash'));
    assert.deepEqual(attributesRead('x.ts', "class X { static properties = { a: {}, bC: { attribute: 'b-c' }, d: { state: true } }; }"), [
      'a',
      'b-c',
    ]);
  });

  it('lists every CSS custom property and attribute of every element, each with a description', async () => {
    const entries = await analyze();
    const problems = ELEMENT_TAGS.flatMap((tag) => {
      const entry = entries.find((declaration) => declaration.tagName === tag);
      return entry ? undocumented(tag, surfaceOf(tag), entry) : [`<${tag}> has no manifest entry`];
    });
    assert.deepEqual(problems, [], 'document them in the element JSDoc header, or, if shared, in scripts/cem/shared-surface.ts');
  });
});
