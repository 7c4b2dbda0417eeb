import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyFeesApi } from '#app/features/policies/group-files-api.server'

/** /api/policies/fees (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyFeesApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyFeesApi.action(args)
