// What measure.ts does not look for, measured inside the page for the state matrix (the function is sent to the page
// as it is: it must not use anything from outside its own body): text cut where the reader could have read it whole,
// areas that scroll sideways, and the words each element shows (its message apart), for the checks on language and truth.

export interface ReaderFaults {
  tag: string;
  /** Text cut by its box (an ellipsis, a clip, a clamp) that is not hidden for screen readers on purpose. */
  cut: string[];
  /** Areas inside the element that scroll sideways (the page's own overflow is measured apart). */
  sideways: string[];
  /** Everything the element shows, as one line. */
  text: string;
  /** The element's message (empty, error, season), when it shows one. */
  message: string;
  /** Each score card's or game row's words (`.card`, `tbody tr`), for the checks on what one game says. */
  items: string[];
}

export function readerFaults(tags: string[]): ReaderFaults[] {
  /** The words under a node: its text nodes, not its style sheets. */
  const words = (node: Node | null | undefined): string => {
    if (!node) return '';
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode())
      if (!text.parentElement?.closest('style, script')) parts.push(text.textContent ?? '');
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  };
  return tags.map((tag) => {
    const root = document.querySelector(tag)!.shadowRoot!;
    const cut: string[] = [];
    const sideways: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('.visually-hidden') || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
      // A row of cards that snaps (the strip, the ticker) is a carousel on purpose; a table that scrolls is not.
      const carousel = style.scrollSnapType.startsWith('x');
      if (scrollsX && !carousel && element.scrollWidth > element.clientWidth + 1)
        sideways.push(`${element.localName}.${element.getAttribute('class') ?? ''} ${element.scrollWidth}px in ${element.clientWidth}px`);
      const ownText = [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim());
      // Names may end in an ellipsis where they keep room to be recognised (measure.ts: clippedNames); a box of a pixel
      // is text for screen readers only.
      if (!ownText || element.matches('.name') || element.clientWidth <= 2 || element.clientHeight <= 2) continue;
      const clips =
        style.overflowX === 'hidden' || style.overflowX === 'clip' || style.overflowY === 'hidden' || style.overflowY === 'clip';
      const clamped = style.textOverflow === 'ellipsis' || style.getPropertyValue('-webkit-line-clamp') !== 'none';
      if (!(clips || clamped) || scrollsX) continue;
      const wide = element.scrollWidth > element.clientWidth + 1;
      const tall = element.scrollHeight > element.clientHeight + 1;
      if (wide || tall)
        cut.push(
          `${element.localName}.${element.getAttribute('class') ?? ''} "${words(element).slice(0, 40)}" (${wide ? `${element.scrollWidth}px in ${element.clientWidth}px wide` : `${element.scrollHeight}px in ${element.clientHeight}px high`})`,
        );
    }
    const message = root.querySelector('.message, [part=message]');
    return {
      tag,
      cut,
      sideways,
      text: words(root),
      message: message?.checkVisibility() ? words(message) : '',
      items: [...root.querySelectorAll('.card, tbody tr')].map(words),
    };
  });
}
