import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyCommissionsApi } from '#app/features/policies/policies-api.server'

/** /api/policies/{id}/commissions (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyCommissionsApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyCommissionsApi.action(args)
