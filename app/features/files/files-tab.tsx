import { usePanelFocus } from '#app/ui/panel-focus'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import { Form } from '@remix-run/react'
import { useRef, useState } from 'react'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { formatDisplayDate } from '#app/domain/dates'
import {
  DESCRIPTION_REQUIRED,
  FILE_TYPE_CODES,
  FILE_TYPE_NAMES,
  checkUploads,
  chosenUploads,
  mayEditFile,
} from '#app/domain/files'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { FILE_PARAMS } from '#app/domain/firm-viewer'
import { replyFor } from '#app/http/intent'
import type { FirmTabProps, ViewerLinks } from '#app/ui/firm-tab'
import type { FilesReply, FilesTabData } from './files-tab.server'
import { useTip } from '#app/ui/tips'
import { FormAlerts } from '#app/ui/form-alerts'
import { UploadRows, uploadTitle } from '#app/ui/upload-fields'
import { SelectField, TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import { constraints as fileEditConstraints } from '#app/domain/form-constraints/file-edit'
import { usePendingIntent } from '#app/ui/use-pending-intent'

type FirmFile = FilesTabData['files'][number]
const P = FILE_PARAMS

/** Files (spec 2 §2.7): the firm's files, upload with a description and type per file, edit, download. */
export function FilesTab({ fid, data, links, inPopup, actionResult }: FirmTabProps<FilesTabData, FilesReply>) {
  const tip = useTip()
  const { files, can, panel } = data
  const answer = replyFor(actionResult, 'file-')
  const error = answer?.error
  // A refused upload's rows as typed, and the edit panel's refused fields (Conform's reply to `file-edit`).
  const typed = replyFor(actionResult, 'file-upload')?.typed
  const editResult = replyFor(actionResult, 'file-edit')?.result
  const editable = (file: FirmFile) => can.editFiles && mayEditFile(can, file.file_type)
  // A typed editFile of a file the user may not edit opens nothing (the list offers no Edit for it).
  const editing = files.find((file) => file.loidfid === panel.editFile && editable(file))
  // Rows as markup: the download link with the whole name in its tooltip, Edit opening its panel in place.
  const cut = inPopup ? TRUNCATION.filenamePopup : TRUNCATION.filename
  const columns: DataColumn<FirmFile>[] = [
    {
      key: 'filename',
      label: 'Filename',
      html: (f) =>
        html`<a${attrs({ href: `/download/${f.loidfid}`, title: tip(f.filename) })}>${truncateBy(f.filename, cut)}</a>`,
    },
    { key: 'content_type', label: 'Content Type' },
    { key: 'file_description', label: 'Description' },
    { key: 'file_type_description', label: 'Type' },
    { key: 'dated', label: 'Dated', html: (f) => formatDisplayDate(f.dated) },
  ]
  if (can.editFiles) {
    // Form files are the administrator's to edit.
    columns.push(
      actionsColumn((f) =>
        !editable(f)
          ? null
          : html`<a${attrs({ href: links.withParams({ [P.edit]: String(f.loidfid), [P.upload]: null }), 'data-nav': true, 'aria-label': `Edit ${f.filename}` })}>Edit</a>`,
      ),
    )
  }
  return (
    <Stack gap="sm">
      <FormAlerts error={error} />
      <FormAlerts warning={answer?.warning} />
      <Group gap="xs">
        {can.upload ? <LinkButton to={links.withParams({ [P.upload]: '1', [P.edit]: null })}>Upload</LinkButton> : null}
        <LinkButton to={links.withParams({ [P.upload]: null, [P.edit]: null })} variant="default">
          Refresh
        </LinkButton>
      </Group>
      {panel.upload && can.upload ? (
        <UploadPanel fid={fid} data={data} links={links} serverMissing={error === DESCRIPTION_REQUIRED} typed={typed} />
      ) : null}
      {editing ? (
        <EditFilePanel fid={fid} fileTypes={can.fileTypes} file={editing} links={links} lastResult={editResult} />
      ) : null}
      <DataTable label="Files" columns={columns} rows={files} rowKey={(f) => f.loidfid} empty="No files." />
    </Stack>
  )
}

/** `serverMissing`: the server refused the upload for a missing description (a submit without JS, or before hydration). */
function UploadPanel({
  fid,
  data,
  links,
  serverMissing,
  typed,
}: {
  fid: number
  data: FilesTabData
  links: ViewerLinks
  serverMissing: boolean
  typed?: { description: string; type: string }[]
}) {
  const pendingIntent = usePendingIntent()
  const [rows, setRows] = useState(Math.max(data.panel.rows, typed?.length ?? 0))
  const [clientMissing, setMissing] = useState<boolean | null>(null)
  const missing = clientMissing ?? serverMissing
  const [problem, setProblem] = useState<string | null>(null)
  const ref = useRef<HTMLDivElement>(null)
  // Opened in place by Upload: focused, Escape closes (usePanelFocus).
  usePanelFocus(ref, links.withParams({ [P.upload]: null, [P.rows]: null }))
  return (
    <div ref={ref}>
      <Paper withBorder p="sm" role="dialog" aria-labelledby="upload-title" tabIndex={-1}>
        <Title order={3} size="h5" id="upload-title" mb="xs">
          {uploadTitle(missing)}
        </Title>
        <Form
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          onSubmit={(event) => {
            // The same rules the server applies, checked before the bytes are sent.
            const form = new FormData(event.currentTarget)
            const { refusal, warning } = checkUploads(chosenUploads(form, 'description', 'type'), data.can.fileTypes)
            setMissing(refusal?.missingDescription ?? false)
            // A missing description says so too ('Description is required to upload a file.'), as the server's answer does.
            setProblem(refusal ? refusal.message : (warning ?? null))
            if (refusal) event.preventDefault()
          }}
        >
          <input type="hidden" name="fid" value={fid} />
          <Stack gap="xs">
            <FormAlerts warning={problem} />
            <UploadRows
              rows={rows}
              fileTypes={data.can.fileTypes}
              names={{ description: 'description', type: 'type' }}
              missing={missing}
              requireFirst
              values={typed}
            />
            <Group gap="xs">
              <Button
                type="submit"
                name="intent"
                value="file-upload"
                size="xs"
                loading={pendingIntent === 'file-upload'}
              >
                Upload
              </Button>
              <LinkButton
                to={links.withParams({ [P.rows]: String(Math.min(10, rows + 1)) })}
                variant="default"
                onClick={(event) => {
                  event.preventDefault()
                  setRows((n) => Math.min(10, n + 1))
                }}
              >
                Add another file
              </LinkButton>
              <LinkButton to={links.withParams({ [P.upload]: null, [P.rows]: null })} variant="subtle">
                Cancel
              </LinkButton>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </div>
  )
}

/** A file's description and type, bound by Conform with the constraints of `fileEditSchema`. */
function EditFilePanel({
  fid,
  fileTypes,
  file,
  links,
  lastResult,
}: {
  fid: number
  fileTypes: FilesTabData['can']['fileTypes']
  file: FirmFile
  links: ViewerLinks
  lastResult?: SubmissionResult<string[]> | null
}) {
  const types = [...new Set([FILE_TYPE_NAMES[file.file_type], ...fileTypes])]
  const [form, fields] = useServerForm<{ file_description: string; file_type: string }>(
    `file-edit-${file.loidfid}`,
    fileEditConstraints,
    {
      lastResult,
      defaultValue: { file_description: file.file_description, file_type: String(file.file_type) },
    },
  )
  return (
    <Paper withBorder p="sm" role="dialog" aria-label={`Edit ${file.filename}`}>
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="fid" value={fid} />
        <input type="hidden" name="loidfid" value={file.loidfid} />
        <Group gap="xs" align="end" wrap="wrap">
          <Text size="sm" fw={600}>
            {file.filename}
          </Text>
          <TextField field={fields.file_description} label="Description" size="xs" w={320} />
          <SelectField
            field={fields.file_type}
            label="Type"
            size="xs"
            options={types.map((name) => ({ value: String(FILE_TYPE_CODES[name]), label: name }))}
            placeholder={null}
          />
          <Button type="submit" name="intent" value="file-edit" size="xs">
            Save
          </Button>
          <LinkButton to={links.withParams({ [P.edit]: null })} variant="subtle">
            Cancel
          </LinkButton>
        </Group>
      </Form>
    </Paper>
  )
}

export default FilesTab
