/** What a lazy view module gives: its styles, beside whatever renders. */
interface ViewModule {
  sheet: CSSStyleSheet;
}

/**
 * An element's layout kept in a module of its own, fetched once per page by the first of its elements to render, so
 * that the one file every element ships in (pressbox-all.js) does not carry it. Such a module imports nothing at run
 * time: the element hands it Lit and the shared pieces (its kit).
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
