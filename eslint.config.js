import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns that keep the three parts of the project apart. */
const boundaries = {
  common: [
    { group: ['**/server/**', '**/web/**'], message: 'common/ is shared by both sides and imports neither.' },
    { group: ['node:*', 'react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3'], message: 'common/ holds no Node, React or server code.' },
  ],
  web: [
    { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
    { group: ['node:*', 'fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3'], message: 'Server-side packages do not belong in the web app.' },
  ],
  server: [
    { group: ['**/web/**'], message: 'The server never imports the web app.' },
    { group: ['react', 'react-*'], message: 'The server does not render React.' },
  ],
};

/**
 * The only places where one feature of the web app (web/features/<name>/) may use another: the home
 * page's sections show the catalogue, the reviews and the inbox's forms; the profile's two-factor
 * settings and the users' queries use the session; a product card adds to the cart, whose owner is
 * the session's. Every other feature stands alone, so that a change
 * to one cannot break another; what several need belongs in web/components or web/lib.
 * @type {Record<string, string[]>}
 */
const allowedFeatureImports = {
  storefront: ['products', 'reviews', 'inbox'],
  users: ['auth'],
  // A product card's Add to cart; the cart is the signed-in customer's or the visitor's. The catalogue
  // and the product form name the owner's categories. Its heart is the wishlist's.
  products: ['cart', 'categories', 'wishlist'],
  // Checkout and Buy Now deliver to an address of the customer's address book, or a new one; both link the terms of sale.
  cart: ['auth', 'addresses', 'shop-pages'],
  // Paying takes stock, and a review moves a tool's rating: both tell the catalogue's queries, by its keys.
  // An order's admin actions show to the staff roles that may take them (the session's staff role).
  // Buy Now links the terms of sale, and staff read which version of them an order accepted.
  orders: ['addresses', 'products', 'auth', 'shop-pages'],
  // The admin pages' guard opens each page to the staff roles with its right, from the dashboard's list.
  auth: ['dashboard'],
  reviews: ['products'],
  // A heart is the signed-in customer's; Notify me fills in their address.
  wishlist: ['auth'],
  'stock-alerts': ['auth'],
  // The seller's address is typed in the address book's fields; a discount code may name categories.
  settings: ['addresses', 'categories'],
  // A return is of an order's lines, shown in its card; an exchange picks a variant of the product; the
  // return window is a setting, refused field by field as the others are.
  returns: ['orders', 'products', 'settings'],
  // A page the server refuses is refused field by field, as the settings are.
  'shop-pages': ['settings'],
  // A campaign's product cards are picked from the catalogue; a refused draft is refused field by field, as the settings are.
  newsletter: ['products', 'settings'],
};
const features = fs
  .readdirSync(new URL('web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./web/features/${feature}`,
  from: './web/features',
  except: [`./${feature}`, ...(allowedFeatureImports[feature] ?? []).map((other) => `./${other}`)],
  message: 'Features use each other only through the pairs listed in eslint.config.js (allowedFeatureImports).',
}));

/** Each file is checked with the TypeScript program that builds it, so that its types are the compiler's. */
const typeInformation = [
  { files: ['server/**', 'common/**'], project: './tsconfig.server.json' },
  { files: ['web/**'], project: './tsconfig.web.json' },
  { files: ['e2e/**', 'bench/**', 'scripts/**', '*.config.{ts,js}'], project: './tsconfig.tools.json' },
].map(({ files, project }) => ({ files, languageOptions: { parserOptions: { project, tsconfigRootDir: import.meta.dirname } } }));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...typeInformation,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their files with the extension, so Node's own resolution finds them; import-x reads
      // the TypeScript ones with typescript-eslint's parser to follow them.
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // An async function without await is deliberate in two places: Fastify's plugins are async by
    // contract (that is how Fastify knows they are done), and the tests' stand-ins for Promise-returning
    // interfaces must reject, not throw, when they fail.
    files: ['server/**/*-routes.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests compare answers read as JSON (light-my-request types json() as any) with expectations
    // that use Vitest's asymmetric matchers (expect.any() and the like are any by design, so that they
    // fit any shape). Those values only flow into assertions, which check them at run time; typing
    // them would be casts that the compiler cannot check either.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright tests and benchmarks hand functions to the browser to run there.
    files: ['e2e/**/*.ts', 'bench/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.common }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: boundaries.web }],
      // A form's onSubmit is react-hook-form's handleSubmit, which returns a promise and settles its own
      // errors; React ignores what a handler returns. Promises are still checked everywhere else.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['web/features/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.server }] },
  },
  {
    // Kysely belongs to the data layer: repositories, migrations and the database set-up.
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', 'server/**/*-repository.ts', 'server/test/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...boundaries.server, { group: ['kysely'], message: 'Only repositories and server/db use Kysely.' }] }],
    },
  },
);
