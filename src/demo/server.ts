import { serve } from '@hono/node-server';
import { renderElement } from '../widgets/render.js';
import { Hono } from 'hono';
import { extname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileUnder, typeOf } from '../relay/http/static.js';
import { leagueTitle, WIDGET_LEAGUES } from '../contract/leagues.js';
import { z } from 'zod';
import type { SandboxClock } from '../sandbox/clock.js';
import type { CalendarName } from '../sandbox/leagues.js';
import { latestBusyEvening } from '../sandbox/busy-evening.js';
import { galleryElements, gallerySections } from './gallery.js';

/** The demo site's pages and files are its own: not to be sniffed, nor embedded by other origins. */
const OWN_FILES = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };

export interface DemoSiteOptions {
  demoDir: string;
  /** The relay the pages load the script tag from: another origin, as a publisher's site is. */
  relayOrigin: string;
  /** Filled into `{{PRESSBOX_DEMO_KEY}}`. */
  demoKey: () => string | undefined;
  port?: number;
  host?: string;
  /** The embedded sandbox's clock, which the gallery shows and can move to a busy evening and back (`pressbox start`). */
  sandbox?: SandboxClockControl;
}

export interface SandboxClockControl {
  clock: SandboxClock;
  calendar: CalendarName;
  /** After a jump: what the relay kept from before it is of another time. */
  afterJump(): void;
}

const jumpBody = z.object({ to: z.enum(['busy-evening', 'now']) });

/** The sandbox clock as the gallery shows it: where it stands, and where the busy-evening jump would take it. */
function clockState({ clock, calendar }: SandboxClockControl) {
  const now = clock.now();
  return {
    now: new Date(now).toISOString(),
    rate: clock.rate,
    calendar,
    busyEvening: new Date(latestBusyEvening(calendar, Date.now())).toISOString(),
  };
}

export interface RunningDemoSite {
  /** `http://localhost:{port}`: a host name other than the relay's, so every request the widgets make is cross-origin. */
  origin: string;
  close(): Promise<void>;
}

const FEATURED_LEAGUE = 'nba';
const FEATURED_FOR_MS = 60_000;

interface SlateGame {
  id: string;
  status: string;
}

/**
 * The NBA game a game page would show: the first live one, else the next to start. A publisher's own server knows
 * its game ids; this one asks the relay once a minute, as any page would (one load).
 */
function featuredGame(options: DemoSiteOptions): () => Promise<string> {
  let cached: { id: string; at: number } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < FEATURED_FOR_MS) return cached.id;
    const url = `${options.relayOrigin}/v1/scores?league=${FEATURED_LEAGUE}&key=${encodeURIComponent(options.demoKey() ?? '')}`;
    const answer = await fetch(url, { headers: { origin: 'http://localhost' } }).catch(() => undefined);
    const games = answer?.ok ? ((await answer.json()) as { games: SlateGame[] }).games : [];
    const game = games.find((g) => g.status === 'live') ?? games.find((g) => g.status === 'scheduled') ?? games[0];
    if (!game) return '';
    cached = { id: game.id, at: Date.now() };
    return game.id;
  };
}

/** The gallery's league menu, from the contract's list of leagues; the NBA first shown, as every demo page opens on it. */
function leagueOptions(): string {
  return WIDGET_LEAGUES.map(
    (league) => `<option value="${league}"${league === FEATURED_LEAGUE ? ' selected' : ''}>${leagueTitle(league)}</option>`,
  ).join('');
}

/** The demo pages with the relay's address, the demo key and a current game filled in; `/` is the gallery. */
export function demoSite(options: DemoSiteOptions) {
  const game = featuredGame(options);
  const app = new Hono();
  const sandbox = options.sandbox;
  if (sandbox) {
    app.get('/_demo/clock', (c) => c.json(clockState(sandbox), 200, { 'Cache-Control': 'no-store', ...OWN_FILES }));
    // JSON only: another origin's form cannot send it without a preflight this server never grants.
    app.post('/_demo/clock', async (c) => {
      const parsed = jumpBody.safeParse(
        c.req.header('content-type')?.startsWith('application/json') ? await c.req.json().catch(() => null) : null,
      );
      if (!parsed.success) return c.json({ error: 'send {"to": "busy-evening"} or {"to": "now"} as JSON' }, 400);
      sandbox.clock.set(parsed.data.to === 'now' ? Date.now() : latestBusyEvening(sandbox.calendar, Date.now()));
      sandbox.afterJump();
      return c.json(clockState(sandbox), 200, { 'Cache-Control': 'no-store', ...OWN_FILES });
    });
  } else {
    // No clock to show (the relay's own sandbox, or a real upstream): the gallery hides its bar, with no failed request
    // in the reader's console.
    app.get('/_demo/clock', (c) => c.json(null, 200, { 'Cache-Control': 'no-store', ...OWN_FILES }));
  }
  app.get('/*', async (c) => {
    const path = c.req.path.slice(1) || 'index.html';
    const file = await fileUnder(options.demoDir, path);
    if (!file) return c.text('Not found', 404);
    if (extname(path) !== '.html') return c.body(new Uint8Array(file), 200, { 'Content-Type': typeOf(path), ...OWN_FILES });
    let page = file
      .toString('utf8')
      .replaceAll('{{PRESSBOX_DEMO_KEY}}', options.demoKey() ?? '')
      .replaceAll('{{PRESSBOX_RELAY}}', options.relayOrigin)
      .replaceAll('{{PRESSBOX_LEAGUE_OPTIONS}}', leagueOptions())
      .replaceAll('{{PRESSBOX_GALLERY}}', gallerySections())
      .replaceAll('{{PRESSBOX_GALLERY_ELEMENTS}}', galleryElements());
    if (page.includes('{{PRESSBOX_GAME_ID}}')) page = page.replaceAll('{{PRESSBOX_GAME_ID}}', await game());
    if (page.includes('{{PRESSBOX_RENDER ')) page = await withRenderedElements(page, options);
    return c.body(page, 200, { 'Content-Type': typeOf(path), 'Cache-Control': 'no-cache', ...OWN_FILES });
  });
  return app;
}

/**
 * `{{PRESSBOX_RENDER tag?attributes}}` replaced by the element as the relay renders it on the server, as a publisher's
 * server-side include does (`renderElement`, GET /v1/render/{tag}).
 */
async function withRenderedElements(page: string, options: DemoSiteOptions): Promise<string> {
  const includes = [...page.matchAll(/\{\{PRESSBOX_RENDER ([a-z-]+)\?([^}]*)\}\}/g)];
  const rendered = await Promise.all(
    includes.map(([, tag, query]) =>
      renderElement(tag!, Object.fromEntries(new URLSearchParams(query)), {
        relay: options.relayOrigin,
        key: options.demoKey() ?? '',
        origin: 'http://localhost',
      }),
    ),
  );
  return includes.reduce((html, [include], index) => html.replace(include, rendered[index]!), page);
}

/** The demo pages as a publisher's site of their own, on another origin than the relay. */
export async function startDemoSite(options: DemoSiteOptions): Promise<RunningDemoSite> {
  const app = demoSite(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: options.host ?? '127.0.0.1' }, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser keeps connections to the site open after its pages have gone, some never used (opened ahead of a
        // request): closing waits for none of them.
        (server as import('node:http').Server).closeAllConnections();
      }),
  };
}
