/**
 * `npm install` works on any developer machine (issue 11, item 7): package.json names no package built
 * for one platform (npm refuses it elsewhere with EBADPLATFORM), and every optional dependency the
 * lock file's packages declare is recorded in it (a platform binary missing from the lock file is not
 * installed on that platform, e.g. rollup's macOS build, and the build fails there).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

interface LockEntry {
  os?: string[]
  cpu?: string[]
  optional?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
interface Lock {
  packages: Record<string, LockEntry>
}
interface Manifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const root = path.resolve(import.meta.dirname, '..')
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T

/** Where Node would find `name` from the package installed at `from`: nested folders first, then up. */
function resolveInLock(lock: Lock, from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (dir === '') return undefined
    const at = dir.lastIndexOf('/node_modules/')
    dir = at < 0 ? '' : dir.slice(0, at)
  }
}

/** Direct dependencies of package.json that are built for some platforms only. */
export function platformDirectDependencies(manifest: Manifest, lock: Lock): string[] {
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies })
  return names.filter((name) => {
    const entry = lock.packages[`node_modules/${name}`]
    return Boolean(entry && (entry.os || entry.cpu))
  })
}

/** `package -> optional dependency` for every optional dependency the lock file does not record. */
export function missingOptionalPackages(lock: Lock): string[] {
  const missing = new Set<string>()
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!location) continue
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(lock, location, name)) missing.add(`${location.replace(/^.*node_modules\//, '')} -> ${name}`)
    }
  }
  return [...missing].sort()
}

describe('install portability', () => {
  const manifest = read<Manifest>('package.json')
  const lock = read<Lock>('package-lock.json')

  it('package.json names no platform-specific package', () => {
    expect(platformDirectDependencies(manifest, lock)).toEqual([])
  })

  it('the lock file records every platform binary its packages may need', () => {
    expect(missingOptionalPackages(lock)).toEqual([])
  })

  it('finds what the checks look for', () => {
    const sample: Lock = {
      packages: {
        '': {},
        'node_modules/rollup': {
          optionalDependencies: { '@rollup/rollup-darwin-arm64': '4', '@rollup/rollup-linux-x64-gnu': '4' },
        },
        'node_modules/@rollup/rollup-linux-x64-gnu': { os: ['linux'], cpu: ['x64'], optional: true },
        'node_modules/vite/node_modules/esbuild': { optionalDependencies: { '@esbuild/linux-x64': '0' } },
        'node_modules/@esbuild/linux-x64': { os: ['linux'], cpu: ['x64'], optional: true },
      },
    }
    expect(missingOptionalPackages(sample)).toEqual(['rollup -> @rollup/rollup-darwin-arm64'])
    expect(
      platformDirectDependencies({ dependencies: { '@rollup/rollup-linux-x64-gnu': '4', rollup: '4' } }, sample),
    ).toEqual(['@rollup/rollup-linux-x64-gnu'])
  })
})
