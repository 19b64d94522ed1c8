import { ELEMENT_DETAILS } from '../../contract/elements.js';
import { probabilityRecorder, RECORD_EVERY_MS, RECORD_RETENTION_MS } from '../live/probability-recorder.js';
import { flag, FlagValueError } from './flags.js';
import { relayFeature } from './feature.js';

/**
 * `--record-leagues nba,nhl`: leagues whose win probability the widgets show (they have betting lines), or `auto` (those
 * readers asked for in the last day).
 */
function recordLeagues(value: string): string[] | 'auto' {
  if (value.trim().toLowerCase() === 'auto') return 'auto';
  const recordable = ELEMENT_DETAILS['win-probability'].leagues as readonly string[];
  const leagues = value
    .split(',')
    .map((league) => league.trim().toLowerCase())
    .filter(Boolean);
  const unknown = leagues.filter((league) => !recordable.includes(league));
  if (leagues.length === 0 || unknown.length)
    throw new FlagValueError(
      `expected auto or leagues with betting lines from ${recordable.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`,
    );
  return leagues;
}

/**
 * The win-probability recorder: samples every live game of the recorded leagues on a steady rhythm, watched or not,
 * so a curve starts at the first minute (live/probability-recorder.ts).
 */
export const recorderFeature = relayFeature()({
  name: 'recorder',
  group: 'recorder',
  flags: {
    everyMs: flag.duration('--record-every', 'sample live games’ win probability this often, watched or not (0: off)', RECORD_EVERY_MS),
    leagues: flag.custom<readonly string[] | 'auto', 'auto'>(
      '--record-leagues',
      '<list|auto>',
      'leagues to record: nba,nhl,… or auto (those readers asked for in the last day)',
      recordLeagues,
      'auto',
      'auto',
    ),
    retentionMs: flag.duration('--record-retention', 'keep recorded win-probability points this long', RECORD_RETENTION_MS),
  },
  start(context) {
    const { settings, now, logger } = context;
    if (settings.everyMs === 0) return context.provide('recorder', undefined);
    const { live, test } = context.need('upstreams');
    const upstreamBudget = context.need('upstreamBudget');
    const recorder = probabilityRecorder({
      upstreams: [live, test],
      history: context.need('store'),
      share: context.need('share'),
      leagues: settings.leagues === 'auto' ? context.need('interest') : settings.leagues,
      now,
      everyMs: settings.everyMs,
      retentionMs: settings.retentionMs,
      slowed: upstreamBudget.slowed,
      logger,
    });
    recorder.start();
    context.onStop(() => recorder.stop());
    context.provide('recorder', recorder);
  },
});
