import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Layers and module boundaries (ARCHITECTURE §2): routes (a module's index.ts) never touch the
  // database; a module reaches another only through its service (never its repository or tables);
  // services own transactions but write no SQL (repositories hold it); apps never import each other.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../*/*.repository', '../../modules/*/*.repository'], message: 'Another module\'s repository: call its service instead (ARCHITECTURE §2).' },
        { group: ['../*/*.tables'], message: 'Another module\'s tables: each table has one owning module; read through its service.' },
        { group: ['**/apps/web/**', '@kaopei/web'], message: 'Apps never import each other.' },
      ] }],
    },
  },
  {
    files: ['apps/server/src/modules/*/index.ts', 'apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['./*.repository', '../*/*.repository', '../../db', '../../db/*', 'kysely'], message: 'Routes are thin: they call the service, never the database (ARCHITECTURE §2).' },
        { group: ['../*/*.tables'], message: 'Another module\'s tables: each table has one owning module; read through its service.' },
      ] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['kysely'], message: 'Services write no SQL: put the query in the module\'s repository (ARCHITECTURE §2).' },
        { group: ['../*/*.repository'], message: 'Another module\'s repository: call its service instead (ARCHITECTURE §2).' },
        { group: ['../*/*.tables'], message: 'Another module\'s tables: each table has one owning module; read through its service.' },
      ] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '@kaopei/server'], message: 'Apps never import each other.' }] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
