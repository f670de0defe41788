import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './namespaces';

/**
 * The shop's messages are split into namespaces that load with the screens using them (see
 * namespaces.ts). This test reads the source: every lazy boundary (a dynamic `import()`) must load,
 * in the same function, the namespaces of every message key used by the code it pulls in, and the
 * code of the first page may only render shell keys. Otherwise a screen would show raw keys until
 * the missing-key fallback loads everything.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(srcDir, 'i18n', 'locales', 'hu');

/**
 * Eager modules that only pass keys on: to the lazy toast stack (which loads `feedback`) or to the
 * screens that render them.
 */
const KEY_PASSERS = new Set([
  'lib/toast-store.ts',
  'lib/api-client.ts',
  'app/shell/app-shell.tsx',
  // The cart's mutations and the address call only show toasts: `errors`/`toasts` (feedback, loaded
  // by the toast stack) and `product.*` after a quantity change, which follows a click on a screen
  // that has loaded `catalog` (product boxes, cart lines, the scanner).
  'features/cart/api/cart-mutations.ts',
  'lib/shipping-address-api.ts',
]);

/** Top-level key group → namespace, from the hu files. */
function groupNamespaces(): Map<string, string> {
  const map = new Map<string, string>();
  for (const namespace of NAMESPACES) {
    const file = path.join(localesDir, `${namespace}.json`);
    for (const group of Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object))
      map.set(group, namespace);
  }
  return map;
}

interface ModuleInfo {
  imports: string[];
  groups: Set<string>;
  /** Dynamic imports with the namespaces loaded next to them. */
  boundaries: { target: string; loads: Set<string>; line: number }[];
  /** Namespaces the module loads itself (outside a boundary), e.g. before showing a toast. */
  selfLoads: Set<string>;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

function loadCallsIn(node: ts.Node, source: ts.SourceFile): Set<string> {
  const found = new Set<string>();
  const visit = (child: ts.Node) => {
    if (
      ts.isCallExpression(child) &&
      ts.isIdentifier(child.expression) &&
      child.expression.text === 'loadMessages'
    ) {
      for (const argument of child.arguments) if (ts.isStringLiteral(argument)) found.add(argument.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  void source;
  return found;
}

function parseModule(file: string, groups: Map<string, string>): ModuleInfo {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const info: ModuleInfo = { imports: [], groups: new Set(), boundaries: [], selfLoads: new Set() };
  const keyGroup = (value: string) => {
    const group = /^([A-Za-z]+)\./.exec(value)?.[1];
    if (group && groups.has(group)) info.groups.add(group);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      const target = typeOnly ? null : resolveImport(file, node.moduleSpecifier.text);
      if (target) info.imports.push(target);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolveImport(file, node.arguments[0].text);
      let scope: ts.Node = node;
      while (scope.parent && !ts.isFunctionLike(scope)) scope = scope.parent;
      // routes.tsx: `screen(() => import(...), pick, ...namespaces)` loads its namespaces with the module.
      const call = scope.parent;
      const screenLoads =
        call &&
        ts.isCallExpression(call) &&
        ts.isIdentifier(call.expression) &&
        call.expression.text === 'screen'
          ? call.arguments.filter(ts.isStringLiteral).map((argument) => argument.text)
          : [];
      if (target) {
        info.boundaries.push({
          target,
          loads: new Set([...loadCallsIn(scope, source), ...screenLoads]),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        });
      }
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      keyGroup(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  info.selfLoads = loadCallsIn(source, source);
  for (const boundary of info.boundaries)
    for (const namespace of boundary.loads) info.selfLoads.delete(namespace);
  return info;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|fixture)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

const groups = groupNamespaces();
const modules = new Map(sourceFiles(srcDir).map((file) => [file, parseModule(file, groups)]));
const relative = (file: string) => path.relative(srcDir, file);

function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(modules.get(file)?.imports ?? []));
  }
  return seen;
}

/** Namespaces (besides the shell) whose keys the code reachable from `start` uses. */
function neededNamespaces(start: string): Map<string, string[]> {
  const needed = new Map<string, string[]>();
  for (const file of closure(start)) {
    const info = modules.get(file);
    if (!info || KEY_PASSERS.has(relative(file))) continue;
    for (const group of info.groups) {
      const namespace = groups.get(group) as string;
      if (namespace === 'translation' || info.selfLoads.has(namespace)) continue;
      needed.set(namespace, [...(needed.get(namespace) ?? []), `${relative(file)} (${group})`]);
    }
  }
  return needed;
}

describe('message namespaces', () => {
  it('assigns every key group to exactly one namespace', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const namespace of NAMESPACES) {
      const file = path.join(localesDir, `${namespace}.json`);
      for (const group of Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)) {
        if (seen.has(group)) twice.push(`${group}: ${seen.get(group)} and ${namespace}`);
        seen.set(group, namespace);
      }
    }
    expect(twice).toEqual([]);
  });

  it('finds the lazy screens', () => {
    const boundaries = [...modules.values()].flatMap((info) => info.boundaries);
    expect(boundaries.length).toBeGreaterThan(15);
  });

  it('every lazy boundary loads the namespaces its code uses', () => {
    const problems: string[] = [];
    for (const [file, info] of modules) {
      for (const boundary of info.boundaries) {
        for (const [namespace, users] of neededNamespaces(boundary.target)) {
          if (!boundary.loads.has(namespace)) {
            problems.push(
              `${relative(file)}:${boundary.line} import('${relative(boundary.target)}') needs loadMessages('${namespace}') for ${users.join(', ')}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the first page renders only shell keys (or loads the namespace itself)', () => {
    const problems = [...neededNamespaces(path.join(srcDir, 'main.tsx'))].map(
      ([namespace, users]) => `${namespace}: ${users.join(', ')}`,
    );
    expect(problems).toEqual([]);
  });
});
