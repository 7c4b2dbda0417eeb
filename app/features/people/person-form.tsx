import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Group, SimpleGrid, Stack } from '#app/ui/core'
import { Form, useNavigation } from '@remix-run/react'
import { SelectField, SsnField, TextField } from '#app/ui/fields'
import { FormCard, PhoneFields } from '#app/ui/field-groups'
import { textDefaults, useServerForm } from '#app/ui/use-server-form'
import { useHydrated } from '#app/ui/use-hydrated'
import { personProblems } from '#app/domain/person-rules'
import { isoToMmDdYyyy } from '#app/domain/dates'

import type { PicklistOption } from '#app/models/list.server'
import { constraints as personConstraints } from '#app/domain/form-constraints/person'
import type { PersonFormValues } from '#app/schemas/person'
import { FormAlerts, SaveBlockers } from '#app/ui/form-alerts'

export interface EditablePerson {
  plid: number
  version: number
  fid: number | null
  cid: number | null
  prefix: string | null
  given: string | null
  surname: string
  suffix: string | null
  salutation: string | null
  role: string | null
  direct: string | null
  ext: string | null
  fax: string | null
  mobile: string | null
  home: string | null
  born: string | null
  licensed: string | null
  hired: string | null
  ssn: string | null
  hours: string | null
  ce: string | null
  email: string | null
  name: string
  firms_sort: string | null
  contacts_sort: string | null
}

const PERSON_PHONES = [
  ['direct', 'Direct'],
  ['ext', 'Ext.'],
  ['fax', 'Fax'],
  ['mobile', 'Mobile'],
  ['home', 'Home'],
  ['email', 'Email'],
] as const

/** The fields' names in the "To save:" line. */
const PERSON_FIELD_LABELS: Record<string, string> = {
  surname: 'Surname',
  born: 'Born',
  licensed: 'Licensed',
  hired: 'Hired',
  ssn: 'SSN',
  hours: 'Hours',
  email: 'Email',
  ext: 'Ext.',
  direct: 'Direct',
  fax: 'Fax',
  mobile: 'Mobile',
  home: 'Home',
}

/** Edit Person (spec 2 §2.6): Id, Phone and HR cards plus Email; read-only (SSN masked) without person-edit. */
export function PersonForm({
  person,
  roles,
  readOnly,
  lastResult,
  conflict,
  error,
}: {
  person: EditablePerson
  roles: PicklistOption[]
  readOnly: boolean
  lastResult?: SubmissionResult<string[]> | null
  conflict?: string | null
  /** The server's refusal that names no field. */
  error?: string | null
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useServerForm<PersonFormValues>(
    `person-${person.plid}-v${person.version}`,
    personConstraints,
    {
      lastResult: conflict ? null : lastResult,
      defaultValue: {
        ...textDefaults(person, ['direct', 'fax', 'mobile', 'home']),
        born: isoToMmDdYyyy(person.born),
        licensed: isoToMmDdYyyy(person.licensed),
        hired: isoToMmDdYyyy(person.hired),
      },
    },
  )
  // What the rules say of the form as it stands, once the browser runs it and something was typed.
  const problems =
    hydrated && !readOnly && form.dirty
      ? Object.entries(personProblems((form.value ?? {}) as Record<string, unknown>))
      : []
  const busy = navigation.state === 'submitting'
  const date = (field: typeof fields.born, label: string) => (
    <TextField field={field} label={label} placeholder="MM-DD-YYYY" readOnly={readOnly} />
  )
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="version" value={person.version} />
      <Stack gap="sm">
        <FormAlerts conflict={conflict} errors={form.errors} error={error} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FormCard title="Id">
            <TextField field={fields.prefix} label="Prefix" readOnly={readOnly} />
            <TextField field={fields.given} label="Given Names" readOnly={readOnly} />
            <TextField field={fields.surname} label="Surname" readOnly={readOnly} />
            <TextField field={fields.suffix} label="Suffix" readOnly={readOnly} />
            <TextField field={fields.salutation} label="Salutation" readOnly={readOnly} />
            <SelectField field={fields.role} label="Role" options={roles} readOnly={readOnly} />
          </FormCard>
          <FormCard title="Phone">
            <PhoneFields fields={fields} items={PERSON_PHONES} readOnly={readOnly} />
          </FormCard>
          <FormCard title="HR">
            {date(fields.born, 'Born')}
            {date(fields.licensed, 'Licensed')}
            {date(fields.hired, 'Hired')}
            <SsnField field={fields.ssn} label="SSN" readOnly={readOnly} />
            <TextField field={fields.hours} label="Hours" readOnly={readOnly} inputMode="decimal" />
            <TextField field={fields.ce} label="CE" readOnly={readOnly} />
          </FormCard>
        </SimpleGrid>
        <Group justify="flex-end">
          <SaveBlockers problems={problems} label={(name) => PERSON_FIELD_LABELS[name] ?? name} />
          {readOnly ? (
            <Button disabled>View Person</Button>
          ) : (
            // Enabled once something changed and every field passes the rules (spec 2 §5); the server's
            // page (no JavaScript yet, or none at all) can always send, and the server says what is wrong.
            <Button
              type="submit"
              loading={busy}
              disabled={hydrated && ((form.dirty === false && !lastResult) || problems.length > 0)}
            >
              Save Person
            </Button>
          )}
        </Group>
      </Stack>
    </Form>
  )
}
