import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policyFilesApi } from '#app/features/policies/group-files-api.server'

/** /api/policies/{id}/files (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policyFilesApi.loader(args)
export const action = (args: ActionFunctionArgs) => policyFilesApi.action(args)
