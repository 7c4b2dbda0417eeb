/**
 * `npm start`'s build step: builds the app only when its sources changed since the last build. The
 * hash of app/, public/ and the build's configuration and lock files is kept in the build folder
 * (BUILD_DIR, default `build`) as `.source-hash`; `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'postcss.config.cjs']

/** One hash over every source file's path and content, in a stable order. */
export function sourceHash(root: string): string {
  const hash = createHash('sha256')
  const visit = (relative: string) => {
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

function main() {
  const root = process.cwd()
  const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build')
  const stamp = path.join(buildDir, '.source-hash')
  const current = sourceHash(root)
  const built = fs.existsSync(path.join(buildDir, 'server/index.js')) && fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null
  if (built === current && !process.argv.includes('--force')) {
    console.log(`Build is up to date (${path.relative(root, buildDir) || '.'}).`)
    return
  }
  console.log(built ? 'Sources changed since the last build: building…' : 'Building…')
  const result = spawnSync(path.join(root, 'node_modules/.bin/remix'), ['vite:build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  fs.writeFileSync(stamp, `${current}\n`)
}

main()
