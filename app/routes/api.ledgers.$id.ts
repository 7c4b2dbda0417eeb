import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ledgerApi } from '#app/features/policies/ledgers-api.server'

/** /api/ledgers/{id} (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => ledgerApi.loader(args)
export const action = (args: ActionFunctionArgs) => ledgerApi.action(args)
