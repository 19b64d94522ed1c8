import { randomBytes } from 'node:crypto';
import type { BackedUpKey } from '../../contract/console.js';
import type { PageOrigin } from './domains.js';

/**
 * A publishable widget key: safe in page source, useful only on its allowed domains. Its fields are the contract's
 * (what a backup carries, src/contract/console.ts), its plan one this release knows.
 */
export interface WidgetKey extends Omit<BackedUpKey, 'plan'> {
  plan: Plan;
}

/** A key as one page uses it: what a load is counted against and attributed to. */
export interface KeyOnPage {
  key: WidgetKey;
  page: PageOrigin;
}

/** Whether a key still opens data at `now` (a rotated key does until its grace period ends). */
export function isActive(key: WidgetKey, now: number): boolean {
  return key.revokedAt === null || key.revokedAt > now;
}

export type Plan = 'free' | 'starter' | 'builder' | 'pro' | `custom:${number}`;

const PLAN_LIMITS: Record<string, number> = { free: 1_000, starter: 25_000, builder: 250_000, pro: 1_000_000 };

/** Custom plans already read: every request checks its key's plan. Bounded: emptied when full. */
const customPlans = new Map<string, Plan>();
const MAX_CUSTOM_PLANS = 1_000;

export function parsePlan(value: string): Plan | undefined {
  if (value in PLAN_LIMITS) return value as Plan;
  const known = customPlans.get(value);
  if (known) return known;
  const custom = /^custom:(\d+)$/.exec(value);
  if (!custom || !(Number(custom[1]) > 0) || !Number.isSafeInteger(Number(custom[1]))) return undefined;
  if (customPlans.size >= MAX_CUSTOM_PLANS) customPlans.clear();
  const plan: Plan = `custom:${Number(custom[1])}`;
  customPlans.set(value, plan);
  return plan;
}

/** Widget loads a plan allows per calendar month (UTC). */
export function monthlyLoadLimit(plan: Plan): number {
  return PLAN_LIMITS[plan] ?? Number(plan.slice('custom:'.length));
}

/** `pk_live_` or `pk_test_` then 128 random bits as 32 hex characters. */
export function generateKey(test: boolean): string {
  return `${test ? 'pk_test_' : 'pk_live_'}${randomBytes(16).toString('hex')}`;
}
