import { Group, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useRouteError, useSearchParams } from '@remix-run/react'
import { requireUser, safeRedirect } from '#app/auth/guard.server'
import { ContactForm } from '#app/features/contacts/contact-form'
import { contactFormAction, contactTarget, loadContactForm } from '#app/features/contacts/contact-page.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/editContact/:id'

function titleOf(canEdit: boolean, adding: boolean) {
  return canEdit ? (adding ? 'Add Contact' : 'Edit Contact') : 'View Contact'
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${titleOf(data?.canEdit ?? false, !data?.contact)}${data?.contact ? `: ${data.contact.sort}` : ''} · mga-desk` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const loaded = await loadContactForm(user, contactTarget(params.id))
  const url = new URL(request.url)
  return { ...loaded, returnTo: safeRedirect(url.searchParams.get('returnTo'), '') || undefined }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return contactFormAction(request, user, contactTarget(params.id))
}

/** Edit/Add Contact as its own page: the popup (1200x760) and the no-JavaScript fallback of the dialog. */
export default function EditContactPage() {
  const { contact, picklists, canEdit, returnTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const shown = actionData?.current ?? contact
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    const search = next.toString()
    return `${location.pathname}${search ? `?${search}` : ''}`
  }
  const unlink = Number(searchParams.get('unlink'))
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
        lastResult={actionData?.result}
        conflict={actionData?.conflict}
        returnTo={returnTo}
        hrefWith={hrefWith}
        unlinkPlid={Number.isInteger(unlink) && unlink > 0 ? unlink : null}
        confirmDelete={searchParams.get('confirmDelete') === '1'}
        formKey={searchParams.get('added') ?? ''}
      />
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
