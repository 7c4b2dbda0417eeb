import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyGroupCopyApi } from '#app/features/policies/group-files-api.server'

/** /api/policies/{id}/group (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyGroupCopyApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyGroupCopyApi.action(args)
