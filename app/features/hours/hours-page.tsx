import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Paper, Stack, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ALL_USERS, HOURS_KINDS, LEAVE_TYPES, SESSION_TYPES, withinOneYear } from '#app/domain/hours'
import { parseDisplayDate } from '#app/domain/dates'
import { constraints as hoursSearchConstraints } from '#app/domain/form-constraints/hours-search'
import { constraints as leaveEntryConstraints } from '#app/domain/form-constraints/leave-entry'
import { SelectField, TextField } from '#app/ui/fields'
import { hrefWithParams } from '#app/ui/use-href-with'
import type { IntentReply } from '#app/http/intent.server'
import type { loadHours } from './hours.server'
import { ActiveSessionsTable, HoursResultTable } from '#app/ui/hours-tables'
import { useServerForm } from '#app/ui/use-server-form'

export const hoursMeta: MetaFunction = () => [{ title: 'Hours · mga-desk' }]

const KIND_LABELS = { log: 'Log', daily: 'Daily', period: 'Period' } as const

/** The Result choices: Log is disabled for a period longer than a year (spec 2 §5), as the dates stand. */
function kindOptions(start: unknown, end: unknown) {
  const from = typeof start === 'string' ? parseDisplayDate(start) : null
  const to = typeof end === 'string' ? parseDisplayDate(end) : null
  const tooLong = from !== null && to !== null && to >= from && !withinOneYear(from, to)
  return HOURS_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind], disabled: kind === 'log' && tooLong }))
}
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

/** The page's two views, each a link (the view is in the URL). */
const HOURS_VIEWS = [
  { view: 'entries', to: '/hours', label: 'Time Entries' },
  { view: 'active', to: '/hours?view=active', label: 'Active Sessions' },
] as const

export function HoursPage() {
  const { values, users, view, active, failed, result, search, username } = useLoaderData<typeof loadHours>()
  const actionData = useActionData<IntentReply<{ result: SubmissionResult<string[]> }>>()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/hours'
  const [searchForm, searchFields] = useServerForm<typeof values>('hours-search', hoursSearchConstraints, {
    lastResult: search,
    defaultValue: values,
  })
  const [leaveForm, leaveFields] = useServerForm<{ username: string; type: string; date: string; hours: string }>(
    'leave-entry',
    leaveEntryConstraints,
    { lastResult: actionData?.result, defaultValue: { username, hours: '8' } },
  )
  return (
    <Stack maw={1100} mx="auto">
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={1} size="h3">
            Hours
          </Title>
          <Group gap="xs" component="nav" aria-label="Hours view">
            {HOURS_VIEWS.map((link) => (
              <Button
                key={link.view}
                component={Link}
                to={link.to}
                variant={view === link.view ? 'filled' : 'default'}
                aria-current={view === link.view ? 'page' : undefined}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        </Group>
        {failed ? (
          <Alert color="red" role="alert" p="xs">
            {failed}
          </Alert>
        ) : null}
        {view === 'active' ? (
          failed ? null : (
            <ActiveSessionsTable rows={active} />
          )
        ) : (
          <Stack>
            <Form method="get" aria-label="Hours search" {...getFormProps(searchForm)}>
              <Group align="flex-start" wrap="wrap">
                <SelectField
                  field={searchFields.username}
                  label="Username"
                  options={options(users)}
                  placeholder={null}
                />
                <TextField field={searchFields.start} label="Start date" placeholder="D MMM YYYY" w={150} />
                <TextField field={searchFields.end} label="End date" placeholder="D MMM YYYY" w={150} />
                <SelectField
                  field={searchFields.type}
                  label="Session type"
                  options={options(['Any', ...SESSION_TYPES])}
                  placeholder={null}
                />
                <SelectField
                  field={searchFields.kind}
                  label="Result"
                  options={kindOptions(searchFields.start.value, searchFields.end.value)}
                  placeholder={null}
                />
                <Button type="submit" mt={24} loading={searching}>
                  Search
                </Button>
              </Group>
            </Form>
            {result ? <HoursResultTable result={result} /> : null}
            {result?.kind === 'log' && result.core.pages > 1 ? (
              <Group gap="xs">
                {Array.from({ length: result.core.pages }, (_, i) => i + 1).map((page) => (
                  <Button
                    key={page}
                    component={Link}
                    size="compact-sm"
                    variant={page === result.core.page ? 'filled' : 'default'}
                    to={hrefWithParams('/hours', new URLSearchParams(values), { page: String(page) })}
                  >
                    {page}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          Record leave
        </Title>
        {leaveForm.status === 'error' ? (
          <Alert color="error" variant="light" mb="sm" role="alert">
            The leave entry was not recorded. Please check the fields below.
          </Alert>
        ) : null}
        <Form method="post" aria-label="Record leave" {...getFormProps(leaveForm)}>
          <Group align="flex-start" wrap="wrap">
            <SelectField
              field={leaveFields.username}
              label="Username"
              options={options(users.filter((user) => user !== ALL_USERS))}
              placeholder={null}
            />
            <SelectField field={leaveFields.type} label="Type" options={options(LEAVE_TYPES)} placeholder={null} />
            <TextField field={leaveFields.date} label="Date" placeholder="D MMM YYYY" w={150} />
            <TextField field={leaveFields.hours} label="Hours" type="number" step="0.25" w={100} />
            <Button type="submit" mt={24} variant="light" loading={navigation.state === 'submitting'}>
              Record
            </Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  )
}
