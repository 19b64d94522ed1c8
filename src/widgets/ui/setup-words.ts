// What a reader reads when the page's setup is wrong (its key, its domain, a setting, its plan): a chunk of its own,
// fetched before such an error first shows (ui/states.ts), since most pages never show one. It imports nothing at run
// time (`term` comes as an argument), so no file it shares code with is split in two.
import type { Localized, term as Term } from '../i18n/translate.js';
import type { PressboxError } from '../runtime/errors.js';

/** What the element looked for when the relay answers not_found: `day` for data pinned to a day nobody kept. */
export type NotFound = 'game' | 'team' | 'day';

/** The reader's words for a setup error; `notFound` where the whole element shows it (see `errorState`). */
export function setupMessage(term: typeof Term, error: PressboxError, { t }: Localized, notFound?: NotFound): string | undefined {
  // League codes as the reader knows them (NFL, MLB, CFB): the names of every league would weigh on every element.
  const { leagues, oddsHidden } = error.detail ?? {};
  if (leagues) return t('error.leagueNotServed', 'This widget covers {leagues} only.', { leagues: leagues.join(', ').toUpperCase() });
  if (oddsHidden === 'region') return t('error.oddsRegion', 'Betting data is not available where you are.');
  // Where nothing was ever shown, "paused" would not be true; a team is not a game.
  if (notFound && error.code === 'quota_exceeded') return t('error.quotaBeforeData', 'This widget has used its scores for the month.');
  if (notFound === 'team' && error.code === 'not_found') return t('error.teamNotFound', 'We could not find this team.');
  if (notFound === 'day' && error.code === 'not_found') return t('error.dayNotKept', 'Nothing was kept for this day.');
  return term(
    t,
    'error',
    {
      missing_key: 'This widget is not set up yet.',
      invalid_key: 'This widget’s key is not valid.',
      origin_not_allowed: 'This widget is not enabled for this website.',
      plan_required: 'This feature is not included in this site’s plan.',
      bad_request: 'This widget has a setting it does not understand.',
      not_found: 'We could not find this game.',
      quota_exceeded: 'Updates are paused for now.',
    },
    error.code,
  );
}
