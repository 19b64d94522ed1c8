// The template minifier (vite.config.ts) and lit-analyzer read css`` templates; this one is a plain string, as the view
// that adopts it imports nothing at run time (fight-card-view.ts).
const css = String.raw;

/** The card's styles, adopted by each <fight-card> once its view is here. */
export const fightCardSheet = new CSSStyleSheet();
fightCardSheet.replaceSync(css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .title {
    overflow-wrap: anywhere;
  }
  .body {
    flex: 1;
    min-height: 0;
    padding: 0 16px 8px;
  }
  h3 {
    margin: 8px 0 4px;
    font-size: 12px;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .bout {
    display: grid;
    gap: 2px;
    padding: 6px 0;
    border-top: 1px solid var(--_border);
  }
  .meta,
  .fighter {
    display: flex;
    align-items: baseline;
    gap: 8px;
    min-width: 0;
  }
  .meta {
    font-size: 12px;
    color: var(--_muted);
  }
  .main-event {
    font-weight: 700;
    color: var(--_text);
  }
  .meta .pill {
    margin-inline-start: auto;
  }
  .fighter {
    font-size: 14px;
  }
  .corner {
    flex: none;
    align-self: center;
    width: 4px;
    height: 14px;
    border-radius: 2px;
    background: #c81e1e;
  }
  .fighter + .fighter .corner {
    background: #1d4ed8;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .record {
    flex: none;
    font-size: 12px;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .fighter[data-won] .name {
    font-weight: 700;
  }
  .fighter[data-lost] .name {
    color: var(--_muted);
  }
  .won {
    flex: none;
    margin-inline-start: auto;
    padding: 0 6px;
    border-radius: 4px;
    font-size: 12px;
    font-weight: 700;
    color: #fff;
    background: var(--pb-color-win, #15803d);
  }
  .ending {
    margin: 0;
    font-size: 12px;
    color: var(--_muted);
  }
  /* A wide column: bouts side by side, two a row, rather than names lost in a long line. */
  @container (min-width: 720px) {
    ol {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      column-gap: 24px;
    }
  }
  @media (forced-colors: active) {
    .corner {
      background: CanvasText;
    }
    .won {
      color: CanvasText;
      background: Canvas;
      border: 1px solid CanvasText;
    }
  }
`);
