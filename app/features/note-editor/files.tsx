import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '#app/ui/core'
import { useState } from 'react'
import { checkUploads, chosenUploads, hasExtension } from '#app/domain/files'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { removeColumn } from './remove-column'
import type { EditorView, NoteFileRow } from './types'
import { useTip } from '#app/ui/tips'
import { UploadRows, uploadTitle } from '#app/ui/upload-fields'

const FILE_TYPE_LABELS: Record<number, string> = { 1: 'Admin', 3: 'Form', 6: 'Other', 17: 'Original' }

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * The note's files (spec 2 §2.5, §2.7): download links, send-as-attachments, the no-extension warning,
 * attaching the firm's files and uploading new ones with a description each (type Other by default).
 */
export function FilesSection({
  view,
  files,
  editable,
  checking,
  attach,
  onAttachChange,
  hydrated,
}: {
  view: EditorView
  files: NoteFileRow[]
  editable: boolean
  checking: boolean
  attach: boolean
  onAttachChange: (on: boolean) => void
  hydrated: boolean
}) {
  const tip = useTip()
  const [rows, setRows] = useState(1)
  const [missing, setMissing] = useState(view.upload?.missing ?? false)
  const noExtension = files.filter((file) => !hasExtension(file.filename))
  const columns: DataColumn<NoteFileRow>[] = [
    {
      key: 'filename',
      label: 'Filename',
      render: (file) => (
        <Anchor href={`/download/${file.loidfid}`} size="sm" title={tip(file.filename)}>
          {truncateBy(file.filename, TRUNCATION.filename)}
        </Anchor>
      ),
    },
    { key: 'file_description', label: 'Description' },
    { key: 'file_type', label: 'Type', render: (file) => FILE_TYPE_LABELS[file.file_type] ?? 'Other' },
    { key: 'size', label: 'Size', className: 'ne-right', nowrap: true, render: (file) => size(file.size) },
    ...removeColumn<NoteFileRow>(editable, {
      intent: (file) => `detach:${file.loid}`,
      label: (file) => `Remove ${file.filename} from the note`,
    }),
  ]
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="files-title" className="ne-card">
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h6" id="files-title">
          Files
        </Title>
        <Group gap="xs">
          {checking ? (
            <Group gap={4} role="status">
              <Loader size={12} />
              <Text size="xs" c="dimmed">
                checking files
              </Text>
            </Group>
          ) : null}
          <Checkbox
            name="attach"
            size="xs"
            label="Send files as attachments"
            checked={attach}
            disabled={!editable}
            onChange={(event) => onAttachChange(event.currentTarget.checked)}
          />
        </Group>
      </Group>
      {files.length ? (
        <DataTable label="Note files" columns={columns} rows={files} rowKey={(file) => file.loidfid} dense />
      ) : (
        <Text size="sm" c="dimmed">
          No files on this note.
        </Text>
      )}
      {noExtension.length ? (
        <Alert color="yellow" mt="xs" p="xs" role="alert" title={NOTE_MESSAGES.noExtension}>
          <ul className="ne-plain-list">
            {noExtension.map((file) => (
              <li key={file.loidfid}>
                {file.filename} — {file.file_description}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {editable ? (
        <Stack gap="xs" mt="sm">
          {view.firmFiles.length ? (
            <details className="ne-details">
              <summary>Attach firm files ({view.firmFiles.length})</summary>
              <Stack gap={4} mt={6}>
                {view.firmFiles.map((file) => (
                  <Checkbox
                    key={file.loid}
                    name="attachLoid"
                    value={file.loid}
                    size="xs"
                    label={`${file.filename} — ${file.file_description}`}
                  />
                ))}
                <Group>
                  <Button type="submit" name="intent" value="attach" size="compact-sm" variant="light">
                    Attach selected
                  </Button>
                </Group>
              </Stack>
            </details>
          ) : null}
          {view.can.upload ? (
            <details className="ne-details" open={view.upload ? true : undefined}>
              <summary>Upload files</summary>
              <Stack gap={6} mt={6} role="group" aria-labelledby="upload-title">
                <Text size="sm" fw={600} id="upload-title">
                  {uploadTitle(missing || Boolean(view.upload?.missing))}
                </Text>
                <UploadRows
                  rows={rows}
                  fileTypes={view.options.fileTypes}
                  names={{ description: 'fileDescription', type: 'fileType' }}
                  missing={missing || Boolean(view.upload?.missing)}
                  onDescriptionChange={() => setMissing(false)}
                />
                <Group gap="xs">
                  <Button
                    type="submit"
                    name="intent"
                    value="upload"
                    size="compact-sm"
                    onClick={(event) => {
                      // The description rule, before the bytes are sent.
                      const form = event.currentTarget.form
                      if (!form) return
                      const { refusal } = checkUploads(
                        chosenUploads(new FormData(form), 'fileDescription', 'fileType'),
                        view.options.fileTypes,
                      )
                      if (refusal?.missingDescription) {
                        event.preventDefault()
                        setMissing(true)
                      }
                    }}
                  >
                    Upload
                  </Button>
                  {hydrated ? (
                    <Button
                      type="button"
                      size="compact-sm"
                      variant="default"
                      onClick={() => setRows((count) => Math.min(10, count + 1))}
                    >
                      Add another file
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </details>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  )
}
