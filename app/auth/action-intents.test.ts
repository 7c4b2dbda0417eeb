import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import * as abilities from './abilities'
import { ACTION_ROUTES, holdsAbilities } from './action-intents'
import { registryEntry } from './scopes'

const ROOT = path.resolve(__dirname, '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')

/**
 * The intent values a source dispatches on: `intent === 'x'`, `intent !== 'x'`, `case 'x':` (in a
 * switch over the intent), `form.get('intent') === 'x'`, a default (`form.get('intent') ?? 'x'`), and
 * prefixes (`intent.startsWith('x')`), which are either a family (`detach:`) or a hand-off to another
 * listed source (`note-`).
 */
export function intentsIn(code: string): { exact: Set<string>; prefixes: Set<string> } {
  const source = withoutComments(code)
  const exact = new Set<string>()
  const prefixes = new Set<string>()
  for (const [, value] of source.matchAll(/\bintent\s*[!=]==\s*'([^']+)'/g)) exact.add(value!)
  for (const [, value] of source.matchAll(/get\('intent'\)\s*(?:\?\?\s*'[^']*'\s*\)?\s*)?[!=]==\s*'([^']+)'/g))
    exact.add(value!)
  for (const [, value] of source.matchAll(/get\('intent'\)\s*\?\?\s*'([^']+)'/g)) exact.add(value!)
  for (const [, , value] of source.matchAll(/(\bintent\.startsWith|intent'\) \?\? ''\)\.startsWith)\('([^']+)'\)/g))
    prefixes.add(value!)
  // `case 'x':` inside a switch over the intent (its block, braces matched).
  for (const start of source.matchAll(/switch \(intent\) \{/g)) {
    let depth = 0
    let end = start.index!
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++
      else if (source[end] === '}' && --depth === 0) break
    }
    for (const [, value] of source.slice(start.index, end).matchAll(/case '([^']+)':/g)) exact.add(value!)
  }
  return { exact, prefixes }
}

function pageRouteFilesWithActions(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) return walk(file)
      return /\.tsx?$/.test(entry.name) ? [file] : []
    })
  return walk('app/routes').filter(
    (file) => !path.basename(file).startsWith('api.') && /export (async function|const) action\b/.test(read(file)),
  )
}

describe('action intents (app/auth/action-intents.ts)', () => {
  it('lists every intent each action source dispatches on, and nothing the sources lack', () => {
    const problems: string[] = []
    const allSources = [...new Set(ACTION_ROUTES.flatMap((route) => route.sources ?? []))]
    for (const file of allSources) {
      const found = intentsIn(read(file))
      const listed = new Set(
        ACTION_ROUTES.filter((route) => route.sources?.includes(file)).flatMap((route) =>
          route.intents.map((intent) => intent.intent),
        ),
      )
      for (const intent of found.exact)
        if (!listed.has(intent)) problems.push(`${file} handles '${intent}', not listed`)
      for (const prefix of found.prefixes) {
        if (![...listed].some((intent) => intent.startsWith(prefix)))
          problems.push(`${file} handles the prefix '${prefix}', no listed intent has it`)
      }
    }
    for (const route of ACTION_ROUTES) {
      if (!route.sources) continue
      const found = route.sources.map((file) => intentsIn(read(file)))
      for (const { intent } of route.intents) {
        if (intent === '') continue
        const exact = found.some((f) => f.exact.has(intent))
        const family = intent.endsWith(':') && found.some((f) => f.prefixes.has(intent))
        if (!exact && !family) problems.push(`${route.route}: '${intent}' is listed but no source of it handles it`)
      }
    }
    expect(problems).toEqual([])
  })

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

  it('finds intents in the shapes the sources use (planted)', () => {
    const planted = `
      if (intent === 'a') x()
      if (form.get('intent') === 'b') y()
      const intent = String(form.get('intent') ?? 'c')
      if (intent.startsWith('d:')) z()
      switch (intent) {
        case 'e': {
        }
      }
      // intent === 'not-in-a-comment'
    `
    const found = intentsIn(planted)
    expect([...found.exact].sort()).toEqual(['a', 'b', 'c', 'e'])
    expect([...found.prefixes]).toEqual(['d:'])
  })
})
