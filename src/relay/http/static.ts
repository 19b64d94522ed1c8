import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

/** Versioned files and content-hashed chunks never change: browsers and CDNs may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The latest URLs move with each release: short, so an upgrade reaches pages within minutes. */
const MOVING = 'public, max-age=300';

export interface StaticOptions {
  /** The built widget bundle (dist/cdn): /pressbox.js, /pressbox-all.js and /v/{version}/…. */
  bundleDir: string;
}

/** Files under `dir` only: a path that climbs out of it answers undefined. */
export async function fileUnder(dir: string, path: string): Promise<Buffer | undefined> {
  const root = normalize(dir + sep);
  const full = normalize(join(root, path));
  if (!full.startsWith(root)) return undefined;
  return readFile(full).catch(() => undefined);
}

export function typeOf(path: string): string {
  return TYPES[extname(path)] ?? 'application/octet-stream';
}

/**
 * The script-tag bundle. `/pressbox.js` (the loader), `/pressbox-all.js` (every element in one file) and
 * `/pressbox.css` (the elements' boxes before their code arrives) are the moving latest: the scripts re-export
 * `/v/{version}/…`, whose files and chunks are immutable. Module scripts load
 * cross-origin, so every file is sent with `Access-Control-Allow-Origin: *` (they hold no secret).
 */
export function bundleRoutes({ bundleDir }: StaticOptions) {
  const app = new Hono();
  const send = async (path: string, cacheControl: string) => {
    const file = await fileUnder(bundleDir, path);
    if (!file) return undefined;
    return new Response(new Uint8Array(file), {
      // Scripts run on other sites' pages: cross-origin readable, and never taken for another type than they are.
      headers: {
        'Content-Type': typeOf(path),
        'Cache-Control': cacheControl,
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
  for (const entry of ['pressbox.js', 'pressbox-all.js', 'pressbox.css']) {
    app.get(`/${entry}`, async (c) => (await send(entry, MOVING)) ?? c.text('The widget bundle is not built: run npm run build.', 404));
  }
  app.get('/v/*', async (c) => {
    const path = c.req.path.slice(1);
    return (
      (await send(path, IMMUTABLE)) ??
      c.text(
        `No such file in this relay's widget bundle: /${path}. Check the version in the URL, or load /pressbox.js for the latest.`,
        404,
      )
    );
  });
  return app;
}
