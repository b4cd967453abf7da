import next from 'eslint-config-next';
import nextTs from 'eslint-config-next/typescript';
import yieldDbSteps from './eslint-rules/yield-db-steps.mjs';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  {
    plugins: { balcao: { rules: { 'yield-db-steps': yieldDbSteps } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A transaction step written without `yield*` silently never runs (db/driver.ts).
      'balcao/yield-db-steps': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['lib/process/context.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Symbol'][callee.property.name='for']",
          message: 'A value shared across bundles: use processSingleton, processSlot or oncePerProcess (lib/process/context.ts).',
        },
      ],
    },
  },
];

export default config;
