import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { policiesApi } from '#app/features/policies/policies-api.server'

/** /api/policies (spec 3 §7). */
export const loader = (args: LoaderFunctionArgs) => policiesApi.loader(args)
export const action = (args: ActionFunctionArgs) => policiesApi.action(args)
