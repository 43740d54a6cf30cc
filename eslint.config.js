// ESLint flat config (decision 016). `npm run lint` runs this and Prettier's check.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,mts}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { import: importPlugin },
    settings: { 'import/extensions': ['.ts', '.tsx', '.js', '.mjs'], 'import/ignore': ['node_modules'] },
    rules: {
      // A cycle makes module start-up order matter and hides a missing boundary.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Where code runs is told by its folder (docs/architecture.md, "Three places code runs"):
    // src/server/ (and server.ts) in the Express process, src/renderer/ in the renderer bundle (Node),
    // src/browser/ in the browser only; every other folder of src/ is universal. Universal code imports
    // only universal code; the server sees the renderer through its contract's types alone.
    files: ['server.ts', 'src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/!(server|renderer|browser)/**', './src/*.{ts,tsx}'],
              from: ['./src/server', './src/renderer', './src/browser'],
              message: 'Universal code runs in the renderer and the browser: it imports only universal code.',
            },
            {
              target: ['./src/server', './server.ts'],
              from: ['./src/renderer', './src/browser'],
              except: ['./contract.ts'],
              message: 'The Express process sees the renderer bundle only through src/renderer/contract.ts.',
            },
            {
              target: './src/renderer',
              from: ['./src/server', './src/browser'],
              message: 'The renderer bundle imports universal code and its own modules only.',
            },
            {
              target: './src/browser',
              from: ['./src/server', './src/renderer'],
              message: 'Browser code never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Universal and browser code never touches Node built-ins.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/renderer/**'],
    rules: { 'import/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // Tables that scroll sideways on narrow screens are focusable regions (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
      // A click on a native modal <dialog>'s backdrop closes it; Escape and the close button are the keyboard way.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          handlers: [
            'onClick',
            'onError',
            'onLoad',
            'onMouseDown',
            'onMouseUp',
            'onKeyPress',
            'onKeyDown',
            'onKeyUp',
          ],
          dialog: ['onKeyUp', 'onKeyDown', 'onKeyPress', 'onClick'],
        },
      ],
    },
  },
  {
    // href="" is the current document: the error screens' Refresh link works without JavaScript.
    files: ['src/pages/StatusScreens.tsx'],
    rules: { 'jsx-a11y/anchor-is-valid': ['error', { aspects: ['noHref', 'preferButton'] }] },
  },
);
