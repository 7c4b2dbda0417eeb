import { parseWithZod } from '@conform-to/zod/v4'
import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { redirectWithFlash } from '#app/http/flash.server'
import { PersonForm, type EditablePerson } from '#app/features/people/person-form'
import { getDb } from '#app/db/client.server'
import { hideSsn } from '#app/domain/masks'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { loadPicklists } from '#app/models/list.server'
import { getPerson, updatePerson, type PersonEntity } from '#app/models/person.server'
import { readFormData } from '#app/http/form.server'
import { PERSON_SAVED, personFormSchema } from '#app/schemas/person'

const ROUTE = '/editPerson/:id'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.person.name || 'Person'} · mga-desk` }]

function personId(param: string | undefined): number {
  const plid = Number(param)
  if (!Number.isInteger(plid) || plid <= 0 || plid >= 2 ** 31) throw data({ message: 'No such person.' }, { status: 404 })
  return plid
}

/** Without person-edit the SSN never leaves the server unmasked. */
function shape(person: PersonEntity, canEdit: boolean): EditablePerson {
  return { ...person, ssn: canEdit ? person.ssn : hideSsn(person.ssn) || null }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const db = getDb()
  const [person, picklists] = await Promise.all([getPerson(db, personId(params.id)), loadPicklists(db, ['role'] as const)])
  if (!person) throw data({ message: 'No such person.' }, { status: 404 })
  const canEdit = hasScope(user, 'person-edit')
  return { person: shape(person, canEdit), roles: picklists.role, canEdit }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const plid = personId(params.id)
  if (!hasScope(user, 'person-edit')) throw data({ message: 'You do not have permission to edit people.' }, { status: 403 })
  const submission = parseWithZod(await readFormData(request), { schema: personFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), current: null as EditablePerson | null, conflict: null }, { status: 400 })
  const { version, ...changes } = submission.value
  try {
    await updatePerson(getDb(), plid, version, changes, user.id)
  } catch (error) {
    if (error instanceof ConflictError) return data({ result: submission.reply(), current: shape(error.current as PersonEntity, true), conflict: error.message }, { status: 409 })
    if (error instanceof NotFoundError) throw data({ message: 'No such person.' }, { status: 404 })
    throw error
  }
  return redirectWithFlash(`/editPerson/${plid}`, { message: PERSON_SAVED, kind: 'success' })
}

export default function EditPersonPage() {
  const { person, roles, canEdit } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const shown = actionData?.current ?? person
  return (
    <Stack gap="sm" p="md" component="main" maw={1200} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h4">
          {canEdit ? 'Edit Person' : 'View Person'}: {shown.name}
        </Title>
        <Text size="sm" c="dimmed">
          PLID {shown.plid}
          {shown.fid ? (
            <>
              {' · '}
              <Anchor href={`/viewFirmNoNote/${shown.fid}/Members`} size="sm">
                {shown.firms_sort}
              </Anchor>
            </>
          ) : null}
          {shown.contacts_sort ? ` · ${shown.contacts_sort}` : ''}
        </Text>
      </Group>
      <PersonForm person={shown} roles={roles} readOnly={!canEdit} lastResult={actionData?.result} conflict={actionData?.conflict} />
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
