import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyGroupTextApi } from '#app/features/policies/group-files-api.server'

/** /api/policies/group/{grpnum} (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyGroupTextApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyGroupTextApi.action(args)
