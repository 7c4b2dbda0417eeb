import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// ── Layering (ARCHITECTURE.md "Folders"; docs/decisions/0009-error-shapes.md lists the exceptions) ──
// Imports never point up: models and domain never import features, ui or routes; domain imports only
// domain; ui imports no feature; drizzle-orm and #app/db/schema only in app/models and app/db (and the
// integration tests, which check rows, and the two process entry points that build the pool).
// One rule per folder: ESLint keeps only the last no-restricted-imports options a file matches, so
// each folder's entry repeats the shared patterns. Regexes, not `group`: a gitignore pattern starting
// with # is a comment.
const ALIAS = { group: ['../../*'], message: 'Use the #app/* alias.' }
const NO_DB = {
  regex: '^(drizzle-orm|#app/db/schema)(/|$)',
  message: 'Queries live in app/models (with app/db): call a model function instead.',
}
const NO_UP = {
  regex: '^#app/(features|ui|routes)/|^#app/root$',
  message: 'app/models and app/domain never import features, ui or routes (imports never point up).',
}
const DOMAIN_ONLY = {
  regex: '^(#app/(?!domain/)|\\.\\./)',
  message: 'app/domain imports only app/domain (pure rules, no I/O).',
}
const UI_NO_FEATURE = {
  regex: '^#app/(features|routes)/',
  message: 'app/ui is the shared kit: it imports no feature or route.',
}
const RAW_PARSE = {
  regex: '^@conform-to/zod(/v4)?$',
  importNames: ['parseWithZod'],
  message:
    'Parse a form with parseForm (#app/http/conform.server): a crafted __intent__ or __state__ is bad input there, not a 500.',
}
const CONFORM_PROPS = {
  regex: '^@conform-to/react$',
  importNames: ['getInputProps', 'getSelectProps', 'getTextareaProps'],
  message:
    "Take a control's props from #app/ui/field-props (inputProps, selectProps, textareaProps): the same answers, cheap on the server (decision 0021).",
}
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, RAW_PARSE, CONFORM_PROPS] }],
})
export const LAYER_RULES = [
  { files: ['**/*.{ts,tsx}'], rules: restrict(ALIAS, NO_DB) },
  { files: ['app/db/**', 'tests/integration/**', 'server/index.ts', 'scripts/db.ts'], rules: restrict(ALIAS) },
  { files: ['app/models/**'], rules: restrict(ALIAS, NO_UP) },
  { files: ['app/domain/**'], rules: restrict(ALIAS, NO_DB, NO_UP, DOMAIN_ONLY) },
  { files: ['app/ui/**'], rules: restrict(ALIAS, NO_DB, UI_NO_FEATURE) },
  {
    files: ['app/http/conform.server.ts', 'app/http/conform.server.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ALIAS, NO_DB] }] },
  },
  // The parity test compares field-props with Conform's own helpers.
  {
    files: ['app/ui/server-fields.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ALIAS, NO_DB, UI_NO_FEATURE, RAW_PARSE] }] },
  },
]

// The Remix template's rules (React, hooks, accessibility) with typescript-eslint's recommended set.
export default tseslint.config(
  { ignores: ['build*/**', 'node_modules/**', 'data/**', 'test-results*/**', 'playwright-report/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: {
      react: { version: 'detect' },
      formComponents: ['Form'],
      linkComponents: [{ name: 'Link', linkAttribute: 'to' }],
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.configs.recommended.rules,
      'jsx-a11y/no-autofocus': 'off',
      'react/prop-types': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...LAYER_RULES,
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node, sourceType: 'module' },
  },
)
