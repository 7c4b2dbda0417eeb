import { getFormProps } from '@conform-to/react'
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '#app/ui/core'
import { Form, useNavigate } from '@remix-run/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { PageDialog } from '#app/ui/page-dialog'
import { isoToLoose } from '#app/domain/dates'
import { formatDecimalMoney } from '#app/domain/money'
import { POLICY_STATUS_LIST, policyTotals } from '#app/domain/policies'
import { FEE_FIELDS, FEE_LABELS } from '#app/domain/tax'
import type { EditorActionResult, PolicyEditorData } from './editor-types'
import { GroupOptionsTable, PolicyFilesTable, PolicyLedgerTable } from './editor-tables'
import { FormAlerts } from '#app/ui/form-alerts'
import { DateField, SelectField, TextField } from '#app/ui/fields'
import { TextareaField } from '#app/ui/textarea-field'
import { UploadRows } from '#app/ui/upload-fields'
import { textDefaults, useServerForm } from '#app/ui/use-server-form'
import { constraints as policyEditConstraints } from '#app/domain/form-constraints/policy-edit'
import { constraints as policyGroupCopyConstraints } from '#app/domain/form-constraints/policy-group-copy'
import { constraints as policyTextConstraints } from '#app/domain/form-constraints/policy-text'
import { replyFor } from '#app/http/intent'

const DATE_FIELDS = [
  ['incept', 'Incept'],
  ['expiry', 'Expiry'],
  ['retro', 'Retro'],
  ['submitted', 'Submitted'],
  ['quoted', 'Quoted'],
  ['bndreq', 'Bind Req'],
  ['booked', 'Booked'],
  ['bound', 'Bound'],
  ['issued', 'Issued'],
  ['canceled', 'Canceled'],
] as const

const BOOK_CANCEL_FORM = 'policy-book-cancel'

/** The edit form's fields as they were posted (the Book Policy dialog's forms carry them on). */
function TypedValues({ values }: { values: Record<string, string> }) {
  return Object.entries(values)
    .filter(([key]) => key !== 'intent')
    .map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />)
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const TEXT_FIELDS = ['forms', 'features', 'docs', 'note'] as const

function Panel({
  title,
  badge,
  open = false,
  children,
}: {
  title: string
  badge?: ReactNode
  open?: boolean
  children: ReactNode
}) {
  // Native details/summary: expansion panels that work without JavaScript.
  return (
    <details open={open} className="policy-panel">
      <summary>
        <Text component="span" fw={600}>
          {title}
        </Text>
        {badge}
      </summary>
      <div className="policy-panel-body">{children}</div>
    </details>
  )
}

/**
 * Edit policy and view policy (spec 3 §2.4): panels Edit Policy, Options (with the group count),
 * Text Fields, Ledger (view only). Every form is a plain POST with an intent, so the page works
 * without JavaScript; with it, the totals follow the typed fees.
 */
