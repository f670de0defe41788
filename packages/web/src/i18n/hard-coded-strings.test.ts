import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN rule 7: a UI string is never hard-coded. Every text node in JSX and every user-facing
 * attribute given as a string literal must come from the message files instead.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'label', 'alt', 'helperText']);
const LETTER = /\p{L}/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

function hardCodedStrings(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(srcDir, file)}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      found.push(`${where(node)} text "${node.text.trim()}"`);
    }
    if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && LETTER.test(literal))
        found.push(`${where(node)} ${node.name.getText(source)}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('UI strings', () => {
  const files = sourceFiles(srcDir);

  it('finds the components to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('are never hard-coded in JSX', () => {
    expect(files.flatMap((file) => hardCodedStrings(file))).toEqual([]);
  });

  it('the check catches a hard-coded text and labels', () => {
    const found = hardCodedStrings(
      path.join(srcDir, 'probe.tsx'),
      [
        'const a = <button aria-label="Bezárás">Mentés</button>;',
        'const b = <i title={"ok"} data-x="free">{t("x")} </i>;',
        'const c = <img alt="" />;',
      ].join('\n'),
    );
    expect(found).toEqual([
      'probe.tsx:1 aria-label="Bezárás"',
      'probe.tsx:1 text "Mentés"',
      'probe.tsx:2 title="ok"',
    ]);
  });
});
