// The leagues each element serves, written into custom-elements.json from the element registry rather than restated
// in nine JSDoc headers (which drifted: three left out `mma`). The manifest feeds docs/elements.md and the JSX types.
import { ELEMENT_DETAILS, isElementTag } from '../../src/contract/elements.js';

/** Where an element's own `@attr league` (or score-ticker's `leagues`) wants the list in its sentence. */
export const LEAGUES_PLACEHOLDER = '{leagues}';
const LEAGUE_ATTRIBUTES = new Set(['league', 'leagues']);

interface Described {
  name: string;
  description?: string;
  inheritedFrom?: unknown;
}
interface Declaration {
  tagName?: string;
  attributes?: Described[];
  members?: Described[];
}

/** The sentence documenting a league attribute: the element's own wording with the list filled in, or a plain one. */
export function leagueDescription(tag: string, written: string | undefined): string | undefined {
  if (!isElementTag(tag)) return written;
  const list = ELEMENT_DETAILS[tag].leagues.join(', ');
  return written?.includes(LEAGUES_PLACEHOLDER) ? written.replaceAll(LEAGUES_PLACEHOLDER, list) : `League code: ${list}.`;
}

/** A `@custom-elements-manifest/analyzer` plugin: every element's league attributes list the registry's leagues. */
export function registryLeagues() {
  return {
    name: 'pressbox-registry-leagues',
    packageLinkPhase({ customElementsManifest }: { customElementsManifest: { modules: Array<{ declarations?: Declaration[] }> } }) {
      for (const declaration of customElementsManifest.modules.flatMap((module) => module.declarations ?? [])) {
        const tag = declaration.tagName;
        if (!tag) continue;
        // Inherited entries are shared with the base class's: each element gets copies of its own.
        const withLeagues = (items: Described[] | undefined) =>
          items?.map((item) =>
            LEAGUE_ATTRIBUTES.has(item.name) ? { ...item, description: leagueDescription(tag, item.description) } : item,
          );
        declaration.attributes = withLeagues(declaration.attributes);
        declaration.members = withLeagues(declaration.members);
      }
    },
  };
}
