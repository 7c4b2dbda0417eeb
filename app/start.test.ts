import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceHash } from '../scripts/start.mjs'

describe('npm start builds only when the sources changed', () => {
  it('hashes the sources: the same tree gives the same hash, a changed or added file another', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-hash-'))
    fs.mkdirSync(path.join(root, 'app'))
    fs.mkdirSync(path.join(root, 'server'))
    fs.writeFileSync(path.join(root, 'app/a.ts'), 'one')
    fs.writeFileSync(path.join(root, 'server/index.ts'), 'two')
    const first = sourceHash(root)
    expect(sourceHash(root)).toBe(first)
    fs.writeFileSync(path.join(root, 'server/index.ts'), 'changed')
    const second = sourceHash(root)
    expect(second).not.toBe(first)
    fs.writeFileSync(path.join(root, 'public.txt'), 'not a source')
    expect(sourceHash(root)).toBe(second)
    fs.writeFileSync(path.join(root, 'app/b.ts'), 'added')
    expect(sourceHash(root)).not.toBe(second)
    fs.rmSync(root, { recursive: true, force: true })
  })
})
