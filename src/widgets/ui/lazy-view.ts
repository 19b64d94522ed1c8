/** What a lazy view module gives: its styles, beside whatever renders. */
interface ViewModule {
  sheet: CSSStyleSheet;
}

/**
 * An element's layout kept in a chunk of its own, fetched once per page by the first of its elements to render, so
 * that the element's chunk stays small until it has data to lay out. The all-in-one file carries it inside
 * (scripts/vite/eager-import.ts).
 */
export function lazyView<View extends ViewModule>(load: () => Promise<View>) {
  let loading: Promise<View | undefined> | undefined;
  let view: View | undefined;
  return {
    get current(): View | undefined {
      return view;
    },
    /** Waits for the view (a failed fetch is tried again by the next render) and adopts its styles into the element's. */
    async ready(root: ShadowRoot | null): Promise<void> {
      view ??= await (loading ??= load().catch(() => (loading = undefined)));
      if (view && root && !root.adoptedStyleSheets.includes(view.sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, view.sheet];
    },
  };
}
