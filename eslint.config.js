// One ESLint config for the whole workspace; each project runs `eslint src` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.nx/**', '**/coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No app imports another app's files (architecture rule).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Another app by a relative path of any depth, through apps/, or by package name.
              regex:
                '^(?:(?:\\.\\./)+(?:apps/)?(?:[a-z-]+-mfe|shell)|.*(?:^|/)apps/[a-z-]+|@slotwise/(?:[a-z-]+-mfe|shell))(?:/|$)',
              message: 'Apps must not import each other; share through libs/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A front end's feature (src/features/<name>/) is used by the app and other features only
    // through what its index.ts exports, as the API's modules are (below).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/*/src/features/*', capture: ['app', 'name'] },
      ],
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['apps/*/src/**/*.{ts,tsx,css}'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.css'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Import another feature only through its index.ts ({{dependency.source}})',
          policies: [
            {
              to: { element: { type: 'feature' } },
              allow: { to: { element: { fileInternalPath: 'index.ts' } } },
            },
          ],
        },
      ],
    },
  },
  {
    // NestJS relies on decorator metadata, which needs value imports of injected classes.
    files: ['services/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A module of the API is used by others only through what its index.ts exports: its tables,
    // services and rules stay behind that door, so each can change in one place.
    files: ['services/api/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'module', pattern: 'services/api/src/modules/*', capture: ['name'] },
        { type: 'core', pattern: 'services/api/src/core' },
      ],
      // Patterns are relative to this file, wherever ESLint runs from (each project lints itself).
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['services/api/src/**/*.ts'],
      'import/resolver': { typescript: { project: 'services/api/tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          // Imports within a module or within core are not checked; core is what every module
          // stands on, so it imports no module (or the modules would be a cycle through it).
          default: 'disallow',
          message: 'Import another module only through its index.ts ({{dependency.source}})',
          policies: [
            {
              to: { element: { type: 'module' } },
              allow: { to: { element: { fileInternalPath: 'index.ts' } } },
            },
            { to: { element: { type: 'core' } }, allow: { to: { element: { type: 'core' } } } },
            {
              from: { element: { type: 'core' } },
              disallow: { to: { element: { type: 'module' } } },
              message: 'core must not import a module ({{dependency.source}})',
            },
          ],
        },
      ],
    },
  },
);
