import js from '@eslint/js';
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

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
    },
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
      'no-restricted-imports': [
        'error',
        { patterns: [...boundaries.server, { group: ['kysely'], message: 'Only repositories and server/db use Kysely.' }] },
      ],
    },
  },
);
