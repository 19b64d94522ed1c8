import type { SupportedLocale } from '../../contract/locales.js';
import type { Catalog, PackedCatalog } from './translate.js';

type CatalogModule = Promise<{ default: Catalog | PackedCatalog }>;
type Files = Record<Exclude<SupportedLocale, 'en'>, () => CatalogModule>;

/**
 * Where each locale's messages are: a lazy chunk of its own, fetched by the first element that speaks another
 * language than English, so that English pages carry none of these addresses.
 */
export const CATALOG_FILES: Files = {
  es: () => import('./messages/es.json', { with: { type: 'json' } }),
  fr: () => import('./messages/fr.json', { with: { type: 'json' } }),
  de: () => import('./messages/de.json', { with: { type: 'json' } }),
  it: () => import('./messages/it.json', { with: { type: 'json' } }),
  'pt-BR': () => import('./messages/pt-BR.json', { with: { type: 'json' } }),
  nl: () => import('./messages/nl.json', { with: { type: 'json' } }),
  pl: () => import('./messages/pl.json', { with: { type: 'json' } }),
  ja: () => import('./messages/ja.json', { with: { type: 'json' } }),
  ar: () => import('./messages/ar.json', { with: { type: 'json' } }),
};

/** The season elements' words in each locale: one more chunk, fetched only by pages that show one of them. */
export const SEASON_FILES: Files = {
  es: () => import('./messages/es.json?season', { with: { type: 'json' } }),
  fr: () => import('./messages/fr.json?season', { with: { type: 'json' } }),
  de: () => import('./messages/de.json?season', { with: { type: 'json' } }),
  it: () => import('./messages/it.json?season', { with: { type: 'json' } }),
  'pt-BR': () => import('./messages/pt-BR.json?season', { with: { type: 'json' } }),
  nl: () => import('./messages/nl.json?season', { with: { type: 'json' } }),
  pl: () => import('./messages/pl.json?season', { with: { type: 'json' } }),
  ja: () => import('./messages/ja.json?season', { with: { type: 'json' } }),
  ar: () => import('./messages/ar.json?season', { with: { type: 'json' } }),
};
