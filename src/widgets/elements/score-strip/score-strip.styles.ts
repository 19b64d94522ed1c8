import { css } from '../../ui/css.js';

export const scoreStripStyles = css`
  section {
    display: flex;
    align-items: stretch;
    height: 100%;
  }
  .track {
    display: flex;
    gap: 8px;
    flex: 1;
    margin: 0;
    padding: 10px 4px;
    list-style: none;
    overflow-x: auto;
    scroll-snap-type: x proximity;
    /* The first card snaps where the track starts: a snap at load (from 0 to the padding) reads to Chrome as the
       reader's scroll, which ends its largest-contentful-paint record on a server-rendered page. */
    scroll-padding-inline: 4px;
    scroll-behavior: smooth;
    scrollbar-width: thin;
  }
  .track > li {
    flex: none;
    scroll-snap-align: start;
  }
  /* One column the card's width: a status longer than the card (a long translation) wraps inside it instead of
     widening the grid, whose scores would then be drawn over the next card. */
  .card {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto 1fr 1fr;
    gap: 4px;
    width: var(--pb-card-width, 176px);
    height: 100%;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    color: inherit;
    text-align: start;
    text-decoration: none;
    cursor: pointer;
    --_badge-size: 24px;
  }
  .card .pill {
    white-space: normal;
  }
  .card:hover {
    border-color: var(--_accent);
  }
  .card[data-status='live'] {
    border-color: var(--_live);
  }
  .side {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
  }
  .abbr {
    flex: 1;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .score {
    font-size: 16px;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .side[data-leading] .abbr,
  .side[data-leading] .score {
    font-weight: 800;
  }
  .side[data-trailing] .score {
    color: var(--_muted);
  }
  .nav {
    flex: none;
    width: 32px;
    border: 0;
    background: var(--_raised);
    cursor: pointer;
    font-size: 18px;
  }
  .nav:hover {
    color: var(--_accent);
  }
  /* Previous points the way the reader came from. */
  :host(:dir(rtl)) .nav {
    transform: scaleX(-1);
  }
  .pause-slot {
    display: flex;
    align-items: center;
    padding: 0 6px;
    background: var(--_raised);
  }
  .card-skeleton {
    width: var(--pb-card-width, 176px);
    height: 114px;
  }
  .notice {
    position: absolute;
    inset: auto 0 0 0;
    background: var(--_surface);
  }
`;
