// The COM helper (helpers/com-helper.ps1) is a PowerShell script, and PowerShell cannot run
// here: its syntax is checked with the tree-sitter PowerShell grammar (its WASM build, no native
// code), so a broken edit fails CI before it reaches a Windows machine. Broken copies (an
// unclosed block, a cut file, a stray quote) must fail the same check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, beforeAll } from 'vitest';
import { Language, Parser, type Node } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
const SCRIPT = readFileSync(new URL('../../helpers/com-helper.ps1', import.meta.url), 'utf8');
let parser: Parser;

/** Where the grammar found an error or had to invent a missing token: [line, text]. */
function problems(source: string): [number, string][] {
  const tree = parser.parse(source)!;
  const out: [number, string][] = [];
  const walk = (n: Node) => {
    if (n.isError || n.isMissing)
      out.push([
        n.startPosition.row + 1,
        n.isMissing ? `missing ${n.type}` : source.slice(n.startIndex, Math.min(n.endIndex, n.startIndex + 40)),
      ]);
    else if (n.hasError) for (const c of n.children) if (c) walk(c);
  };
  walk(tree.rootNode);
  tree.delete();
  return out;
}

beforeAll(async () => {
  await Parser.init();
  parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve('tree-sitter-powershell/tree-sitter-powershell.wasm')));
});

describe('com-helper.ps1', () => {
  it('parses without a syntax error', () => {
    expect(problems(SCRIPT)).toEqual([]);
  });

  it('catches broken copies', () => {
    const lastBrace = SCRIPT.lastIndexOf('}');
    expect(problems(SCRIPT.slice(0, lastBrace) + SCRIPT.slice(lastBrace + 1)).length).toBeGreaterThan(0);
    expect(problems(SCRIPT.slice(0, Math.floor(SCRIPT.length / 2))).length).toBeGreaterThan(0);
    expect(problems(`${SCRIPT}\n$s = "a string left open\n`).length).toBeGreaterThan(0);
  });
});
