import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Each layer's type check sees only its platform's types (decision 034).
const LAYERS = {
  shared: 'src/shared/tsconfig.json',
  server: 'src/server/tsconfig.json',
  web: 'src/web/tsconfig.json',
  webTests: 'src/web/tsconfig.test.json',
  node: 'tsconfig.node.json',
} as const;

function parsedConfig(relative: string): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, relative), undefined, host);
  if (!parsed) throw new Error(`cannot read ${relative}`);
  expect(parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual([]);
  return parsed;
}

const configs = Object.fromEntries(Object.entries(LAYERS).map(([layer, file]) => [layer, parsedConfig(file)])) as Record<
  keyof typeof LAYERS,
  ts.ParsedCommandLine
>;

// Library declarations (TypeScript's lib files, node_modules) parsed once for every program below.
const parsedLibraries = new Map<string, ts.SourceFile | undefined>();

/**
 * The names TypeScript cannot find in `code`, checked as a file of the layer's real program: the
 * layer's own files and everything they import are in it, so a platform's types brought in by a
 * package (a `/// <reference types="node" />` in its declarations) would show here too.
 */
function unknownNames(layer: keyof typeof LAYERS, folder: string, code: string): string[] {
  const config = configs[layer];
  const probe = path.join(repoRoot, folder, 'type-layers-probe.ts');
  const host = ts.createCompilerHost(config.options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.resolve(fileName) === probe) return ts.createSourceFile(fileName, code, languageVersion);
    if (!fileName.includes('/node_modules/')) return readSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (!parsedLibraries.has(fileName)) parsedLibraries.set(fileName, readSourceFile(fileName, languageVersion, onError, shouldCreate));
    return parsedLibraries.get(fileName);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === probe || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [...config.fileNames, probe], options: config.options, host });
  const diagnostics = program.getSemanticDiagnostics(program.getSourceFile(probe));
  const messages = diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  const names = messages.map((message) => /^Cannot find name '(\w+)'/.exec(message)?.[1] ?? message);
  return [...new Set(names)].sort();
}

describe('each layer sees only its platform', () => {
  it('shared code: neither the DOM nor Node, only the URL API both have', () => {
    const code = `
      export const fromNode = [Buffer.from('x'), process.env.X];
      export const fromBrowser = [document.title, window.location, localStorage];
      export const url = [new URL('https://example.com').protocol, new URLSearchParams('a=1').get('a')];
    `;
    expect(unknownNames('shared', 'src/shared', code)).toEqual(['Buffer', 'document', 'localStorage', 'process', 'window']);
  });

  it('server code: Node, not the DOM', () => {
    const code = `
      export const fromBrowser = [document.title, window.location, localStorage];
      export const fromNode = [Buffer.from('x'), process.env.X, new URL('https://example.com'), new Response('ok')];
    `;
    expect(unknownNames('server', 'src/server', code)).toEqual(['document', 'localStorage', 'window']);
  });

  it("web code: the DOM and Vite's import.meta.env, not Node", () => {
    const code = `
      export const fromNode = [Buffer.from('x'), process.env.X, __dirname];
      export const fromBrowser = [document.title, window.location, localStorage, import.meta.env.DEV];
    `;
    expect(unknownNames('web', 'src/web', code)).toEqual(['Buffer', '__dirname', 'process']);
  });
});

/** Every TypeScript file under `relative`, repo-relative. */
function typeScriptFiles(relative: string): string[] {
  return readdirSync(path.join(repoRoot, relative), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?tsx?$/.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

describe('the configurations cover the real files', () => {
  const owners = (file: string) =>
    Object.entries(configs)
      .filter(([, config]) => config.fileNames.includes(path.join(repoRoot, file)))
      .map(([layer]) => layer);

  it('checks every TypeScript file of src, tests and scripts, and the root config files, in exactly one layer', () => {
    const rootFiles = readdirSync(repoRoot).filter((name) => name.endsWith('.ts'));
    const files = [...typeScriptFiles('src'), ...typeScriptFiles('tests'), ...typeScriptFiles('scripts'), ...rootFiles];
    expect(files.length).toBeGreaterThan(500);
    const notOnce = files.map((file) => ({ file, layers: owners(file) })).filter(({ layers }) => layers.length !== 1);
    expect(notOnce).toEqual([]);
  });

  it('puts each kind of file in its layer', () => {
    expect(owners('src/shared/index.ts')).toEqual(['shared']);
    expect(owners('src/shared/text.test.ts')).toEqual(['node']);
    expect(owners('src/server/main.ts')).toEqual(['server']);
    expect(owners('src/server/orders/concurrency.test.ts')).toEqual(['server']);
    expect(owners('tests/support/test-app.ts')).toEqual(['server']);
    expect(owners('src/web/main.tsx')).toEqual(['web']);
    expect(owners('src/web/lib/session.test.ts')).toEqual(['webTests']);
    expect(owners('tests/support/web/render.tsx')).toEqual(['webTests']);
    expect(owners('tests/e2e/home.spec.ts')).toEqual(['node']);
    expect(owners('vite.config.ts')).toEqual(['node']);
  });

  it('gives each layer the platform types it may use, and the root config references every layer', () => {
    expect(configs.shared.options.lib).toEqual(['lib.es2023.d.ts']);
    expect(configs.shared.options.types).toEqual([]);
    expect(configs.server.options.lib).toEqual(['lib.es2023.d.ts']);
    expect(configs.server.options.types).toEqual(['node']);
    expect(configs.web.options.lib).toContain('lib.dom.d.ts');
    expect(configs.web.options.types).toEqual(['vite/client']);
    const root = parsedConfig('tsconfig.json');
    expect(root.fileNames).toEqual([]);
    const referenced = (root.projectReferences ?? []).map((reference) => path.relative(repoRoot, ts.resolveProjectReferencePath(reference)));
    expect(referenced.sort()).toEqual(Object.values(LAYERS).sort());
  });
});
