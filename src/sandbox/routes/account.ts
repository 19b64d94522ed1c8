import { Hono } from 'hono';
import { monthOf } from '../dates.js';
import { maskKey } from '../accounts.js';
import { deps, iso, metered, type SandboxEnv } from '../http.js';

/** /me costs nothing: checking your own usage should never eat into it. */
export const accountRoutes = new Hono<SandboxEnv>().get('/me', metered(0), (c) => {
  const { accounts, clock } = deps(c);
  const account = c.get('account');
  const used = accounts.used(account.apiKey);
  const limit = account.plan.monthlyLimit;
  return c.json({
    apiKey: maskKey(account.apiKey),
    plan: account.plan.id,
    planLabel: account.plan.label,
    price: account.plan.price,
    currency: 'USD',
    monthlyLimit: limit,
    description: account.plan.description,
    subscription: {
      email: account.email,
      source: 'sandbox',
      startedAt: iso(account.startedAt),
      status: 'active',
      paymentCustomerId: account.plan.paid ? `cus_sandbox_${account.plan.id}` : null,
      paymentSubscriptionId: account.plan.paid ? `sub_sandbox_${account.plan.id}` : null,
    },
    usage: {
      period: monthOf(clock.now()),
      used,
      limit,
      remaining: Math.max(0, limit - used),
      unlimited: false,
      percentUsed: Math.round((used / limit) * 1000) / 10,
      resetRule: { type: 'monthly', day: 1, timeUtc: '00:00', timezone: 'UTC' },
    },
  });
});
