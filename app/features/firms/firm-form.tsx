import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Box } from '@mantine/core'
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '#app/ui/core'
import { Form, useFetcher, useNavigation } from '@remix-run/react'
import { PhoneField, SelectField, TextareaField, TextField } from '#app/ui/fields'
import { formatPhone } from '#app/domain/masks'
import type { PicklistOption } from '#app/models/list.server'
import { FIRM_REQUIRED_DIALOG } from '#app/domain/firm-form'
import type { FirmFormValues } from '#app/schemas/firm'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'
import { FormAlerts } from '#app/ui/form-alerts'

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

/**
 * Edit Firm (spec 2 §2.2): the Firm, Numbers/Reps and Addresses cards, the note (rendered HTML with an
 * EDIT toggle) and Save Firm. The same form serves the page and the dialog (`onClose` set); in the
 * dialog it submits through a fetcher.
 */
export function FirmForm({
  firm: given,
  picklists,
  lastResult: pageResult,
  conflict: pageConflict,
  returnTo,
  onClose,
}: {
  firm: EditableFirm
  picklists: FirmPicklists
  lastResult?: SubmissionResult<string[]> | null
  conflict?: string | null
  returnTo?: string
  onClose?: () => void
}) {
  const fetcher = useFetcher<{ result: SubmissionResult<string[]>; current: EditableFirm | null; conflict: string | null }>()
  // In the dialog the save answer (errors, or a conflict with the current firm) comes to the fetcher.
  const answer = onClose ? fetcher.data : undefined
  const firm = answer?.current ?? given
  const conflict = onClose ? answer?.conflict : pageConflict
  const lastResult = onClose ? answer?.result : pageResult
  const navigation = useNavigation()
  const action = `/editFirm/${firm.fid}`
  const [form, fields] = useForm<FirmFormValues>({
    id: `firm-${firm.fid}-v${firm.version}`,
    lastResult: conflict ? null : lastResult,
    constraint: FORM_CONSTRAINTS.firm,
    // Validated by the server (Zod stays off the client): on submit only, not a request per field.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    defaultValue: {
      ...Object.fromEntries(Object.entries(firm).map(([key, value]) => [key, value === null ? '' : String(value)])),
      phone: formatPhone(firm.phone),
      fax: formatPhone(firm.fax),
      returnTo,
    },
  })
  const values = form.value ?? {}
  const missing = form.value !== undefined && REQUIRED.some((name) => !String(values[name] ?? '').trim())
  const requiredErrors = REQUIRED.some((name) => fields[name].errors?.length)
  const busy = onClose ? fetcher.state !== 'idle' : navigation.state === 'submitting' && navigation.formAction === action
  const FormTag = onClose ? fetcher.Form : Form
  const select = (name: keyof typeof fields, label: string, list: keyof FirmPicklists) => (
    <SelectField field={fields[name]} label={label} options={picklists[list]} />
  )

  return (
    <FormTag method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="version" value={firm.version} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Stack gap="md">
        <FormAlerts conflict={conflict} errors={form.errors} />
        {missing || requiredErrors ? (
          <Alert color="yellow" title="Missing Field/s" role="alert">
            {FIRM_REQUIRED_DIALOG}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Card withBorder padding="sm">
            <Title order={3} size="h5" mb="xs">
              Firm
            </Title>
            <Stack gap={6}>
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
            </Stack>
          </Card>
          <Card withBorder padding="sm">
            <Title order={3} size="h5" mb="xs">
              Numbers/Reps
            </Title>
            <Stack gap={6}>
              <PhoneField field={fields.phone} label="Phone" />
              <PhoneField field={fields.fax} label="Fax" />
              <TextField field={fields.fein} label="FEIN" />
              <TextField field={fields.estab} label="Established" inputMode="numeric" />
              <TextField field={fields.sales} label="Sales" inputMode="decimal" />
              <TextField field={fields.people} label="People" inputMode="numeric" />
              {select('producer', 'Producer', 'name')}
              {select('solicitor', 'Sub-Producer', 'name')}
              {select('agent', 'Agent', 'name')}
            </Stack>
          </Card>
          <Card withBorder padding="sm">
            <Title order={3} size="h5" mb="xs">
              Addresses
            </Title>
            <Stack gap={6}>
              <TextField field={fields.address1} label="Address1" />
              <TextField field={fields.address2} label="Address2" />
              <TextField field={fields.city} label="City" />
              {select('state', 'State', 'states')}
              <TextField field={fields.zip} label="Zip" />
              <TextField field={fields.email} label="Email" />
              <TextField field={fields.website} label="Website" />
            </Stack>
          </Card>
        </SimpleGrid>
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb={4}>
            Note
          </Text>
          <Box className="rendered-html" aria-label="Render HTML" dangerouslySetInnerHTML={{ __html: firm.note ?? '' }} />
          <details>
            <summary className="edit-toggle">EDIT</summary>
            <TextareaField field={fields.note} label="Note (HTML)" minRows={4} />
          </details>
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
