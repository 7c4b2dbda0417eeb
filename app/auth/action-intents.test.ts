import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import * as abilities from './abilities'
import { ACTION_ROUTES, holdsAbilities } from './action-intents'
import { registryEntry } from './scopes'

const ROOT = path.resolve(__dirname, '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
function pageRouteFilesWithActions(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) return walk(file)
      return /\.tsx?$/.test(entry.name) ? [file] : []
    })
  return walk('app/routes').filter(
    // API routes (apiRoute: /api/…, /healthz, /readyz) answer methods, not intents.
    (file) => !read(file).includes('apiRoute(') && /export (async function|const) action\b/.test(read(file)),
  )
}

describe('action intents (app/auth/action-intents.ts)', () => {
  it('lists every page route with an action, under its registry pattern', () => {
    const listed = new Set(ACTION_ROUTES.map((route) => route.route))
    const problems: string[] = []
    for (const file of pageRouteFilesWithActions()) {
      const code = read(file)
      // The pattern the route guards with, else its flat file name (login.tsx is /login).
      const pattern =
        /(?:const ROUTE = |Route\(|requireUser\(request, )'([^']+)'/.exec(code)?.[1] ??
        `/${path.basename(file).replace(/\.tsx?$/, '')}`
      if (!pattern) problems.push(`${file}: no route pattern found`)
      else if (!listed.has(pattern)) problems.push(`${file}: ${pattern} is not in ACTION_ROUTES`)
    }
    for (const route of ACTION_ROUTES)
      if (!registryEntry(route.route)) problems.push(`${route.route} is not in the registry`)
    expect(problems).toEqual([])
  })

  it('names only abilities that exist, and reads them', () => {
    for (const route of ACTION_ROUTES)
      for (const { needs } of route.intents) for (const name of needs) expect(typeof abilities[name]).toBe('function')
    const writer = { scopeSet: new Set(['note-edit', 'email-send']), isAdmin: false }
    expect(holdsAbilities(writer, ['canEditNotes', 'canSendEmail'])).toBe(true)
    expect(holdsAbilities(writer, ['canEditNotes', 'canDeleteNotes'])).toBe(false)
  })
})
