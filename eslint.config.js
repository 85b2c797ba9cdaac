// ESLint (flat config, issue 15): typescript-eslint's type-checked recommended rules on every TypeScript file,
// React's hooks rules in the web app. Import boundaries: dependency-cruiser (.dependency-cruiser.cjs); unused
// files, exports and dependencies: knip (knip.json). `npm run lint` runs the three (docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/server/migrations/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./packages/contract/tsconfig.json', './apps/server/tsconfig.json', './apps/web/tsconfig.json', './apps/console/tsconfig.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // A leading underscore names a parameter a signature requires but the body does not use; rest siblings
      // leave a property out of a copy ({ secret: _secret, ...rest }).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: { ...globals.browser } },
  },
);
