import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyApi } from '#app/features/policies/policies-api.server'

/** /api/policies/{id} (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyApi.action(args)
