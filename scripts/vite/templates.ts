import { defaultStrategy, minifyHTMLLiterals } from 'minify-html-literals';
import type { Plugin } from 'vite';
import { isWidgetSource } from './widget-source.js';

/**
 * Stylesheets folded by hand: the library's CSS minifier (clean-css 4) predates container queries and drops the
 * `@container` block's braces, which would apply narrow layouts everywhere.
 */
export function foldCss(css: string): string {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      // Selector combinators (only selectors and at-rule preludes come before a brace; `+` in calc() needs its spaces).
      .replace(/(^|[{}])([^{}]*)(?=\{)/g, (_, edge: string, prelude: string) => edge + prelude.replace(/\s*([>+~])\s*/g, '$1'))
      .replace(/(^|[\s:,(/])0\.(\d)/g, '$1.$2')
      // Attribute values that are identifiers need no quotes ([theme=dark]); nor does !important its space.
      .replace(/\[([\w-]+)='([A-Za-z_][\w-]*)'\]/g, '[$1=$2]')
      .replace(/\s+!important/g, '!important')
      .trim()
  );
}

/** Lit's html`` and css`` templates keep their indentation and comments through the JS minifier; this folds them. */
export function minifyTemplates(): Plugin {
  return {
    name: 'pressbox-minify-templates',
    enforce: 'post',
    transform(code, id) {
      if (!isWidgetSource(id)) return null;
      const minified = minifyHTMLLiterals(code, { fileName: id, strategy: { ...defaultStrategy, minifyCSS: foldCss } });
      return minified ? { code: minified.code, map: minified.map?.toString() } : null;
    },
  };
}
