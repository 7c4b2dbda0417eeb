import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Card, Group, SimpleGrid, Stack } from '#app/ui/core'
import { Form, useFetcher, useNavigation } from '@remix-run/react'
import { SelectField, TextField } from '#app/ui/fields'
import { HtmlField } from '#app/ui/html-field'
import { AddressFields, FormCard, PhoneFields } from '#app/ui/field-groups'
import { textDefaults, useServerForm } from '#app/ui/use-server-form'
import type { PicklistOption } from '#app/models/list.server'
import { FIRM_REQUIRED_DIALOG } from '#app/domain/firm-form'
import type { FirmFormValues } from '#app/schemas/firm'
import { constraints as firmConstraints } from '#app/domain/form-constraints/firm'
import { FormAlerts } from '#app/ui/form-alerts'
import type { IntentReply } from '#app/http/intent.server'

/** Save Firm's answer: refused fields (400), or a lost race with the current firm (409), in the one intent shape. */
export type EditFirmReply = IntentReply<{ result: SubmissionResult<string[]>; current: EditableFirm }>

export const FIRM_PICKLISTS = ['ftype', 'fstatus', 'source', 'entity', 'name', 'states'] as const
export type FirmPicklists = Record<(typeof FIRM_PICKLISTS)[number], PicklistOption[]>

export interface EditableFirm {
  fid: number
  version: number
  type: string
  status: string
  source: string | null
  contact: string | null
  name1: string | null
  name2: string | null
  sort: string
  insured: string
  entity: string | null
  fein: string | null
  phone: string | null
  fax: string | null
  producer: string
  solicitor: string | null
  agent: string | null
  address1: string | null
  address2: string | null
  city: string | null
  state: string | null
  zip: string | null
  website: string | null
  email: string | null
  note: string | null
  salutation: string | null
  estab: number | null
  sales: string | null
  people: number | null
}

const REQUIRED = ['type', 'status', 'sort', 'insured', 'producer'] as const
const FIRM_PHONES = [
  ['phone', 'Phone'],
  ['fax', 'Fax'],
] as const

/**
 * Edit Firm (spec 2 §2.2): the Firm, Numbers/Reps and Addresses cards, the note (rendered HTML with an
 * EDIT toggle) and Save Firm. The same form serves the page and the dialog (`onClose` set); in the
 * dialog it submits through a fetcher.
 */
export function FirmForm({
  firm: given,
  picklists,
  answer: pageAnswer,
  returnTo,
  onClose,
}: {
  firm: EditableFirm
  picklists: FirmPicklists
  /** The page's last save answer (the dialog's comes to its fetcher). */
  answer?: EditFirmReply | null
  returnTo?: string
  onClose?: () => void
}) {
  const fetcher = useFetcher<EditFirmReply>()
  // In the dialog the save answer (errors, or a conflict with the current firm) comes to the fetcher.
  const answer = onClose ? fetcher.data : pageAnswer
  const firm = answer?.current ?? given
  const conflict = answer?.current ? answer.error : null
  const lastResult = answer?.result
  // Neither a refused field nor a lost race (the firm is gone): the message above the form.
  const fieldErrors = Object.values(lastResult?.error ?? {}).some((messages) => messages?.length)
  const failure = answer && !answer.current && !fieldErrors ? answer.error : undefined
  const navigation = useNavigation()
  const action = `/editFirm/${firm.fid}`
  const [form, fields] = useServerForm<FirmFormValues>(`firm-${firm.fid}-v${firm.version}`, firmConstraints, {
    lastResult: conflict ? null : lastResult,
    defaultValue: { ...textDefaults(firm, ['phone', 'fax']), returnTo },
  })
  const values = form.value ?? {}
  const missing = form.value !== undefined && REQUIRED.some((name) => !String(values[name] ?? '').trim())
  const requiredErrors = REQUIRED.some((name) => fields[name].errors?.length)
  const busy = onClose
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formAction === action
  const FormTag = onClose ? fetcher.Form : Form
  const select = (name: keyof typeof fields, label: string, list: keyof FirmPicklists) => (
    <SelectField field={fields[name]} label={label} options={picklists[list]} />
  )

  return (
    <FormTag method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="version" value={firm.version} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Stack gap="md">
        <FormAlerts conflict={conflict} error={failure} errors={form.errors} />
        {missing || requiredErrors ? (
          <Alert color="yellow" title="Missing Field/s" role="alert">
            {FIRM_REQUIRED_DIALOG}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <FormCard title="Firm" order={3}>
            {select('type', 'Firm Type', 'ftype')}
            {select('status', 'Firm Status', 'fstatus')}
            <TextField field={fields.sort} label="Sort" />
            <TextField field={fields.insured} label="Legal Name (insured)" />
            <TextField field={fields.name1} label="Name1" />
            <TextField field={fields.name2} label="Name2" />
            <TextField field={fields.contact} label="Contact" />
            <TextField field={fields.salutation} label="Salutation" />
            {select('source', 'Source', 'source')}
            {select('entity', 'Entity', 'entity')}
          </FormCard>
          <FormCard title="Numbers/Reps" order={3}>
            <PhoneFields fields={fields} items={FIRM_PHONES} />
            <TextField field={fields.fein} label="FEIN" />
            <TextField field={fields.estab} label="Established" inputMode="numeric" />
            <TextField field={fields.sales} label="Sales" inputMode="decimal" />
            <TextField field={fields.people} label="People" inputMode="numeric" />
            {select('producer', 'Producer', 'name')}
            {select('solicitor', 'Sub-Producer', 'name')}
            {select('agent', 'Agent', 'name')}
          </FormCard>
          <FormCard title="Addresses" order={3}>
            <AddressFields fields={fields} states={picklists.states} />
            <TextField field={fields.email} label="Email" />
            <TextField field={fields.website} label="Website" />
          </FormCard>
        </SimpleGrid>
        <Card withBorder padding="sm">
          <HtmlField field={fields.note} label="Note" html={firm.note} minRows={4} />
        </Card>
        <Group justify="flex-end">
          {onClose ? (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          ) : null}
          <Button type="submit" loading={busy} disabled={missing}>
            Save Firm
          </Button>
        </Group>
      </Stack>
    </FormTag>
  )
}
