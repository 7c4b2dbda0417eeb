import { getDb } from '#app/db/client.server'
import { PRODUCER_MESSAGES, producerSavedMessage } from '#app/domain/billing'
import { renewalOf } from '#app/domain/placement'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  createProducerRate,
  deleteProducerRate,
  getProducerRate,
  producerChoices,
  producerRateHistory,
  producerRateRows,
  updateProducerRate,
} from '#app/models/producer-rate.server'
import {
  producerRatesParamsSchema,
  rateCreateFormSchema,
  rateDeleteFormSchema,
  rateUpdateFormSchema,
} from '#app/schemas/producer-rates'
import { hrefWithParams } from '#app/ui/use-href-with'

/**
 * /manage/producerCommissions (spec 1 §2.11): every rate (the default first), the producers for the
 * create form, and what the URL opens: a rate in edit mode (`edit`), the delete confirmation
 * (`delete`), a rate's history (`history`), so each works without JavaScript.
 */
export async function loadProducerRates({ url }: PageContext) {
  const params = producerRatesParamsSchema.parse(Object.fromEntries(url.searchParams))
  const db = getDb()
  const [rows, producers, confirm, history] = await Promise.all([
    producerRateRows(db),
    producerChoices(db),
    params.delete ? getProducerRate(db, params.delete) : null,
    params.history ? producerRateHistory(db, params.history) : null,
  ])
  return {
    rows,
    producers,
    editing: params.edit ?? null,
    confirm,
    history: params.history && history ? { id: params.history, entries: history } : null,
  }
}
export type ProducerRatesData = Awaited<ReturnType<typeof loadProducerRates>>

function backTo(url: URL): string {
  return hrefWithParams(url.pathname, url.searchParams, { edit: null, delete: null, history: null })
}

const done = (url: URL, message: string) => redirectWithFlash(backTo(url), { message, kind: 'success' })

/**
 * The page's forms: create (producer, placement, rate as a percent), a rate's Save in edit mode (the
 * producer fixed; the default rate's commission only; its version read), and the confirmed Delete.
 */
export const producerRatesIntents = {
  'rate-create': intent({
    schema: rateCreateFormSchema,
    handle: async ({ value, user, url }) => {
      await createProducerRate(
        getDb(),
        { list_id: value.list_id, commission: value.commission, renewal: renewalOf(value.placement) },
        user.id,
      )
      return done(url, PRODUCER_MESSAGES.created)
    },
  }),
  'rate-update': intent({
    schema: rateUpdateFormSchema,
    handle: async ({ value, user, url }) => {
      const saved = await updateProducerRate(
        getDb(),
        value.id,
        {
          commission: value.commission,
          renewal: value.placement === undefined ? undefined : renewalOf(value.placement),
          version: value.version,
        },
        user.id,
      )
      return done(url, producerSavedMessage(saved.list_id === null))
    },
  }),
  'rate-delete': intent({
    schema: rateDeleteFormSchema,
    handle: async ({ value, user, url }) => {
      await deleteProducerRate(getDb(), value.id, user.id, value.version)
      return done(url, PRODUCER_MESSAGES.deleted)
    },
  }),
}
