import { z } from 'zod';
import type { BackedUpBetLink } from '../../contract/console.js';

// A key's sportsbooks (issue 72: `keys update pk_… --bet-link 'Book Name=https://…'`): each a name readers see and a
// link template with the publisher's tracking code written in, filled per price by the click redirect (/v1/click).

/** What a template may ask for, each filled URL-encoded from the price the reader clicked. */
export const BET_LINK_PLACEHOLDERS = ['league', 'date', 'game', 'home', 'away', 'market', 'side', 'line', 'player'] as const;
export type BetLinkPlaceholder = (typeof BET_LINK_PLACEHOLDERS)[number];

/** Books one key may list: a choice a reader can take in at a glance, and a bound on what is stored. */
export const MAX_BOOKS = 5;
const MAX_NAME_LENGTH = 40;
const MAX_TEMPLATE_LENGTH = 500;

/** `name` as readers see it; `template` such as `https://book.example/bet?league={league}&ref=PUBLISHER`. */
export type BetLink = BackedUpBetLink;

export type BetLinkList = { ok: true; books: BetLink[] } | { ok: false; message: string };

/** One `Name=https://…` as an operator writes it, checked; a message saying what to change when it is wrong. */
export function parseBetLink(written: string): BetLink | string {
  const split = written.indexOf('=');
  if (split === -1) return `write each book as "Name=https://…", not "${written.slice(0, 60)}"`;
  return checkBetLink({ name: written.slice(0, split), template: written.slice(split + 1) });
}

/** A book as the admin API, the console or a backup gives it, checked as a written one is. */
function checkBetLink(book: BetLink): BetLink | string {
  const name = book.name.trim();
  const template = book.template.trim();
  if (!name || name.length > MAX_NAME_LENGTH || /[\p{Cc}<>"]/u.test(name))
    return `a book's name is 1 to ${MAX_NAME_LENGTH} characters without <, > or quotes, not "${name.slice(0, 60)}"`;
  if (template.length > MAX_TEMPLATE_LENGTH) return `${name}: the link is longer than ${MAX_TEMPLATE_LENGTH} characters`;
  const unknown = [...template.matchAll(/\{([^}]*)\}/g)]
    .map(([, inside]) => inside!)
    .find((inside) => !(BET_LINK_PLACEHOLDERS as readonly string[]).includes(inside));
  if (unknown !== undefined)
    return `${name}: {${unknown.slice(0, 20)}} is no placeholder; use ${BET_LINK_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`;
  let url: URL;
  try {
    url = new URL(template.replace(/\{[a-z]+\}/g, 'x'));
  } catch {
    return `${name}: "${template.slice(0, 60)}" is not an address`;
  }
  // Plain http only to this machine: a stand-in for the book while a publisher tries the links out.
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return `${name}: the link must be https:// (http:// only to localhost, for a stand-in), not ${url.protocol}`;
  if (url.username || url.password) return `${name}: the link must not carry a user name or password`;
  // The host is the book's, as the operator wrote it: a placeholder there would let a click go anywhere. Written out in
  // full (`https://host/`), and the same whatever the placeholders hold: `https:{game}` parses with the game as host.
  const host = /^https?:\/\/([^/?#]*)/i.exec(template)?.[1] ?? '{';
  if (host.includes('{') || fixedOrigin(template) === undefined) return `${name}: a placeholder cannot stand in the link's host`;
  return { name, template };
}

/** The origin a template's links all go to, whatever its placeholders are filled with; undefined when they move it. */
function fixedOrigin(template: string): string | undefined {
  const origins = ['x', 'evil.example/', '@evil.example', '//evil.example'].map((value) => {
    try {
      return new URL(template.replace(/\{[a-z]+\}/g, encodeURIComponent(value))).origin;
    } catch {
      return undefined;
    }
  });
  return origins.every((origin) => origin !== undefined && origin === origins[0]) ? origins[0] : undefined;
}

/** A key's books as the operator lists them (written `Name=https://…`, or given whole): each checked, names unique, at most MAX_BOOKS. */
export function parseBetLinks(written: ReadonlyArray<string | BetLink>): BetLinkList {
  const books: BetLink[] = [];
  for (const entry of written) {
    const book = typeof entry === 'string' ? parseBetLink(entry) : checkBetLink(entry);
    if (typeof book === 'string') return { ok: false, message: book };
    if (books.some((other) => other.name.toLowerCase() === book.name.toLowerCase()))
      return { ok: false, message: `${book.name} is listed twice: give each book once` };
    books.push(book);
  }
  if (books.length > MAX_BOOKS) return { ok: false, message: `at most ${MAX_BOOKS} books, not ${books.length}` };
  return { ok: true, books };
}

/**
 * Where a click on a price goes: the template with each placeholder filled (URL-encoded; a missing one empty). Undefined
 * when the link would leave the book's origin, which a checked template never does (a stored one is checked again).
 */
export function betLinkUrl(book: BetLink, values: Partial<Record<BetLinkPlaceholder, string>>): string | undefined {
  const link = book.template.replace(/\{([a-z]+)\}/g, (_, name: BetLinkPlaceholder) => encodeURIComponent(values[name] ?? ''));
  const origin = fixedOrigin(book.template);
  try {
    return origin !== undefined && new URL(link).origin === origin ? link : undefined;
  } catch {
    return undefined;
  }
}

/** A key's books as the admin API, the console and backups send them (`[{ name, template }]`), each checked. */
export const betLinksParam = z
  .array(z.object({ name: z.string().max(200), template: z.string().max(1000) }))
  .max(MAX_BOOKS)
  .transform((books, ctx) => {
    const parsed = parseBetLinks(books);
    if (parsed.ok) return parsed.books;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });
