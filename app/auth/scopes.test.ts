import { describe, expect, it } from 'vitest'
import { NOTE_READ_SCOPES, POLICY_READ_SCOPES } from './abilities'
import { visibleMenus } from './menu.server'
import { SCOPES } from '#app/domain/scope-names'
import { accessRule, all, any, matchRoute, registryEntry, ROUTE_REGISTRY, satisfies } from './scopes'

const held = (...scopes: string[]) => new Set(scopes)
// As if every screen of the spec were built: the menu rules themselves, independent of progress.
const everyScreenBuilt = (path: string, scopes: ReadonlySet<string>) => {
  const entry = registryEntry(path)
  return !!entry && satisfies(entry.rules.GET ?? entry.rules['*']!, scopes)
}

describe('scope registry', () => {
  it('has one entry per path and only known scopes', () => {
    const paths = ROUTE_REGISTRY.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const entry of ROUTE_REGISTRY) {
      for (const rule of Object.values(entry.rules)) {
        if (rule?.kind === 'scopes') for (const scope of rule.scopes) expect(SCOPES).toContain(scope)
      }
    }
  })

  it('holds the spec route table', () => {
    expect(accessRule('/manage/taxes', 'GET')).toEqual(all('tax-manage'))
    expect(accessRule('/reports/LossRun', 'GET')).toEqual(all('claim-view'))
    // Reads by scope (issue 10 item 6): the contact form needs the contacts list's rights.
    expect(accessRule('/editContact/:id', 'POST')).toEqual(any('contact-view', 'contact-edit'))
    expect(accessRule('/api/notes/search', 'POST')).toEqual(any('firm-view'))
    expect(accessRule('/login', 'POST')).toEqual({ kind: 'public' })
    expect(accessRule('/api/firms/:id', 'PUT')).toEqual(all('firm-edit'))
    expect(accessRule('/api/firms/:id', 'GET')).toEqual(all('firm-view'))
  })

  it('gives HEAD the rule of GET on every route (HEAD is GET without the body)', () => {
    for (const entry of ROUTE_REGISTRY) {
      if (!entry.rules.GET && !entry.rules['*']) continue
      expect(accessRule(entry.path, 'HEAD'), entry.path).toEqual(accessRule(entry.path, 'GET'))
    }
    expect(accessRule('/api/states', 'head')).toEqual({ kind: 'login' })
  })

  it('gives a read page the rule of its API: the note editor, View Policy (issue 23)', () => {
    for (const page of ['/editNoteEmail/:id', '/EditNoteEmail/:id'])
      expect(accessRule(page, 'GET'), page).toEqual(accessRule('/api/notes/:id', 'GET'))
    expect(accessRule('/editNoteEmail/:id', 'GET')).toEqual(any(...NOTE_READ_SCOPES))
    for (const path of [
      '/ViewPolicy/:id',
      '/api/policies',
      '/api/policies/:id',
      '/api/policies/:id/taxes',
      '/api/policies/fees',
      '/api/ledgers',
      '/api/ledgers/search',
      '/api/ledgers/:id',
    ])
      expect(accessRule(path, 'GET'), path).toEqual(any(...POLICY_READ_SCOPES))
    expect(POLICY_READ_SCOPES).toEqual(['firm-view', 'policy-edit'])
  })

  it('refuses routes it does not know', () => {
    expect(() => accessRule('/not/registered', 'GET')).toThrow(/missing from the scope registry/)
  })

  it('checks all or any of the scopes', () => {
    expect(satisfies(all('firm-view', 'firm-edit'), held('firm-view'))).toBe(false)
    expect(satisfies(all('firm-view', 'firm-edit'), held('firm-view', 'firm-edit'))).toBe(true)
    expect(satisfies(any('firm-view', 'firm-edit'), held('firm-edit'))).toBe(true)
    expect(satisfies(any('firm-view'), held())).toBe(false)
    expect(satisfies({ kind: 'login' }, held())).toBe(true)
  })
})

describe('menus', () => {
  it('shows each item only to holders of its scope', () => {
    const readonly = visibleMenus(held('firm-view', 'claim-view', 'contact-view', 'report-view'), everyScreenBuilt)
    expect(readonly.menus.map((group) => group.label)).toEqual(['REPORTS', 'SEARCH'])
    expect(readonly.menus[0].items.map((item) => item.label)).toEqual(['Aggregate Reports', 'Renewal', 'Loss Run'])
    expect(readonly.menus[1].items.map((item) => item.label)).toEqual(['Claims', 'Contacts', 'Firms/Jobs', 'People'])
    expect(readonly.jobs).toBe(true)
    expect(readonly.manage).toEqual([])
  })

  it('gives an administrator every menu', () => {
    const admin = visibleMenus(new Set(SCOPES), everyScreenBuilt)
    expect(admin.menus.map((group) => group.label)).toEqual(['ADMIN', 'REPORTS', 'SEARCH'])
    expect(admin.menus[0].items).toHaveLength(5)
    expect(admin.manage.map((item) => item.label)).toEqual([
      'MGA Rates',
      'MGA Billing Entities',
      'Producer Rates',
      'Roles',
      'State Rates',
    ])
  })

  it('hides a user without firm-view the jobs shortcut', () => {
    expect(visibleMenus(held('claim-view'), everyScreenBuilt).jobs).toBe(false)
  })

  it('offers only the screens this build has', () => {
    const built = visibleMenus(new Set(SCOPES))
    for (const item of [...built.menus.flatMap((group) => group.items), ...built.manage]) {
      expect(registryEntry(item.path)?.built).toBe(true)
    }
  })
})

describe('matchRoute', () => {
  it('finds the entry of a concrete path, static segments first', () => {
    expect(matchRoute('/manage/taxes')?.path).toBe('/manage/taxes')
    expect(matchRoute('/editFirm/42')?.path).toBe('/editFirm/:id')
    expect(matchRoute('/viewFirmNoNote/42/Members')?.path).toBe('/viewFirmNoNote/:id/:tablesProp')
    expect(matchRoute('/api/firms/search')?.path).toBe('/api/firms/search')
    expect(matchRoute('/api/firms/12')?.path).toBe('/api/firms/:id')
    expect(matchRoute('/nothing/here')).toBeUndefined()
  })
})
