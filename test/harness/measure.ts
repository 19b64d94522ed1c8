// What a reader sees of each Pressbox element on a page, measured inside the browser (the function is sent to the page
// as it is: it must not use anything from outside its own body).

export interface ElementMeasure {
  tag: string;
  height: number;
  /** Pairs of text runs drawn over each other. */
  overlaps: string[];
  /** Nodes that reach outside the element (cut off by its box) without a scroll area of their own to hold them. */
  overflowing: string[];
  smallestFont: number;
  smallestFontText: string;
  /** null when the element has nothing to tap. */
  smallestTarget: number | null;
  smallestTargetName: string;
  /** Team names cut shorter than an abbreviation would be. */
  clippedNames: string[];
  /** Titles and statistic names cut (an ellipsis, a clamped line): they have room to be read whole. */
  cutTitles: string[];
  /** Round markers (live dots, badges, the curve's end) drawn wider than tall or taller than wide. */
  misshapenMarkers: string[];
  /** Reserved height under the last thing drawn (text, a bar, a mark), in CSS pixels: space the state does not use. */
  unusedHeight: number;
  /** Whether the element shows a message (empty, error) in place of data. */
  showsMessage: boolean;
}

export function measureElements(tags: string[]): ElementMeasure[] {
  type Box = { left: number; right: number; top: number; bottom: number };
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    right: Math.min(a.right, b.right),
    top: Math.max(a.top, b.top),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);
  const hiddenForReaders = (node: Element) => Boolean(node.closest('.visually-hidden'));

  return tags.map((tag) => {
    const host = document.querySelector(tag)!;
    const root = host.shadowRoot!;
    const hostBox = host.getBoundingClientRect();
    /** The part of a box not cut off by scroll areas and clipping inside the element (the host's own clip excluded). */
    const clipOf = (node: Element, includeSelf = false): Box => {
      let clip: Box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
      for (let parent = includeSelf ? node : node.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clip = intersect(clip, parent.getBoundingClientRect());
      }
      return clip;
    };
    const all = [...root.querySelectorAll('*')];

    const runs: { box: Box; text: string; node: Node }[] = [];
    let smallestFont = Infinity;
    let smallestFontText = '';
    for (const element of all) {
      // Not drawn: closed <details> content, display:none, visibility:hidden.
      if (hiddenForReaders(element) || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      for (const child of element.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        // Text is cut by its own element's overflow too (an ellipsis).
        const clip = clipOf(element, true);
        for (const rect of range.getClientRects()) {
          const visible = intersect(rect, clip);
          if (area(visible) < 1) continue;
          runs.push({ box: visible, text: child.textContent.trim().slice(0, 30), node: child });
          // Chart axis ticks may be 11 px (the one exception): counted as a point larger.
          const size = parseFloat(style.fontSize) + (element instanceof SVGTextElement ? 1 : 0);
          if (size < smallestFont) {
            smallestFont = size;
            smallestFontText = child.textContent.trim().slice(0, 30);
          }
        }
      }
    }
    const overlaps: string[] = [];
    for (let i = 0; i < runs.length; i++)
      for (let j = i + 1; j < runs.length; j++) {
        if (runs[i]!.node === runs[j]!.node) continue;
        const shared = intersect(runs[i]!.box, runs[j]!.box);
        if (shared.right - shared.left > 1 && shared.bottom - shared.top > 1) overlaps.push(`"${runs[i]!.text}" / "${runs[j]!.text}"`);
      }

    /**
     * Drawn geometry. Engines disagree on SVG shapes: Firefox's client box includes the stroke, scaled by the viewBox;
     * WebKit's screen matrix misplaces shapes in a right-to-left page. Where the two boxes share, the shape is.
     */
    const boxOf = (element: Element): Box => {
      const client = element.getBoundingClientRect();
      const matrix = element instanceof SVGGeometryElement ? element.getScreenCTM() : null;
      if (!matrix) return client;
      const shape = (element as SVGGeometryElement).getBBox();
      const a = new DOMPoint(shape.x, shape.y).matrixTransform(matrix);
      const b = new DOMPoint(shape.x + shape.width, shape.y + shape.height).matrixTransform(matrix);
      return intersect(client, {
        left: Math.min(a.x, b.x),
        right: Math.max(a.x, b.x),
        top: Math.min(a.y, b.y),
        bottom: Math.max(a.y, b.y),
      });
    };
    const overflowing: string[] = [];
    for (const element of all) {
      if (!element.checkVisibility()) continue;
      const box = intersect(boxOf(element), clipOf(element));
      if (area(box) < 1) continue;
      if (box.left < hostBox.left - 1 || box.right > hostBox.right + 1 || box.bottom > hostBox.bottom + 1)
        overflowing.push(
          `${element.localName}.${element.getAttribute('class') ?? ''} x ${Math.round(box.left - hostBox.left)}…${Math.round(box.right - hostBox.left)}, y …${Math.round(box.bottom - hostBox.top)}`,
        );
    }

    let smallestTarget = Infinity;
    let smallestTargetName = '';
    for (const target of root.querySelectorAll('button, a[href], input, select, [role="tab"], [role="button"]')) {
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const size = Math.min(rect.width, rect.height);
      if (size < smallestTarget) {
        smallestTarget = size;
        smallestTargetName = `${target.localName} ${target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 20)}`;
      }
    }

    const clippedNames: string[] = [];
    for (const name of root.querySelectorAll('.name')) {
      const element = name as HTMLElement;
      const fontSize = parseFloat(getComputedStyle(element).fontSize);
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth < fontSize * 3.5)
        clippedNames.push(element.textContent!.trim());
    }

    const cutTitles: string[] = [];
    for (const title of root.querySelectorAll<HTMLElement>('.title, .tile .label')) {
      if (!title.checkVisibility()) continue;
      if (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1)
        cutTitles.push(title.textContent!.trim());
    }

    const misshapenMarkers: string[] = [];
    for (const marker of root.querySelectorAll<HTMLElement>('.live-dot, .badge, .end')) {
      const rect = marker.getBoundingClientRect();
      if (rect.width > 0 && Math.abs(rect.width - rect.height) > 0.5)
        misshapenMarkers.push(`${marker.className} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }

    // The lowest thing drawn: text, a box with nothing inside (a bar, a dot, a picture), or one with a border or a
    // background of its own (a card, a tile). Boxes that fill the element (its panel, a scroll area) are not content.
    let contentBottom = hostBox.top;
    for (const run of runs) contentBottom = Math.max(contentBottom, run.box.bottom);
    const drawsItself = (element: Element) => {
      const style = getComputedStyle(element);
      // A scroll area's shadows are a background image over its whole box: not content of their own.
      const transparent = /^(transparent|rgba\(.*, 0\))$/.test(style.backgroundColor);
      return !transparent || parseFloat(style.borderBottomWidth) > 0 || parseFloat(style.borderTopWidth) > 0;
    };
    for (const element of all) {
      if (!element.checkVisibility()) continue;
      const leaf = element.childElementCount === 0 && !element.textContent?.trim();
      if (!leaf && !drawsItself(element)) continue;
      const box = intersect(boxOf(element), clipOf(element));
      if (area(box) >= 1 && box.bottom - box.top < hostBox.height * 0.9) contentBottom = Math.max(contentBottom, box.bottom);
    }

    return {
      tag,
      height: Math.round(hostBox.height * 10) / 10,
      overlaps,
      overflowing,
      smallestFont,
      smallestFontText,
      smallestTarget: smallestTarget === Infinity ? null : Math.round(smallestTarget * 10) / 10,
      smallestTargetName,
      clippedNames,
      cutTitles,
      misshapenMarkers,
      unusedHeight: Math.round(hostBox.bottom - contentBottom),
      showsMessage: Boolean(root.querySelector('.message')?.checkVisibility()),
    };
  });
}
