import { Radio } from '@mantine/core'
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '#app/ui/core'
import { Form, Link, useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { PageDialog } from '#app/ui/page-dialog'
import { fractionToPercent, NONE_OF_THE_ABOVE } from '#app/domain/commission'
import { POLICY_STATUS_LIST } from '#app/domain/policies'
import type { ViewerLinks } from '#app/features/firms/viewer-links'
import { CALC_PARAMS, type CommissionDialogData, type PolicyActionResult } from './policies-tab-types'

const DATE_FIELDS = [
  ['incept', 'Incept'],
  ['expiry', 'Expiry'],
  ['quoted', 'Quoted'],
  ['booked', 'Booked'],
  ['bound', 'Bound'],
] as const

/**
 * The commission dialog (spec 3 §2.6), four steps addressed by the URL: 1 confirm (and save) the
 * policy data, 2 choose among conditional rules, 3 review and save the rates, 4 done. Saves are
 * POSTs; moving between steps is a link or a GET form, so every step works without JavaScript.
 */
export function CommissionDialog({
  dialog,
  fid,
  links,
  closeHref,
  actionResult,
}: {
  dialog: CommissionDialogData
  fid: number
  links: ViewerLinks
  closeHref: string
  actionResult?: PolicyActionResult | null
}) {
  const navigate = useNavigate()
  const result = actionResult?.intent.startsWith('commission-') ? actionResult : null
  return (
    <PageDialog title={`Commissions for policy ${dialog.pid}`} closeHref={closeHref} onClose={() => navigate(closeHref, { preventScrollReset: true })} width={760}>
      <Text size="xs" c="dimmed" mb="xs">
        Step {dialog.step} of 4
      </Text>
      {result?.error ? (
        <Alert color="red" role="alert" mb="xs">
          {result.error}
        </Alert>
      ) : null}
      {dialog.step === 1 ? <PolicyDataStep key={dialog.version} dialog={dialog} fid={fid} links={links} errors={result?.fields ?? {}} /> : null}
      {dialog.step === 2 ? (
        <Form method="get" preventScrollReset>
          {links.keep([CALC_PARAMS.step, 'choice']).map(([key, value], index) => (
            <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
          ))}
          <input type="hidden" name={CALC_PARAMS.step} value="3" />
          <Radio.Group name="choice" label="Which condition applies to this policy?" required>
            <Stack gap={6} mt="xs">
              {dialog.options.map((option) => (
                <Radio key={option.id} value={String(option.id)} label={`${option.condition} (${fractionToPercent(option.commission)}%)`} />
              ))}
              <Radio value={NONE_OF_THE_ABOVE} label="None of the above" />
            </Stack>
          </Radio.Group>
          <Group justify="space-between" mt="sm">
            <Button component={Link} to={links.withParams({ [CALC_PARAMS.step]: '1' })} size="xs" variant="default" preventScrollReset>
              Back
            </Button>
            <Button type="submit" size="xs">
              Next
            </Button>
          </Group>
        </Form>
      ) : null}
      {dialog.step === 3 ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="fid" value={fid} />
          <input type="hidden" name="pid" value={dialog.pid} />
          <input type="hidden" name="version" value={dialog.version} />
          <Stack gap="xs">
            {dialog.message ? (
              <Alert color="yellow" role="status">
                {dialog.message}
              </Alert>
            ) : null}
            {dialog.rule ? (
              <Text size="sm">
                MGA rule {dialog.rule.id}
                {dialog.rule.condition ? ` (${dialog.rule.condition})` : ''}: {fractionToPercent(dialog.rule.commission)}%
              </Text>
            ) : null}
            <SimpleGrid cols={4}>
              {(
                [
                  ['mgacom', 'MGA %'],
                  ['procom', 'Producer %'],
                  ['subcom', 'Sub Producer %'],
                  ['spncom', 'Sponsor %'],
                ] as const
              ).map(([name, label]) => (
                <TextInput key={name} name={name} label={label} defaultValue={dialog.rates[name]} inputMode="decimal" pattern="\d{1,3}(\.\d{1,6})?" error={result?.fields?.[name]} />
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Percent 0 to 100; stored as a fraction rounded to 4 decimals of a percent.
            </Text>
            <Group justify="space-between">
              <Button component={Link} to={links.withParams({ [CALC_PARAMS.step]: '1', choice: null })} size="xs" variant="default" preventScrollReset>
                Back
              </Button>
              <Button type="submit" name="intent" value="commission-rates" size="xs">
                Save
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
      {dialog.step === 4 ? (
        <Stack gap="xs">
          <Text size="sm">The commissions of policy {dialog.pid} are saved.</Text>
          <Group justify="flex-end">
            <Button component={Link} to={closeHref} size="xs" preventScrollReset>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </PageDialog>
  )
}

function PolicyDataStep({ dialog, fid, links, errors }: { dialog: CommissionDialogData; fid: number; links: ViewerLinks; errors: Record<string, string> }) {
  const [edited, setEdited] = useState(false)
  const problems = { ...dialog.problems, ...errors }
  const invalid = Object.keys(dialog.problems).length > 0
  const error = (name: string) => problems[name]
  return (
    <Form method="post" preventScrollReset onChange={() => setEdited(true)}>
      <input type="hidden" name="fid" value={fid} />
      <input type="hidden" name="pid" value={dialog.pid} />
      <input type="hidden" name="version" value={dialog.version} />
      <Stack gap="xs">
        <Text size="sm">PID {dialog.pid}</Text>
        <SimpleGrid cols={4}>
          <TextInput name="type" label="Type" defaultValue={dialog.values.type} error={error('type')} />
          <TextInput name="carrier" label="Carrier" defaultValue={dialog.values.carrier} error={error('carrier')} />
          <NativeSelect name="status" label="Status" defaultValue={dialog.values.status} data={[...POLICY_STATUS_LIST]} error={error('status')} />
          <TextInput name="is_new" label="Placement" defaultValue={dialog.values.is_new} error={error('is_new')} />
          {DATE_FIELDS.map(([name, label]) => (
            <TextInput key={name} name={name} label={label} placeholder="MM-DD-YYYY" defaultValue={dialog.values[name]} error={error(name)} />
          ))}
          <TextInput name="mgaid" label="MGA (cid)" defaultValue={dialog.values.mgaid} inputMode="numeric" error={error('mgaid')} />
          <TextInput name="spnid" label="Sponsor (cid)" defaultValue={dialog.values.spnid} inputMode="numeric" error={error('spnid')} />
          <TextInput name="prodname" label="Producer" defaultValue={dialog.values.prodname} error={error('prodname')} />
        </SimpleGrid>
        <Group justify="space-between">
          <Button type="submit" name="intent" value="commission-policy" size="xs" variant="default">
            Save
          </Button>
          {invalid || edited ? (
            <Button size="xs" disabled title={edited ? 'Save the changes first' : 'Complete the required fields and save'}>
              Next
            </Button>
          ) : (
            <Button component={Link} to={links.withParams({ [CALC_PARAMS.step]: '2', choice: null })} size="xs" preventScrollReset>
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </Form>
  )
}
