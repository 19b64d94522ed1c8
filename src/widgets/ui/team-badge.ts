import { html, type TemplateResult } from 'lit';
import { css } from './css.js';
import { NEUTRAL_TEAM_COLOR } from '../../contract/colors.js';
import type { Team } from '../../contract/common.js';
import { cssProps } from './css-props.js';

/**
 * The team's abbreviation on its colour, with text that stays readable whatever the colour; a plain colour chip
 * where the abbreviation is already printed beside it. Decorative: names are in text nearby.
 */
export function teamBadge(team: Team, options: { withText?: boolean } = {}): TemplateResult {
  const background = team.primaryColor ?? NEUTRAL_TEAM_COLOR;
  return html`<span
    class="badge"
    part="badge"
    aria-hidden="true"
    style=${cssProps({ '--_team': background, '--_team-text': team.onPrimaryColor })}
    >${options.withText === false ? '' : badgeText(team)}</span
  >`;
}

/** Up to four letters fit the round badge: a longer code (a fighter's, SAWYE) gives way to the name's initials. */
function badgeText({ abbreviation, name }: Team): string {
  return abbreviation.length > 4
    ? name
        .split(' ')
        .map((word) => word[0])
        .join('')
        .slice(0, 3)
    : abbreviation;
}

export const teamBadgeStyles = css`
  .badge {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: var(--_badge-size, 32px);
    height: var(--_badge-size, 32px);
    border-radius: 50%;
    background: var(--_team);
    color: var(--_team-text);
    font-size: max(12px, calc(var(--_badge-size, 32px) * 0.3));
    font-weight: 700;
    letter-spacing: 0.02em;
    box-shadow: inset 0 0 0 1px var(--_badge-ring);
  }
  @media (forced-colors: active) {
    .badge {
      border: 1px solid CanvasText;
    }
  }
`;
