/**
 * The server as one ES module (`BUILD_DIR/server.mjs`, default build/server.mjs): server/index.ts and
 * the app modules it imports, compiled by esbuild (Vite's own); packages stay imports of node_modules.
 * `npm start` runs it with plain Node, so a restart loads no TypeScript.
 */
import path from 'node:path'
import { build } from 'esbuild'

const outfile = path.resolve(process.env.BUILD_DIR || 'build', 'server.mjs')
await build({
  entryPoints: ['server/index.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
console.log(`server bundle: ${path.relative(process.cwd(), outfile)}`)
