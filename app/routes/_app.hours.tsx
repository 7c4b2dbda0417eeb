import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import dayjs from 'dayjs'
import { z } from 'zod'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { ActiveSessionsTable, HoursResultTable, type HoursResult } from '#app/features/hours/hours-tables'
import { getDb } from '#app/db/client.server'
import { ALL_USERS, HOURS_KINDS, LEAVE_TYPES, SESSION_TYPES } from '#app/domain/hours'
import { activeSessions, createLeave, HoursAccessError, resolveHoursUser, runHoursSearch, usernames } from '#app/models/hours.server'
import { readFormData } from '#app/http/form.server'
import { hoursSearchSchema, leaveEntrySchema } from '#app/schemas/hours'

export const meta: MetaFunction = () => [{ title: 'Hours · mga-desk' }]

const KIND_LABELS = { log: 'Log', daily: 'Daily', period: 'Period' } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/hours')
  const db = getDb()
  const params = new URL(request.url).searchParams
  const override = hasScope(user, 'hours-override')
  const today = dayjs().format('D MMM YYYY')
  const values = {
    username: override ? (params.get('username') ?? user.username) : user.username,
    start: params.get('start') ?? today,
    end: params.get('end') ?? today,
    type: params.get('type') ?? 'Any',
    kind: params.get('kind') ?? 'log',
    page: params.get('page') ?? '1',
  }
  const users = override ? [ALL_USERS, ...(await usernames(db))] : [user.username]
  const base = { values, users, override, username: user.username }
  if (params.get('view') === 'active') {
    return { ...base, view: 'active' as const, active: await activeSessions(db), result: null, errors: {} }
  }
  const parsed = hoursSearchSchema(dayjs().format('YYYY-MM-DD')).safeParse(values)
  if (!parsed.success) {
    return { ...base, view: 'entries' as const, active: [], result: null, errors: z.flattenError(parsed.error).fieldErrors }
  }
  try {
    const userId = await resolveHoursUser(db, { id: user.id, username: user.username, override }, parsed.data.username)
    const result = (await runHoursSearch(db, { ...parsed.data, userId })) as unknown as HoursResult
    return { ...base, view: 'entries' as const, active: [], result, errors: {} }
  } catch (error) {
    if (!(error instanceof HoursAccessError)) throw error
    return { ...base, view: 'entries' as const, active: [], result: null, errors: { username: [error.message] } }
  }
}

// A leave entry: by the user for themselves, by hours-override holders for anyone.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, '/hours')
  const form = await readFormData(request)
  const parsed = leaveEntrySchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ leaveErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 })
  const db = getDb()
  try {
    const viewer = { id: user.id, username: user.username, override: hasScope(user, 'hours-override') }
    const userId = await resolveHoursUser(db, viewer, parsed.data.username)
    if (userId === null) return data({ leaveErrors: { username: ['Choose one user for a leave entry.'] } }, { status: 400 })
    await createLeave(db, { ...parsed.data, userId }, user.id)
  } catch (error) {
    if (!(error instanceof HoursAccessError)) throw error
    return data({ leaveErrors: { username: [error.message] } }, { status: 403 })
  }
  const day = dayjs(parsed.data.date).format('D MMM YYYY')
  const back = new URLSearchParams({ username: parsed.data.username, start: day, end: day, kind: 'log' })
  return redirectWithFlash(`/hours?${back}`, { message: `${parsed.data.type} recorded.`, kind: 'success' })
}

export default function HoursPage() {
  const { values, users, view, active, result, errors, username } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/hours'
  const fieldError = (name: string) => (errors as Record<string, string[] | undefined>)[name]?.[0]
  const leaveError = (name: string) => (actionData?.leaveErrors as Record<string, string[] | undefined> | undefined)?.[name]?.[0]
  return (
    <Stack maw={1100} mx="auto">
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={1} size="h3">
            Hours
          </Title>
          <Group gap="xs" component="nav" aria-label="Hours view">
            <Button component={Link} to="/hours" variant={view === 'entries' ? 'filled' : 'default'} aria-current={view === 'entries' ? 'page' : undefined}>
              Time Entries
            </Button>
            <Button component={Link} to="/hours?view=active" variant={view === 'active' ? 'filled' : 'default'} aria-current={view === 'active' ? 'page' : undefined}>
              Active Sessions
            </Button>
          </Group>
        </Group>
        {view === 'active' ? (
          <ActiveSessionsTable rows={active} />
        ) : (
          <Stack>
            <Form method="get" aria-label="Hours search">
              <Group align="flex-start" wrap="wrap">
                <NativeSelect name="username" label="Username" defaultValue={values.username} data={users} error={fieldError('username')} />
                <TextInput name="start" label="Start date" placeholder="D MMM YYYY" defaultValue={values.start} error={fieldError('start')} required w={150} />
                <TextInput name="end" label="End date" placeholder="D MMM YYYY" defaultValue={values.end} error={fieldError('end')} required w={150} />
                <NativeSelect name="type" label="Session type" defaultValue={values.type} data={['Any', ...SESSION_TYPES]} error={fieldError('type')} />
                <NativeSelect
                  name="kind"
                  label="Result"
                  defaultValue={values.kind}
                  data={HOURS_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
                  error={fieldError('kind')}
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
                  <Button key={page} component={Link} size="compact-sm" variant={page === result.core.page ? 'filled' : 'default'} to={`/hours?${new URLSearchParams({ ...values, page: String(page) })}`}>
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
        {actionData?.leaveErrors && Object.keys(actionData.leaveErrors).length > 0 ? (
          <Alert color="error" variant="light" mb="sm" role="alert">
            The leave entry was not recorded. Please check the fields below.
          </Alert>
        ) : null}
        <Form method="post" aria-label="Record leave">
          <Group align="flex-start" wrap="wrap">
            <NativeSelect name="username" label="Username" defaultValue={username} data={users.filter((u) => u !== ALL_USERS)} error={leaveError('username')} />
            <NativeSelect name="type" label="Type" data={[...LEAVE_TYPES]} error={leaveError('type')} />
            <TextInput name="date" label="Date" placeholder="D MMM YYYY" required w={150} error={leaveError('date')} />
            <TextInput name="hours" label="Hours" type="number" step="0.25" min="0.25" max="24" defaultValue="8" required w={100} error={leaveError('hours')} />
            <Button type="submit" mt={24} variant="light" loading={navigation.state === 'submitting'}>
              Record
            </Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  )
}
