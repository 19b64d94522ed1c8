import { Hono } from 'hono';
import { z } from 'zod';
import { RelayError } from '../errors.js';
import { decideOrigin, pageOrigin, parseDomainPattern } from '../keys/domains.js';
import { parsePlan, type WidgetKey } from '../keys/model.js';
import { auditedKeyChanges } from '../keys/changes.js';
import { describeKey, patternsOf } from '../keys/service.js';
import type { ConsoleStore, KeyStore, UsageStore } from '../store/types.js';

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
});
export const updateBody = z.object({
  plan: planParam.optional(),
  domains: domainsParam.optional(),
  name: z.string().max(200).optional(),
  dailyLimit: dailyLimitParam.optional(),
  browserOnly: z.boolean().optional(),
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

/** Keys and usage for operators; the same operations as `pressbox keys …` and `pressbox usage`. */
export function adminRoutes(deps: { keys: KeyStore; usage: UsageStore; audit: ConsoleStore; now: () => number }) {
  const changes = auditedKeyChanges(deps.keys, deps.audit, 'admin-api', deps.now);
  const found = async (value: string): Promise<WidgetKey> => {
    const key = await deps.keys.getKey(value);
    if (!key) throw new RelayError('not_found', `No widget key ${value}.`);
    return key;
  };
  return new Hono()
    .get('/keys', async (c) => c.json({ keys: (await deps.keys.listKeys()).map(describeKey) }))
    .post('/keys', async (c) => c.json(describeKey(await changes.create(await readBody(c.req.raw, createBody))), 201))
    .get('/keys/:key', async (c) => c.json(describeKey(await found(c.req.param('key')))))
    .patch('/keys/:key', async (c) => {
      const key = await found(c.req.param('key'));
      return c.json(describeKey(await changes.update(key, await readBody(c.req.raw, updateBody))));
    })
    .post('/keys/:key/rotate', async (c) => {
      const old = await found(c.req.param('key'));
      const { graceSeconds } = await readBody(c.req.raw, rotateBody);
      const rotated = await changes.rotate(old, graceSeconds * 1000);
      return c.json({ key: describeKey(rotated.key), old: describeKey(rotated.old) }, 201);
    })
    .delete('/keys/:key', async (c) => {
      return c.json(describeKey(await changes.revoke(await found(c.req.param('key')))));
    })
    .get('/keys/:key/check', async (c) => {
      const key = await found(c.req.param('key'));
      const origin = c.req.query('origin') ?? '';
      return c.json({ key: key.key, origin, ...decideOrigin(patternsOf(key), pageOrigin(origin, null), key.test) });
    })
    .get('/audit', async (c) => {
      const limit = z.coerce.number().int().min(1).max(10_000).default(100).safeParse(c.req.query('limit'));
      if (!limit.success) throw new RelayError('bad_request', 'Bad request: limit: expected a whole number from 1 to 10000.');
      return c.json({ entries: await deps.audit.auditLog({ key: c.req.query('key'), limit: limit.data }) });
    })
    .get('/usage', async (c) => {
      const month = c.req.query('month');
      if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
        throw new RelayError('bad_request', 'Bad request: month: expected YYYY-MM.');
      return c.json({ usage: await deps.usage.usage({ key: c.req.query('key'), month }) });
    });
}
