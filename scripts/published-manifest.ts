// The custom-elements manifest as @pressbox/elements ships it (scripts/build-packages.ts), from the analyzer's output
// (dist/custom-elements.json, whose paths are the sources'): paths of the package's own modules, the schema version
// whose fields it uses, every type it names exported, nothing private. Checked by @wc-toolkit/cem-validator in
// test/system/build/custom-elements.test.ts.
import { ELEMENT_TAGS } from '../src/contract/elements.js';

/** The schema whose `cssStates` the manifest uses (custom-elements-manifest 2.1.0). */
export const SCHEMA_VERSION = '2.1.0';
/** `import '@pressbox/elements'`: every element class, event class and type the attributes name; it defines them all. */
export const INDEX_MODULE = 'dist/index.js';
/** What the attributes and events name that the index exports beside the elements (src/widgets/index.ts; the test holds the two equal). */
export const NAMED_TYPES = ['OddsFormat', 'PbLoadEvent', 'PbUpdateEvent', 'PbErrorEvent', 'PbGameSelectEvent'];

type Json = Record<string, unknown>;
interface Module extends Json {
  path: string;
  declarations?: Array<Json & { name: string; tagName?: string; members?: Array<Json & { privacy?: string }> }>;
}

const elementModulePath = (tag: string) => `dist/elements/${tag}.js`;

export function publishedManifest(raw: { modules: Module[] } & Json): Json {
  const elements = raw.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName && (ELEMENT_TAGS as readonly string[]).includes(declaration.tagName))
    .map((declaration) =>
      withoutSourcePaths({
        ...declaration,
        members: declaration.members?.filter((member) => member.privacy !== 'private' && member.privacy !== 'protected'),
      }),
    );
  const reference = (name: string) => ({ name, module: INDEX_MODULE });
  const index: Json = {
    kind: 'javascript-module',
    path: INDEX_MODULE,
    declarations: elements,
    exports: [
      ...elements.map((element) => ({ kind: 'js', name: element.name, declaration: reference(element.name as string) })),
      ...NAMED_TYPES.map((name) => ({ kind: 'js', name, declaration: { name, module: INDEX_MODULE } })),
      ...elements.map((element) => ({
        kind: 'custom-element-definition',
        name: element.tagName,
        declaration: reference(element.name as string),
      })),
    ],
  };
  // `import '@pressbox/elements/elements/<tag>'`: that element alone, defined.
  const own = elements.map((element) => ({
    kind: 'javascript-module',
    path: elementModulePath(element.tagName as string),
    declarations: [],
    exports: [
      { kind: 'js', name: element.name, declaration: reference(element.name as string) },
      { kind: 'custom-element-definition', name: element.tagName, declaration: reference(element.name as string) },
    ],
  }));
  return { ...raw, schemaVersion: SCHEMA_VERSION, modules: [index, ...own] };
}

/** References into the sources (a base class, where a member is inherited from) keep their name, not a path the package lacks. */
function withoutSourcePaths<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSourcePaths) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json)
      .filter(([key, inner]) => !(key === 'module' && typeof inner === 'string' && /(^|\/)src\//.test(inner)))
      .map(([key, inner]) => [key, withoutSourcePaths(inner)]),
  ) as T;
}
