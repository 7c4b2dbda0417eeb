import { FormProvider, getFormProps, useFormMetadata, type SubmissionResult } from '@conform-to/react'
import {
  Button,
  Card,
  Checkbox,
  Group,
  InputWrapper,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '#app/ui/core'
import { RemoveButton } from '#app/ui/remove-button'
import { Form, Link, useFetcher, useNavigation } from '@remix-run/react'
import { TextField } from '#app/ui/fields'
import { HtmlField } from '#app/ui/html-field'
import { AddressFields, FormCard, PhoneFields } from '#app/ui/field-groups'
import { formIdFor, textDefaults, useServerForm } from '#app/ui/use-server-form'
import { contactProblems } from '#app/domain/contact-rules'
import { fromTildeList } from '#app/domain/contact-types'
import { parseId } from '#app/domain/ids'
import type { ContactRecord } from '#app/models/contact.server'
import type { PicklistOption } from '#app/models/list.server'
import type { ContactFormInput } from '#app/schemas/contact'
import { constraints as contactConstraints } from '#app/domain/form-constraints/contact'
import { FormAlerts, SaveBlockers } from '#app/ui/form-alerts'
import { useHydrated } from '#app/ui/use-hydrated'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { firstError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'

export { CONTACT_POPUP } from '#app/ui/popup'
export const CONTACT_PICKLISTS = ['ctype', 'states'] as const
export type ContactPicklists = Record<(typeof CONTACT_PICKLISTS)[number], PicklistOption[]>
export type EditableContact = ContactRecord

/**
 * What the page's forms answer when they do not redirect, in the one intent shape: field errors (400,
 * with Conform's result), a lost race (409, with the current contact), a row added or removed without
 * JavaScript (200, the form again), or a refusal that names no field (no permission, a contact gone).
 */
export type ContactAnswer = IntentReply<{ result: SubmissionResult<string[]>; current: EditableContact }>

/** The answer's parts as the form shows them: its Conform result, the conflict, or a refusal above it. */
export function answerParts(answer: ContactAnswer | null | undefined) {
  const conflict = answer?.current ? (answer.error ?? null) : null
  // A refusal whose message is not already at a field (the schema's answers are).
  const error = answer && !conflict && !firstError(answer.result?.error) ? (answer.error ?? null) : null
  return { current: answer?.current ?? null, result: answer?.result ?? null, conflict, error }
}

const PERSON_PHONES = ['direct', 'mobile', 'home', 'fax'] as const
const CONTACT_PHONES = [
  ['phone', 'Phone'],
  ['fax', 'Fax'],
  ['email', 'Email'],
] as const
const ROW_PHONES = [
  ['direct', 'Direct'],
  ['ext', 'Ext'],
  ['mobile', 'Mobile'],
  ['home', 'Home'],
  ['fax', 'Fax'],
] as const
type PersonShape = Record<
  | 'plid'
  | 'version'
  | 'prefix'
  | 'given'
  | 'surname'
  | 'suffix'
  | 'salutation'
  | 'direct'
  | 'ext'
  | 'mobile'
  | 'home'
  | 'fax'
  | 'email',
  string
>
type ContactShape = Record<
  | 'name1'
  | 'name2'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'email'
  | 'sort'
  | 'phone'
  | 'fax'
  | 'fein'
  | 'website'
  | 'note'
  | 'version'
  | 'returnTo',
  string
> & { type: string[]; people: PersonShape[] }
const personName = (person: { given?: string | null; surname?: string | null }) =>
  [person.given, person.surname].filter(Boolean).join(' ')

/**
 * Edit/Add Contact (spec 2 §2.8): the contact's fields, its types as checkboxes, and the people
 * section. Linked people are unlinked after a confirmation (a URL parameter, so it works without
 * JavaScript); new rows are added and removed with Conform's list intents, which also work without
 * JavaScript. Read-only ('View Contact') without contact-edit. In the dialog (`dialog` set) the save
 * goes through a fetcher so errors and conflicts stay in the dialog.
 */
export function ContactForm({
  contact: given,
  picklists,
  readOnly,
  answer: pageAnswer,
  returnTo,
  hrefWith,
  unlinkPlid,
  confirmDelete,
  dialog,
  formKey,
}: {
  contact: EditableContact | null
  picklists: ContactPicklists
  readOnly: boolean
  /** The page's action answer (the dialog reads its fetcher's). */
  answer?: ContactAnswer | null
  returnTo?: string
  /** This page's URL with some search parameters changed (for the confirmations). */
  hrefWith: (changes: Record<string, string | null>) => string
  unlinkPlid?: number | null
  confirmDelete?: boolean
  dialog?: boolean
  /** Changes when the Add form must start empty again. */
  formKey?: string
}) {
  const fetcher = useFetcher<ContactAnswer>()
  const { current, conflict, error, result: lastResult } = answerParts(dialog ? fetcher.data : pageAnswer)
  const contact = current ?? given
  const navigation = useNavigation()
  const action = `/editContact/${contact ? contact.cid : 'Add'}`
  const types = fromTildeList(contact?.type)
  // The form's id follows the contact's version and its people's: Conform reads a form's defaults once
  // per id, and an unlink changes the people (not the contact's version): the form kept the unlinked
  // person as a new row, and its save was refused as a conflict.
  const formId = contact
    ? formIdFor(`contact-${contact.cid}-v${contact.version}`, {
        people: contact.people.map((person) => `${person.plid}:${person.version}`).join(','),
      })
    : `contact-add-${formKey ?? ''}`
  const [form, fields] = useServerForm<ContactShape, ContactFormInput>(formId, contactConstraints, {
    lastResult: conflict ? null : lastResult,
    defaultValue: contact
      ? {
          ...textDefaults(contact, ['phone', 'fax']),
          type: types,
          people: contact.people.map((person) => textDefaults(person, PERSON_PHONES)),
        }
      : { people: [] },
  })
  const rows = fields.people.getFieldList()
  // What the form holds now (a re-render after a failed submit keeps the boxes the user ticked).
  const checkedTypes = [fields.type.initialValue ?? []]
    .flat()
    .filter((value): value is string => typeof value === 'string')
  const linked = new Map((contact?.people ?? []).map((person) => [person.plid, person]))
  const unlinking = unlinkPlid ? linked.get(unlinkPlid) : undefined
  const typeOptions = [
    ...picklists.ctype.map((option) => option.value),
    ...types.filter((type) => !picklists.ctype.some((option) => option.value === type)),
  ]
  const busy = dialog ? fetcher.state !== 'idle' : navigation.state === 'submitting' && navigation.formAction === action
  const FormTag = dialog ? fetcher.Form : Form
  const field = (name: keyof typeof fields, label: string) => (
    <TextField field={fields[name]} label={label} readOnly={readOnly} />
  )
  const back = returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null

  return (
    <Stack gap="sm">
      <FormAlerts conflict={conflict} errors={form.errors} error={error} />
      {contact && confirmDelete && !readOnly ? (
        <ConfirmPanel
          title={`Delete contact ${contact.name1} - ${contact.sort}?`}
          confirm={{ intent: 'delete', label: 'Delete', danger: true }}
          fields={returnTo ? { returnTo } : {}}
          action={action}
          cancelHref={hrefWith({ confirmDelete: null })}
        />
      ) : null}
      {contact && unlinking && !readOnly ? (
        <ConfirmPanel
          title={`Unlink person ${personName(unlinking)} from ${contact.name1}?`}
          confirm={{ intent: 'unlink', label: 'Unlink', danger: true }}
          fields={{ ...(returnTo ? { returnTo } : {}), plid: unlinking.plid }}
          action={action}
          cancelHref={hrefWith({ unlink: null })}
        >
          The person is kept, without this contact.
        </ConfirmPanel>
      ) : null}
      <FormTag
        method="post"
        action={action}
        {...getFormProps(form)}
        aria-label={readOnly ? 'View Contact' : contact ? 'Edit Contact' : 'Add Contact'}
      >
        <FormProvider context={form.context}>
          {contact ? <input type="hidden" name="version" value={contact.version} /> : null}
          {back}
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              <FormCard title="Contact">
                <TextInput label="CID" value={contact ? String(contact.cid) : 'New'} readOnly variant="filled" />
                {field('name1', 'Name')}
                {field('name2', 'Name 2')}
                {/* No maxLength: a longer sort shows the spec's message instead of being cut silently. */}
                <TextField field={fields.sort} label="Sort" readOnly={readOnly} maxLength={undefined} />
                {field('fein', 'FEIN')}
                {field('website', 'Website')}
              </FormCard>
              <Card withBorder padding="sm">
                <InputWrapper
                  label="Type"
                  withAsterisk={!readOnly}
                  error={fields.type.errors?.[0]}
                  id={`${fields.type.id}-group`}
                  labelProps={{ fz: 'md', fw: 700, mb: 'xs' }}
                >
                  <SimpleGrid cols={2} spacing={6} role="group" aria-label="Type">
                    {typeOptions.map((type) => (
                      <Checkbox
                        key={`${fields.type.key}-${type}`}
                        name={fields.type.name}
                        value={type}
                        label={type}
                        defaultChecked={checkedTypes.includes(type)}
                        disabled={readOnly}
                        size="xs"
                      />
                    ))}
                  </SimpleGrid>
                </InputWrapper>
                <Stack gap={6} mt="sm">
                  <PhoneFields fields={fields} items={CONTACT_PHONES} readOnly={readOnly} />
                </Stack>
              </Card>
              <FormCard title="Address">
                <AddressFields fields={fields} states={picklists.states} readOnly={readOnly} />
              </FormCard>
            </SimpleGrid>
            <Card withBorder padding="sm">
              <HtmlField field={fields.note} label="Note" html={contact?.note} readOnly={readOnly} minRows={2} />
            </Card>
            <Group justify="space-between">
              <Title order={2} size="h5">
                People
              </Title>
              {readOnly ? null : (
                <Button
                  {...form.insert.getButtonProps({ name: fields.people.name, defaultValue: {} })}
                  type="submit"
                  variant="light"
                  size="xs"
                  formNoValidate
                >
                  Add Person
                </Button>
              )}
            </Group>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                No people.
              </Text>
            ) : null}
            {rows.map((row, index) => {
              const person = row.getFieldset()
              const plid = parseId(person.plid.initialValue)
              const saved = plid === null ? undefined : linked.get(plid)
              const label = saved ? personName(saved) || `Person ${plid}` : `New person ${index + 1}`
              return (
                <Paper key={row.key ?? `person-${index}`} withBorder p="xs" role="group" aria-label={label}>
                  <input
                    type="hidden"
                    name={person.plid.name}
                    defaultValue={person.plid.initialValue as string | undefined}
                  />
                  <input
                    type="hidden"
                    name={person.version.name}
                    defaultValue={person.version.initialValue as string | undefined}
                  />
                  <Group justify="space-between" mb={4}>
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                    {readOnly ? null : saved ? (
                      <RemoveButton
                        component={Link}
                        to={hrefWith({ unlink: String(plid) })}
                        preventScrollReset
                        aria-label={`Unlink ${label}`}
                      >
                        Unlink
                      </RemoveButton>
                    ) : (
                      <RemoveButton
                        {...form.remove.getButtonProps({ name: fields.people.name, index })}
                        type="submit"
                        formNoValidate
                        aria-label={`Remove ${label}`}
                      >
                        Remove
                      </RemoveButton>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing={6} verticalSpacing={4}>
                    <TextField field={person.given} label="Given" readOnly={readOnly} size="xs" />
                    <TextField field={person.surname} label="Surname" readOnly={readOnly} size="xs" />
                    <TextField field={person.salutation} label="Salutation" readOnly={readOnly} size="xs" />
                    <TextField field={person.prefix} label="Prefix" readOnly={readOnly} size="xs" />
                    <TextField field={person.suffix} label="Suffix" readOnly={readOnly} size="xs" />
                    <TextField field={person.email} label="Email" readOnly={readOnly} size="xs" type="email" />
                    <PhoneFields fields={person} items={ROW_PHONES} readOnly={readOnly} size="xs" />
                  </SimpleGrid>
                </Paper>
              )
            })}
            {readOnly ? null : (
              <Group justify="flex-end">
                {contact ? (
                  <Button
                    component={Link}
                    to={hrefWith({ confirmDelete: '1' })}
                    variant="default"
                    color="red"
                    size="sm"
                    preventScrollReset
                  >
                    Delete
                  </Button>
                ) : null}
                <SaveContact formId={form.id} busy={busy} label={contact ? 'Save Contact' : 'Add Contact'} />
              </Group>
            )}
          </Stack>
        </FormProvider>
      </FormTag>
    </Stack>
  )
}

const CONTACT_LABELS: Record<string, string> = {
  name1: 'Name',
  sort: 'Sort',
  type: 'Type',
  email: 'Email',
  phone: 'Phone',
  fax: 'Fax',
}
const PERSON_LABELS: Record<string, string> = {
  surname: 'Surname',
  direct: 'Direct',
  ext: 'Ext',
  mobile: 'Mobile',
  home: 'Home',
  fax: 'Fax',
  email: 'Email',
}

/** A problem's field as the summary names it: "Sort", "Person 2 Surname". */
/**
 * What the rules say of the form as it stands, once the browser runs it and something was typed, and
 * Save: enabled once something changed and the contact and its people pass the rules (spec 2 §5). The
 * server's page (no JavaScript yet, or none at all) can always send, and the server says what is wrong.
 * Its own component: hydrating and typing draw these again, not the whole form (decision 0039).
 */
function SaveContact({ formId, busy, label }: { formId: string; busy: boolean; label: string }) {
  const form = useFormMetadata(formId)
  const hydrated = useHydrated()
  const problems =
    hydrated && form.dirty ? Object.entries(contactProblems((form.value ?? {}) as Record<string, unknown>)) : []
  return (
    <>
      <SaveBlockers problems={problems} label={problemLabel} />
      <Button
        type="submit"
        name="intent"
        value="save"
        loading={busy}
        disabled={hydrated && (!form.dirty || problems.length > 0)}
      >
        {label}
      </Button>
    </>
  )
}

function problemLabel(name: string): string {
  const row = /^people\[(\d+)\]\.(\w+)$/.exec(name)
  if (row) return `Person ${Number(row[1]) + 1} ${PERSON_LABELS[row[2]] ?? row[2]}`
  return CONTACT_LABELS[name] ?? name
}
