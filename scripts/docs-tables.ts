// The docs' tables that restate the registries, generated so they cannot drift: the elements in the README, each
// element's reserved height and the theme properties in docs/publishers.md, the leagues each element serves (both),
// the data routes in docs/api.md, `pressbox serve`'s flags in docs/operators.md, what readers download in docs/performance.md.
// `npm test` fails when one is stale.
//   npx tsx scripts/docs-tables.ts     → rewrites the tables
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ELEMENT_BOXES, ELEMENT_DETAILS, ELEMENT_TAGS, sizeProperty, type ElementBox } from '../src/contract/elements.js';
import { DATA_ROUTE_PATHS, DATA_ROUTES } from '../src/contract/routes.js';
import { leagueTitle, WIDGET_LEAGUES } from '../src/contract/leagues.js';
import { WIDGET_ROUTES_BY_PATH } from '../src/relay/resources/routes.js';
import { RELAY_FEATURES } from '../src/relay/features/index.js';
import { sharedProperties } from './cem/shared-surface.js';
import { BUDGETS, bundleSizes, LOCALE_CHUNK_BUDGET, type Page, type Size } from './bundle-sizes.js';

/** A table kept between two markers in a Markdown file. */
export interface GeneratedTable {
  file: string;
  name: string;
  table: () => string;
}

const routeOf = (tag: string) => DATA_ROUTE_PATHS.find((path) => (DATA_ROUTES[path].elements as readonly string[]).includes(tag))!;

function elementTable(): string {
  return [
    '| element | shows | data | reserves |',
    '|---|---|---|---|',
    ...ELEMENT_TAGS.map(
      (tag) => `| \`<${tag}>\` | ${ELEMENT_DETAILS[tag].title} | \`${routeOf(tag)}\` | ${ELEMENT_BOXES[tag].height} px |`,
    ),
  ].join('\n');
}

/** Which element serves which league: asked for another, its route answers bad_request naming these. */
function leagueTable(): string {
  return [
    `| element | ${WIDGET_LEAGUES.map((league) => `\`${league}\``).join(' | ')} |`,
    `|---|${WIDGET_LEAGUES.map(() => ':-:').join('|')}|`,
    ...ELEMENT_TAGS.map((tag) => {
      const served: readonly string[] = ELEMENT_DETAILS[tag].leagues;
      return `| \`<${tag}>\` | ${WIDGET_LEAGUES.map((league) => (served.includes(league) ? '✓' : '—')).join(' | ')} |`;
    }),
    '',
    WIDGET_LEAGUES.map((league) => `\`${league}\` ${leagueTitle(league)}`).join(' · '),
  ].join('\n');
}

function sizeTable(): string {
  return [
    '| element | height | change it with |',
    '|---|---|---|',
    ...ELEMENT_TAGS.map((tag) => {
      const box: ElementBox = ELEMENT_BOXES[tag];
      const byLeague = Object.entries(box.attributeHeights ?? {}).map(([selector, height]) => {
        const league = /^\[league=(\w+) i\]$/.exec(selector)?.[1];
        return league ? `; ${height} px for \`league="${league}"\`` : `; ${height} px with \`${/^\[([\w-]+)\]/.exec(selector)![1]}\``;
      });
      const former = box.formerName ? ` (or \`--pb-${box.formerName}-height\`)` : '';
      return `| \`<${tag}>\` | ${box.height} px${byLeague.join('')} | \`${sizeProperty(tag)}\`${former} |`;
    }),
  ].join('\n');
}

function routeTable(): string {
  return [
    '| route | query | what | elements |',
    '|---|---|---|---|',
    ...DATA_ROUTE_PATHS.map((path) => {
      const query = WIDGET_ROUTES_BY_PATH[path].query.map(({ name, optional }) => (optional ? `[${name}]` : name)).join(' ');
      const elements = DATA_ROUTES[path].elements.map((tag) => `\`<${tag}>\``).join(', ');
      return `| \`${path}\` | ${query.replaceAll('[', '\\[').replaceAll(']', '\\]')} | ${DATA_ROUTES[path].summary} | ${elements} |`;
    }),
  ].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The theme every element reads and the shared stylesheets' properties, as the manifest documents them (scripts/cem/). */
function themeTable(): string {
  return [
    '| property | what | default | dark |',
    '|---|---|---|---|',
    ...sharedProperties().map(
      ({ name, words, defaults: [light, dark] }) =>
        `| \`${name}\` | ${cell(words)} | \`${light}\` | ${dark ? `\`${dark}\`` : 'the same'} |`,
    ),
  ].join('\n');
}

/** Each relay feature's flags (src/relay/features/), with the default as people write it: what `serve --help` says. */
function serveFlagTable(): string {
  return [
    '| flag | default | feature | what it sets |',
    '|---|---|---|---|',
    ...RELAY_FEATURES.flatMap((feature) =>
      Object.values(feature.flags).map((flag) => {
        const env = flag.env ? ` (or \`${flag.env}\`)` : '';
        const shown = flag.shown === undefined ? '—' : `\`${flag.shown}\``;
        const choices = flag.choices ? ` One of ${flag.choices.map((choice: string) => `\`${choice}\``).join(', ')}.` : '';
        return `| \`${cell(`${flag.name} ${flag.value}`)}\`${env} | ${shown} | ${feature.name} | ${cell(flag.description)}.${choices} |`;
      }),
    ),
  ].join('\n');
}

