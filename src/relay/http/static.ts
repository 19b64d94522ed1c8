import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

export interface StaticOptions {
  /** The built widget bundle (dist/widgets): served as /pressbox.js and its chunks. */
  bundleDir?: string;
  /** Demo pages, served under /demo/ with `{{PRESSBOX_DEMO_KEY}}` filled in. */
  demoDir?: string;
  /** The key filled into demo pages, known once the store is open. */
  demoKey?: () => string | undefined;
}

/** Files under `dir` only: a path that climbs out of it answers 404. */
async function fileUnder(dir: string, path: string): Promise<Buffer | undefined> {
  const full = normalize(join(dir, path));
  if (!full.startsWith(normalize(dir))) return undefined;
  return readFile(full).catch(() => undefined);
}

/** The script-tag bundle and, with `pressbox start`, the demo pages. */
export function staticRoutes(options: StaticOptions) {
  const app = new Hono();
  if (options.bundleDir) {
    const bundleDir = options.bundleDir;
    app.get('/pressbox.js', async (c) => {
      const file = await fileUnder(bundleDir, 'pressbox.js');
      if (!file) return c.text('The widget bundle is not built: run npm run build.', 404);
      // A moving URL: short cache, revalidated; versioned URLs come with the loader.
      return c.body(new Uint8Array(file), 200, {
        'Content-Type': TYPES['.js']!,
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      });
    });
  }
  if (options.demoDir) {
    const demoDir = options.demoDir;
    app.get('/', (c) => c.redirect('/demo/'));
    app.get('/demo/*', async (c) => {
      const path = c.req.path.slice('/demo/'.length) || 'index.html';
      const file = await fileUnder(demoDir, path);
      if (!file) return c.text('Not found', 404);
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      if (extname(path) !== '.html') return c.body(new Uint8Array(file), 200, { 'Content-Type': type });
      return c.body(file.toString('utf8').replaceAll('{{PRESSBOX_DEMO_KEY}}', options.demoKey?.() ?? ''), 200, { 'Content-Type': type });
    });
  }
  return app;
}
