// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = 'packages/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * Import direction (DESIGN.md, rule 1): shared imports neither server nor web; server and web never
 * import each other; inside web, a feature never imports another feature (app/ composes them).
 */
const featureRules = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)features/(?!${feature}/)[^/]+`,
            message: 'A feature must not import another feature; compose them in app/.',
          },
          { regex: '(^|/)app/', message: 'Features must not import app/.' },
          { group: ['@shop/server', '@shop/server/*'], message: 'The web never imports the server.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.config.js',
      'packages/server/build.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@shop/server', '@shop/server/*', '@shop/web', '@shop/web/*'],
              message: 'shared imports neither server nor web.',
            },
            { regex: '^\\.\\./\\.\\./\\.\\./', message: 'shared must not reach outside its package.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@shop/web', '@shop/web/*'], message: 'The server never imports the web.' }] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@shop/server', '@shop/server/*'], message: 'The web never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    // A focused test (`it.only`, `describe.only`, `test.only`, `test.describe.only`, ...) silently
    // turns a run of the suite into a run of that test alone.
    files: ['**/*.test.{ts,tsx}', 'packages/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only']:matches([object.name=/^(describe|it|test|suite)$/], " +
            '[object.property.name=/^(describe|it|test|suite|serial|parallel|concurrent|sequential)$/], ' +
            '[object.callee.property.name=/^(skipIf|runIf)$/])',
          message: 'Focused tests (.only) are not committed; remove `.only`.',
        },
      ],
    },
  },
  ...featureRules,
);
