import type { ElementRendering, RenderPlan } from '../http/rendered-pages.js';

type ServerRenderer = typeof import('../../ssr/element-page.js');

/**
 * Server rendering through Lit's own renderer (src/ssr): the elements, Lit and the locales' words are loaded by the
 * first rendering asked for, so that a relay nobody asks for HTML starts and runs without them.
 */
export function elementRendering(): ElementRendering {
  let loading: Promise<ServerRenderer> | undefined;
  const renderer = () => (loading ??= import('../../ssr/element-page.js'));
  return {
    plan: async (tag, query) => (await renderer()).planRendering(tag, query),
    html: async (plan, answer) =>
      (await renderer()).renderPlanned(plan as RenderPlan & Parameters<ServerRenderer['renderPlanned']>[0], answer),
  };
}
