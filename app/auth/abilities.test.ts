import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  canDeleteMember,
  canDeletePeopleByApi,
  canDeletePerson,
  canTakeOverNotes,
  fileTypeAccess,
  type Actor,
} from './abilities'
import { accessRule } from './scopes'
import { SCOPES } from '#app/domain/scope-names'

/**
 * Rights are defined once: the registry (scopes.ts, app/domain/scope-names.ts) and the named abilities
 * (abilities.ts) are the only sources that name a scope or test one. Everything else asks an ability.
 * The seed's role grants are data, not checks, and tests name scopes to build users.
 */
const ROOT = path.resolve(__dirname, '../..')
const ALLOWED = new Set(['app/auth/abilities.ts', 'app/auth/scopes.ts', 'app/domain/scope-names.ts'])
const isData = (file: string) => file.startsWith('app/db/seed/') || /\.test\.tsx?$/.test(file)

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Comments name scopes to say why; only code counts. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')

const SCOPE_LITERAL = new RegExp(
  `(?<!className=)(['"\`])(${SCOPES.map((scope) => scope.replace(/-/g, '\\-')).join('|')})\\1`,
)
const SCOPE_TEST = /\bhasScope\s*\(|\bscopeSet\.has\s*\(|\bscopes\.(has|includes)\s*\(/

/** Every place outside the registry and the abilities that names or tests a scope, as "file:line: code". */
export function scopeChecksOutsideAbilities(files: string[], read: (file: string) => string): string[] {
  const found: string[] = []
  for (const file of files) {
    if (ALLOWED.has(file) || isData(file)) continue
    withoutComments(read(file))
      .split('\n')
      .forEach((line, index) => {
        if (SCOPE_LITERAL.test(line) || SCOPE_TEST.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`)
      })
  }
  return found
}

const actor = (scopes: string[], isAdmin = false): Actor => ({ scopeSet: new Set(scopes), isAdmin })

describe('rights are defined once (app/auth/abilities.ts)', () => {
  it('no source outside the registry and the abilities names or tests a scope', () => {
    const files = [...sources('app'), ...sources('server'), ...sources('scripts')]
    expect(files.length).toBeGreaterThan(100)
    expect(scopeChecksOutsideAbilities(files, (file) => readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([])
  })

  it('finds the checks it is meant to refuse (planted)', () => {
    const planted: Record<string, string> = {
      'app/features/x/a.server.ts': "if (hasScope(user, 'note-edit')) go()",
      'app/features/x/b.tsx': "const ok = user.scopeSet.has('firm-edit')",
      'app/routes/c.ts': 'const wanted = "member-override"',
      'app/features/x/d.tsx': '<article className="claim-view">',
      'app/features/x/e.ts': '// needs note-edit: say why in comments',
      'app/auth/abilities.ts': "export const canEditNotes = (user: Actor) => has(user, 'note-edit')",
      'app/db/seed/staff.ts': "const roles = ['firm-view']",
    }
    const found = scopeChecksOutsideAbilities(Object.keys(planted), (file) => planted[file]!)
    expect(found.map((line) => line.split(':')[0])).toEqual([
      'app/features/x/a.server.ts',
      'app/features/x/b.tsx',
      'app/routes/c.ts',
    ])
  })

  it('deleting follows each screen: People Search people-/member-override, Members tab person-/member-override', () => {
    expect(canDeletePerson(actor(['people-override']))).toBe(true)
    expect(canDeletePerson(actor(['person-override']))).toBe(false)
    expect(canDeleteMember(actor(['person-override']))).toBe(true)
    expect(canDeleteMember(actor(['people-override']))).toBe(false)
    expect(canDeleteMember(actor(['member-override']))).toBe(true)
    for (const scope of ['people-override', 'person-override', 'member-override'])
      expect(canDeletePeopleByApi(actor([scope]))).toBe(true)
    expect(canDeletePeopleByApi(actor(['person-edit']))).toBe(false)
  })

  it('the registry guards DELETE /api/people/{id} with the abilities list', () => {
    const rule = accessRule('/api/people/:id', 'DELETE')
    for (const scope of ['people-override', 'person-override', 'member-override']) {
      expect(rule && rule.kind === 'scopes' ? rule.scopes : []).toContain(scope)
    }
  })

  it('the admin group takes notes over only with note-edit; Form files need admin or firmfile-override', () => {
    expect(canTakeOverNotes(actor([], true))).toBe(false)
    expect(canTakeOverNotes(actor(['note-edit'], true))).toBe(true)
    expect(canTakeOverNotes(actor(['note-edit']))).toBe(false)
    expect(fileTypeAccess(actor(['firmfile-override']))).toEqual({ isAdmin: false, formOverride: true })
  })
})
