import { Group, NativeSelect, Text, TextInput } from '#app/ui/core'
import { MAX_UPLOAD_BYTES } from '#app/domain/files'

/** The upload panel's title: the spec's words, and the refusal's when a description is missing. */
export function uploadTitle(missing: boolean): string {
  return missing ? 'Need Description/s' : 'Enter Description/s'
}

/**
 * The rows of an upload form (the Files tab, the note editor): per row a file, its description and
 * its type (Other by default), then the limits. The forms post under their own field names (the
 * firm files' `description`/`type`, the editor's `fileDescription`/`fileType`), so the names are given;
 * the checks before sending are `checkUploads` in app/domain/files, as on the server.
 */
export function UploadRows({
  rows,
  fileTypes,
  names,
  missing,
  requireFirst,
  onDescriptionChange,
  values,
}: {
  rows: number
  fileTypes: readonly string[]
  names: { description: string; type: string }
  /** A description was missing: every description field shows Required. */
  missing: boolean
  /** The first row's file is required (a form that only uploads). */
  requireFirst?: boolean
  onDescriptionChange?: () => void
  /** The rows as typed before a refusal (a form sent without JavaScript): shown again. */
  values?: readonly { description: string; type: string }[]
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="xs" align="end" wrap="wrap">
          <input
            type="file"
            name="file"
            aria-label={`File ${index + 1}`}
            required={requireFirst && index === 0}
            className="upload-file-input"
          />
          <TextInput
            name={names.description}
            size="xs"
            label="Description"
            aria-label={`Description ${index + 1}`}
            maxLength={500}
            w={280}
            error={missing ? 'Required' : undefined}
            onChange={onDescriptionChange}
            defaultValue={values?.[index]?.description}
          />
          <NativeSelect
            name={names.type}
            size="xs"
            label="Type"
            aria-label={`Type ${index + 1}`}
            defaultValue={values?.[index] && fileTypes.includes(values[index].type) ? values[index].type : 'Other'}
            data={fileTypes}
          />
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        Files need an extension; at most {MAX_UPLOAD_BYTES / 1024 / 1024} MB each.
      </Text>
    </>
  )
}
