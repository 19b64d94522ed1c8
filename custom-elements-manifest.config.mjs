// One set of analyzer options for the build and the manifest test. `packagejson: false`: package.json's
// customElements field is written by hand, so running the analyzer never dirties a clean clone.
// Run under tsx (`node --import tsx …/cem.js analyze`): the league lists and the shared properties and attributes come
// from TypeScript (the element registry, the shared stylesheets; scripts/cem/).
const { registryLeagues } = await import('./scripts/cem/registry-leagues.ts');
const { sharedSurface } = await import('./scripts/cem/shared-surface.ts');

export default {
  litelement: true,
  packagejson: false,
  globs: ['src/widgets/elements/**/*.ts', 'src/widgets/ui/pressbox-element.ts', 'src/widgets/ui/season-messages.ts'],
  exclude: ['src/widgets/elements/**/*.styles.ts'],
  plugins: [registryLeagues(), sharedSurface()],
};
