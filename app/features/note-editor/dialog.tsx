import { Button, Group, Text } from '#app/ui/core'
import { useEffect, useRef } from 'react'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { PageDialog } from '#app/ui/page-dialog'
import type { EditorDialog } from './types'

export const FORM_ID = 'note-form'

interface DialogAction {
  label: string
  /** A submit of the note form with this intent (works without JavaScript). */
  intent?: string
  /** A plain link (dialogs opened by the loader close through their address). */
  href?: string
  /** Follow the link even with JavaScript (declining a take keeps ?notake=1 in the address). */
  follow?: boolean
  primary?: boolean
  color?: string
}

/** Where the dialogs' links go: closing (seen), declining a take (notake), only reading (read). */
export interface EditorDialogHrefs {
  seen: string
  notake: string
  read: string
}

function describe(
  dialog: EditorDialog,
  hrefs: EditorDialogHrefs,
): { title: string; text: string; actions: DialogAction[] } {
  const dismiss: DialogAction = { label: 'OK', intent: 'edit', primary: true }
  // A post of the note form (the take intent): a link would be a GET, which takes nothing from another site.
  const take: DialogAction = { label: 'Take note', intent: 'take', primary: true }
  switch (dialog.kind) {
    case 'notInYourName':
    case 'given':
      return {
        title: 'Note is not in your name',
        text: dialog.text,
        actions: [{ label: 'OK', href: hrefs.seen, primary: true }],
      }
    case 'take':
      return {
        title: 'Take note',
        text: NOTE_MESSAGES.takeNote(dialog.owner),
        actions: [take, { label: 'No', href: hrefs.notake, follow: true }],
      }
    case 'takeHere':
      return {
        title: 'Note is not in your name',
        text: `${NOTE_MESSAGES.ownerHasNote(dialog.owner)}. Opened from a link on another site, it was not taken: take it to edit it, or just read it.`,
        actions: [take, { label: 'Just read', href: hrefs.read, follow: true }],
      }
    case 'pasteOver':
      return {
        title: 'Paste Over Warning',
        text: `${NOTE_MESSAGES.pasteOver} (${dialog.letter})`,
        actions: [
          { label: 'Replace', intent: 'template-confirmed', primary: true, color: 'orange' },
          { label: 'Cancel', intent: 'edit' },
        ],
      }
    case 'missing':
      return { title: 'Missing Field/s', text: NOTE_MESSAGES.missingFields, actions: [dismiss] }
    case 'invalidFrom':
      return {
        title: 'Invalid From Field',
        text: NOTE_MESSAGES.invalidFrom(dialog.from || '(blank)'),
        actions: [dismiss],
      }
    case 'reassign':
      return {
        title: 'Reassigning note',
        text: `Give this note to ${dialog.to}? It will be read-only for you once it is theirs.`,
        actions: [
          { label: `Give to ${dialog.to}`, intent: 'give', primary: true },
          { label: 'Cancel', intent: 'edit' },
        ],
      }
    case 'confirmSend':
      return {
        title: 'Save and Send Email',
        text: 'The note and its recipients will be saved and the email sent now. Sending can take 15 seconds or more.',
        actions: [
          { label: 'Save and Send', intent: 'send-confirmed', primary: true },
          { label: 'Cancel', intent: 'edit' },
        ],
      }
  }
}

/**
 * One of the editor's dialogs (spec 2 §2.5) on the kit's PageDialog. Its buttons submit the note form
 * (form attribute), so the same markup works without JavaScript; with JavaScript the page intercepts
 * those submits. The X and Escape close it: as its Cancel or OK where it has one (a submit of the note
 * form), else by a link to the editor's own address.
 */
export function EditorDialogView({
  dialog,
  hrefs,
  onClose,
}: {
  dialog: EditorDialog
  hrefs: EditorDialogHrefs
  onClose?: () => void
}) {
  const { title, text, actions } = describe(dialog, hrefs)
  const body = useRef<HTMLDivElement>(null)
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [dialog])
  return (
    <PageDialog
      title={title}
      closeHref={hrefs.seen}
      // A dialog over what was typed (Cancel or OK goes back to editing): closing posts the note form
      // back as they do, so the typed text stays without JavaScript too (the link loaded the note as saved).
      closeSubmit={
        actions.some((action) => action.intent === 'edit')
          ? { form: FORM_ID, name: 'intent', value: 'edit' }
          : undefined
      }
      onClose={onClose ?? (() => undefined)}
      width={460}
    >
      <div ref={body}>
        <Text size="sm" mb="lg">
          {text}
        </Text>
        <Group justify="flex-end" gap="xs">
          {actions.map((action) =>
            action.href ? (
              <Button
                key={action.label}
                component="a"
                href={action.href}
                variant={action.primary ? 'filled' : 'default'}
                data-autofocus={action.primary || undefined}
                onClick={(event) => {
                  if (!onClose || action.follow) return
                  event.preventDefault()
                  onClose()
                }}
              >
                {action.label}
              </Button>
            ) : (
              <Button
                key={action.label}
                type="submit"
                form={FORM_ID}
                name="intent"
                value={action.intent}
                color={action.color}
                variant={action.primary ? 'filled' : 'default'}
                data-autofocus={action.primary || undefined}
              >
                {action.label}
              </Button>
            ),
          )}
        </Group>
      </div>
    </PageDialog>
  )
}
