import { getDb } from '#app/db/client.server'
import { BILLING_MESSAGES, billingPageSize } from '#app/domain/billing'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  createMgaBilling,
  deleteMgaBilling,
  getMgaBilling,
  mgaBillingHistory,
  mgaBillingPage,
  mgaChoices,
  updateMgaBilling,
} from '#app/models/mga-billing.server'
import {
  mgaBillingParamsSchema,
  mgaCreateFormSchema,
  mgaDeleteFormSchema,
  mgaUpdateFormSchema,
} from '#app/schemas/billing'
import { hrefWithParams } from '#app/ui/use-href-with'

function readParams(url: URL) {
  return mgaBillingParamsSchema.parse(Object.fromEntries(url.searchParams))
}

/**
 * /manage/mgaBilling (spec 1 §2.10): one page of the table (50, 100, 150 or all: a page of 1000), the
 * MGA contacts for the pickers, and what the URL opens: a row in edit mode (`edit`), the delete
 * confirmation (`delete`), a row's history (`history`), so each works without JavaScript.
 */
export async function loadMgaBilling({ url }: PageContext) {
  const params = readParams(url)
  const db = getDb()
  const [page, choices, confirm, history] = await Promise.all([
    mgaBillingPage(db, {
      page: params.page,
      size: billingPageSize(params.size),
      sort: params.sort,
      desc: params.desc === '1',
    }),
    mgaChoices(db),
    params.delete ? getMgaBilling(db, params.delete) : null,
    params.history ? mgaBillingHistory(db, params.history) : null,
  ])
  return {
    rows: page.rows,
    paging: { page: page.page, perPage: billingPageSize(params.size), count: page.total },
    sort: { by: params.sort, desc: params.desc === '1' },
    editing: params.edit ?? null,
    choices,
    confirm,
    history: params.history && history ? { id: params.history, entries: history } : null,
  }
}
export type MgaBillingData = Awaited<ReturnType<typeof loadMgaBilling>>

/** The table as it was (page, size, sort), without the row in edit mode or a panel. */
function backTo(url: URL): string {
  return hrefWithParams(url.pathname, url.searchParams, { edit: null, delete: null, history: null })
}

const done = (url: URL) => redirectWithFlash(backTo(url), { message: BILLING_MESSAGES.updated, kind: 'success' })

/**
 * The page's forms: create (MGA and Billing MGA), a row's Save in edit mode (its version read: a lost
 * race is refused with the current row), and the confirmed Delete. Each answers 'MGA successfully
 * updated.' (spec 1 §8) on the table as it was; a refusal re-renders the form with the spec's messages.
 */
export const mgaBillingIntents = {
  'mga-create': intent({
    schema: mgaCreateFormSchema,
    handle: async ({ value, user, url }) => {
      await createMgaBilling(getDb(), value, user.id)
      return done(url)
    },
  }),
  'mga-update': intent({
    schema: mgaUpdateFormSchema,
    handle: async ({ value, user, url }) => {
      await updateMgaBilling(getDb(), value.id, { billing_mga: value.billing_mga, version: value.version }, user.id)
      return done(url)
    },
  }),
  'mga-delete': intent({
    schema: mgaDeleteFormSchema,
    handle: async ({ value, user, url }) => {
      await deleteMgaBilling(getDb(), value.id, user.id, value.version)
      return done(url)
    },
  }),
}
