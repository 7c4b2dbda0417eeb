import { Group, Loader } from '#app/ui/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { PageDialog } from '#app/ui/page-dialog'
import { FirmForm, type EditableFirm, type FirmPicklists } from './firm-form'

type EditFirmData = { firm: EditableFirm; picklists: FirmPicklists }

/** Edit Firm as a dialog: the /editFirm route's data and form, through fetchers. */
export default function EditFirmDialog({
  fid,
  returnTo,
  onClose,
}: {
  fid: number
  returnTo: string
  onClose: () => void
}) {
  const loader = useFetcher<EditFirmData>()
  const location = useLocation()
  const [openedAt] = useState(location.key)
  useEffect(() => {
    if (loader.state === 'idle' && !loader.data) loader.load(`/editFirm/${fid}`)
  }, [fid, loader])
  // A successful save redirects back to this page: close on the navigation.
  useEffect(() => {
    if (location.key !== openedAt) onClose()
  }, [location.key, openedAt, onClose])
  return (
    <PageDialog title="Edit Firm" closeHref={returnTo} onClose={onClose} width={1100}>
      {loader.data ? (
        <FirmForm firm={loader.data.firm} picklists={loader.data.picklists} returnTo={returnTo} onClose={onClose} />
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading firm" />
        </Group>
      )}
    </PageDialog>
  )
}
