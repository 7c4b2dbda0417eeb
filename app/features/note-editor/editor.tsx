import { getFormProps } from '@conform-to/react'
import { inputProps, selectProps, textareaProps } from '#app/ui/field-props'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Notification,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '#app/ui/core'
import { Form, Link, useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react'
import { useHrefWith } from '#app/ui/use-href-with'
import { fillLetter, salutationOf } from '#app/domain/letters'
import { isSendIncomplete } from '#app/domain/email'
import {
  addRecipient,
  parseAddressList,
  recipientAddresses,
  toggleRole,
  type RecipientRole,
} from '#app/domain/note-editor'
import { htmlToPlain, isDateEditable, maySend, NOTE_MESSAGES, plainToHtml, statusColor } from '#app/domain/notes'
import { EditorDialogView, FORM_ID } from './dialog'
import { FilesSection } from './files'
import { useHydrated } from '#app/ui/use-hydrated'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import { useServerForm } from '#app/ui/use-server-form'
import { controlled, type Field } from '#app/ui/fields'
import { constraints as editorConstraints } from '#app/domain/form-constraints/note-editor'
import { useExpectedFiles } from './hooks'
import { HtmlBodyEditor } from './html-editor'
import { RecipientsSection } from './recipients'
import type { EditorDialog, EditorView, Option, RecipientRow, SendAnswer } from './types'

interface Snack {
  kind: 'info' | 'success' | 'error'
  message: string
  detail?: string
}

/** The Note/Email editor page (spec 2 §2.5). `view` is the loader's, or the action's after a re-render. */
export function NoteEditor({ view, viewKey }: { view: EditorView; viewKey: string }) {
  const [snack, setSnack] = useState<Snack | null>(null)
  // A popup without the app's frame: its own main landmark.
  return (
    <>
      <main>
        <EditorForm key={viewKey} view={view} onSnack={setSnack} />
      </main>
      <EditorSnackbar snack={snack} onClose={() => setSnack(null)} />
    </>
  )
}

/** Snackbars of the send (spec 2 §2.5): the pending one stays while sending; errors stay until closed. */
function EditorSnackbar({ snack, onClose }: { snack: Snack | null; onClose: () => void }) {
  useEffect(() => {
    if (!snack || snack.kind !== 'success') return
    const timer = window.setTimeout(onClose, 6000)
    return () => window.clearTimeout(timer)
  }, [snack, onClose])
  if (!snack) return null
  return (
    <div className="snackbar" role={snack.kind === 'error' ? 'alert' : 'status'}>
      <Notification
        color={snack.kind === 'error' ? 'error' : snack.kind === 'success' ? 'secondary' : 'primary'}
        loading={snack.kind === 'info'}
        withCloseButton={snack.kind !== 'info'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        onClose={onClose}
        withBorder
        title={snack.detail ? snack.message : undefined}
      >
        {snack.detail ?? snack.message}
      </Notification>
    </div>
  )
}

const lower = (text: string | null | undefined) => (text ?? '').toLowerCase()

function EditorForm({ view, onSnack }: { view: EditorView; onSnack: (snack: Snack | null) => void }) {
  const hydrated = useHydrated()
  const hrefWith = useHrefWith()
  const navigate = useNavigate()
  const location = useLocation()
  const sender = useFetcher<SendAnswer>()
  const { note, options } = view
  const editable = view.mode === 'edit'
  // Conform binds the fields (names, ids, browser constraints, the server's refusals at their fields);
  // their values stay in the editor's state, which the letters, the HTML switch and the dialogs change.
  const [form, fields] = useServerForm<Record<string, string>>(FORM_ID, editorConstraints, { lastResult: view.result })

  const [dialog, setDialog] = useState<EditorDialog | null>(view.dialog)
  const [prep, setPrep] = useState(view.prep || view.search !== null)
  // Prep opens the recipients in place once the page runs; before that its link or submit does.
  const prepToggle = {
    variant: prep ? 'light' : 'default',
    'aria-expanded': prep,
    'aria-controls': prep ? 'recipients' : undefined,
    onClick: (event: MouseEvent) => {
      if (!hydrated) return
      event.preventDefault()
      setPrep(!prep)
    },
  } as const
  const [recipients, setRecipients] = useState<RecipientRow[]>(view.recipients)
  const [type, setType] = useState(view.values.type)
  const [status, setStatus] = useState(view.values.status)
  const [staff, setStaff] = useState(view.values.staff)
  const [pid, setPid] = useState(view.values.pid)
  const [letter, setLetter] = useState(view.values.letter)
  const [signer, setSigner] = useState(view.values.signer)
  const [typedTo, setTypedTo] = useState(view.values.to)
  const [re, setRe] = useState(view.values.re)
  const [html, setHtml] = useState(view.values.html)
  const [body, setBody] = useState(view.values.note)
  const [attach, setAttach] = useState(view.values.attach)
  const [files, setFiles] = useState(view.files)
  const checking = useExpectedFiles(note.nid, view.expectedFiles, view.files, setFiles)
  const templates = useRef<{ id: number; name: string; body: string }[] | null>(null)
  const pendingLetter = useRef<string>('')

  // The send's answer: the success snackbar and a reload 3 s later; an error snackbar that stays (a
  // failed delivery, or a send refused: the note reloads as it is now).
  useEffect(() => {
    if (sender.state !== 'idle' || !sender.data) return
    const answer = sender.data
    if (answer.sent) {
      onSnack({ kind: 'success', message: answer.warning ? `${answer.message} ${answer.warning}` : answer.message })
      const timer = window.setTimeout(() => navigate(answer.next, { replace: true, preventScrollReset: true }), 3000)
      return () => window.clearTimeout(timer)
    }
    onSnack({ kind: 'error', message: answer.error, detail: answer.detail })
    navigate(answer.next ?? `${location.pathname}${location.search}`, { replace: true, preventScrollReset: true })
  }, [sender.state, sender.data, navigate, onSnack, location.pathname, location.search])

  const busyIntent = usePendingIntent()
  const sending = sender.state !== 'idle'
  const canSendNow = editable && maySend(status) && maySend(note.status)
  const dateEditable = isDateEditable(type)
  const signerOption = options.signers.find((option) => lower(option.value) === lower(signer))
  const allTo = () => [...recipientAddresses(recipients, 'to'), ...parseAddressList(typedTo).addresses]
  const hrefs = {
    seen: `${location.pathname}?${new URLSearchParams({ ...(view.mode === 'given' ? { given: '1' } : {}), seen: '1' }).toString()}`,
    notake: `${location.pathname}?notake=1`,
    read: `${location.pathname}?read=1`,
  }

  async function letterTemplates() {
    if (!templates.current) {
      const response = await fetch('/api/notes/forms', { headers: { Accept: 'application/json' } })
      templates.current = response.ok ? ((await response.json()) as { id: number; name: string; body: string }[]) : []
    }
    return templates.current
  }

  async function applyLetter(id: string, confirmed: boolean) {
    const template = (await letterTemplates()).find((candidate) => String(candidate.id) === id)
    if (!template) return
    const hasText = (html ? htmlToPlain(body) : body).trim() !== ''
    if (hasText && !confirmed) {
      pendingLetter.current = id
      setDialog({ kind: 'pasteOver', letter: template.name })
      return
    }
    const first = recipients.find((row) => row.to)
    const filled = fillLetter(template.body, {
      salutation: salutationOf(first),
      firm: note.firmName,
      signer: signerOption?.longName ?? signer,
      date: view.today,
      re,
      policy: options.policies.find((option) => option.value === pid)?.label ?? null,
    })
    setBody(html ? plainToHtml(filled) : filled)
    setDialog(null)
  }

  function toggleHtml() {
    setBody(html ? htmlToPlain(body) : plainToHtml(body))
    setHtml(!html)
  }

  // With JavaScript the dialogs open here and the send goes through a fetcher; without it, every button is a submit the server answers.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    handleIntent(event)
    if (!event.defaultPrevented) form.onSubmit(event)
  }

  function handleIntent(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const intent = submitter?.getAttribute('value') ?? 'save'
    const form = event.currentTarget
    const stop = () => event.preventDefault()
    if (intent === 'edit' || intent === 'recipient-search') {
      stop()
      setDialog(null)
    } else if (intent === 'toggle-html') {
      stop()
      toggleHtml()
    } else if (intent === 'template' || intent === 'template-confirmed') {
      stop()
      void applyLetter(
        intent === 'template' ? letter : pendingLetter.current || letter,
        intent === 'template-confirmed',
      )
    } else if (
      intent === 'save' &&
      staff &&
      lower(staff) !== lower(note.staff) &&
      lower(staff) !== lower(view.username) &&
      view.mode === 'edit'
    ) {
      stop()
      setDialog({ kind: 'reassign', to: staff })
    } else if (intent === 'send') {
      stop()
      if (isSendIncomplete({ to: allTo(), from: signer, subject: re, body, html })) setDialog({ kind: 'missing' })
      else if (!signerOption || signerOption.unavailable) setDialog({ kind: 'invalidFrom', from: signer })
      else setDialog({ kind: 'confirmSend' })
    } else if (intent === 'send-confirmed') {
      stop()
      setDialog(null)
      const data = new FormData(form)
      data.set('intent', 'send-confirmed')
      data.set('js', '1')
      onSnack({ kind: 'info', message: NOTE_MESSAGES.sending })
      sender.submit(data, {
        method: 'post',
        encType: 'multipart/form-data',
        action: `${location.pathname}${location.search}`,
      })
    }
  }

  const chips = (role: RecipientRole) => {
    const rows = recipients.filter((row) => row[role])
    return rows.length ? (
      rows.map((row) => (
        <Badge
          key={row.plid}
          variant="light"
          color={row.email ? 'primary' : 'red'}
          radius="sm"
          tt="none"
          size="lg"
          className="ne-chip"
          title={row.where ? `${row.name}, ${row.where}` : row.name}
        >
          {row.name}
          <span className="ne-chip-email"> &lt;{row.email ?? 'no email'}&gt;</span>
        </Badge>
      ))
    ) : (
      <Text size="xs" c="dimmed">
        {editable ? 'None — add people in Prep' : 'None'}
      </Text>
    )
  }

  const select = (props: {
    field: Field
    label: string
    value: string
    onChange: (value: string) => void
    data: Option[]
    disabled?: boolean
    placeholder?: string
  }) => (
    <NativeSelect
      {...controlled(selectProps(props.field))}
      // A blank choice is a choice here (no policy, no template): nothing is required of a select.
      required={false}
      label={props.label}
      size="sm"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      disabled={props.disabled}
      error={props.field.errors?.[0]}
      data={[
        ...(props.placeholder !== undefined ? [{ value: '', label: props.placeholder }] : []),
        ...props.data.map((option) => ({ value: option.value, label: option.label, disabled: option.disabled })),
      ]}
    />
  )

  const alertColor = { error: 'red', conflict: 'orange', warning: 'yellow', info: 'blue' } as const

  return (
    <>
      <Form
        {...getFormProps(form)}
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        aria-label={`Note ${note.nid}`}
        preventScrollReset
        className="ne-page"
      >
        {/* Enter in a field re-renders (or, with JavaScript, does nothing) instead of saving or sending. */}
        <button type="submit" name="intent" value="edit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Apply
        </button>
        <input type="hidden" name="version" value={note.version} />
        {prep ? <input type="hidden" name="prep" value="1" /> : null}

        <header className="sticky-header ne-header">
          <div className="ne-title">
            <Group gap="xs" wrap="nowrap">
              <Title order={1} size="h4">
                {view.mode === 'edit' ? 'Edit Note/Email' : 'View Note/Email'}
              </Title>
              <Badge variant="outline" color="gray" radius="sm">
                #{note.nid}
              </Badge>
              <Badge variant="light" color={statusColor(note.status) ?? 'gray'} radius="sm">
                {note.status}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {note.fid ? (
                <Anchor href={view.closeHref} size="sm">
                  {note.firmSort}
                </Anchor>
              ) : (
                'No firm'
              )}
              {' · For '}
              <b>{note.staff ?? 'nobody'}</b>
              {note.opener ? ` · opened by ${note.opener}` : ''}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            {view.mode === 'read' ? (
              // Nothing to keep in a read-only view: Prep is a link (?prep=1), so it works for a user who
              // may not post to the editor (a submit was answered 403 without JavaScript).
              <Button
                component={Link}
                to={hrefWith({ prep: prep ? null : '1' })}
                preventScrollReset
                replace
                {...prepToggle}
              >
                Prep
              </Button>
            ) : (
              // Without JavaScript Prep is a submit that re-renders the form (unsaved values kept) with the recipients open.
              <Button type="submit" name="intent" value="prep" {...prepToggle}>
                Prep
              </Button>
            )}
            {view.can.take ? (
              // Read-only though it could be taken (opened from another site, or only read): taking is a post.
              <Button type="submit" name="intent" value="take" loading={busyIntent === 'take'}>
                Take
              </Button>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value="save"
              disabled={view.mode === 'read'}
              loading={busyIntent === 'save' || busyIntent === 'give'}
            >
              Save
            </Button>
            {view.can.send ? (
              <Button
                type="submit"
                name="intent"
                value="send"
                color="secondary"
                disabled={!canSendNow || sending}
                loading={sending || busyIntent.startsWith('send')}
                title={maySend(status) ? undefined : 'A done note cannot be sent'}
              >
                Send
              </Button>
            ) : null}
            <Button
              component="a"
              href={view.closeHref}
              variant="default"
              onClick={(event) => {
                if (window.opener) {
                  event.preventDefault()
                  window.close()
                }
              }}
            >
              Close
            </Button>
          </Group>
        </header>

        <section aria-labelledby="tasks-title" className="ne-tasks">
          <Text size="xs" fw={600} c="dimmed" id="tasks-title" tt="uppercase">
            Task log
          </Text>
          {note.tasks.length ? (
            <ol aria-labelledby="tasks-title" className="ne-task-list">
              {note.tasks.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ol>
          ) : (
            <Text size="xs" c="dimmed">
              No entries.
            </Text>
          )}
        </section>

        {view.alert ? (
          <Alert
            color={alertColor[view.alert.kind]}
            role="alert"
            title={view.alert.kind === 'conflict' ? 'Not saved' : undefined}
            py="xs"
          >
            {view.alert.text}
          </Alert>
        ) : null}

        <Paper withBorder radius="md" p="sm" className="ne-card">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              {...controlled(inputProps(fields.dated, { type: 'datetime-local' }))}
              label="Date"
              size="sm"
              defaultValue={view.values.dated}
              readOnly={!editable || !dateEditable}
              disabled={!editable}
              description={editable && !dateEditable ? 'Only for status, memo, email out' : undefined}
              error={fields.dated.errors?.[0]}
            />
            {select({
              field: fields.type,
              label: 'Type',
              value: type,
              onChange: setType,
              data: options.types,
              disabled: !editable,
            })}
            {select({
              field: fields.status,
              label: 'Status',
              value: status,
              onChange: setStatus,
              data: options.statuses,
              disabled: !editable,
            })}
            {select({
              field: fields.staff,
              label: 'For',
              value: staff,
              onChange: setStaff,
              data: options.staff,
              disabled: view.mode === 'read',
            })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            {select({
              field: fields.pid,
              label: 'Policy',
              value: pid,
              onChange: setPid,
              data: options.policies,
              disabled: !editable,
              placeholder: options.policies.length ? '— No policy —' : 'No policies to pick',
            })}
            <Group gap="xs" align="end" wrap="nowrap">
              <div style={{ flex: 1 }}>
                {select({
                  field: fields.letter,
                  label: 'Letters',
                  value: letter,
                  onChange: (value) => {
                    setLetter(value)
                    if (hydrated && value) void applyLetter(value, false)
                  },
                  data: options.letters,
                  disabled: !editable,
                  placeholder: '— Choose a template —',
                })}
              </div>
              {hydrated ? null : (
                <Button type="submit" name="intent" value="template" variant="default" disabled={!editable}>
                  Use
                </Button>
              )}
            </Group>
          </SimpleGrid>
        </Paper>

        {prep ? (
          <RecipientsSection
            view={view}
            searchField={fields.rq}
            recipients={recipients}
            editable={editable}
            hydrated={hydrated}
            onToggle={(plid, role, on) => setRecipients((rows) => toggleRole(rows, plid, role, on))}
            onAdd={(person, role) =>
              setRecipients((rows) =>
                addRecipient(
                  rows,
                  {
                    plid: person.plid,
                    name: person.name,
                    email: person.email,
                    salutation: person.salutation,
                    where: person.where,
                  },
                  role,
                ),
              )
            }
            onRemove={(plid) => setRecipients((rows) => rows.filter((row) => row.plid !== plid))}
          />
        ) : (
          // Collapsed, the recipients still travel with the form.
          recipients.map((row) => (
            <span key={row.plid} hidden>
              <input type="hidden" name="rcpt" value={row.plid} />
              {row.to ? <input type="hidden" name="rcptTo" value={row.plid} /> : null}
              {row.cc ? <input type="hidden" name="rcptCc" value={row.plid} /> : null}
              {row.bcc ? <input type="hidden" name="rcptBcc" value={row.plid} /> : null}
            </span>
          ))
        )}

        <Paper withBorder radius="md" p="sm" className="ne-card">
          <Stack gap="xs">
            <AddressRow label="To">
              <Group gap={4} wrap="wrap">
                {recipients.some((row) => row.to) ? chips('to') : null}
                <TextInput
                  {...controlled(inputProps(fields.to, { type: 'text' }))}
                  aria-label="To"
                  placeholder={
                    recipients.some((row) => row.to) ? 'More addresses, separated by commas' : 'name@example.com, …'
                  }
                  size="sm"
                  value={typedTo}
                  onChange={(event) => setTypedTo(event.currentTarget.value)}
                  readOnly={!editable}
                  error={fields.to.errors?.[0]}
                  style={{ flex: 1, minWidth: 240 }}
                />
              </Group>
            </AddressRow>
            <AddressRow label="From">
              <NativeSelect
                {...controlled(selectProps(fields.signer))}
                aria-label="From"
                size="sm"
                value={signer}
                onChange={(event) => setSigner(event.currentTarget.value)}
                disabled={!editable}
                error={fields.signer.errors?.[0]}
                data={[
                  { value: '', label: '— Choose who signs —' },
                  ...options.signers.map((option) => ({ value: option.value, label: option.label })),
                ]}
                maw={360}
              />
            </AddressRow>
            <AddressRow label="Cc">
              <Group gap={4}>{chips('cc')}</Group>
            </AddressRow>
            <AddressRow label="Bcc">
              <Group gap={4}>{chips('bcc')}</Group>
            </AddressRow>
            <AddressRow label="Re">
              <TextInput
                {...controlled(inputProps(fields.re, { type: 'text' }))}
                aria-label="Re"
                size="sm"
                value={re}
                onChange={(event) => setRe(event.currentTarget.value)}
                readOnly={!editable}
                error={fields.re.errors?.[0]}
              />
            </AddressRow>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="sm" className="ne-card">
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600} id="body-label">
              Note
            </Text>
            <Group gap="xs">
              <input type="hidden" name="html" value={html ? '1' : '0'} />
              <Text size="xs" c="dimmed">
                {html ? 'HTML' : 'Plain text'}
              </Text>
              {editable ? (
                <Button type="submit" name="intent" value="toggle-html" size="compact-xs" variant="default">
                  {html ? 'Switch to plain text' : 'Switch to HTML'}
                </Button>
              ) : null}
            </Group>
          </Group>
          {html && !editable ? (
            // Sanitised on the server when saved and again when read (getNote).
            <div className="ne-html-view" aria-labelledby="body-label" dangerouslySetInnerHTML={{ __html: body }} />
          ) : html && hydrated ? (
            <>
              <input type="hidden" name="note" value={body} />
              <HtmlBodyEditor value={body} onChange={setBody} labelId="body-label" />
            </>
          ) : (
            <Textarea
              {...controlled(textareaProps(fields.note))}
              aria-labelledby="body-label"
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              readOnly={!editable}
              // Autosize needs JavaScript; the server's textarea gets its rows.
              autosize={hydrated}
              rows={8}
              minRows={8}
              maxRows={24}
              error={fields.note.errors?.[0]}
              // The HTML source, without JavaScript, in the monospace font.
              className={html ? 'ne-html-source' : undefined}
            />
          )}
        </Paper>

        <FilesSection
          view={view}
          files={files}
          editable={editable}
          checking={checking}
          attach={attach}
          onAttachChange={setAttach}
          hydrated={hydrated}
        />
      </Form>
      {dialog ? (
        <EditorDialogView dialog={dialog} hrefs={hrefs} onClose={hydrated ? () => setDialog(null) : undefined} />
      ) : null}
    </>
  )
}

function AddressRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ne-address-row">
      <Text size="sm" fw={600} c="dimmed" className="ne-address-label">
        {label}
      </Text>
      <div className="ne-address-value">{children}</div>
    </div>
  )
}
