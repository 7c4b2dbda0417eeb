import { SimpleGrid } from '#app/ui/core'
import { HtmlField } from '#app/ui/html-field'
import { Section } from './section'
import type { ClaimFieldSet } from './types'

/**
 * Facts and Note (spec 3 §2.3): each shows its sanitised HTML read-only (200 px preview) and toggles
 * to a plain-text edit of its source (a native details element, so it opens without JavaScript).
 */
export function TextSection({
  fields,
  facts,
  note,
}: {
  fields: ClaimFieldSet
  facts: string | null
  note: string | null
}) {
  const part = (label: string, html: string | null, field: ClaimFieldSet['facts']) => (
    <HtmlField
      field={field}
      label={label}
      html={html}
      toggle={`EDIT ${label}`}
      sourceLabel={`${label} (plain text / HTML)`}
      minRows={5}
      previewClassName="claim-preview"
    />
  )
  return (
    <Section title="Facts and Note">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {part('Facts', facts, fields.facts)}
        {part('Note', note, fields.note)}
      </SimpleGrid>
    </Section>
  )
}
