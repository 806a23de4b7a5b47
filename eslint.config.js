import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** Folder names directly under `dir` (relative to the repo root), read when the config loads. */
function foldersIn(dir) {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// Server folders that sit below the features: they may be imported by any feature, never the reverse.
// `identity` (who the caller is, access tokens) is one of them so that plugins can use it, and
// `catalogue-cache` (the one cache of public reads) so that the catalogue and the reviews can, and
// `follow-ups` (work that follows a commit, decision 044) so that any feature can write one.
const serverFoundations = ['db', 'plugins', 'lib', 'identity', 'catalogue-cache', 'idempotency', 'follow-ups'];
const serverFeatures = foldersIn('src/server').filter((name) => !serverFoundations.includes(name));
const webFeatures = foldersIn('src/web/features');

// A feature reaches another only through its api/ folder (bulletproof-react's cross-feature zones).
const crossFeatureZones = webFeatures.flatMap((feature) => {
  const others = webFeatures.filter((other) => other !== feature);
  if (others.length === 0) return [];
  return [
    {
      target: `src/web/features/${feature}`,
      from: others.map((other) => `src/web/features/${other}`),
      except: ['./api'],
      message: 'A feature may import another feature only through its api/ folder (features/<name>/api/...).',
    },
  ];
});

// The back office: features/admin (overview, activity, settings) and each feature's admin/ folder
// (Manage Orders in orders/admin, Manage Tools in catalogue/admin, ...). Its pages load lazily from
// the app's routes into chunks named admin-* (vite.config.ts), which a first visit never loads
// (scripts/check-bundle-budget.mjs); no customer code imports them, not even their api/ files.
const adminFolders = webFeatures.map((feature) => (feature === 'admin' ? 'src/web/features/admin' : `src/web/features/${feature}/admin`));
const adminFiles = ['src/web/features/admin/**', 'src/web/features/*/admin/**'];
const customerCodeSkipsAdmin = {
  target: 'src/web',
  from: adminFolders,
  message: 'Back-office code (features/admin, features/<name>/admin) is loaded lazily by the app\'s routes only; customer code must not import it.',
};

const importZones = [
  {
    target: ['src/web/components', 'src/web/lib', 'src/web/config'],
    from: ['src/web/features', 'src/web/app'],
    message: 'Shared web code (components, lib, config) must not depend on features or the app shell.',
  },
  {
    target: 'src/web/features',
    from: 'src/web/app',
    message: 'Features must not import the app shell; the app composes features, not the reverse.',
  },
  ...crossFeatureZones,
  ...(serverFeatures.length === 0
    ? []
    : [
        {
          target: serverFoundations.map((name) => `src/server/${name}`),
          from: serverFeatures.map((name) => `src/server/${name}`),
          message: `Server foundations (${serverFoundations.join(', ')}) must not import feature folders; move what they need into lib/ or identity/.`,
        },
      ]),
];

// Rules with one home (issue 20, decision 031). A tool's minimum order compared with its stock is
// the min-quantity rule: src/shared says it (sellableOrSoldOut, canBeBought, quantityProblem) and
// everyone else asks there.
const minQtyName = '/^(minQty|availableQty)$/';
const minQtyRuleHomes = ['src/shared/schemas/products.ts', 'src/shared/buying.ts'];
const minQtyComparison = {
  selector:
    `BinaryExpression[operator=/^[<>]=?$/]:matches([left.property.name=${minQtyName}], [left.name=${minQtyName}])` +
    `:matches([right.property.name=${minQtyName}], [right.name=${minQtyName}])`,
  message: "A tool's minimum order against its stock is decided in src/shared (sellableOrSoldOut, canBeBought, quantityProblem): call it, don't compare here.",
};
// The configuration is described once, by its zod schema: its types are that schema's output.
const configTypesFromSchema = [
  { selector: 'TSInterfaceDeclaration', message: 'Configuration types come from the zod schema (z.output), not an interface (decision 031).' },
  { selector: 'TSTypeAliasDeclaration TSTypeLiteral', message: 'Configuration types come from the zod schema (z.output), not a type literal (decision 031).' },
];
// buildApp composes; the start's steps happen in plugins as they load, in onReady and in onClose.
const appStartsNothing = 'buildApp composes and starts nothing: the database plugin locks, opens, migrates and seeds; the authentication plugin resolves the secret (decision 031).';
const serverImportsNever = [{ group: ['**/web/**'], message: 'Server code never imports web code; what both need lives in src/shared.' }];
// The cache's own stores; what others may use of them is on app.catalogueCache (catalogue-cache/catalogue-cache.ts).
const cacheStores = ['**/catalogue-cache/response-cache*', '**/catalogue-cache/photo-cache*', '**/catalogue-cache/tool-counts*'];
const ONE_CACHE_OWNER =
  'Only catalogue-cache/ creates or drops a cache of the store\'s data and listens to the change bus: read its stores from app.catalogueCache, and publish what a transaction changed with publishChange (decision 029).';
// Listening to the change bus, or telling it of changes by hand, is the cache's alone.
const cacheSyntax = [
  { selector: "CallExpression[callee.property.name='subscribe'][callee.object.property.name='changes']", message: ONE_CACHE_OWNER },
  { selector: "CallExpression[callee.property.name='subscribe'][callee.object.name=/^(changes|bus)$/]", message: ONE_CACHE_OWNER },
  {
    selector: "CallExpression[callee.property.name='changedHere']",
    message: 'changedHere drops caches by hand, for benchmarks and tests: the store publishes its changes in their transactions (db/change-bus.ts).',
  },
];
// Error bodies are written in one place (STYLE 18, decision 033): plugins/errors.ts turns thrown
// DomainErrors into problem details. A route that sends a 4xx/5xx status or an error-shaped body
// itself bypasses it (and its shape, its codes, its Retry-After and Allow headers).
const ERRORS_IN_ONE_PLACE =
  'Error answers are written only by plugins/errors.ts: throw a DomainError (lib/domain-errors.ts) with its code instead of sending an error body (decision 033).';
const errorBodiesByHand = [
  {
    selector: "CallExpression[callee.property.name='send'] CallExpression[callee.property.name=/^(code|status)$/][arguments.0.value>=400]",
    message: ERRORS_IN_ONE_PLACE,
  },
  {
    selector: "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name=/^(statusCode|status|detail)$/]",
    message: ERRORS_IN_ONE_PLACE,
  },
];
// Where error answers are written (the errors plugin), the load balancer's health answers, and the
// storefront's pages (its 404 is the app's "Page not found" page in HTML, not an API error).
const errorBodyHomes = ['src/server/plugins/errors.ts', 'src/server/health/**', 'src/server/storefront/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports go one way: shared imports nothing of ours, web and server never import each other.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImportsNever }] },
  },
  {
    // A cache has one owner (STYLE 16, decision 029): only catalogue-cache/ creates or drops cached
    // answers, counts and photos, and only it listens to the change bus. Everyone else reads the
    // stores app.catalogueCache hands out, and writers publish what their transaction changed.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/catalogue-cache/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverImportsNever, { group: cacheStores, message: ONE_CACHE_OWNER }] }],
    },
  },
  {
    // Folder boundaries on resolved paths. An import the resolver cannot find is skipped silently,
    // so the resolver must know the TypeScript extensions (tests/lint checks that it does).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: importZones }],
    },
  },
  {
    // Customer code (everything in src/web but the back office and the app shell, which lazy-loads
    // the back office's pages) never imports the back office. The zones above apply here too: a
    // later block's zone list replaces an earlier one's.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: [...adminFiles, 'src/web/app/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: [...importZones, customerCodeSkipsAdmin] }],
    },
  },
  {
    // A delete or update without .where() touches every row.
    files: ['src/server/**/*.ts', 'tests/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    // No import circle anywhere in src (issue 20): the import-x resolver above
    // must parse the TypeScript files it follows, or it finds no cycle at all (tests/lint checks it).
    files: ['src/**/*.{ts,tsx}'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // no-restricted-syntax and no-restricted-imports take one list per file (a later block replaces
  // an earlier one's), so each block below repeats the lists of the blocks it narrows.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: minQtyRuleHomes,
    rules: { 'no-restricted-syntax': ['error', minQtyComparison] },
  },
  {
    // A cache has one owner (STYLE 16, decision 029): only catalogue-cache/ listens to the change bus.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/catalogue-cache/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', minQtyComparison, ...cacheSyntax, ...errorBodiesByHand] },
  },
  {
    files: ['src/server/catalogue-cache/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', minQtyComparison, ...errorBodiesByHand] },
  },
  {
    files: errorBodyHomes,
    rules: { 'no-restricted-syntax': ['error', minQtyComparison, ...cacheSyntax] },
  },
  {
    files: ['src/server/config.ts'],
    rules: { 'no-restricted-syntax': ['error', minQtyComparison, ...cacheSyntax, ...configTypesFromSchema, ...errorBodiesByHand] },
  },
  {
    files: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportsNever,
            { group: cacheStores, message: ONE_CACHE_OWNER },
            { group: ['**/db/client', '**/db/client.js'], importNames: ['openDatabase', 'wrapPglite', 'createPglite'], message: appStartsNothing },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [
            ...importZones,
            {
              target: 'src/server/app.ts',
              from: ['db/migrate.ts', 'seed/seed.ts', 'db/data-dir-lock.ts', 'cli/support/lock-for-tool.ts', 'identity/auth-secret.ts'].map((file) => `src/server/${file}`),
              message: appStartsNothing,
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules on the server (decision 034): a promise no one awaits or handles loses its
    // rejection (Node then ends the process), and one handed where a callback's result is ignored
    // (setInterval, an event listener) too. Only these two rules and the type information they
    // need: the restricted-syntax and restricted-imports lists above stay as they are.
    files: ['src/server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: repoRoot } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
