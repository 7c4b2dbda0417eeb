import { Group, Stack, Text, Title } from '#app/ui/core'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import type { MetaOf } from '#app/ui/meta'
import { useHrefWith } from '#app/ui/use-href-with'
import { ContactForm, type ContactAnswer } from './contact-form'
import type { loadContactPage } from './contact-page.server'
import { parseId } from '#app/domain/ids'

function titleOf(canEdit: boolean, adding: boolean) {
  return canEdit ? (adding ? 'Add Contact' : 'Edit Contact') : 'View Contact'
}

export const editContactMeta: MetaOf<typeof loadContactPage> = ({ data }) => [
  {
    title: `${titleOf(data?.canEdit ?? false, !data?.contact)}${data?.contact ? `: ${data.contact.sort}` : ''} · mga-desk`,
  },
]

/** Edit/Add Contact as its own page: the popup (1200x760) and the no-JavaScript fallback of the dialog. */
export function EditContactPage() {
  const { contact, picklists, canEdit, returnTo } = useLoaderData<typeof loadContactPage>()
  const answer = useActionData<ContactAnswer>()
  const [searchParams] = useSearchParams()
  const hrefWith = useHrefWith()
  const shown = answer?.current ?? contact
  const unlink = parseId(searchParams.get('unlink'))
  return (
    <Stack gap="sm" p="md" component="main" maw={1200} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h4">
          {titleOf(canEdit, !shown)}
          {shown ? `: ${shown.name1} - ${shown.sort}` : ''}
        </Title>
        {shown ? (
          <Text size="sm" c="dimmed">
            CID {shown.cid}
          </Text>
        ) : null}
      </Group>
      <ContactForm
        contact={shown}
        picklists={picklists}
        readOnly={!canEdit}
        answer={answer}
        returnTo={returnTo}
        hrefWith={hrefWith}
        unlinkPlid={unlink}
        confirmDelete={searchParams.get('confirmDelete') === '1'}
        formKey={searchParams.get('added') ?? ''}
      />
    </Stack>
  )
}
