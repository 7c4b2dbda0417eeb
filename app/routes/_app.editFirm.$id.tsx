import { parseWithZod } from '@conform-to/zod/v4'
import { Container, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { requireUser, safeRedirect } from '#app/auth/guard.server'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { FIRM_PICKLISTS, FirmForm } from '#app/features/firms/firm-form'
import { redirectWithFlash } from '#app/http/flash.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { getFirm, updateFirm, type Firm } from '#app/models/firm.server'
import { editableFirm } from '#app/models/firm-form.server'
import { loadPicklists } from '#app/models/list.server'
import { FIRM_SAVED, firmFormSchema } from '#app/schemas/firm'
import { readFormData } from '#app/http/form.server'

const ROUTE = '/editFirm/:id'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit Firm ${data?.firm.sort ?? ''} · mga-desk` }]

function firmId(param: string | undefined): number {
  const fid = Number(param)
  if (!Number.isInteger(fid) || fid <= 0 || fid >= 2 ** 31) throw data({ message: 'No such firm.' }, { status: 404 })
  return fid
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const db = getDb()
  const fid = firmId(params.id)
  const [firm, picklists] = await Promise.all([getFirm(db, fid), loadPicklists(db, FIRM_PICKLISTS)])
  if (!firm) throw data({ message: 'No such firm.' }, { status: 404 })
  const returnTo = safeRedirect(new URL(request.url).searchParams.get('returnTo'), '')
  return { firm: editableFirm(firm), picklists, returnTo: returnTo || undefined }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const fid = firmId(params.id)
  const submission = parseWithZod(await readFormData(request), { schema: firmFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), current: null as Firm | null, conflict: null }, { status: 400 })
  const { version, returnTo, ...changes } = submission.value
  try {
    await updateFirm(getDb(), fid, version, changes, user.id)
  } catch (error) {
    if (error instanceof ConflictError) {
      return data({ result: submission.reply(), current: editableFirm(error.current as Firm), conflict: error.message }, { status: 409 })
    }
    if (error instanceof NotFoundError) throw data({ message: 'No such firm.' }, { status: 404 })
    throw error
  }
  return redirectWithFlash(safeRedirect(returnTo, `/editFirm/${fid}`), { message: FIRM_SAVED, kind: 'success' })
}

export default function EditFirmPage() {
  const { firm, picklists, returnTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const shown = actionData?.current ?? firm
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h3" mb="md">
        Edit Firm: {shown.sort} (FID {shown.fid})
      </Title>
      <FirmForm firm={shown} picklists={picklists} lastResult={actionData?.result} conflict={actionData?.conflict} returnTo={returnTo} />
    </Container>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
