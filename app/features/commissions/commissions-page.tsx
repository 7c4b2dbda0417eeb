import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '#app/ui/core'
import { COMMISSION_RULE_MESSAGES as M } from '#app/domain/commission-dating'
import { formatDisplayDate } from '#app/domain/dates'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import { RULE_PERCENT_DECIMALS } from '#app/domain/commission-dating'
import { placementLabel } from '#app/domain/placement'
import { fractionToPercent } from '#app/domain/percent'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { PageDialog } from '#app/ui/page-dialog'
import { RecordHistory } from '#app/ui/record-history'
import { PageHeader, ViewLinks } from '#app/ui/search'
import { useHrefWith } from '#app/ui/use-href-with'
import type { CommissionRuleView, CommissionsData } from './commissions-types'
import { ChangeForm, EndForm, NewCommissionForm, RowConfirm, type RuleReply } from './rule-forms'
import { EditAllDialog } from './edit-all'

export const commissionsMeta: MetaFunction = () => [{ title: 'MGA Rates · mga-desk' }]

const YEARS_AHEAD = 50
const FIRST_YEAR = 2020

/** The confirmations on a rule: remove its end date, delete it (its previous rate becomes current). */
const ROW_CONFIRMS = {
  unend: { title: 'Remove end date', intent: 'commission-unend', label: 'Remove end date' },
  delete: { title: 'Delete commission', intent: 'commission-delete', label: 'Delete', danger: true },
}

export const percentLabel = (fraction: string) => `${fractionToPercent(fraction, RULE_PERCENT_DECIMALS)}%`

const dateLabel = (date: string | null, type: string | null) => (date ? `${formatDisplayDate(date)} (${type})` : '')

