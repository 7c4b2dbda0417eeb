import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ledgersApi } from '#app/features/policies/ledgers-api.server'

/** /api/ledgers (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => ledgersApi.loader(args)
export const action = (args: ActionFunctionArgs) => ledgersApi.action(args)
