import { embedUrl, snippetsFor, type SnippetKind, type WidgetChoice } from './snippets.js';
import { ELEMENT_DETAILS, isElementTag, requiresAttribute, type ElementTag } from '../contract/elements.js';
import { attributesOf, reservedHeight, takesGamblingLine } from './tags.js';

/** The snippet builder's page (/builder): reads the form, fills team and game lists from the relay, previews, copies. */

interface Catalog {
  teams: { abbreviation: string; name: string }[];
  games: { id: string; label: string; date: string | null }[];
  /** The relay's day (UTC), which may be its sandbox's (`--time`): what "as of today" pins. */
  today?: string;
}

const control = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLSelectElement;
const status = document.getElementById('status')!;
const preview = document.getElementById('preview') as HTMLIFrameElement;
/** Defaults are left out of snippets: shorter, and they follow the element if its default ever improves. */
const DEFAULTS: Record<string, string> = { theme: 'auto', 'odds-format': 'american' };

let catalog: Catalog = { teams: [], games: [] };
let catalogFor = '';

function say(message: string): void {
  status.textContent = message;
}

function tag(): ElementTag {
  const value = control('tag').value;
  return isElementTag(value) ? value : 'score-strip';
}

function fillSelect(select: HTMLSelectElement, choices: { value: string; label: string }[], empty?: string): void {
  const kept = select.value;
  select.replaceChildren(
    ...(empty === undefined ? [] : [new Option(empty, '')]),
    ...choices.map((choice) => new Option(choice.label, choice.value)),
  );
  if ([...select.options].some((option) => option.value === kept)) select.value = kept;
}

function showFields(): void {
  const takes = new Set(attributesOf(tag()));
  for (const name of ['team', 'opponent', 'game-id', 'as-of']) {
    const field = document.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
    field.hidden = !takes.has(name);
  }
  document.querySelector<HTMLElement>('[data-field="gambling"]')!.hidden = !takesGamblingLine(tag());
  const teams = catalog.teams.map((team) => ({ value: team.abbreviation, label: `${team.name} (${team.abbreviation})` }));
  fillSelect(control('team') as HTMLSelectElement, teams, requiresAttribute(tag(), 'team') ? undefined : 'All teams');
  fillSelect(control('opponent') as HTMLSelectElement, teams, 'Nobody: last five games');
  fillSelect(
    control('game-id') as HTMLSelectElement,
    catalog.games.map((game) => ({ value: game.id, label: game.label })),
  );
}

function choice(): WidgetChoice {
  const chosen = tag();
  const attributes: Record<string, string> = {};
  for (const name of attributesOf(chosen)) {
    const source = name === 'leagues' ? 'league' : name;
    const element = document.getElementById(source) as HTMLInputElement | null;
    const value = element?.closest<HTMLElement>('[data-field]')?.hidden ? '' : (element?.value ?? '');
    if (value && DEFAULTS[name] !== value) attributes[name] = value;
  }
  // A game's day goes with its id, so that the relay finds the game for as long as the article lives.
  const game = catalog.games.find((candidate) => candidate.id === attributes['game-id']);
  if (game?.date && attributesOf(chosen).includes('date')) attributes.date = game.date;
  // "As of today" pins an article's widget to the day it is published (UTC, the day the relay keeps it under).
  if ((control('as-of') as HTMLInputElement).checked && !control('as-of').closest<HTMLElement>('[data-field]')!.hidden)
    attributes['as-of'] = catalog.today ?? new Date().toISOString().slice(0, 10);
  else delete attributes['as-of'];
  if (chosen === 'score-ticker') delete attributes.league;
  const gambling = takesGamblingLine(chosen) ? control('gambling').value.trim() : '';
  return { relay: location.origin, tag: chosen, key: control('key').value.trim(), attributes, ...(gambling ? { gambling } : {}) };
}

async function loadCatalog(): Promise<void> {
  const key = control('key').value.trim();
  const league = control('league').value;
  if (`${key}|${league}` === catalogFor) return;
  catalogFor = `${key}|${league}`;
  if (!/^pk_(live|test)_\w+$/.test(key)) {
    catalog = { teams: [], games: [] };
    say('Enter your publishable key (pk_live_… or pk_test_…) to see your widgets.');
    return;
  }
  say(`Loading ${league.toUpperCase()} teams and games…`);
  const answer = await fetch(`/builder/catalog?${new URLSearchParams({ key, league })}`);
  const body = (await answer.json()) as Catalog & { error?: { message: string } };
  if (catalogFor !== `${key}|${league}`) return;
  catalog = body.error ? { teams: [], games: [] } : body;
  say(body.error ? body.error.message : `${body.teams.length} teams, ${body.games.length} games on the current slate.`);
}

function render(): void {
  showFields();
  const current = choice();
  const ready = /^pk_(live|test)_\w+$/.test(current.key);
  const snippets = ready ? snippetsFor(current) : undefined;
  for (const code of document.querySelectorAll<HTMLElement>('[data-snippet]')) {
    code.textContent = snippets?.[code.dataset.snippet as SnippetKind] ?? '';
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) button.disabled = !ready;
  const height = String(reservedHeight(current.tag, current.attributes));
  if (preview.getAttribute('height') !== height) preview.setAttribute('height', height);
  const source = ready ? embedUrl(current) : 'about:blank';
  if (preview.src !== source) preview.src = source;
  const address = new URL(location.href);
  address.search = new URLSearchParams({
    key: current.key,
    tag: current.tag,
    ...current.attributes,
    ...(current.gambling ? { gambling: current.gambling } : {}),
  }).toString();
  history.replaceState(null, '', address);
}

/** Picking an element offers only the leagues it serves (the element registry), and moves the league to one of them. */
function fitLeague(): void {
  const leagues: readonly string[] = ELEMENT_DETAILS[tag()].leagues;
  const league = control('league') as HTMLSelectElement;
  for (const option of league.options) option.disabled = !leagues.includes(option.value);
  if (!leagues.includes(league.value)) league.value = leagues[0]!;
}

async function update(): Promise<void> {
  fitLeague();
  await loadCatalog().catch(() => say('The relay did not answer: check that it is running, then change any field to retry.'));
  render();
}

async function copy(kind: SnippetKind): Promise<void> {
  const snippet = document.querySelector<HTMLElement>(`[data-snippet="${kind}"]`)!;
  try {
    await navigator.clipboard.writeText(snippet.textContent ?? '');
    say(`${document.getElementById(`snippet-${kind}-name`)!.textContent} copied.`);
  } catch {
    // Without clipboard permission: select the snippet so Ctrl+C (⌘C) copies it.
    getSelection()?.selectAllChildren(snippet);
    say('Selected: press Ctrl+C (⌘C on a Mac) to copy.');
  }
}

/** A builder link (from the demo, or shared) opens with its choices: ?key=…&tag=…&league=…. */
function restore(): void {
  const wanted = new URLSearchParams(location.search);
  for (const [name, value] of wanted) {
    const id = name === 'leagues' ? 'league' : name;
    const element = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!element) continue;
    if (element instanceof HTMLSelectElement && ![...element.options].some((option) => option.value === value)) {
      element.append(new Option(value, value));
    }
    element.value = value;
  }
}

restore();
const form = document.getElementById('choices') as HTMLFormElement;
form.addEventListener('change', () => void update());
form.addEventListener('submit', (event) => event.preventDefault());
control('key').addEventListener('input', () => void update());
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
  button.addEventListener('click', () => void copy(button.dataset.copy as SnippetKind));
}
void update();
