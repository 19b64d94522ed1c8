/**
 * MMA divisions and the countries fighters represent. Fighters themselves are synthetic (src/sandbox/fighters.ts):
 * names drawn like the sandbox's players, never a real person's record.
 */
export const WEIGHT_CLASSES = [
  'Flyweight',
  'Bantamweight',
  'Featherweight',
  'Lightweight',
  'Welterweight',
  'Middleweight',
  'Light Heavyweight',
  'Heavyweight',
] as const;

export type WeightClass = (typeof WEIGHT_CLASSES)[number];

/** A country and the two colours of its flag, which a fighter's badge wears. */
export const COUNTRIES: ReadonlyArray<readonly [name: string, primary: string, secondary: string]> = [
  ['United States', '#3C3B6E', '#B22234'],
  ['Brazil', '#009C3B', '#FFDF00'],
  ['Mexico', '#006847', '#CE1126'],
  ['Canada', '#D80621', '#FFFFFF'],
  ['Ireland', '#169B62', '#FF883E'],
  ['United Kingdom', '#012169', '#C8102E'],
  ['Poland', '#DC143C', '#FFFFFF'],
  ['Georgia', '#FF0000', '#FFFFFF'],
  ['Australia', '#012169', '#E4002B'],
  ['New Zealand', '#012169', '#C8102E'],
  ['Japan', '#BC002D', '#FFFFFF'],
  ['South Korea', '#003478', '#C60C30'],
  ['Nigeria', '#008751', '#FFFFFF'],
  ['Netherlands', '#AE1C28', '#21468B'],
  ['France', '#002395', '#ED2939'],
  ['Sweden', '#006AA7', '#FECC00'],
];
