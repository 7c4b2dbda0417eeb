import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { programsApi } from '#app/features/policies/programs-api.server'

/** /api/programs (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => programsApi.loader(args)
export const action = (args: ActionFunctionArgs) => programsApi.action(args)
