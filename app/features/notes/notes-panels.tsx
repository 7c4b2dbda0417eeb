import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { NOTE_PARAMS } from '#app/domain/notes-tab'
import type { InlineValues, NotePanel } from './notes-tab.server'
import type { ViewerLinks } from '#app/features/firms/viewer-links'
import { useTip } from '#app/ui/tips'

/**
 * The Notes tab's panels: the inline edit row and the addressable confirmations and dialogs (Note Taken /
 * take over, delete, tran log, a lost race). Each is rendered by the server from the URL, so it works
 * without JavaScript; closing one is a link that drops its parameter. Loaded only when a panel is open.
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
        Now: {current.type} · {current.status} · for {current.staff || 'nobody'} · “{current.re}” · {current.dated.replace('T', ' ')}
        {current.due ? ` · due ${current.due}` : ''}
      </Text>
    </Alert>
  )
}

/** The inline edit row (spec 2 §2.4, §4): type, status, for, re, date-time (only for the date-editable types) and due. */
export function InlineEditForm({ fid, panel, links, error, current }: { fid: number; panel: EditPanel; links: ViewerLinks; error?: string; current?: InlineValues }) {
  const tip = useTip()
  const navigation = useNavigation()
  const values = current ?? panel.values
  const saving = navigation.formData?.get('intent') === 'note-inline'
  return (
    <Form method="post" preventScrollReset aria-label={`Edit note ${panel.nid}`} key={`${values.nid}-${values.version}`}>
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
          <NativeSelect name="type" label="Type" size="xs" defaultValue={values.type} data={panel.types.includes(values.type as never) ? panel.types : [values.type, ...panel.types]} />
          <NativeSelect name="status" label="Status" size="xs" defaultValue={values.status} data={panel.statuses} />
          <NativeSelect name="staff" label="For" size="xs" defaultValue={values.staff} data={panel.staff.includes(values.staff) ? panel.staff : [values.staff, ...panel.staff]} />
          <TextInput name="re" label="Re" size="xs" defaultValue={values.re} maxLength={500} w={260} />
          <TextInput
            type="datetime-local"
            name="dated"
            label="Date"
            size="xs"
            defaultValue={values.dated}
            disabled={!panel.dateEditable}
            title={panel.dateEditable ? undefined : tip('The date can be changed only on notes of type status, memo or email out.')}
            required={panel.dateEditable}
          />
          <TextInput type="date" name="due" label="Due" size="xs" defaultValue={values.due} />
          <Button type="submit" name="intent" value="note-inline" size="xs" loading={saving}>
            Save
          </Button>
          <Button component={Link} to={links.withParams({ [NOTE_PARAMS.edit]: null })} variant="default" size="xs" preventScrollReset>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The dialogs that are not the edit row: Note Taken (with an admin's take-over), refusals, delete, tran log. */
export function NoteDialog({ fid, panel, links, error }: { fid: number; panel: Exclude<NotePanel, EditPanel>; links: ViewerLinks; error?: string }) {
  const navigation = useNavigation()
  const close = (param: string) => (
    <Button component={Link} to={links.withParams({ [param]: null })} variant="default" size="xs" preventScrollReset>
      {panel.kind === 'refused' || panel.kind === 'tranlog' ? 'Close' : 'Cancel'}
    </Button>
  )
  const errorAlert = error ? (
    <Alert color="red" role="alert" p="xs">
      {error}
    </Alert>
  ) : null
  switch (panel.kind) {
    case 'refused':
      return (
        <Paper withBorder p="sm" role="alertdialog" aria-labelledby={`note-dialog-${panel.nid}`}>
          <Title order={3} size="h5" id={`note-dialog-${panel.nid}`}>
            {panel.title}
          </Title>
          <Text size="sm" my="xs">
            {panel.message}
          </Text>
          {errorAlert}
          {close(NOTE_PARAMS.edit)}
        </Paper>
      )
    case 'take':
      return (
        <Paper withBorder p="sm" role="alertdialog" aria-labelledby={`note-dialog-${panel.nid}`}>
          <Title order={3} size="h5" id={`note-dialog-${panel.nid}`}>
            {panel.title}
          </Title>
          <Text size="sm" mt="xs">
            {panel.message}
          </Text>
          <Text size="sm" fw={600} mb="xs">
            {panel.question}
          </Text>
          {errorAlert}
          <Form method="post" preventScrollReset>
            {hidden('fid', fid)}
            {hidden('nid', panel.nid)}
            {hidden('version', panel.version)}
            <Group gap="xs" mt="xs">
              <Button type="submit" name="intent" value="note-take" size="xs" loading={navigation.formData?.get('intent') === 'note-take'}>
                Take note
              </Button>
              <Button component={Link} to={links.withParams({ [NOTE_PARAMS.edit]: null, [NOTE_PARAMS.take]: null })} variant="default" size="xs" preventScrollReset>
                Cancel
              </Button>
            </Group>
          </Form>
        </Paper>
      )
    case 'delete':
      return (
        <Paper withBorder p="sm" role="alertdialog" aria-labelledby={`note-dialog-${panel.nid}`}>
          <Title order={3} size="h5" id={`note-dialog-${panel.nid}`}>
            Delete note {panel.nid}?
          </Title>
          <Text size="sm" mt={4}>
            {panel.re}
          </Text>
          <Text size="sm" c="red" fw={600} my="xs">
            {panel.message}
          </Text>
          {errorAlert}
          <Form method="post" preventScrollReset>
            {hidden('fid', fid)}
            {hidden('nid', panel.nid)}
            <Group gap="xs">
              <Button type="submit" name="intent" value="note-delete" color="red" size="xs" loading={navigation.formData?.get('intent') === 'note-delete'}>
                Delete permanently
              </Button>
              {close(NOTE_PARAMS.remove)}
            </Group>
          </Form>
        </Paper>
      )
    case 'tranlog':
      return (
        <Paper withBorder p="sm" role="dialog" aria-labelledby={`note-dialog-${panel.nid}`}>
          <Title order={3} size="h5" id={`note-dialog-${panel.nid}`} mb="xs">
            Tran Log · note {panel.nid}
          </Title>
          <div className="data-table-scroll">
            <table className="data-table data-table-dense" aria-label="Tran log">
              <thead>
                <tr>
                  <th>Type</th>
                  <th>Status</th>
                  <th>Queued</th>
                  <th>Sent</th>
                  <th>Note</th>
                </tr>
              </thead>
              <tbody>
                {panel.rows.length ? (
                  panel.rows.map((row) => (
                    <tr key={row.id}>
                      <td>{row.type}</td>
                      <td>{row.status}</td>
                      <td className="nowrap">{row.queued}</td>
                      <td className="nowrap">{row.sent}</td>
                      <td style={{ overflowWrap: 'anywhere' }}>{row.note}</td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={5} className="data-table-empty">
                      Nothing was sent from this note.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Group mt="xs">{close(NOTE_PARAMS.tranlog)}</Group>
        </Paper>
      )
  }
}
