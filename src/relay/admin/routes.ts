import { Hono } from 'hono';
import { z } from 'zod';
import { createBody, readBody, rotateBody, updateBody } from './key-requests.js';
import { RelayError } from '../base/errors.js';
import type { WidgetKey } from '../keys/model.js';
import { keyOperations } from '../key-service/operations.js';
import { describeKey } from '../key-service/service.js';
import type { ConsoleStore, KeyStore, UsageStore } from '../store/types.js';

/** Keys and usage for operators; the same operations as `pressbox keys …` and `pressbox usage`. */
export function adminRoutes(deps: { keys: KeyStore; usage: UsageStore; audit: ConsoleStore; now: () => number }) {
  const keys = keyOperations(deps.keys, deps.audit, 'admin-api', deps.now);
  const found = async (value: string): Promise<WidgetKey> => {
    const key = await keys.find(value);
    if (!key) throw new RelayError('not_found', `No widget key ${value}.`);
    return key;
  };
  return new Hono()
    .get('/keys', async (c) => c.json({ keys: (await keys.list()).map(describeKey) }))
    .post('/keys', async (c) => c.json(describeKey(await keys.create(await readBody(c.req.raw, createBody))), 201))
    .get('/keys/:key', async (c) => c.json(describeKey(await found(c.req.param('key')))))
    .patch('/keys/:key', async (c) => {
      const key = await found(c.req.param('key'));
      return c.json(describeKey(await keys.update(key, await readBody(c.req.raw, updateBody))));
    })
    .post('/keys/:key/rotate', async (c) => {
      const old = await found(c.req.param('key'));
      const { graceSeconds } = await readBody(c.req.raw, rotateBody);
      const rotated = await keys.rotate(old, graceSeconds * 1000);
      return c.json({ key: describeKey(rotated.key), old: describeKey(rotated.old) }, 201);
    })
    .delete('/keys/:key', async (c) => {
      return c.json(describeKey(await keys.revoke(await found(c.req.param('key')))));
    })
    .get('/keys/:key/check', async (c) => {
      return c.json(keys.check(await found(c.req.param('key')), c.req.query('origin') ?? ''));
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
