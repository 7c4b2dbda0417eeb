import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { passwordApi } from '#app/auth/password-api.server'

// PUT /api/users/{id}/password: app/auth/password-api.server.ts
export const loader = (args: LoaderFunctionArgs) => passwordApi.loader(args)
export const action = (args: ActionFunctionArgs) => passwordApi.action(args)
