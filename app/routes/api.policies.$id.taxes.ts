import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyTaxesApi } from '#app/features/taxes/taxes-api.server'

/** GET /api/policies/{id}/taxes (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyTaxesApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyTaxesApi.action(args)
