/**
 * The version of every relay→widget payload shape. The browser does not parse payloads at run time: it trusts the
 * contract's types and compares this one number, so a cached old script facing a newer relay fails with a clear
 * message instead of drawing garbage. Bump it with any change an older element could misread.
 */
export const CONTRACT_VERSION = 1;

/**
 * Additions within the version, which an older script ignores: a script needs a relay of at least its own revision.
 * 1: each team's `onPrimaryColor`, and the matchup `colors` of game-header and win-probability (contrast decided by
 * the relay, so that the browser carries no colour arithmetic).
 * 2: soccer: a live game's `progress.minute`, standings rows' `points` and `goalDifference`, and the served `leagues`
 * of a `bad_request` for a league a route does not serve.
 * 3: MMA: a game's `bout` and `result`, a side's `record`, and a form game's `ending`.
 * 4: kept answers: `as-of` on the scores, form, injuries, standings and team-stats routes with the payload's `asOf`,
 * and `date` on the game routes (a final game is then answered for ever, resources/archive.ts).
 * 5: seasons: a game's `series` and `interruption`, and the scores payload's `next` game day for an empty slate.
 * 6: betting: the `/v1/odds`, `/v1/betting-splits` and `/v1/line-movement` routes, a game's `betState` where the
 * scores or game route is asked `betState=1`, and the game payload's `oddsHidden` for a key that hides odds.
 * 7: betting through the seasons: the odds and betting-splits payloads' `next` game day for an empty slate, and the
 * line-movement payload's `interruption`; a series' numbers (`gameNumber`, `wins`) that elements say in the reader's
 * words; the pitching matchup's `interruption`; `date` on the props route, whose closed answer is kept.
 * 8: bet links: the odds, game and props payloads' `books`, whose prices link to `/v1/click`; the betting payloads'
 * `gamblingLine` of the reader's region; `oddsHidden: 'region'` for a reader outside
 * the key's odds regions.
 */
export const CONTRACT_REVISION = 8;

/** Carries CONTRACT_VERSION on every data answer; live updates carry it as the envelope's `contract` field. */
export const CONTRACT_HEADER = 'X-Pressbox-Contract';
/** Carries CONTRACT_REVISION beside it; live updates carry it as the envelope's `revision` field. */
export const CONTRACT_REVISION_HEADER = 'X-Pressbox-Contract-Revision';
/**
 * The relay's clock (ms since the epoch) on every data answer: the elements read "today", "next" and ages on it, so a
 * relay whose sandbox plays another day (`--time`) is believed. HTTP's own `Date` stays the machine's, for caches.
 */
export const RELAY_TIME_HEADER = 'X-Pressbox-Time';
