import { html, type TemplateResult } from 'lit';
import { css } from './css.js';
import { cssProps } from './css-props.js';

export interface BarShare {
  /** Percent, 0 to 100. */
  share: number;
  colour: string;
  patterned?: boolean;
}

/** Two shares side by side in one bar (bets on each side, each team's chance). Decorative: the numbers are in text. */
export function shareBar(left: BarShare, right: BarShare): TemplateResult {
  const segment = ({ share, colour, patterned }: BarShare) =>
    html`<span class=${patterned ? 'patterned' : ''} style=${cssProps({ '--_share': `${share}%`, '--_colour': colour })}></span>`;
  return html`<div class="bar" aria-hidden="true">${segment(left)}${segment(right)}</div>`;
}

export const shareBarStyles = css`
  .bar {
    display: flex;
    height: 8px;
    border-radius: 4px;
    overflow: hidden;
    background: var(--_raised);
  }
  .bar span {
    display: block;
    width: var(--_share);
    background: var(--_colour);
  }
  .bar span + span {
    border-inline-start: 2px solid var(--_surface);
  }
  .bar .patterned {
    background-image: repeating-linear-gradient(135deg, transparent 0 3px, rgb(255 255 255 / 0.6) 3px 6px);
  }
  @media (forced-colors: active) {
    .bar span {
      background: CanvasText;
    }
    .bar .patterned {
      background: GrayText;
    }
  }
`;
