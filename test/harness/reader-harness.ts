// What the test wants to know about a reader's page from its first moment, recorded by a script the page loads before
// Pressbox (every engine runs it the same way; WebDriver classic has no way to add scripts to a page before it loads).
// The function is sent to the page as it is: it must not use anything from outside its own body.

export interface ReaderRecord {
  loads: string[];
  /** Each pb-error: the element, the code and the message. */
  errors: string[];
  violations: string[];
  /** Cumulative layout shift; null where the engine has no Layout Instability API (Firefox, WebKit). */
  shift: number | null;
  /** What moved, for each shift that counted: the node, its rectangle before and after (so a failure names its cause). */
  shifted: string[];
  /** Pressbox elements whose box changed height after it was first laid out. */
  resized: string[];
}

export function installReaderHarness(tags: string[]): void {
  const seen: ReaderRecord = { loads: [], errors: [], violations: [], shift: null, shifted: [], resized: [] };
  Object.assign(window, { __seen: seen });
  addEventListener('pb-load', (event) => seen.loads.push((event.target as Element).localName), true);
  addEventListener('pb-error', (event) => seen.errors.push(`${(event.target as Element).localName}: ${event.code} ${event.message}`), true);
  document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
    seen.shift = 0;
    new PerformanceObserver((list) => {
      type Rect = { x: number; y: number; width: number; height: number };
      type Source = { node?: Node | null; previousRect: Rect; currentRect: Rect };
      const box = (rect: Rect) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      const name = (node?: Node | null): string => {
        if (!node) return '(gone)';
        const host = (node.getRootNode() as ShadowRoot).host;
        const own =
          node instanceof Element
            ? `${node.localName}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}`
            : `"${(node.textContent ?? '').slice(0, 24)}"`;
        return host ? `${host.localName} › ${own}` : own;
      };
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        seen.shift! += entry.value;
        seen.shifted.push(
          `${entry.value.toFixed(4)}: ${entry.sources.map((source) => `${name(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`).join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }
  const firstHeights = new Map<Element, number>();
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const height = entry.borderBoxSize[0]!.blockSize;
      const first = firstHeights.get(entry.target);
      if (first === undefined) firstHeights.set(entry.target, height);
      else if (Math.abs(height - first) > 0.5) seen.resized.push(`${entry.target.localName} ${first}→${height}px`);
    }
  });
  document.addEventListener('DOMContentLoaded', () => {
    for (const element of document.querySelectorAll(tags.join(','))) sizes.observe(element);
  });
}
