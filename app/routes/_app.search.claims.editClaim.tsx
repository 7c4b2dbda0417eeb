import { Button, Group, Paper, Stack, Title } from '#app/ui/core'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '#app/http/conform.server'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useRouteError } from '@remix-run/react'
import { canEditClaim } from '#app/auth/abilities'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { readFormData } from '#app/http/form.server'
import { pageErrorFrom } from '#app/http/errors.server'
import { createClaim } from '#app/models/claim.server'
import { claimCreateSchema, claimOpenFormSchema } from '#app/schemas/claims'
import { constraints as claimOpenConstraints } from '#app/domain/form-constraints/claim-open'
import { TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/claims/editClaim'

export const meta: MetaFunction = () => [{ title: 'Edit Claim · mga-desk' }]

/**
 * The claim edit entry (spec 3 §2): a claim id opens its editor; anything else comes back marked at
 * the field (Conform's reply), with what was typed kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const query = new URL(request.url).searchParams
  if (!query.has('clid')) return { clid: '', result: null }
  const submission = parseForm(query, { schema: claimOpenFormSchema })
  if (submission.status === 'success') throw redirect(`/editClaim/${submission.value.clid}`)
  return data({ clid: String(query.get('clid')).slice(0, 20), result: submission.reply() }, { status: 400 })
}

/** Create from a firm's Claims tab: a new claim for the firm (claim-edit), opened in its editor. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  if (!canEditClaim(user)) throw new Response('You do not have permission to view this page', { status: 403 })
  const parsed = claimCreateSchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success)
    throw Response.json({ message: parsed.error.issues[0]?.message ?? 'fid is required' }, { status: 400 })
  try {
    const claim = await createClaim(getDb(), parsed.data.fid, user.id)
    return redirect(`/editClaim/${claim.clid}`)
  } catch (error) {
    if (error instanceof NotFoundError) pageErrorFrom(error)
    throw error
  }
}

export default function EditClaimEntry() {
  const { clid, result } = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm<{ clid: string }>(formIdFor('claim-open', { clid }), claimOpenConstraints, {
    lastResult: result,
    defaultValue: { clid },
  })
  return (
    <Stack p="md" maw={420}>
      <Title order={1} size="h3">
        Edit Claim
      </Title>
      <Paper withBorder p="sm">
        <Form method="get" {...getFormProps(form)}>
          <Group align="flex-end" gap="xs">
            <TextField field={fields.clid} label="Claim ID" inputMode="numeric" pattern="[1-9][0-9]{0,9}" />
            <Button type="submit">Open</Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
