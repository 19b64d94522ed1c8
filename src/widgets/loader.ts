import { loadOnSight } from './load-on-sight.js';

/** Imports and defines the elements named (once each); unknown names are ignored. */
export const load = loadOnSight((tag, forget) =>
  customElements.get(tag)
    ? Promise.resolve()
    : // The base chunk is fetched beside the element's rather than after it (the chunk imports it too: one request).
      // Chunks are named by tag (vite.config.ts), so the loader carries no table of their addresses.
      Promise.all([import('./ui/pressbox-element.js'), import(/* @vite-ignore */ `./chunks/${tag}.js`)]).then(
        () => undefined,
        (error: unknown) => {
          forget();
          console.error(`Pressbox: could not load <${tag}> from the relay (${(error as Error).message}).`);
        },
      ),
);
