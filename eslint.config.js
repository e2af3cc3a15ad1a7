// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use the Clock port.' }],
    },
  },
  {
    // Deciders and projections replay events: they must not reach for time, randomness or I/O.
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['pg', 'kysely', '@nats-io/*', 'react', 'node:*'] }],
    },
  },
  {
    files: ['infra/**/*.ts', 'apps/**/*.ts', 'apps/**/*.tsx', 'tests/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
