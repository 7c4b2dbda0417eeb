import { Text } from '#app/ui/core'
import type { Field } from './fields'
import { TextareaField } from './textarea-field'

/**
 * A rich-text field (a firm's or a contact's note, a claim's facts): its sanitised HTML shown
 * read-only, and a native details toggle to its source in a textarea, so it opens without JavaScript.
 * With no text yet the source is open; read-only pages show the HTML alone.
 */
export function HtmlField({
  field,
  label,
  html,
  toggle = 'EDIT',
  sourceLabel = `${label} (HTML)`,
  readOnly,
  minRows,
  previewClassName,
}: {
  field: Field
  label: string
  html: string | null | undefined
  toggle?: string
  sourceLabel?: string
  readOnly?: boolean
  minRows?: number
  previewClassName?: string
}) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      {html ? (
        <div
          className={previewClassName ? `rendered-html ${previewClassName}` : 'rendered-html'}
          role="region"
          aria-label={`${label} (rendered)`}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
      {readOnly ? null : (
        <details open={!html}>
          <summary className="edit-toggle">{toggle}</summary>
          <TextareaField field={field} label={sourceLabel} minRows={minRows} />
        </details>
      )}
    </div>
  )
}
