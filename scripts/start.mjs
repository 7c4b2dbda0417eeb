/**
 * `npm start`: builds the app only when its sources changed since the last build, then runs the
 * server from its bundle with plain Node. Plain JavaScript on purpose: a restart on an unchanged build
 * starts no TypeScript loader at all (tsx took 2–3 s of a restart before the server even began).
 *
 * The hash of app/, server/, public/ and the build's configuration and lock files is kept in the
 * build folder (BUILD_DIR, default `build`) as `.source-hash`; `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const SOURCES = [
  'app',
  'server',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'postcss.config.cjs',
]

/** One hash over every source file's path and content, in a stable order. */
export function sourceHash(root) {
  const hash = createHash('sha256')
  const visit = (relative) => {
    const full = path.join(root, relative)
    if (!fs.existsSync(full)) return
    const stat = fs.statSync(full)
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(relative, name))
    } else {
      hash.update(`${relative}\0`)
      hash.update(fs.readFileSync(full))
      hash.update('\0')
    }
  }
  for (const source of SOURCES) visit(source)
  return hash.digest('hex')
}

/** Builds when needed; answers the server bundle to run. */
export function ensureBuild(root, { force = false } = {}) {
  const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build')
  const stamp = path.join(buildDir, '.source-hash')
  const entry = path.join(buildDir, 'server.mjs')
  const current = sourceHash(root)
  const built =
    fs.existsSync(path.join(buildDir, 'server/index.js')) && fs.existsSync(entry) && fs.existsSync(stamp)
      ? fs.readFileSync(stamp, 'utf8').trim()
      : null
  if (built === current && !force) {
    console.log(`Build is up to date (${path.relative(root, buildDir) || '.'}).`)
    return entry
  }
  console.log(built ? 'Sources changed since the last build: building…' : 'Building…')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  fs.writeFileSync(stamp, `${current}\n`)
  return entry
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const entry = ensureBuild(process.cwd(), { force: process.argv.includes('--force') })
  await import(pathToFileURL(entry).href)
}
