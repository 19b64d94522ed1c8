// One set of analyzer options for the build and the manifest test. `packagejson: false`: package.json's
// customElements field is written by hand, so running the analyzer never dirties a clean clone.
export default {
  litelement: true,
  packagejson: false,
  globs: ['src/widgets/elements/**/*.ts', 'src/widgets/ui/pressbox-element.ts', 'src/widgets/i18n/season-messages.ts'],
  exclude: ['src/widgets/elements/**/*.styles.ts'],
};
