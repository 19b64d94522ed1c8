import { PressboxElement, type Fresh } from '../ui/pressbox-element.js';
import { catalogs, loadCatalog, resolveLocale } from './locale.js';
import type { SupportedLocale } from '../../contract/locales.js';
import type { Catalog, PackedCatalog } from './translate.js';

const loading = new Map<SupportedLocale, Promise<void>>();

/**
 * Joins the part to the locale's loaded main catalog. Built, both are packed: the part's numbers follow the main ones
 * (scripts/messages.ts `messageNumbers`) and each ends with its ids made at run time; unbuilt (tests), both are flat.
 */
function join(locale: SupportedLocale, part: Catalog | PackedCatalog): void {
  const main = catalogs.get(locale);
  if (Array.isArray(main) && Array.isArray(part))
    catalogs.set(locale, [...main.slice(0, -1), ...part.slice(0, -1), { ...(main.at(-1) as Catalog), ...(part.at(-1) as Catalog) }]);
  else if (main && !Array.isArray(main) && !Array.isArray(part)) catalogs.set(locale, { ...main, ...part });
}

function loadSeasonMessages(locale: SupportedLocale): Promise<void> | undefined {
  if (locale === 'en') return undefined;
  let loaded = loading.get(locale);
  if (!loaded) {
    loaded = Promise.all([loadCatalog(locale), import('./catalog-files.js').then((files) => files.SEASON_FILES[locale]())]).then(
      ([, part]) => join(locale, part.default),
      (error: unknown) => console.warn(`Pressbox: could not load the "${locale}" messages (${(error as Error).message}); showing English.`),
    );
    loading.set(locale, loaded);
  }
  return loaded;
}

/** An element whose words ship apart from the other elements' (standings, team statistics, pitching matchup). */
export abstract class SeasonElement<T extends Fresh> extends PressboxElement<T> {
  protected override async scheduleUpdate(): Promise<void> {
    await loadSeasonMessages(resolveLocale(this, this.locale).messages);
    return super.scheduleUpdate();
  }
}
