// The template minifier (vite.config.ts) and lit-analyzer read css`` templates; this one is a plain string, as the view
// that adopts it imports nothing at run time (pitching-matchup-view.ts).
const css = String.raw;

/** The matchup's styles, adopted by each <pitching-matchup> once its view is here. */
export const pitchingMatchupSheet = new CSSStyleSheet();
pitchingMatchupSheet.replaceSync(css`
  :host {
    --_warning: var(--pb-color-warning, #b45309);
  }
  :host(:state(dark)) {
    --_warning: var(--pb-color-warning, #fbbf24);
  }
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  /* The two cards share out the height the weather leaves, so no blank band stays under them at any width. */
  .body {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-height: 0;
    padding-bottom: 8px;
  }
  .sides {
    flex: 1 0 auto;
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    padding: 0 16px;
  }
  /* Team, pitcher and facts at the top of the card, the projection at its foot: nothing floats in a tall card. */
  .side {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }
  .team {
    display: flex;
    align-items: center;
    gap: 6px;
    font-size: 12px;
    font-weight: 700;
    --_badge-size: 14px;
  }
  .team-name,
  .pitcher {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  p {
    margin: 0;
  }
  .pitcher {
    font-size: 15px;
    font-weight: 700;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 2px 8px;
    font-size: 12px;
    color: var(--_muted);
  }
  .status {
    font-weight: 700;
  }
  .status:not([data-status='probable']) {
    color: var(--_warning);
  }
  .strikeouts {
    display: grid;
    margin-top: auto;
    font-size: 12px;
  }
  .projected {
    font-size: 14px;
    font-weight: 700;
  }
  .range {
    color: var(--_muted);
  }
  .weather {
    padding: 8px 16px 0;
    font-size: 12px;
  }
  .venue {
    font-weight: 700;
  }
  .conditions {
    color: var(--_muted);
  }
  .alerts {
    margin: 2px 0 0;
    padding: 0;
    list-style: none;
    color: var(--_warning);
    font-weight: 600;
  }
  @media (forced-colors: active) {
    .status:not([data-status='probable']),
    .alerts {
      color: CanvasText;
      text-decoration: underline;
    }
  }
  /* A phone or a sidebar: tighter cards, the projection's details on their own lines. */
  @container (max-width: 400px) {
    .sides {
      gap: 6px;
      padding-inline: 10px;
    }
    .side {
      padding: 6px 8px;
    }
    .pitcher {
      font-size: 14px;
      white-space: normal;
    }
    .weather {
      padding-inline: 10px;
    }
  }
`);
