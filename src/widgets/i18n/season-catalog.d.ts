/** A locale's catalog, the season elements' part only (the build packs it: see numberedMessages in vite.config.ts). */
declare module '*.json?season' {
  const part: import('./translate.js').Catalog | import('./translate.js').PackedCatalog;
  export default part;
}
