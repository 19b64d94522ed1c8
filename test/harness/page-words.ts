// The words a translated page must not show: the English catalog's words that the page's own catalog does not use,
// and the data service's English (status details, postseason rounds), less names (teams, cities, fighters), which
// stay as they are in every language.
import { readFileSync } from 'node:fs';
import { EVENT_SERIES } from '../../src/sandbox/cards.js';
import { WEIGHT_CLASSES } from '../../src/sandbox/data/fighters.js';
import { LEAGUES } from '../../src/sandbox/leagues.js';

const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../src/widgets/i18n/messages/${locale}.json`, import.meta.url), 'utf8'));

/** Words of four letters or more, lower case; placeholders (`{team}`) and ICU plural syntax removed. */
function wordsOf(text: string): string[] {
  return (text.replace(/\{[^{}]*\}/g, ' ').match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLowerCase());
}

/** What the data service writes in English that a translated element must not pass through (src/sandbox/present.ts). */
const SERVICE_ENGLISH = [
  'Postponed',
  'Rain',
  'Game',
  'leads',
  'tied',
  'wins',
  'Halftime',
  'Delayed',
  'Suspended',
  'Canceled',
  ...WEIGHT_CLASSES,
];

/** Names every language keeps: teams, their cities and abbreviations. */
function names(): Set<string> {
  const found = new Set<string>();
  for (const league of Object.values(LEAGUES))
    for (const team of league.teams)
      for (const word of wordsOf(
        Object.values(team)
          .filter((value) => typeof value === 'string')
          .join(' '),
      ))
        found.add(word);
  return found;
}

/** The English words a page in `locale` must not show; `extra` adds the data's own English (the season's round names). */
export function englishWords(locale: string, extra: readonly string[] = []): Set<string> {
  const own = new Set(Object.values(catalog(locale)).flatMap(wordsOf));
  const kept = names();
  return new Set(
    [...Object.values(catalog('en')), ...SERVICE_ENGLISH, ...extra].flatMap(wordsOf).filter((word) => !own.has(word) && !kept.has(word)),
  );
}

/**
 * Names made of English words, kept as they are in every language: a fight card's series ("Fight Night 318: …"). Taken
 * out as whole phrases, so that the same words elsewhere ("Fight card" as a title) are still English.
 */
const KEPT_PHRASES = [EVENT_SERIES];

/** The English words found in `text`. */
export function englishIn(text: string, english: Set<string>): string[] {
  const unnamed = KEPT_PHRASES.reduce((rest, phrase) => rest.replaceAll(phrase, ' '), text);
  return [...new Set(wordsOf(unnamed).filter((word) => english.has(word)))];
}
