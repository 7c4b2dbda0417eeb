import { Button, Group, Paper, Stack, TextInput, Title } from '#app/ui/core'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useRouteError } from '@remix-run/react'
import { canEditClaim } from '#app/auth/abilities'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { parseId } from '#app/domain/ids'
import { NotFoundError } from '#app/domain/errors'
import { readFormData } from '#app/http/form.server'
import { pageErrorFrom } from '#app/http/errors.server'
import { createClaim } from '#app/models/claim.server'
import { claimCreateSchema } from '#app/schemas/claims'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/claims/editClaim'

export const meta: MetaFunction = () => [{ title: 'Edit Claim · mga-desk' }]

/** The claim edit entry (spec 3 §2): a claim id opens its editor. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const clid = parseId(new URL(request.url).searchParams.get('clid'))
  if (clid) throw redirect(`/editClaim/${clid}`)
  return null
}

/** Create from a firm's Claims tab: a new claim for the firm (claim-edit), opened in its editor. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  if (!canEditClaim(user)) throw new Response('You do not have permission to view this page', { status: 403 })
  const parsed = claimCreateSchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) throw Response.json({ message: parsed.error.issues[0]?.message ?? 'fid is required' }, { status: 400 })
  try {
    const claim = await createClaim(getDb(), parsed.data.fid, user.id)
    return redirect(`/editClaim/${claim.clid}`)
  } catch (error) {
    if (error instanceof NotFoundError) pageErrorFrom(error)
    throw error
  }
}

export default function EditClaimEntry() {
  return (
    <Stack p="md" maw={420}>
      <Title order={1} size="h3">
        Edit Claim
      </Title>
      <Paper withBorder p="sm">
        <Form method="get">
          <Group align="flex-end" gap="xs">
            <TextInput name="clid" label="Claim ID" inputMode="numeric" pattern="[1-9][0-9]{0,9}" required />
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