const bytes = (value: number) => value.toLocaleString('en-US');
const kib = (value: number) => (value / 1024).toFixed(2);

/**
 * What readers download, page by page, from the built bundle (scripts/bundle-sizes.ts): checked by the bundle test,
 * which runs after a fresh build, rather than with the tables above (a build on another Node compresses differently).
 */
function bundleTable(): string {
  const sizes = bundleSizes();
  const row = (page: string, files: string, size: Size, budget?: number) =>
    `| ${page} | ${files} | **${bytes(size.brotli)}** (${kib(size.brotli)} KiB) | ${bytes(size.gzip)} | ${bytes(size.min)} | ${
      budget ? `${kib(budget)} KiB, ${bytes(budget - size.brotli)} B left` : '—'
    } |`;
  const files = (page: Page) => page.files.length;
  const localeRange = (chunks: Record<string, Size>) => {
    const brotli = Object.values(chunks).map((chunk) => chunk.brotli);
    return `${bytes(Math.min(...brotli))}–${bytes(Math.max(...brotli))}`;
  };
  return [
    '| page | files | Brotli 11 (as served), B | gzip -9, B | minified, B | budget (Brotli) |',
    '|---|---|---|---|---|---|',
    row('the loader, `pressbox.js`', '1', sizes.loader, BUDGETS.loader),
    ...ELEMENT_TAGS.flatMap((tag) => {
      const { page, live } = sizes.elements[tag];
      return [
        row(`\`<${tag}>\` alone`, String(files(page)), page.size, BUDGETS.oneElement),
        ...(live ? [row(`\`<${tag}>\` alone, live`, String(files(live)), live.size, BUDGETS.oneLiveElement)] : []),
      ];
    }),
    row(`all ${ELEMENT_TAGS.length} elements, live`, String(files(sizes.allElements)), sizes.allElements.size, BUDGETS.allElements),
    row(`all ${ELEMENT_TAGS.length}, \`pressbox-all.js\` by name`, '1', sizes.allInOne),
    `| one locale's words (not English), lazy | 1 | ${localeRange(sizes.locales)} | | | ${kib(LOCALE_CHUNK_BUDGET)} KiB gzip |`,
    `| one locale's season words, lazy | 1 | ${localeRange(sizes.seasonLocales)} | | | ${kib(LOCALE_CHUNK_BUDGET)} KiB gzip |`,
  ].join('\n');
}

/** docs/performance.md's bundle table: generated by the script with the others, checked by test/e2e/budget.test.ts. */
export const BUNDLE_TABLE: GeneratedTable = { file: 'docs/performance.md', name: 'bundle', table: bundleTable };

export const GENERATED_TABLES: GeneratedTable[] = [
  { file: 'README.md', name: 'elements', table: elementTable },
  { file: 'docs/publishers.md', name: 'sizes', table: sizeTable },
  { file: 'docs/publishers.md', name: 'theme', table: themeTable },
  { file: 'README.md', name: 'leagues', table: leagueTable },
  { file: 'docs/publishers.md', name: 'leagues', table: leagueTable },
  { file: 'docs/api.md', name: 'routes', table: routeTable },
  { file: 'docs/operators.md', name: 'serve-flags', table: serveFlagTable },
];

/** The file's text with the table between its markers brought up to date. */
export function withTable(text: string, { file, name, table }: GeneratedTable): string {
  const start = `<!-- ${name}:start (generated by npx tsx scripts/docs-tables.ts) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} block.`);
  return `${text.slice(0, from + start.length)}\n${table()}\n${text.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const generated of [...GENERATED_TABLES, BUNDLE_TABLE]) {
    writeFileSync(generated.file, withTable(readFileSync(generated.file, 'utf8'), generated));
    console.log(`${generated.file}: ${generated.name} table`);
  }
}
