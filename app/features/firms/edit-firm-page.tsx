import { Container, Title } from '#app/ui/core'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { MetaOf } from '#app/ui/meta'
import type { loadEditFirm } from './edit-firm.server'
import { FirmForm, type EditFirmReply } from './firm-form'

export const editFirmMeta: MetaOf<typeof loadEditFirm> = ({ data }) => [
  { title: `Edit Firm ${data?.firm.sort ?? ''} · mga-desk` },
]

/** Edit Firm as a page (spec 2 §2.2); the firm viewer opens the same form in a dialog. */
export function EditFirmPage() {
  const { firm, picklists, returnTo } = useLoaderData<typeof loadEditFirm>()
  const answer = useActionData<EditFirmReply>()
  const shown = answer?.current ?? firm
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h3" mb="md">
        Edit Firm: {shown.sort} (FID {shown.fid})
      </Title>
      <FirmForm firm={shown} picklists={picklists} answer={answer} returnTo={returnTo} />
    </Container>
  )
}
