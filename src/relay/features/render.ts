import type { ElementRendering, RenderPlan } from '../http/rendered-pages.js';

type ServerRenderer = typeof import('../../ssr/element-page.js');

/**
 * Server rendering through Lit's own renderer (src/ssr): the elements, Lit and the locales' words are loaded by the
 * first rendering asked for, so that a relay nobody asks for HTML starts and runs without them. Elements read "today"
 * on the relay's clock (`now`: another day's under `--time`, a test's), as the browser does from the relay's answers:
 * both as an offset from the clock of the machine they run on, which is what `Date.now()` is for here.
 */
export function elementRendering(now: () => number): ElementRendering {
  let loading: Promise<ServerRenderer> | undefined;
  const renderer = () => (loading ??= import('../../ssr/element-page.js'));
  return {
    plan: async (tag, query) => (await renderer()).planRendering(tag, query),
    html: async (plan, answer) =>
      (await renderer()).renderPlanned(plan as RenderPlan & Parameters<ServerRenderer['renderPlanned']>[0], {
        ...answer,
        clockOffsetMs: now() - Date.now(),
      }),
  };
}
