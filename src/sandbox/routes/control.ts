import { Hono } from 'hono';
import { z } from 'zod';
import { faultRuleSchema } from '../faults.js';
import { PLAN_ORDER } from '../accounts.js';
import { deps, fail, iso, type SandboxEnv } from '../http.js';

const clockBody = z.object({
  now: z.union([z.iso.datetime({ offset: true }), z.number()]).optional(),
  advanceMs: z.number().optional(),
  rate: z.number().min(0).optional(),
});
const usageBody = z.object({ apiKey: z.string().min(1), used: z.number().int().nonnegative() });
const keyBody = z.object({ apiKey: z.string().min(8), plan: z.enum(PLAN_ORDER) });

async function body<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success)
    fail(400, 'bad_request', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return parsed.data;
}

/**
 * Test and demo controls, outside the spec's /v1 surface: the game clock, injected faults, keys and usage.
 * The sandbox is a development tool; do not expose it beyond the machine.
 */
export const controlRoutes = new Hono<SandboxEnv>()
  .get('/clock', (c) => {
    const { clock } = deps(c);
    return c.json({ now: iso(clock.now()), rate: clock.rate });
  })
  .put('/clock', async (c) => {
    const { clock } = deps(c);
    const change = await body(c.req.raw, clockBody);
    if (change.now !== undefined) clock.set(typeof change.now === 'number' ? change.now : Date.parse(change.now));
    if (change.advanceMs !== undefined) clock.advance(change.advanceMs);
    if (change.rate !== undefined) clock.setRate(change.rate);
    return c.json({ now: iso(clock.now()), rate: clock.rate });
  })
  .get('/faults', (c) => c.json({ rules: deps(c).faults.list() }))
  .put('/faults', async (c) => {
    const { rules } = await body(c.req.raw, z.object({ rules: z.array(faultRuleSchema) }));
    deps(c).faults.set(rules);
    return c.json({ rules: deps(c).faults.list() });
  })
  .post('/faults', async (c) => {
    deps(c).faults.add(await body(c.req.raw, faultRuleSchema));
    return c.json({ rules: deps(c).faults.list() });
  })
  .delete('/faults', (c) => {
    deps(c).faults.clear();
    return c.json({ rules: [] });
  })
  .put('/usage', async (c) => {
    const { apiKey, used } = await body(c.req.raw, usageBody);
    if (!deps(c).accounts.get(apiKey)) fail(404, 'not_found', `No sandbox key "${apiKey}".`);
    deps(c).accounts.setUsed(apiKey, used);
    return c.json({ apiKey, used });
  })
  .post('/keys', async (c) => {
    const { apiKey, plan } = await body(c.req.raw, keyBody);
    deps(c).accounts.add(apiKey, plan);
    return c.json({ apiKey, plan }, 201);
  });
