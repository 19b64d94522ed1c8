import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import ts from 'typescript';
import { calleeName, collectMessages, messageNumbers, packCatalog, seasonRuntimeIds, seasonStart } from '../messages.js';
import { isWidgetSource } from './widget-source.js';

/**
 * Every `t('message.id', …)` call in `code` (a module's TypeScript source) with the id's number instead, found on the
 * syntax tree as scripts/messages.ts finds the messages; ids the table lacks stay as they are, and so does every line.
 */
export function numberMessageCalls(code: string, numbers: ReadonlyMap<string, number>, fileName = 'module.ts'): string {
  if (!code.includes('t(')) return code;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const edits: Array<{ start: number; end: number; number: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && calleeName(node) === 't') {
      const [id] = node.arguments;
      const number = id && ts.isStringLiteral(id) ? numbers.get(id.text) : undefined;
      if (number !== undefined) edits.push({ start: id!.getStart(source), end: id!.end, number });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.reduceRight((text, { start, end, number }) => `${text.slice(0, start)}${number}${text.slice(end)}`, code);
}

/**
 * Message ids are names for people (translators, publishers); the bundle writes numbers. Each `t('status.final', …)`
 * becomes `t(56, …)`, each locale's catalog is packed to match (scripts/messages.ts), and i18n/message-numbers.ts
 * gets the table, which only pages that change wording fetch. Lines stay where they were, so source maps hold.
 */
export function numberedMessages(): Plugin {
  const messages = collectMessages();
  const numbers = messageNumbers(messages);
  const start = seasonStart(messages);
  const seasonIds = seasonRuntimeIds(messages);
  return {
    name: 'pressbox-numbered-messages',
    enforce: 'pre',
    load(id) {
      // A locale's catalog ships in two parts: what every element says, and (`?season`) what only the season elements say.
      const catalog = /^(.*[\\/]i18n[\\/]messages[\\/][\w-]+\.json)(\?season)?$/.exec(id);
      if (catalog) {
        const part = catalog[2]
          ? { from: start, rest: (key: string) => seasonIds.has(key) }
          : { to: start, rest: (key: string) => !seasonIds.has(key) };
        const packed = JSON.stringify(packCatalog(JSON.parse(readFileSync(catalog[1]!, 'utf8')), numbers, part));
        // With a query the id no longer ends in .json, so the part is handed over as the module it would become.
        return catalog[2] ? `export default ${packed};` : packed;
      }
      if (/[\\/]i18n[\\/]message-numbers\.ts$/.test(id)) return `export default ${JSON.stringify(Object.fromEntries(numbers))};`;
      return null;
    },
    transform(code, id) {
      if (!isWidgetSource(id)) return null;
      const numbered = numberMessageCalls(code, numbers, id);
      return numbered === code ? null : { code: numbered, map: null };
    },
  };
}
