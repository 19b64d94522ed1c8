import { monthOf, nextMonthStartMs } from './dates.js';

export type PlanId = 'free' | 'starter' | 'builder' | 'pro';

export interface Plan {
  id: PlanId;
  label: string;
  /** The spec leaves Builder's price unstated; 99.99 is the sandbox's choice. */
  price: number;
  monthlyLimit: number;
  description: string;
  paid: boolean;
}

const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    label: 'Free',
    price: 0,
    monthlyLimit: 500,
    description: 'For trying the API: 500 request units a month.',
    paid: false,
  },
  starter: {
    id: 'starter',
    label: 'Starter',
    price: 39.99,
    monthlyLimit: 25_000,
    description: 'Exchange prices and player props, 25,000 request units a month.',
    paid: true,
  },
  builder: {
    id: 'builder',
    label: 'Builder',
    price: 99.99,
    monthlyLimit: 250_000,
    description: 'For growing products: 250,000 request units a month.',
    paid: true,
  },
  pro: {
    id: 'pro',
    label: 'Pro',
    price: 249.99,
    monthlyLimit: 1_000_000,
    description: 'For high-traffic products: 1,000,000 request units a month.',
    paid: true,
  },
};

export const PLAN_ORDER: readonly PlanId[] = ['free', 'starter', 'builder', 'pro'];

export function isPlanId(value: string): value is PlanId {
  return (PLAN_ORDER as readonly string[]).includes(value);
}

export function planAtLeast(plan: PlanId, minimum: PlanId): boolean {
  return PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(minimum);
}

export interface Account {
  apiKey: string;
  plan: Plan;
  email: string;
  startedAt: number;
}

export const DEFAULT_SANDBOX_KEYS: Record<string, PlanId> = {
  sk_sandbox_free: 'free',
  sk_sandbox_starter: 'starter',
  sk_sandbox_builder: 'builder',
  sk_sandbox_pro: 'pro',
};

/** The key registry and the monthly request-unit counters, kept in memory (the sandbox keeps nothing on disk). */
export class Accounts {
  private readonly accounts = new Map<string, Account>();
  private readonly usage = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  add(apiKey: string, plan: PlanId): Account {
    const account = { apiKey, plan: PLANS[plan], email: `${plan}@sandbox.pressbox.invalid`, startedAt: Date.UTC(2026, 0, 1) };
    this.accounts.set(apiKey, account);
    return account;
  }

  get(apiKey: string): Account | undefined {
    return this.accounts.get(apiKey);
  }

  list(): Account[] {
    return [...this.accounts.values()];
  }

  used(apiKey: string): number {
    return this.usage.get(`${apiKey}:${monthOf(this.now())}`) ?? 0;
  }

  canSpend(account: Account, units: number): boolean {
    return this.used(account.apiKey) + units <= account.plan.monthlyLimit;
  }

  charge(account: Account, units: number): void {
    const key = `${account.apiKey}:${monthOf(this.now())}`;
    this.usage.set(key, (this.usage.get(key) ?? 0) + units);
  }

  /** For tests and demos: put a key's current month at a given count. */
  setUsed(apiKey: string, units: number): void {
    this.usage.set(`${apiKey}:${monthOf(this.now())}`, units);
  }

  secondsUntilReset(): number {
    const now = this.now();
    return Math.ceil((nextMonthStartMs(now) - now) / 1000);
  }
}

/** First and last characters only, as the spec's /me shows a key. */
export function maskKey(apiKey: string): string {
  if (apiKey.length <= 2) return '*'.repeat(apiKey.length);
  return `${apiKey[0]}${'*'.repeat(apiKey.length - 2)}${apiKey.at(-1)}`;
}
