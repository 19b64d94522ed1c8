// theme="auto" matches the page the element sits on: a reader whose system is dark still sees light elements on a white
// page, as the publisher's own boxes are. Read at every render: each refresh, and on the reader's return to the tab
// (where a changed system setting is first seen), so no listener is kept.

/**
 * Whether the page around `host` is dark: the `color-scheme` it declares (`light dark`: the reader's setting, as the
 * page follows it), else the first background behind the element that is not transparent (sRGB colours: the ones
 * engines give as rgb()).
 */
export function pageIsDark(host: Element): boolean {
  // A removed element may still finish an update; it has no page, and no computed style to read.
  if (!host.isConnected) return false;
  let node = host.parentElement ?? document.documentElement;
  const scheme = getComputedStyle(node).colorScheme;
  if (/dark/.test(scheme)) return !/light/.test(scheme) || matchMedia('(prefers-color-scheme:dark)').matches;
  for (; !/light/.test(scheme) && node; node = node.parentElement!) {
    const [red, green, blue, alpha = 1] = getComputedStyle(node)
      .backgroundColor.match(/[\d.]+/g)!
      .map(Number);
    if (alpha) return red! + green! + blue! < 384;
  }
  return false;
}
