// The elements' payload types as plain TypeScript, for @pressbox/elements' declarations (scripts/build-packages.ts).
// The contract writes each payload once, as a zod schema, and infers its type (`z.infer<typeof gameSchema>`); shipped
// as emitted, those declarations import `zod/mini`, which the package does not depend on, so an app type-checks them
// only with zod installed and, with the usual skipLibCheck, sees every payload as `any`. Here each inferred type is
// written out as the object type it stands for, and the schemas, which no browser code uses, are left out.
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const ZOD_IMPORT = /^import \* as z from 'zod\/mini';\n/m;

/** Rewrites in place every declaration file of `files` that imports zod; returns the ones rewritten. */
export function standaloneTypes(files: readonly string[]): string[] {
  const withZod = files.filter((file) => ZOD_IMPORT.test(readFileSync(file, 'utf8')));
  if (withZod.length === 0) return [];
  const program = ts.createProgram(withZod, {
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
  });
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  for (const file of withZod) {
    const source = program.getSourceFile(file)!;
    const kept: string[] = [];
    for (const statement of source.statements) {
      const text = statement.getText(source);
      if (ts.isImportDeclaration(statement) && /['"]zod\/mini['"]/.test(text)) continue;
      if (ts.isTypeAliasDeclaration(statement) && /\bz\./.test(text)) {
        const type = checker.getTypeAtLocation(statement.name);
        const written = checker.typeToString(type, statement, flags);
        if (/\bz\.|\bZod|\$strip/.test(written))
          throw new Error(`${file}: ${statement.name.text} still names zod: ${written.slice(0, 200)}`);
        kept.push(
          `${leadingComment(statement, source)}export type ${statement.name.text}${typeParameters(statement, source)} = ${written};`,
        );
        continue;
      }
      // The schemas themselves: values of zod's types, for the relay, never for a page.
      if (/\bz\./.test(text)) continue;
      kept.push(`${leadingComment(statement, source)}${text}`);
    }
    writeFileSync(file, `${kept.join('\n')}\n`);
  }
  return withZod;
}

function leadingComment(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  return ranges.map((range) => `${source.text.slice(range.pos, range.end)}\n`).join('');
}

function typeParameters(node: ts.TypeAliasDeclaration, source: ts.SourceFile): string {
  return node.typeParameters ? `<${node.typeParameters.map((parameter) => parameter.getText(source)).join(', ')}>` : '';
}
