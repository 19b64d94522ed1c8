import { z } from 'zod';
import { RelayError } from '../base/errors.js';
import { parseDomainPattern } from '../keys/domains.js';
import { parsePlan } from '../keys/model.js';
import { oddsRegionsParam } from '../keys/odds-regions.js';
import { betLinksParam } from '../keys/bet-links.js';
import { gamblingLinesParam } from '../keys/gambling-lines.js';

// What operators send to change keys, validated once for the admin API and the console.

const planParam = z.string().transform((value, ctx) => {
  const plan = parsePlan(value);
  if (!plan) {
    ctx.addIssue({ code: 'custom', message: 'plan must be free, starter, builder, pro or custom:N' });
    return z.NEVER;
  }
  return plan;
});

const domainsParam = z
  .array(z.string())
  .min(1, 'give at least one allowed domain')
  .transform((domains, ctx) =>
    domains.map((domain) => {
      const parsed = parseDomainPattern(domain);
      if (parsed.ok) return parsed.pattern.source;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  );

const dailyLimitParam = z.number().int().positive().nullable();

export const createBody = z.object({
  plan: planParam,
  domains: domainsParam,
  name: z.string().max(200).default(''),
  test: z.boolean().default(false),
  dailyLimit: dailyLimitParam.default(null),
  browserOnly: z.boolean().default(false),
  hideOdds: z.boolean().default(false),
  oddsRegions: oddsRegionsParam.default(null),
  betLinks: betLinksParam.default([]),
  gamblingLines: gamblingLinesParam.default(null),
});
export const updateBody = z.object({
  plan: planParam.optional(),
  domains: domainsParam.optional(),
  name: z.string().max(200).optional(),
  dailyLimit: dailyLimitParam.optional(),
  browserOnly: z.boolean().optional(),
  hideOdds: z.boolean().optional(),
  oddsRegions: oddsRegionsParam.optional(),
  betLinks: betLinksParam.optional(),
  gamblingLines: gamblingLinesParam.optional(),
});

export async function readBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success)
    throw new RelayError(
      'bad_request',
      `Bad request: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}.`,
    );
  return parsed.data;
}

export const rotateBody = z
  .object({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(90 * 86_400)
      .default(7 * 86_400),
  })
  .optional()
  .transform((body) => body ?? { graceSeconds: 7 * 86_400 });
