import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { testRelay } from '../../../helpers/relay.js';
import { ELEMENT_TAGS } from '../../../../src/contract/elements.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** A GET whose body comes back as sent (fetch would undo the compression being tested). */
function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: new Headers(Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)])),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the script-tag bundle served by the relay', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  });
  after(() => relay.close());

  const get = (path: string) => fetch(`${relay.origin}${path}`);

  it("serves the latest loader and all-in-one for five minutes, loading this version's immutable chunks", async () => {
    for (const entry of ['pressbox.js', 'pressbox-all.js']) {
      const response = await get(`/${entry}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=300');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const latest = await response.text();
      const versioned = await (await get(`/v/${version}/${entry}`)).text();
      assert.equal(
        latest.replace(/\/\/# sourceMappingURL=.*$/m, ''),
        versioned.replaceAll('`./chunks/', `\`./v/${version}/chunks/`).replace(/\/\/# sourceMappingURL=.*$/m, ''),
      );
    }
    const loader = await (await get('/pressbox.js')).text();
    assert.equal(loader.match(/import\(`\.\/v\/[^/]+\/chunks\/base-/g)?.length, 1, 'the base chunk, of the same version');
    assert.equal(
      loader.match(/import\(`\.\/v\/[^/]+\/chunks\/\$\{/g)?.length,
      1,
      "each element's chunk, named by its tag, of the same version",
    );
    assert.doesNotMatch(loader, /pressbox-all\.js|standalone\//, 'one module graph: no other form of the same elements');
  });

  it('serves the versioned loader and every chunk it imports as immutable', async () => {
    const loader = await get(`/v/${version}/pressbox.js`);
    assert.equal(loader.status, 200);
    assert.equal(loader.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(loader.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(loader.headers.get('cross-origin-resource-policy'), 'cross-origin', 'other origins may load it');
    const code = await loader.text();
    const base = [...code.matchAll(/import\(`(\.\/chunks\/base-[\w-]+\.js)`\)/g)].map((match) => match[1]!);
    assert.equal(base.length, 1, 'the base chunk');
    assert.match(code, /import\(`\.\/chunks\/\$\{\w+\}\.js`\)/, "each element's chunk by its tag");
    const chunks = [...base, ...ELEMENT_TAGS.map((tag) => `./chunks/${tag}.js`)];
    for (const chunk of chunks) {
      const response = await get(`/v/${version}/${chunk.slice(2)}`);
      assert.equal(response.status, 200, chunk);
      // A chunk importing the loader would run a second loader for pages on the latest URL.
      assert.doesNotMatch(await response.clone().text(), /(from|import\()\s*["'`][^"'`]*pressbox\.js/, `${chunk} imports only the base`);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    }
  });

  it('names each versioned script’s source map in a SourceMap header, and the map is served beside it', async () => {
    const base = readdirSync(`dist/cdn/v/${version}/chunks`).find((file) => /^base-[\w-]+\.js$/.test(file))!;
    for (const path of [`/v/${version}/pressbox.js`, `/v/${version}/chunks/${base}`]) {
      const script = await get(path);
      const named = script.headers.get('sourcemap');
      assert.equal(named, `${path.slice(path.lastIndexOf('/') + 1)}.map`, path);
      const map = await get(new URL(named!, `${relay.origin}${path}`).pathname);
      assert.equal(map.status, 200, `${path}'s map`);
      assert.ok(((await map.json()) as { sources: string[] }).sources.length > 0);
    }
    const css = await get(`/v/${version}/pressbox.css`);
    assert.equal(css.headers.get('sourcemap'), null, 'no map, no header');
  });

  it("serves pressbox.css, the elements' boxes for a page's head, latest and versioned", async () => {
    for (const path of ['/pressbox.css', `/v/${version}/pressbox.css`]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'text/css; charset=utf-8');
      assert.match(
        await response.text(),
        /:where\(score-strip:not\(:defined\)\)\{display:block;box-sizing:border-box;height:var\(--pb-score-strip-height,var\(--pb-strip-height,136px\)\);\}/,
      );
    }
  });

  it('sends every file compressed (Brotli, else gzip) as the browser accepts, and revalidates it for nothing', async () => {
    const base = readdirSync(`dist/cdn/v/${version}/chunks`).find((file) => /^base-[\w-]+\.js$/.test(file));
    const chunk = `/v/${version}/chunks/${base}`;
    const onDisk = readFileSync(`dist/cdn${chunk}`);
    const cases: Array<[string, string | null]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['identity', null],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await rawGet(relay.origin, chunk, { 'accept-encoding': acceptEncoding });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-encoding'), expected, acceptEncoding);
      assert.equal(response.headers.get('vary'), 'Accept-Encoding');
      const body =
        expected === 'br' ? brotliDecompressSync(response.body) : expected === 'gzip' ? gunzipSync(response.body) : response.body;
      assert.ok(body.equals(onDisk), `${acceptEncoding}: the file itself once decompressed`);
      if (expected)
        assert.ok(response.body.length < onDisk.length / 2.5, `${acceptEncoding}: ${response.body.length} of ${onDisk.length} bytes`);
    }
    const first = await rawGet(relay.origin, '/pressbox.js', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+-br"$/);
    const again = await rawGet(relay.origin, '/pressbox.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.get('access-control-allow-origin'), '*', 'a revalidation keeps the CORS headers');
    const otherEncoding = await rawGet(relay.origin, '/pressbox.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    assert.equal(otherEncoding.status, 200, 'the Brotli ETag does not validate the gzip representation');
  });

  it('answers 404 for versions it does not have and for paths outside the bundle', async () => {
    const missing = await get('/v/0.0.0/pressbox.js');
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /No such file in this relay's widget bundle/);
    for (const path of ['/v/..%2f..%2fpackage.json', '/v/%2e%2e/%2e%2e/package.json', `/v/${version}/..%2f..%2f..%2fpackage.json`]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(await response.text(), /"name": "pressbox/, path);
    }
  });
});
