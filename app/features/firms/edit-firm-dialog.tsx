import { useNavigate } from '@remix-run/react'
import { PageDialog } from '#app/ui/page-dialog'
import { FirmForm, type EditableFirm, type FirmPicklists } from './firm-form'

/**
 * Edit Firm as a dialog over the firm viewer, opened by its URL (`editFirm=1`: the server renders it,
 * so it works without JavaScript). The form saves to /editFirm/{fid} and comes back to the page without
 * the dialog; with JavaScript a refusal or a lost race answers in place (a fetcher).
 */
export default function EditFirmDialog({
  firm,
  picklists,
  closeHref,
}: {
  firm: EditableFirm
  picklists: FirmPicklists
  closeHref: string
}) {
  const navigate = useNavigate()
  const close = () => navigate(closeHref, { preventScrollReset: true })
  return (
    <PageDialog title="Edit Firm" closeHref={closeHref} onClose={close} width={1100}>
      <FirmForm firm={firm} picklists={picklists} returnTo={closeHref} onClose={close} />
    </PageDialog>
  )
}