export function PolicyEditor({
  data,
  actionResult,
  readOnly,
}: {
  data: PolicyEditorData
  actionResult?: EditorActionResult | null
  readOnly: boolean
}) {
  const { policy } = data
  const navigate = useNavigate()
  const editable = data.can.edit && !readOnly
  const defaults = textDefaults(policy)
  // A form's own answer; after a lost race the page reloads the current policy into new forms instead.
  const resultFor = (...intents: string[]) => {
    const answer = replyFor(actionResult, ...intents)
    return answer?.current ? undefined : answer?.result
  }
  // Each form is bound by Conform and shows the server's reply to its own intents only.
  const [editForm, fields] = useServerForm<Record<string, string>>(
    `policy-edit-${policy.version}`,
    policyEditConstraints,
    {
      lastResult: resultFor('policy-save', 'policy-book', 'policy-book-cancel', 'policy-save-book'),
      defaultValue: {
        ...defaults,
        ...Object.fromEntries(DATE_FIELDS.map(([name]) => [name, isoToLoose(defaults[name] || null)])),
      },
    },
  )
  const [copyForm, copyFields] = useServerForm<Record<'limits' | 'deduc' | 'premium', string>>(
    `policy-copy-${policy.version}`,
    policyGroupCopyConstraints,
    {
      lastResult: resultFor('policy-group-copy'),
    },
  )
  const [textForm, textFields] = useServerForm<Record<(typeof TEXT_FIELDS)[number], string>>(
    `policy-text-${policy.version}`,
    policyTextConstraints,
    {
      lastResult: resultFor('policy-text', 'policy-text-group'),
      defaultValue: defaults,
    },
  )
  const amountsOf = () =>
    Object.fromEntries(['premium', 'doifee', 'slafee', ...FEE_FIELDS].map((key) => [key, text(policy[key])]))
  const [amounts, setAmounts] = useState(amountsOf)
  // A new version (saved here, or reloaded after a lost race) starts the totals from its amounts.
  const [shownVersion, setShownVersion] = useState(policy.version)
  if (shownVersion !== policy.version) {
    setShownVersion(policy.version)
    setAmounts(amountsOf())
  }
  const totals = policyTotals(amounts)
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (target.name in amounts) setAmounts((current) => ({ ...current, [target.name]: target.value }))
  }
  const money = { leftSection: '$', inputMode: 'decimal' } as const
  const field = (
    name: string,
    label: string,
    extra: { leftSection?: string; inputMode?: 'decimal'; placeholder?: string } = {},
  ) => <TextField key={name} field={fields[name]} label={label} readOnly={!editable} size="xs" {...extra} />
  const select = (name: string, label: string, options: readonly { value: string; label: string }[]) => (
    <SelectField key={name} field={fields[name]} label={label} options={options} readOnly={!editable} size="xs" />
  )
  const feeField = (fee: 'doifee' | 'slafee' | (typeof FEE_FIELDS)[number]) =>
    field(fee, fee === 'doifee' ? 'DOI Fee' : fee === 'slafee' ? 'SLA Fee' : FEE_LABELS[fee], money)

  return (
    <Stack gap="sm" p="md" component="main">
      <Group justify="space-between">
        <Title order={1} size="h4">
          {editable ? 'Edit Policy' : 'View Policy'} {policy.pid}
        </Title>
        <Text size="sm" c="dimmed">
          {data.firm ? `${data.firm.sort ?? ''} (FID ${data.firm.fid}, ${data.firm.state ?? ''})` : `FID ${policy.fid}`}{' '}
          · group {policy.grpnum}
        </Text>
      </Group>
      <FormAlerts error={actionResult?.error} />

      <Panel title="Edit Policy" open>
        {/* A new version (saved, or reloaded after a lost race) is a new form: its inputs start from the current values. */}
        <Form method="post" key={editForm.id} onInput={onInput} aria-label="Edit Policy" {...getFormProps(editForm)}>
          <input type="hidden" name="version" value={policy.version} />
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs">
              <TextInput label="PID" value={policy.pid} readOnly size="xs" />
              <TextInput label="FID" value={policy.fid} readOnly size="xs" />
              {select('prid', 'Program', data.programs)}
              <TextInput label="Group" value={policy.grpnum ?? 0} readOnly size="xs" />
              {field('prodname', 'Producer')}
              {field('zip', 'Zip')}
              {field('insured', 'Insured')}
              {field('polnum', 'Policy Number')}
              {select(
                'ppid',
                'Prior Policy',
                data.priors.map((prior) => ({
                  value: String(prior.pid),
                  label: `${prior.pid} ${prior.status} ${prior.incept ?? ''}`,
                })),
              )}
              {field('sales', 'Sales', { leftSection: '$' })}
              {select(
                'status',
                'Status',
                POLICY_STATUS_LIST.map((status) => ({ value: status, label: status })),
              )}
              {select('is_new', 'Placement', data.picklists.is_new)}
              {select('carrier', 'Carrier', data.picklists.carrier)}
              {select('type', 'Type', data.picklists.ptype)}
              {DATE_FIELDS.map(([name, label]) => (
                <DateField
                  key={name}
                  field={fields[name]}
                  label={label}
                  format="M-D-YYYY"
                  readOnly={!editable}
                  size="xs"
                />
              ))}
              <TextInput label="Booking stamp" value={text(policy.bstamp)} readOnly size="xs" />
              {select('cancellationcode', 'Cancellation', data.picklists.cancat)}
              {field('limits', 'Limits')}
              {select('ltype', 'Limit Type', data.picklists.ltype)}
              {field('deduc', 'Deductible')}
              {select('dtype', 'Deductible Type', data.picklists.dtype)}
              {field('premium', 'Premium', money)}
              {field('down', 'Down', money)}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="xs">
              {feeField('doifee')}
              {feeField('slafee')}
            </SimpleGrid>
            {/* The other fees show and hide in place (details/summary): no page load, so nothing typed is
                lost with or without JavaScript, and hidden fees still post their values. ?fees=1 opens it. */}
            <details className="policy-fees" open={data.showFees}>
              <summary>
                <span className="policy-fees-show">Show fees</span>
                <span className="policy-fees-hide">Hide fees</span>
              </summary>
              <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="xs" mt="xs">
                {FEE_FIELDS.map((fee) => feeField(fee))}
              </SimpleGrid>
            </details>
            <Group gap="lg" aria-live="polite">
              <Text size="sm">Taxes {formatDecimalMoney(totals.taxes)}</Text>
              <Text size="sm">Fees {formatDecimalMoney(totals.fees)}</Text>
              <Text size="sm" fw={700} data-testid="policy-total">
                Total {formatDecimalMoney(totals.total)}
              </Text>
            </Group>
            {editable ? (
              <Group gap="xs">
                <Button type="submit" name="intent" value="policy-save" size="xs">
                  Save
                </Button>
                <Button type="submit" name="intent" value="policy-book" size="xs" variant="default">
                  Book
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Form>
      </Panel>

      <Panel
        title="Options"
        badge={
          <Badge ml="xs" size="sm" aria-label={`${data.optionCount} group policies`}>
            {data.optionCount}
          </Badge>
        }
        open={data.addOption || actionResult?.intent === 'policy-group-copy'}
      >
        <GroupOptionsTable options={data.options} canDelete={data.can.deleteOption && editable} maxHeight={446} />
        {editable ? (
          <Form method="post" aria-label="Add to group" {...getFormProps(copyForm)}>
            <input type="hidden" name="version" value={policy.version} />
            <Group gap="xs" align="end" mt="xs">
              <TextField field={copyFields.limits} label="Limit" size="xs" />
              <TextField field={copyFields.deduc} label="Deductible" size="xs" />
              <TextField field={copyFields.premium} label="Premium" required size="xs" {...money} />
              <Button type="submit" name="intent" value="policy-group-copy" size="xs">
                Add copy to group
              </Button>
            </Group>
          </Form>
        ) : null}
      </Panel>

      <Panel title="Text Fields">
        <Form method="post" key={textForm.id} aria-label="Text Fields" {...getFormProps(textForm)}>
          <input type="hidden" name="version" value={policy.version} />
          <SimpleGrid cols={2} spacing="xs">
            {TEXT_FIELDS.map((name) => (
              <TextareaField
                key={name}
                field={textFields[name]}
                label={name[0].toUpperCase() + name.slice(1)}
                readOnly={!editable}
              />
            ))}
          </SimpleGrid>
          {editable ? (
            <Group gap="xs" mt="xs">
              <Button type="submit" name="intent" value="policy-text" size="xs">
                Save text
              </Button>
              {policy.grpnum ? (
                <Button type="submit" name="intent" value="policy-text-group" size="xs" variant="default">
                  Save text to group
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Form>
      </Panel>

      <Panel title="Ledger">
        <PolicyLedgerTable entries={data.ledger} />
      </Panel>

      <Panel title="Files" open={actionResult?.intent === 'policy-file-upload'}>
        <PolicyFilesTable files={data.files} />
        {data.can.upload && !readOnly ? (
          <Form method="post" encType="multipart/form-data" aria-label="Upload a policy file">
            <Stack gap="xs" mt="xs">
              <UploadRows
                rows={1}
                fileTypes={data.fileTypes}
                names={{ description: 'description', type: 'type' }}
                missing={false}
                requireFirst
              />
              <Group>
                <Button type="submit" name="intent" value="policy-file-upload" size="xs">
                  Upload
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
      </Panel>

      {actionResult?.bookConfirm && actionResult.values ? (
        <PageDialog
          title="Book Policy"
          closeHref={`/editPolicy/${policy.pid}`}
          closeSubmit={{ form: BOOK_CANCEL_FORM }}
          onClose={() => navigate(`/editPolicy/${policy.pid}`)}
        >
          <Text size="sm" mb="sm">
            This policy has unsaved changes. Save them and book the policy, or book it as it was saved?
          </Text>
          <Group gap="xs">
            <Form method="post">
              <TypedValues values={actionResult.values} />
              <Button type="submit" name="intent" value="policy-save-book" size="xs">
                Save and book
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="version" value={policy.version} />
              <Button type="submit" name="intent" value="policy-book-only" size="xs" variant="default">
                Book without saving
              </Button>
            </Form>
            {/* Back to the form with what was typed: a POST of it, so it works without JavaScript too. */}
            <Form method="post" id={BOOK_CANCEL_FORM} preventScrollReset>
              <TypedValues values={actionResult.values} />
              <input type="hidden" name="intent" value="policy-book-cancel" />
              <Button type="submit" size="xs" variant="subtle">
                Cancel
              </Button>
            </Form>
          </Group>
        </PageDialog>
      ) : null}
    </Stack>
  )
}
