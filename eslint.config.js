import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
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
const DOMAIN_ONLY = {
  regex: '^(#app/(?!domain/)|\\.\\./)',
  message: 'app/domain imports only app/domain (pure rules, no I/O).',
}
// The layers below the features, as ARCHITECTURE.md draws them: auth and http above models; models above
// schemas, db and domain; each imports only what is below it. `above`: the app folders (and app/root) a
// layer may not import; `only`: the app folders (and files) that are all a layer may import.
const above = (folders, message) => ({ regex: `^#app/(${folders.join('|')})/|^#app/root$`, message })
const only = (folders, message, files = []) => ({
  regex: `^#app/(?!(${folders.join('|')})/${files.map((file) => `|${file}$`).join('')})`,
  message,
})
const MODELS_DOWN = above(
  ['features', 'ui', 'routes', 'compose', 'auth', 'http', 'mail'],
  'app/models sits below auth, http and mail: a model takes what it needs as parameters (imports never point up).',
)
const DB_DOWN = only(
  ['db', 'domain'],
  'app/db imports only app/db, app/domain and the configuration (it sits below the models).',
  ['config\\.server'],
)
const SCHEMAS_DOWN = only(
  ['schemas', 'domain'],
  'app/schemas import only app/domain (constants the models share live there).',
)
const AUTH_DOWN = above(
  ['features', 'ui', 'routes', 'compose', 'http'],
  'app/auth sits below app/http and the features: it decides who may do what, the factories answer.',
)
const HTTP_DOWN = above(
  ['features', 'ui', 'routes', 'compose'],
  'app/http serves every feature: it imports no feature, ui or route.',
)
const UI_NO_FEATURE = above(
  ['features', 'routes', 'compose'],
  'app/ui is the shared kit: it imports no feature or route.',
)
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
  { files: ['tests/integration/**', 'server/index.ts', 'scripts/db.ts'], rules: restrict(ALIAS) },
  { files: ['app/db/**'], rules: restrict(ALIAS, DB_DOWN) },
  { files: ['app/models/**'], rules: restrict(ALIAS, MODELS_DOWN) },
  { files: ['app/schemas/**'], rules: restrict(ALIAS, NO_DB, SCHEMAS_DOWN) },
  { files: ['app/auth/**'], rules: restrict(ALIAS, NO_DB, AUTH_DOWN) },
  { files: ['app/http/**'], rules: restrict(ALIAS, NO_DB, HTTP_DOWN) },
  { files: ['app/domain/**'], rules: restrict(ALIAS, NO_DB, DOMAIN_ONLY) },
  { files: ['app/ui/**'], rules: restrict(ALIAS, NO_DB, UI_NO_FEATURE) },
  {
    files: ['app/http/conform.server.ts', 'app/http/conform.server.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ALIAS, NO_DB, HTTP_DOWN, CONFORM_PROPS] }] },
  },
  // The parity test compares field-props with Conform's own helpers.
  {
    files: ['app/ui/server-fields.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ALIAS, NO_DB, UI_NO_FEATURE, RAW_PARSE] }] },
  },
]

// ── Features meet through contracts (ARCHITECTURE "Features meet through contracts") ────────────────
// A feature imports no other feature: the firm viewer gets its tabs from the FirmTab contract
// (app/http/firm-tab.server.ts, app/ui/firm-tab.ts) and the route module composes them; shared pieces go
// down to app/ui, app/domain or app/models. One entry per feature folder (the pattern names the folder).
const FEATURES = readdirSync(fileURLToPath(new globalThis.URL('./app/features', import.meta.url)), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const otherFeature = (feature) => ({
  regex: `^#app/features/(?!${feature}/)|^#app/compose/`,
  message:
    'A feature imports no other feature: features meet through a declared contract (the firm viewer: FirmTab), composed by the route module; shared pieces go down to app/ui, app/domain or app/models.',
})
// A feature reaches another only through a declared contract the route module composes (the firm viewer's
// tabs, the shell's idle watcher); shared pieces go down to app/ui, app/domain or app/models.
export const FEATURE_RULES = FEATURES.map((feature) => ({
  files: [`app/features/${feature}/**/*.{ts,tsx}`],
  rules: restrict(ALIAS, NO_DB, otherFeature(feature)),
}))

// ── One way per pattern (docs/patterns.md) ──────────────────────────────────────────────────────────
// Features and routes answer through the factories (pageRoute, apiRoute, intentAction): they throw
// DomainErrors and never build error answers, guard, sign out, read ids, intents or forms by hand.
const SEE = 'See docs/patterns.md.'
/** Each [selector, message]: the syntax refused and the one way to use instead. */
const refuse = (rows) => rows.map(([selector, message]) => ({ selector, message: `${message} ${SEE}` }))
const THROW = 'Throw a DomainError: the route factory answers it.'
const INTENT_TABLE = 'A page action is an intent table run by intentAction.'
const ONE_WAY_SYNTAX = refuse([
  ["NewExpression[callee.name='Response']", THROW],
  ['ThrowStatement > CallExpression[callee.name=/^(data|json)$/]', THROW],
  [
    "CallExpression[callee.name='data'] > ObjectExpression > Property[key.name='status'][value.value>=400]",
    'A refusal is a thrown DomainError (intentAction answers it in the one intent shape).',
  ],
  ["CallExpression[callee.name='requireUser']", 'The route factory guards with the registry pattern.'],
  ["CallExpression[callee.name='signOut']", "Refuse a page with the factory's refuse option (refusePage)."],
  [
    "CallExpression[callee.name='redirect'][arguments.0.value='/no-permission']",
    "Refuse a page with the factory's needs option (refusePage).",
  ],
  ["CallExpression[callee.property.name='safeParse']", 'Parse with parseForm, readBody or readQuery (app/http).'],
  ['CallExpression[callee.name=/^(intentOf|readFormData)$/]', INTENT_TABLE],
  ["CallExpression[callee.property.name='get'][arguments.0.value='intent']", INTENT_TABLE],
  ["CallExpression[callee.property.name='clone'][callee.object.name='request']", 'intentAction reads the form once.'],
])
// On the server; a component may still read an id of its own URL's state with the domain's parser.
const SERVER_ONE_WAY_SYNTAX = [
  ...ONE_WAY_SYNTAX,
  ...refuse([
    ["CallExpression[callee.name='parseId']", "Ids come from the factory's ids (requireId) or a schema's idField."],
  ]),
]
const ROUTE_IMPORTS = {
  regex: '^#app/(models|auth|schemas|mail)/|^#app/db/(?!schema)',
  message: 'A route module imports its feature and the route factories only (docs/patterns.md).',
}
// app/compose: the compositions of features that several route modules share (the firm viewer's tabs):
// features, the factories' contracts and the kit only; nothing below a route imports it.
const COMPOSE_RULES = [{ files: ['app/compose/**/*.{ts,tsx}'], rules: restrict(ALIAS, NO_DB, ROUTE_IMPORTS) }]
const ONE_WAY_RULES = [
  {
    files: ['app/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_WAY_SYNTAX] },
  },
  {
    files: ['app/features/**/*.server.ts', 'app/routes/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_ONE_WAY_SYNTAX] },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: restrict(ALIAS, NO_DB, ROUTE_IMPORTS),
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
  ...FEATURE_RULES,
  ...ONE_WAY_RULES,
  ...COMPOSE_RULES,
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/support/**/*.mjs'],
    languageOptions: { globals: globals.node, sourceType: 'module' },
  },
)