/** MGA Rates (spec 1 §2.9): the rules of a year or a date, grouped by MGA, with the dialogs the URL opens. */
export function CommissionsPage() {
  const data = useLoaderData<CommissionsData>()
  const reply = useActionData<RuleReply>()
  const hrefWith = useHrefWith()
  const location = useLocation()
  const back = `${location.pathname}${location.search}`
  const closeHref = hrefWith({
    dialog: null,
    id: null,
    mga: null,
    step: null,
    effective: null,
    effective_type: null,
    keep: null,
    kept: null,
    added: null,
  })
  const error = formLevelError(reply as IntentReply<object> | undefined)
  const years = Array.from({ length: new Date().getFullYear() + YEARS_AHEAD - FIRST_YEAR + 1 }, (_, index) =>
    String(FIRST_YEAR + index),
  )
  const columns: DataColumn<CommissionRuleView>[] = [
    { key: 'mga_name', label: 'MGA' },
    { key: 'carrier', label: 'Carrier' },
    { key: 'types', label: 'Types', render: (rule) => rule.types.join(', ') },
    { key: 'renewal', label: 'Placement', render: (rule) => placementLabel(rule.renewal) },
    { key: 'condition', label: 'Condition', render: (rule) => rule.condition ?? '' },
    { key: 'commission', label: 'Commission', nowrap: true, render: (rule) => percentLabel(rule.commission) },
    {
      key: 'start_date',
      label: 'Start Date',
      nowrap: true,
      render: (rule) => dateLabel(rule.start_date, rule.start_date_type),
    },
    {
      key: 'end_date',
      label: 'End Date',
      nowrap: true,
      render: (rule) => dateLabel(rule.end_date, rule.end_date_type),
    },
    { key: 'actions', label: 'Actions', render: (rule) => <RowActions rule={rule} hrefWith={hrefWith} /> },
  ]
  return (
    <Stack gap="sm">
      <PageHeader title="MGA Rates">
        <Button component={Link} to={hrefWith({ dialog: 'new', id: null })} size="xs" preventScrollReset>
          New commission
        </Button>
      </PageHeader>
      <Group gap="xs" align="end" wrap="wrap">
        <nav aria-label="View">
          <Group gap={4}>
            <ViewLinks
              views={['Year', 'Date'] as const}
              current={data.view === 'date' ? 'Date' : 'Year'}
              href={(view) => hrefWith({ view: view === 'Date' ? 'date' : null, dialog: null })}
            />
          </Group>
        </nav>
        <Form method="get" aria-label="Commissions shown">
          <Group gap="xs" align="end">
            {data.view === 'date' ? (
              <>
                <input type="hidden" name="view" value="date" />
                <TextInput type="date" name="date" label="Start Date" defaultValue={data.date} size="xs" />
              </>
            ) : (
              <NativeSelect
                name="year"
                label="Year"
                size="xs"
                defaultValue={String(data.year)}
                data={years.map((year) => ({ value: year, label: year }))}
              />
            )}
            <Button type="submit" size="xs" variant="default">
              Show
            </Button>
          </Group>
        </Form>
      </Group>
      {data.failed ? (
        <Alert color="red" role="alert">
          {data.failed}
        </Alert>
      ) : null}
      {error && !data.dialog ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {!data.failed && data.groups.length === 0 ? <Text>{M.empty}</Text> : null}
      {data.groups.map((group) => (
        <Paper key={group.mga_id} withBorder p="xs" component="section" aria-labelledby={`mga-${group.mga_id}`}>
          <Group justify="space-between" mb={4}>
            <Title order={2} size="h5" id={`mga-${group.mga_id}`}>
              {group.mga_name}
            </Title>
            {group.rules.some((rule) => rule.end_date === null) ? (
              <Button
                component={Link}
                to={hrefWith({ dialog: 'editAll', mga: String(group.mga_id), step: '1', id: null })}
                size="xs"
                variant="default"
                preventScrollReset
                aria-label={`Edit All of ${group.mga_name}`}
              >
                Edit All
              </Button>
            ) : null}
          </Group>
          <DataTable
            label={`Commissions of ${group.mga_name}`}
            dense
            columns={columns}
            rows={group.rules}
            rowKey={(rule) => rule.id}
          />
        </Paper>
      ))}
      <CommissionDialogs data={data} back={back} closeHref={closeHref} reply={reply} />
    </Stack>
  )
}

function RowActions({
  rule,
  hrefWith,
}: {
  rule: CommissionRuleView
  hrefWith: (changes: Record<string, string | null>) => string
}) {
  const link = (dialog: string, label: string) => (
    <Link to={hrefWith({ dialog, id: String(rule.id) })} preventScrollReset aria-label={`${label} (rule ${rule.id})`}>
      {label}
    </Link>
  )
  const open = rule.end_date === null
  return (
    <Group gap={8} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
      {open ? link('change', 'Change') : null}
      {open ? link('end', 'Add end date') : null}
      {!open && rule.mostRecent ? link('unend', 'Remove end date') : null}
      {open ? link('delete', 'Delete') : null}
      {link('history', 'History')}
    </Group>
  )
}

function CommissionDialogs({
  data,
  back,
  closeHref,
  reply,
}: {
  data: CommissionsData
  back: string
  closeHref: string
  reply: RuleReply | undefined
}) {
  const navigate = useNavigate()
  const dialog = data.dialog
  if (!dialog) return null
  const close = () => navigate(closeHref, { preventScrollReset: true })
  const frame = (title: string, body: React.ReactNode, width = 640) => (
    <PageDialog title={title} closeHref={closeHref} onClose={close} width={width}>
      {body}
    </PageDialog>
  )
  switch (dialog.name) {
    case 'missing':
      return frame('Commission', <Alert color="red">{M.failure}</Alert>)
    case 'new':
      return frame('New commission', <NewCommissionForm data={data} back={back} reply={reply} />, 760)
    case 'change':
      return frame('Change commission', <ChangeForm rule={dialog.rule} back={back} reply={reply} today={data.today} />)
    case 'end':
      return frame('Add end date', <EndForm rule={dialog.rule} back={back} reply={reply} today={data.today} />)
    case 'unend':
    case 'delete': {
      const { title, ...confirm } = ROW_CONFIRMS[dialog.name]
      return frame(
        title,
        <RowConfirm rule={dialog.rule} back={back} reply={reply} closeHref={closeHref} {...confirm} />,
      )
    }
    case 'history':
      return frame(
        `History of rule ${dialog.rule.id}`,
        <RecordHistory rows={dialog.history} label={`History of rule ${dialog.rule.id}`} />,
        900,
      )
    case 'editAll':
      return <EditAllDialog dialog={dialog} back={back} closeHref={closeHref} reply={reply} choices={data.choices} />
  }
}
