import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server test files whose outcome depends on which database the tests run on: those that
 * reach tests/support/test-database.ts (which opens the database of TEST_DB_KIND, or tells which
 * it is) through their imports. The PostgreSQL project runs only these; the others (unit tests of
 * pure functions, tests that start an embedded store of their own) would only run the same thing
 * twice. Imports are read as text, relative ones only, which is all our own code uses.
 */
const IMPORT = /(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts'];

function resolveImport(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(folder, file));
}

export function databaseTestFiles(root: string): string[] {
  const testDatabase = path.join(root, 'tests/support/test-database.ts');
  const importsOf = new Map<string, string[]>();
  const importedBy = (file: string): string[] => {
    let imports = importsOf.get(file);
    if (!imports) {
      const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '');
      imports = specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
      importsOf.set(file, imports);
    }
    return imports;
  };
  const reachesTestDatabase = (testFile: string): boolean => {
    const seen = new Set([testFile]);
    const queue = [testFile];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (file === testDatabase) return true;
      for (const next of importedBy(file)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  return testFilesUnder(path.join(root, 'src/server'))
    .filter(reachesTestDatabase)
    .map((file) => path.relative(root, file));
}
