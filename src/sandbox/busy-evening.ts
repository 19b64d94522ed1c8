import { EASTERN_TIME, easternDateOf, zonedInstant } from './calendar/time-zones.js';
import { addDays } from './dates.js';
import { leaguesOn, type CalendarName } from './leagues.js';
import { slate, snapshot } from './schedule.js';

/** 8:30 PM Eastern: the hour most North American leagues have games on at once. */
const EVENING = '20:30';
const LOOK_BACK_DAYS = 14;

function liveAt(calendar: CalendarName, at: number): number {
  const date = easternDateOf(at);
  return Object.values(leaguesOn(calendar))
    .flatMap((league) => [...slate(league, addDays(date, -1)), ...slate(league, date)])
    .filter((game) => snapshot(game, at).status === 'live').length;
}

/**
 * The most recent evening before `nowMs`, within two weeks, with the most games live at 8:30 PM Eastern: where the
 * demo's jump goes, so a visitor on a quiet morning or an off-season day sees games in progress.
 */
export function latestBusyEvening(calendar: CalendarName, nowMs: number): number {
  let best = { at: nowMs, live: -1 };
  for (let back = 0; back < LOOK_BACK_DAYS; back++) {
    const at = zonedInstant(addDays(easternDateOf(nowMs), -back), EVENING, EASTERN_TIME);
    if (at > nowMs) continue;
    const live = liveAt(calendar, at);
    if (live > best.live) best = { at, live };
  }
  return best.at;
}
