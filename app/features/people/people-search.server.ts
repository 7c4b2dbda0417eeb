import { canCreatePerson, canDeletePerson, canOpenPerson } from '#app/auth/abilities'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { PEOPLE_MESSAGES, PEOPLE_PAGE_SIZE } from '#app/domain/people-search'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { intentError, intentOf } from '#app/http/intent.server'
import { hrefWithParams } from '#app/ui/use-href-with'
import { createPerson, deletePerson, getPerson, searchPeoplePage, type PeoplePage } from '#app/models/person.server'
import { fileIdSchema } from '#app/schemas/files'
import { peopleSearchParamsSchema } from '#app/schemas/people'

function readParams(url: URL) {
  const raw: Record<string, string> = {}
  for (const key of url.searchParams.keys()) raw[key] = url.searchParams.get(key) ?? ''
  return peopleSearchParamsSchema.parse(raw)
}

/** /search/people/peopleSearch (spec 2 §2.6): the search, one page of people, the delete confirmation. */
export async function loadPeopleSearch(request: Request, user: CurrentUser) {
  const params = readParams(new URL(request.url))
  const term = params.q?.trim() ?? ''
  const can = { create: canCreatePerson(user), delete: canDeletePerson(user), open: canOpenPerson(user) }
  let page: PeoplePage | null = null
  let message: { kind: 'hint' | 'warning' | 'error'; text: string } | null = null
  if (!term) message = { kind: 'hint', text: PEOPLE_MESSAGES.hint }
  else {
    try {
      page = await searchPeoplePage(getDb(), {
        term,
        searchType: params.type,
        page: params.page ?? 1,
        perPage: PEOPLE_PAGE_SIZE,
        sortBy: params.sort,
        sortDesc: params.desc === '1',
      })
      if (page.count === 0) message = { kind: 'warning', text: PEOPLE_MESSAGES.noResults }
      else if (page.overLimit) message = { kind: 'warning', text: PEOPLE_MESSAGES.overLimit }
    } catch (error) {
      console.error('[people] search failed', error)
      message = { kind: 'error', text: PEOPLE_MESSAGES.searchFailed }
    }
  }
  // The delete confirmation is addressed by ?deletePerson=, so it works without JavaScript.
  const target = can.delete && params.deletePerson ? await getPerson(getDb(), params.deletePerson) : null
  return {
    form: { q: params.q ?? '', type: params.type ?? 'all' },
    paging: { page: params.page ?? 1, by: params.sort ?? 'surname', desc: params.desc === '1' },
    page,
    message,
    can,
    confirm: target ? { plid: target.plid, name: target.name || target.surname } : null,
  }
}

/** The search URL to return to: the same search without the confirmation panel. */
function backTo(request: Request): string {
  const url = new URL(request.url)
  return hrefWithParams(url.pathname, url.searchParams, { deletePerson: null, index: null })
}

/** Intents create (a blank person, then Edit Person) and delete (after the confirmation). */
export async function peopleSearchAction(request: Request, user: CurrentUser) {
  const form = await readFormData(request)
  const intent = intentOf(form)
  const db = getDb()
  if (intent === 'create') {
    if (!canCreatePerson(user)) return intentError(intent, 403, 'You do not have permission to create people.')
    const person = await createPerson(db, {}, user.id).catch((error: unknown) => {
      console.error('[people] create failed', error)
      return null
    })
    if (!person) return intentError(intent, 400, PEOPLE_MESSAGES.createFailed)
    return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New person created.', kind: 'success' })
  }
  if (intent === 'delete') {
    if (!canDeletePerson(user)) return intentError(intent, 403, 'You do not have permission to delete people.')
    const plid = fileIdSchema.safeParse(form.get('plid'))
    const deleted = plid.success ? await deletePerson(db, plid.data, user.id).catch(() => false) : false
    if (!deleted) return intentError(intent, 400, PEOPLE_MESSAGES.deleteFailed)
    return redirectWithFlash(backTo(request), { message: PEOPLE_MESSAGES.deleted, kind: 'success' })
  }
  return intentError(intent, 400, 'Unknown action.')
}
