import { Option, type Command } from 'commander';
import { asArgument } from './options.js';
import type { Flag } from '../relay/features/flags.js';
import type { AnyFeature } from '../relay/features/feature.js';

/** A relay flag as commander takes it: its parser's refusals as usage errors, its default shown as people write it. */
export function flagOption(flag: Flag<unknown>): Option {
  const option = new Option(`${flag.name} ${flag.value}`, flag.description).argParser(asArgument(flag.parse));
  if (flag.choices) option.choices(flag.choices);
  if (flag.env) option.env(flag.env);
  if (flag.default !== undefined) option.default(flag.default, flag.shown);
  return option;
}

/** Every feature's flags on `command`. */
export function addFeatureFlags(command: Command, features: readonly AnyFeature[]): Command {
  for (const feature of features) for (const flag of Object.values(feature.flags)) command.addOption(flagOption(flag));
  return command;
}

/** What commander parsed, as the relay's options: each feature's settings at the top level or under its group. */
export function featureOptions(features: readonly AnyFeature[], parsed: Record<string, unknown>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const feature of features) {
    const settings: Record<string, unknown> = {};
    for (const [key, flag] of Object.entries(feature.flags)) settings[key] = parsed[flagOption(flag).attributeName()];
    if (feature.group) options[feature.group] = settings;
    else Object.assign(options, settings);
  }
  return options;
}
