import { dayStartMs } from './dates.js';
import type { League, Sport } from './leagues.js';
import { rosterOf, type Player } from './players.js';
import { createRandom, seedOf } from './random.js';

const EPISODE_DAYS = 9;
const INJURY_RATE = 0.1;

export const REASONS = [
  'Knee',
  'Ankle',
  'Hamstring',
  'Concussion protocol',
  'Shoulder',
  'Illness',
  'Back',
  'Groin',
  'Calf',
  'Wrist',
  'Hip',
  'Foot',
  'Rest',
] as const;

/** Statuses by sport, from the worst to the mildest; an injury steps down this list as it heals. */
export const STATUS_LADDER: Record<string, readonly string[]> = {
  football: ['Out', 'Doubtful', 'Questionable'],
  basketball: ['Out', 'Doubtful', 'Questionable', 'Probable'],
  hockey: ['IR', 'Out', 'Day-To-Day'],
  baseball: ['60-Day IL', '15-Day IL', '10-Day IL', 'Day-To-Day'],
  // MLS clubs report players out or questionable; anything milder is simply available.
  soccer: ['Out', 'Questionable'],
};

export const MLB_SHORT_LISTS = ['7-Day IL', '10-Day IL', '15-Day IL'];

/** A ladder's status that a sport splits by severity into lists of their own: baseball's 10-Day IL into 7, 10 and 15 days. */
const SPLIT_STATUS: Partial<Record<Sport, { status: string; lists: readonly string[] }>> = {
  baseball: { status: '10-Day IL', lists: MLB_SHORT_LISTS },
};

/** Where a sport puts its worst injuries, out for weeks: football's Injured Reserve. */
const LONG_TERM_STATUS: Partial<Record<Sport, string>> = { football: 'Injured Reserve' };

export interface Injury {
  player: Player;
  status: string;
  reason: string;
  statusContext: string;
  /** NFL extras. */
  practiceParticipation: string;
  gameDesignation: string;
  statusChange: 'downgrade' | 'upgrade' | 'none';
  reserve: string | null;
}

interface Episode {
  reason: string;
  /** 0 on the day the injury happened. */
  dayInEpisode: number;
  severity: number;
}

function dayNumber(date: string): number {
  return Math.floor(dayStartMs(date) / 86_400_000);
}

/** Injuries come in episodes of a few days, phased per player so that reports change day by day. */
function episodeOn(player: Player, day: number): Episode | undefined {
  const phase = seedOf('phase', player.playerId) % EPISODE_DAYS;
  const episode = Math.floor((day + phase) / EPISODE_DAYS);
  const random = createRandom('injury', player.playerId, episode);
  if (!random.chance(INJURY_RATE)) return undefined;
  const length = random.int(2, EPISODE_DAYS);
  const dayInEpisode = (day + phase) % EPISODE_DAYS;
  if (dayInEpisode >= length) return undefined;
  return { reason: random.pick(REASONS), dayInEpisode, severity: random.next() };
}

function statusFor(league: League, episode: Episode): string {
  const ladder = STATUS_LADDER[league.sport] ?? ['Out', 'Questionable'];
  const start = Math.floor((1 - episode.severity) * (ladder.length - 1));
  const status = ladder[Math.min(ladder.length - 1, start + Math.floor(episode.dayInEpisode / 3))]!;
  const split = SPLIT_STATUS[league.sport];
  if (split?.status === status) return split.lists[Math.floor(episode.severity * split.lists.length)]!;
  return status;
}

export function injuriesOf(league: League, teamIndex: number, date: string): Injury[] {
  const team = league.teams[teamIndex]!;
  const day = dayNumber(date);
  const injuries: Injury[] = [];
  for (const player of rosterOf(team, league.sport)) {
    const episode = episodeOn(player, day);
    if (!episode) continue;
    const status = statusFor(league, episode);
    const yesterday = episodeOn(player, day - 1);
    const ladder = STATUS_LADDER[league.sport] ?? [];
    const before = yesterday ? ladder.indexOf(statusFor(league, yesterday)) : -1;
    const now = ladder.indexOf(status);
    const statusChange = !yesterday ? 'downgrade' : before === now ? 'none' : now < before ? 'downgrade' : 'upgrade';
    const longTermStatus = episode.severity > 0.85 ? LONG_TERM_STATUS[league.sport] : undefined;
    const longTerm = longTermStatus !== undefined;
    injuries.push({
      player,
      status: longTermStatus ?? status,
      reason: episode.reason,
      statusContext: episode.dayInEpisode === 0 ? 'New on the report' : `Day ${episode.dayInEpisode + 1} on the report`,
      practiceParticipation: status === 'Out' || longTerm ? 'DNP' : status === 'Doubtful' ? 'Limited' : 'Full',
      gameDesignation: longTerm ? 'Out' : status,
      statusChange,
      reserve: longTerm ? 'IR' : null,
    });
  }
  return injuries;
}
