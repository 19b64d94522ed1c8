import { defineConfig } from 'vite';

/** The browser bundle: ES modules only, minified, with Lit and zod/mini bundled in (no other runtime dependency). */
export default defineConfig({
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: {
      entry: { pressbox: 'src/widgets/index.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
});
