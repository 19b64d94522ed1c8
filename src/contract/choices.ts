/** The attributes every element takes from a short list: the elements' types, the embed's validation and the
 * snippet builder's menus all read them here. */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** How odds are shown; the data always arrives as American odds. */
export const ODDS_FORMATS = ['american', 'decimal', 'fractional', 'implied'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** `live="off"` stops live refresh. */
export const LIVE_CHOICES = ['on', 'off'] as const;
