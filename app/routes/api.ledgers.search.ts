import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ledgerSearchApi } from '#app/features/policies/ledgers-api.server'

/** /api/ledgers/search (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => ledgerSearchApi.loader(args)
export const action = (args: ActionFunctionArgs) => ledgerSearchApi.action(args)
