/** The Redis the tests use: REDIS_URL (test/harness/run-node.js sets it), database 15 so a developer's data is left alone. */
export function testRedisUrl(): string {
  const base = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const url = new URL(base);
  url.pathname = '/15';
  return url.toString();
}
