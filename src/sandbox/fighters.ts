import { COUNTRIES, WEIGHT_CLASSES, type WeightClass } from './data/fighters.js';
import { GIVEN_NAMES, SURNAMES } from './data/names.js';
import { createRandom } from './random.js';

const FIGHTERS_PER_CLASS = 16;

/**
 * The MMA roster: sixteen synthetic fighters in each men's division, standing in the spec's game shape where a team
 * would. A fighter's record (W-L-D) and country are the sandbox's choice of what "not shown" holds; the record is the
 * career record coming into the sandbox's season.
 */
export interface Fighter {
  abbreviation: string;
  /** The country the fighter represents stands where a team's city would. */
  city: string;
  nickname: string;
  fullName: string;
  primaryColor: string;
  secondaryColor: string;
  strength: number;
  division: WeightClass;
  country: string;
  record: { wins: number; losses: number; draws: number };
}

export function buildFighters(): Fighter[] {
  const random = createRandom('fighters');
  const names = new Set<string>();
  const abbreviations = new Set<string>();
  return WEIGHT_CLASSES.flatMap((division: WeightClass) =>
    Array.from({ length: FIGHTERS_PER_CLASS }, (): Fighter => {
      let given: string;
      let surname: string;
      do {
        given = random.pick(GIVEN_NAMES);
        surname = random.pick(SURNAMES);
      } while (names.has(`${given} ${surname}`));
      names.add(`${given} ${surname}`);
      // Up to six letters and digits, as team abbreviations are: the surname's first five, numbered when taken.
      const stem = surname
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .slice(0, 5);
      let abbreviation = stem;
      for (let n = 2; abbreviations.has(abbreviation); n++) abbreviation = `${stem}${n}`;
      abbreviations.add(abbreviation);
      const [country, primaryColor, secondaryColor] = random.pick(COUNTRIES);
      return {
        abbreviation,
        city: country,
        nickname: surname,
        fullName: `${given} ${surname}`,
        primaryColor,
        secondaryColor,
        strength: Math.max(-2.2, Math.min(2.2, random.normal(0, 1))),
        division,
        country,
        record: { wins: random.int(6, 26), losses: random.int(0, 8), draws: random.chance(0.12) ? 1 : 0 },
      };
    }),
  );
}
