// The package's `node` entry (src/widgets/server.ts) stands in for every browser entry on a server: an app that imports
// a name from @pressbox/elements must find it there too, or its server-side render fails at link time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { ELEMENT_TAGS } from '../../../src/contract/elements.js';

/** The names a module exports as values (classes, functions, constants), as TypeScript resolves them. */
function valueExports(...files: string[]): string[][] {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    return checker
      .getExportsOfModule(symbol)
      .filter((exported) => {
        const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((exported) => exported.name)
      .sort();
  });
}

describe('the server entry of @pressbox/elements', () => {
  it('exports every value the browser entries export: the index, the loader, configure and each element', () => {
    const [server, ...browser] = valueExports(
      'src/widgets/server.ts',
      'src/widgets/index.ts',
      'src/widgets/package-loader.ts',
      'src/widgets/configure.ts',
      ...ELEMENT_TAGS.map((tag) => `src/widgets/elements/${tag}/${tag}.ts`),
    );
    const missing = [...new Set(browser.flat())].filter((name) => !server!.includes(name));
    assert.deepEqual(missing, []);
    assert.ok(server!.includes('ScoreStrip') && server!.includes('load'));
  });
});
