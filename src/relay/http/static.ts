import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { encodedEtag, preferredEncoding, type Encoding } from './encoding.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

/** Text shrinks by two thirds compressed; images are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.map', '.html', '.css', '.json']);

/** Versioned files and content-hashed chunks never change: browsers and CDNs may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The latest URLs move with each release: short, so an upgrade reaches pages within minutes. */
const MOVING = 'public, max-age=300';

export interface StaticOptions {
  /** The built widget bundle (dist/cdn): /pressbox.js, /pressbox-all.js and /v/{version}/…. */
  bundleDir: string;
}

/** The path of a file under `dir`, or undefined for a path that climbs out of it. */
function pathUnder(dir: string, path: string): string | undefined {
  const root = normalize(dir + sep);
  const full = normalize(join(root, path));
  return full.startsWith(root) ? full : undefined;
}

/** Files under `dir` only: a path that climbs out of it answers undefined. */
export async function fileUnder(dir: string, path: string): Promise<Buffer | undefined> {
  const full = pathUnder(dir, path);
  return full === undefined ? undefined : readFile(full).catch(() => undefined);
}

export function typeOf(path: string): string {
  return TYPES[extname(path)] ?? 'application/octet-stream';
}

interface Representations {
  mtimeMs: number;
  size: number;
  hash: string;
  identity: Buffer;
  /** A script's source map published beside it, named in a `SourceMap` header so the script needs no comment line. */
  sourceMap?: string;
  /** Made on first request, once per file: the files are few and do not change while the relay runs. */
  compressed: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>;
}

/** The bundle's codings at their best: a file is compressed once per relay process, and read by every page. */
const compressors = {
  // Brotli 11 compresses a 90 KB bundle in ~0.2 s, and saves every reader ~12 % over gzip -9.
  br: (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes, { level: 9 }),
};

/**
 * Serves built files as browsers should get them: compressed (Brotli or gzip, each made once per file and kept),
 * with an ETag per representation so that a revalidation costs a 304, and `Vary: Accept-Encoding` for caches.
 * A file rebuilt while the relay runs is read again (its size or time changed).
 */
export function builtFiles() {
  const files = new Map<string, Representations>();

  async function representations(full: string): Promise<Representations | undefined> {
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const known = files.get(full);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known;
    const identity = await readFile(full).catch(() => undefined);
    if (!identity) return undefined;
    const map = full.endsWith('.js') && (await stat(`${full}.map`).catch(() => undefined))?.isFile();
    const fresh = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      identity,
      ...(map && { sourceMap: `${basename(full)}.map` }),
      compressed: {},
    };
    files.set(full, fresh);
    return fresh;
  }

  /** The file at `path` under `dir` as a response with `headers`, or undefined when there is none. */
  return async function send(c: Context, dir: string, path: string, headers: Record<string, string>): Promise<Response | undefined> {
    const full = pathUnder(dir, path);
    const file = full === undefined ? undefined : await representations(full);
    if (!file) return undefined;
    const compressible = COMPRESSIBLE.has(extname(path));
    const encoding = compressible ? preferredEncoding(c.req.header('accept-encoding')) : 'identity';
    const etag = encodedEtag(`"${file.hash}"`, encoding);
    const common = {
      'Content-Type': typeOf(path),
      ETag: etag,
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(file.sourceMap && { SourceMap: file.sourceMap }),
      ...headers,
    };
    const cached = c.req.header('if-none-match');
    if (cached && cached.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return new Response(null, { status: 304, headers: common });
    let body = file.identity;
    if (encoding !== 'identity') {
      const made = (file.compressed[encoding] ??= compressors[encoding](file.identity));
      body = await made;
    }
    return new Response(new Uint8Array(body), {
      headers: { ...common, ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }) },
    });
  };
}

/**
 * The script-tag bundle. `/pressbox.js` (the loader), `/pressbox-all.js` (every element in one file) and
 * `/pressbox.css` (the elements' boxes before their code arrives) are the moving latest: the scripts re-export
 * `/v/{version}/…`, whose files and chunks are immutable. Module scripts load
 * cross-origin, so every file is sent with `Access-Control-Allow-Origin: *` (they hold no secret).
 */
export function bundleRoutes({ bundleDir }: StaticOptions) {
  const app = new Hono();
  const send = builtFiles();
  const sendBundleFile = (c: Context, path: string, cacheControl: string) =>
    send(c, bundleDir, path, {
      // Scripts run on other sites' pages: cross-origin readable, and never taken for another type than they are.
      'Cache-Control': cacheControl,
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // Publishers' own page-speed tools may see what our scripts cost them (sizes and timings, nothing else).
      'Timing-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    });
  for (const entry of ['pressbox.js', 'pressbox-all.js', 'pressbox.css']) {
    app.get(
      `/${entry}`,
      async (c) => (await sendBundleFile(c, entry, MOVING)) ?? c.text('The widget bundle is not built: run npm run build.', 404),
    );
  }
  app.get('/v/*', async (c) => {
    const path = c.req.path.slice(1);
    return (
      (await sendBundleFile(c, path, IMMUTABLE)) ??
      c.text(
        `No such file in this relay's widget bundle: /${path}. Check the version in the URL, or load /pressbox.js for the latest.`,
        404,
      )
    );
  });
  return app;
}
