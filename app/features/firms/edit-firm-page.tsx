import { Container } from '@mantine/core'
import { Title } from '#app/ui/core'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { MetaOf } from '#app/ui/meta'
import type { editFirmAction, loadEditFirm } from './edit-firm.server'
import { FirmForm } from './firm-form'

export const editFirmMeta: MetaOf<typeof loadEditFirm> = ({ data }) => [
  { title: `Edit Firm ${data?.firm.sort ?? ''} · mga-desk` },
]

/** Edit Firm as a page (spec 2 §2.2); the firms search opens the same form in a dialog. */
export function EditFirmPage() {
  const { firm, picklists, returnTo } = useLoaderData<typeof loadEditFirm>()
  const actionData = useActionData<typeof editFirmAction>()
  const shown = actionData?.current ?? firm
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h3" mb="md">
        Edit Firm: {shown.sort} (FID {shown.fid})
      </Title>
      <FirmForm
        firm={shown}
        picklists={picklists}
        lastResult={actionData?.result}
        conflict={actionData?.conflict}
        returnTo={returnTo}
      />
    </Container>
  )
}
