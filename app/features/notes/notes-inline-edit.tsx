import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Stack, Text } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import { Form } from '@remix-run/react'
import { constraints as noteInlineConstraints } from '#app/domain/form-constraints/note-inline'
import { SelectField, TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import { NOTE_PARAMS } from '#app/domain/notes-tab'
import type { InlineValues, NotePanel } from './notes-tab.server'
import type { ViewerLinks } from '#app/ui/firm-tab'
import { useTip } from '#app/ui/tips'
import { usePendingIntent } from '#app/ui/use-pending-intent'

/**
 * The Notes tab's inline edit row and the notice of a save that lost a race: a module of their own, so
 * a page with the edit row open loads neither the dialogs nor their confirmation panel
 * (notes-panels.tsx). Rendered by the server from the URL; loaded only when the row is open.
 */

const hidden = (name: string, value: string | number) => <input type="hidden" name={name} value={value} />

type EditPanel = Extract<NotePanel, { kind: 'edit' }>

/**
 * A save that lost a race (409): nothing was written; the note as it is now is shown, and the edit row
 * (when the note is still the user's) holds the current values.
 */
export function ConflictNotice({ message, current }: { message: string; current: InlineValues }) {
  return (
    <Alert color="orange" title="Not saved" role="alert" p="xs" mb={6}>
      <Text size="sm">{message}</Text>
      <Text size="sm" mt={4}>
        Now: {current.type} · {current.status} · for {current.staff || 'nobody'} · “{current.re}” ·{' '}
        {current.dated.replace('T', ' ')}
        {current.due ? ` · due ${current.due}` : ''}
      </Text>
    </Alert>
  )
}

/** The inline edit row (spec 2 §2.4, §4): type, status, for, re, date-time (only for the date-editable types) and due. */
export function InlineEditForm({
  fid,
  panel,
  links,
  error,
  current,
  result,
}: {
  fid: number
  panel: EditPanel
  links: ViewerLinks
  error?: string
  current?: InlineValues
  /** The refused fields of the last save, marked at each field. */
  result?: SubmissionResult<string[]>
}) {
  const tip = useTip()
  const values = current ?? panel.values
  const saving = usePendingIntent() === 'note-inline'
  const formId = `note-inline-${values.nid}-v${values.version}`
  const [form, fields] = useServerForm<Record<'type' | 'status' | 'staff' | 're' | 'dated' | 'due', string>>(
    formId,
    noteInlineConstraints,
    {
      lastResult: current ? null : result,
      defaultValue: {
        type: values.type,
        status: values.status,
        staff: values.staff,
        re: values.re,
        dated: values.dated,
        due: values.due,
      },
    },
  )
  const options = (list: readonly string[]) => list.map((value) => ({ value, label: value }))
  return (
    <Form method="post" preventScrollReset aria-label={`Edit note ${panel.nid}`} key={formId} {...getFormProps(form)}>
      {hidden('fid', fid)}
      {hidden('nid', values.nid)}
      {hidden('version', values.version)}
      <Stack gap={6}>
        {error && !current ? (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs" align="end" wrap="wrap">
          <SelectField field={fields.type} label="Type" size="xs" options={options(panel.types)} placeholder={null} />
          <SelectField
            field={fields.status}
            label="Status"
            size="xs"
            options={options(panel.statuses)}
            placeholder={null}
          />
          <SelectField field={fields.staff} label="For" size="xs" options={options(panel.staff)} placeholder={null} />
          <TextField field={fields.re} label="Re" size="xs" w={260} />
          <TextField
            field={fields.dated}
            type="datetime-local"
            label="Date"
            size="xs"
            disabled={!panel.dateEditable}
            title={
              panel.dateEditable
                ? undefined
                : tip('The date can be changed only on notes of type status, memo or email out.')
            }
            required={panel.dateEditable}
          />
          <TextField field={fields.due} type="date" label="Due" size="xs" />
          <Button type="submit" name="intent" value="note-inline" size="xs" loading={saving}>
            Save
          </Button>
          <LinkButton to={links.withParams({ [NOTE_PARAMS.edit]: null })} variant="default">
            Cancel
          </LinkButton>
        </Group>
      </Stack>
    </Form>
  )
}
