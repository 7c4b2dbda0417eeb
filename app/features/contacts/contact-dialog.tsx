import { Anchor, Group } from '#app/ui/core'
import { Link, useNavigate, useSearchParams } from '@remix-run/react'
import { parseId } from '#app/domain/ids'
import { PageDialog } from '#app/ui/page-dialog'
import { openPopup } from '#app/ui/popup'
import { CONTACT_POPUP, ContactForm, type ContactPicklists, type EditableContact } from './contact-form'

/**
 * The contacts list's dialog (?contact={cid}). Loaded lazily, so the list page carries the form
 * libraries only when a dialog is open; the server renders it in place, so it works without JavaScript.
 */
export default function ContactDialog({
  contact,
  picklists,
  canEdit,
  closeHref,
  hrefWith,
}: {
  contact: EditableContact
  picklists: ContactPicklists
  canEdit: boolean
  closeHref: string
  hrefWith: (changes: Record<string, string | null>) => string
}) {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const title = canEdit ? 'Edit Contact' : 'View Contact'
  return (
    <PageDialog
      key={contact.cid}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      title={`${title}: ${contact.name1} - ${contact.sort}`}
      width={1200}
    >
      <ContactForm
        contact={contact}
        picklists={picklists}
        readOnly={!canEdit}
        returnTo={hrefWith({ unlink: null, confirmDelete: null })}
        hrefWith={hrefWith}
        unlinkPlid={parseId(searchParams.get('unlink'))}
        confirmDelete={searchParams.get('confirmDelete') === '1'}
        dialog
      />
      <Group justify="flex-start" mt="sm">
        <Anchor component={Link} to={closeHref} preventScrollReset size="sm">
          Close
        </Anchor>
        <Anchor
          href={`/editContact/${contact.cid}`}
          target="_blank"
          size="sm"
          onClick={(event) => openPopup(event, CONTACT_POPUP)}
        >
          Open in a popup
        </Anchor>
      </Group>
    </PageDialog>
  )
}
