import { NativeSelect, SimpleGrid } from '#app/ui/core'
import { getSelectProps } from '@conform-to/react'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { Section } from './section'
import type { ClaimFieldSet, CounselChoice, Field, Values } from './types'

function CounselSelect({ field, label, options, disabled, hint }: { field: Field; label: string; options: { value: string; label: string }[]; disabled?: boolean; hint?: string }) {
  const { key: _key, ...props } = getSelectProps(field)
  const current = typeof field.initialValue === 'string' ? field.initialValue : ''
  const data = current && !options.some((option) => option.value === current) ? [{ value: current, label: current }, ...options] : options
  return <NativeSelect {...props} key={field.key} label={label} disabled={disabled} description={disabled ? hint : undefined} data={[{ value: '', label: '' }, ...data]} error={field.errors?.[0]} />
}

/**
 * Counsel (spec 3 §2.3): claims handler and counsel from the Adjuster contacts, defense firm and
 * counsel from the Panel contacts; a person is chosen only after the firm (handler) is.
 */
export function CounselSection({ fields, values, adjusters, panel }: { fields: ClaimFieldSet; values: Values; adjusters: CounselChoice[]; panel: CounselChoice[] }) {
  const handler = String(values.adj_cid ?? '')
  const firm = String(values.def_cid ?? '')
  const people = (contacts: CounselChoice[], cid: string) => (contacts.find((contact) => String(contact.cid) === cid)?.people ?? []).map((person) => ({ value: String(person.plid), label: person.name }))
  return (
    <Section title="Counsel">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        <CounselSelect field={fields.adj_cid} label="Claims Handler" options={adjusters.map((c) => ({ value: String(c.cid), label: c.name1 }))} />
        <CounselSelect field={fields.adj_plid} label="Claims Counsel" options={people(adjusters, handler)} disabled={!handler} hint={CLAIM_MESSAGES.counselNeedsHandler} />
        <CounselSelect field={fields.def_cid} label="Defense Firm" options={panel.map((c) => ({ value: String(c.cid), label: c.name1 }))} />
        <CounselSelect field={fields.def_plid} label="Defense Counsel" options={people(panel, firm)} disabled={!firm} hint={CLAIM_MESSAGES.defenseNeedsFirm} />
      </SimpleGrid>
    </Section>
  )
}
