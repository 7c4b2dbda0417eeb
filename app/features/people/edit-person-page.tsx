import type { SubmissionResult } from '@conform-to/react'
import { Anchor, Group, Stack, Text, Title } from '#app/ui/core'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { IntentReply } from '#app/http/intent.server'
import type { MetaOf } from '#app/ui/meta'
import type { loadEditPerson } from './edit-person.server'
import { PersonForm, type EditablePerson } from './person-form'

/** Save Person's answer when it does not redirect: the one intent shape (a lost race carries the current person). */
export type EditPersonAnswer = IntentReply<{ result: SubmissionResult<string[]>; current: EditablePerson }>

export const editPersonMeta: MetaOf<typeof loadEditPerson> = ({ data }) => [
  { title: `${data?.person.name || 'Person'} · mga-desk` },
]

export function EditPersonPage() {
  const { person, roles, canEdit } = useLoaderData<typeof loadEditPerson>()
  const answer = useActionData<EditPersonAnswer>()
  const shown = answer?.current ?? person
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
        lastResult={answer?.result}
        conflict={answer?.current ? answer.error : null}
        // A refusal that names no field (no permission, the person is gone) shows above the form.
        error={answer && !answer.result ? answer.error : null}
      />
    </Stack>
  )
}
