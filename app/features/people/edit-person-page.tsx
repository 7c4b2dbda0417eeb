import { Anchor, Group, Stack, Text, Title } from '#app/ui/core'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { MetaOf } from '#app/ui/meta'
import type { editPersonAction, loadEditPerson } from './edit-person.server'
import { PersonForm } from './person-form'

export const editPersonMeta: MetaOf<typeof loadEditPerson> = ({ data }) => [
  { title: `${data?.person.name || 'Person'} · mga-desk` },
]

export function EditPersonPage() {
  const { person, roles, canEdit } = useLoaderData<typeof loadEditPerson>()
  const actionData = useActionData<typeof editPersonAction>()
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
      <PersonForm
        person={shown}
        roles={roles}
        readOnly={!canEdit}
        lastResult={actionData?.result}
        conflict={actionData?.conflict}
      />
    </Stack>
  )
}
