// Lint for the browser code, the relay, the sandbox and the tests: TypeScript's recommended rules, and for the
// elements Lit's template rules and the web-components rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'packages/*/types/**', 'packages/*/cdn/**', 'packages/relay/demo/**', 'node_modules/**', 'docs/**', 'demo/**', 'bench/results.json', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/widgets/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/widgets/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**', 'src/relay/**', 'src/sandbox/**', 'src/cli/**'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // Unused parameters named with a leading underscore document a signature (Lit's render() args).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A variable a callback reads before its one assignment (a timer cleared on close) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // A function of the product is read at once: past 80 lines it is split, or says why not beside a disable comment.
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // Tests and the bench read JSON of any shape and use chai's property assertions (`expect(x).to.exist`).
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
