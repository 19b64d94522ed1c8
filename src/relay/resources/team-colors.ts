// Contrast is the relay's to decide (contract revision 1): the browser bundle carries none of this arithmetic.
import { NEUTRAL_TEAM_COLOR } from '../../contract/colors.js';
import type { MatchupColors } from '../../contract/common.js';

/** Red, green and blue of `#rrggbb`, 0 to 255. */
function channels(hex: string): number[] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex)
    .map((channel) => channel / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on a team's primary colour (the neutral one when it has none). */
export function onPrimaryColor(primary: string | null): '#000000' | '#ffffff' {
  const background = primary ?? NEUTRAL_TEAM_COLOR;
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const LIGHT_SURFACE = '#ffffff';
const DARK_SURFACE = '#111827';
const GRAPHIC_CONTRAST = 3;

function mix(hex: string, toward: '#000000' | '#ffffff', share: number): string {
  const to = toward === '#ffffff' ? 255 : 0;
  return `#${channels(hex)
    .map((channel) => Math.round(channel * (1 - share) + to * share))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

function meetsBothSurfaces(hex: string): boolean {
  return contrastRatio(hex, LIGHT_SURFACE) >= GRAPHIC_CONTRAST && contrastRatio(hex, DARK_SURFACE) >= GRAPHIC_CONTRAST;
}

/**
 * A team colour for bars and curves (WCAG 1.4.11, 3:1 against the background): shaded just enough toward black or white
 * to keep 3:1 against both the light and the dark surface, so one value serves either theme.
 */
export function graphicColour(hex: string | null): string {
  const colour = /^#[0-9a-f]{6}$/i.test(hex ?? '') ? hex! : NEUTRAL_TEAM_COLOR;
  if (meetsBothSurfaces(colour)) return colour;
  const toward = contrastRatio(colour, LIGHT_SURFACE) < GRAPHIC_CONTRAST ? '#000000' : '#ffffff';
  for (let share = 0.05; share < 1; share += 0.05) {
    const shaded = mix(colour, toward, share);
    if (meetsBothSurfaces(shaded)) return shaded;
  }
  return NEUTRAL_TEAM_COLOR;
}

/** Colours closer than this (distance in RGB, 0 to 441) read as one colour beside each other. */
const DISTINCT_DISTANCE = 90;

function distance(a: string, b: string): number {
  const [first, second] = [channels(a), channels(b)];
  return Math.hypot(...first.map((channel, i) => channel - second[i]!));
}

/** Both teams' graphic colours, told apart: the away side switches to its secondary colour, or a pattern, when they are too alike. */
export function matchupColors(
  away: { primaryColor: string | null; secondaryColor: string | null },
  home: { primaryColor: string | null },
): MatchupColors {
  const homeColour = graphicColour(home.primaryColor);
  const awayColour = graphicColour(away.primaryColor);
  if (distance(awayColour, homeColour) >= DISTINCT_DISTANCE) return { away: awayColour, home: homeColour, awayPatterned: false };
  const secondary = away.secondaryColor ? graphicColour(away.secondaryColor) : undefined;
  if (secondary && distance(secondary, homeColour) >= DISTINCT_DISTANCE) return { away: secondary, home: homeColour, awayPatterned: false };
  return { away: awayColour, home: homeColour, awayPatterned: true };
}
