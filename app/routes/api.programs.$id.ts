import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { programApi } from '#app/features/policies/programs-api.server'

/** /api/programs/{id} (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => programApi.loader(args)
export const action = (args: ActionFunctionArgs) => programApi.action(args)
