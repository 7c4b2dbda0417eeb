/**
 * Imported first by the server: the built app runs with NODE_ENV=production so React, Remix and
 * express load their production code (React's development build renders several times slower).
 * `--dev` (the Vite dev server) keeps development mode.
 */
process.env.NODE_ENV = process.argv.includes('--dev') ? 'development' : 'production'
