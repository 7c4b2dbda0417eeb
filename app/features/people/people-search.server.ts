import { canCreatePerson, canDeletePerson, canOpenPerson } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import { PEOPLE_MESSAGES, PEOPLE_PAGE_SIZE } from '#app/domain/people-search'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { hrefWithParams } from '#app/ui/use-href-with'
import { createPerson, deletePerson, getPerson, searchPeoplePage, type PeoplePage } from '#app/models/person.server'
import { peopleSearchParamsSchema, personDeleteFormSchema } from '#app/schemas/people'

function readParams(url: URL) {
  const raw: Record<string, string> = {}
  for (const key of url.searchParams.keys()) raw[key] = url.searchParams.get(key) ?? ''
  return peopleSearchParamsSchema.parse(raw)
}

/** /search/people/peopleSearch (spec 2 §2.6): the search, one page of people, the delete confirmation. */
export async function loadPeopleSearch({ user, url }: PageContext) {
  const params = readParams(url)
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
function backTo(url: URL): string {
  return hrefWithParams(url.pathname, url.searchParams, { deletePerson: null, index: null })
}

/**
 * The page's forms: create (people-edit: a blank person, then Edit Person) and delete (member- or
 * people-override, after the confirmation). A create or delete that fails says so with the spec's
 * message (400), as before the intent table.
 */
export const peopleSearchIntents = {
  create: intent({
    handle: async ({ user }) => {
      const person = await createPerson(getDb(), {}, user.id).catch((error: unknown) => {
        console.error('[people] create failed', error)
        return null
      })
      if (!person) throw new InvalidError(PEOPLE_MESSAGES.createFailed)
      return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New person created.', kind: 'success' })
    },
  }),
  delete: intent({
    schema: personDeleteFormSchema,
    handle: async ({ value, user, url }) => {
      const deleted = await deletePerson(getDb(), value.plid, user.id).catch(() => false)
      if (!deleted) throw new InvalidError(PEOPLE_MESSAGES.deleteFailed)
      return redirectWithFlash(backTo(url), { message: PEOPLE_MESSAGES.deleted, kind: 'success' })
    },
  }),
}
