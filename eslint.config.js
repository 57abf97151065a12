import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/** kebab-case with role suffixes: checkout.machine.ts, cart.routes.ts, hub-protocol.test.ts. */
const KEBAB_CASE_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx?$/;

const kebabCaseFileNames = {
  meta: { type: 'problem', docs: { description: 'File names are kebab-case with a role suffix' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        if (!KEBAB_CASE_FILE.test(name)) context.report({ node, message: `File name '${name}' is not kebab-case (e.g. checkout.machine.ts, cart-page.tsx).` });
      },
    };
  },
};

/** `no-restricted-syntax` entries: a later config object that sets the rule replaces these, so it repeats them. */
const NO_TEST_FOCUS = {
  selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
  message: 'No focused or skipped tests.',
};
const NO_QUERIES = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)$/]',
    message: 'Queries live in server/repositories/ (docs/architecture.md).',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Queries live in server/repositories/ (docs/architecture.md): raw SQL too.' },
];

/** One import zone: files matching `files` may not import anything a pattern matches. */
function zone(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/.tmp/**', 'bench/results*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_TEST_FOCUS],
    },
  },
  {
    files: ['{src,server,machines,contract,tests}/**/*.{ts,tsx}'],
    plugins: { shoal: { rules: { 'kebab-case-file-names': kebabCaseFileNames } } },
    rules: { 'shoal/kebab-case-file-names': 'error' },
  },
  // Every Kysely query lives in server/repositories/ (besides server/db/ and the payment sandbox's own
  // store, server/payments/sandbox/): docs/architecture.md.
  {
    files: ['server/{routes,services,senders,jobs,hub,plugins,cli}/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_TEST_FOCUS, ...NO_QUERIES] },
  },
  // Import zones (docs/architecture.md, "Where each kind of line lives and the import rules").
  // Paths are relative, so each zone names where its forbidden folders sit as seen from inside it.
  zone('server/**/*.ts', [
    { regex: '^(\\.\\./)+src/', message: 'The server may not import the browser app (src/); move what both need to contract/.' },
    { regex: '^(\\.\\./)+machines/', message: "The server may not import the browser's machines; move what both need to contract/." },
  ]),
  zone('src/**/*.{ts,tsx}', [{ regex: '^(\\.\\./)+server/', message: 'The browser app may not import the server; move what both need to contract/.' }]),
  zone('src/lib/**/*.{ts,tsx}', [
    { regex: '^(\\.\\./)+server/', message: 'The browser app may not import the server; move what both need to contract/.' },
    { regex: '^(\\.\\./)+app(/|$)', message: 'src/lib is below src/app: a library may not import the app wiring.' },
  ]),
  zone('machines/**/*.ts', [
    {
      regex: '^(?!(xstate|\\./[\\w.-]+|\\.\\./contract/[\\w.-]+)$)',
      message:
        'A machine imports only xstate, other machines and contract/: its effects (HTTP, React, toasts, storage, the hub) are supplied with machine.provide().',
    },
  ]),
  zone('contract/**/*.ts', [
    {
      regex: '^(?!(@sinclair/typebox|\\./[\\w.-]+)$)',
      message: 'contract/ is shared by the server and the browser: it imports only TypeBox and other contract files.',
    },
  ]),
);
