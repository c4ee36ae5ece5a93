import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Which part of src/ may import which (modelled on bulletproof-react's zones): the
// storefront app wires features together, features never import each other, the admin
// area is an app of its own, and the shared code (lib, components) imports neither.
const BOUNDARIES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; src/app wires them together, shared code belongs in src/lib or src/components.',
  })),
  {
    target: ['./src/features', './src/lib', './src/components'],
    from: ['./src/app', './src/admin'],
    message: 'Only src/app imports the apps (src/app, src/admin).',
  },
  {
    target: ['./src/lib', './src/components'],
    from: './src/features',
    message: 'Shared code (src/lib, src/components) never imports a feature.',
  },
  {
    target: './src/admin',
    from: ['./src/features', './src/app'],
    message: 'The admin area is an app of its own: it imports src/lib and src/components, not the storefront.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
);
