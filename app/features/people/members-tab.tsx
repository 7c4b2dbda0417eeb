import { Alert, Button, Group, Stack } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { formatPhone } from '#app/domain/masks'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { MEMBER_PARAMS } from '#app/domain/firm-viewer'
import { replyFor } from '#app/http/intent'
import type { FirmTabProps } from '#app/ui/firm-tab'
import { personActions } from './person-actions'
import type { MembersTabData } from './members-tab.server'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { useTip } from '#app/ui/tips'
import { FormAlerts } from '#app/ui/form-alerts'
import { HiddenFields, SearchField, SearchForm } from '#app/ui/search'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints as membersSearchConstraints } from '#app/domain/form-constraints/members-search'
import { usePendingIntent } from '#app/ui/use-pending-intent'

type Member = MembersTabData['members'][number]
const DELETE_MEMBER_WARNING = 'Deleting a member is permanent. There is no recovery.'
const P = MEMBER_PARAMS

/** Members (spec 2 §2.2): the firm's people, with surname sort, search, create, popup and delete. */
export function MembersTab({ fid, data, links, actionResult }: FirmTabProps<MembersTabData>) {
  const tip = useTip()
  const pendingIntent = usePendingIntent()
  const { members, can } = data
  const error = replyFor(actionResult, 'member-')?.error
  // The search is a GET form (bookmarkable): Conform binds its field with the generated constraints.
  const [searchForm, searchFields] = useServerForm<{ mq: string }>(
    formIdFor(`members-search-${fid}`, { mq: data.search }),
    membersSearchConstraints,
    {
      defaultValue: { mq: data.search },
    },
  )
  const target = members.find((member) => member.plid === data.deleteMember)
  // Rows as markup; the full name and email in the browser's own tooltip (title) when cut.
  const deleteHref = (plid: number) => links.withParams({ [P.remove]: String(plid) })
  const columns: DataColumn<Member>[] = [
    {
      key: 'name',
      label: 'Name',
      html: (m) =>
        m.name.length > TRUNCATION.memberName.over
          ? html`<span${attrs({ title: tip(m.name) })}>${truncateBy(m.name, TRUNCATION.memberName)}</span>`
          : m.name,
    },
    { key: 'role', label: 'Role' },
    { key: 'mobile', label: 'Mobile', html: (m) => formatPhone(m.mobile), nowrap: true },
    { key: 'home', label: 'Home', html: (m) => formatPhone(m.home), nowrap: true },
    { key: 'direct', label: 'Direct', html: (m) => formatPhone(m.direct), nowrap: true },
    { key: 'ext', label: 'Ext' },
    { key: 'fax', label: 'Fax', html: (m) => formatPhone(m.fax), nowrap: true },
    {
      key: 'email',
      label: 'Email',
      html: (m) => html`<span${attrs({ title: tip(m.email) })}>${truncateBy(m.email, TRUNCATION.memberEmail)}</span>`,
    },
    { key: 'licensed', label: 'Licensed', nowrap: true },
    { key: 'ce', label: 'CE' },
    { key: 'hired', label: 'Hired', nowrap: true },
    { key: 'hours', label: 'Hours' },
    actionsColumn((m) => personActions(m, { open: can.openPerson, delete: can.delete }, deleteHref)),
  ]
  return (
    <Stack gap="sm">
      <FormAlerts error={error} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SearchForm form={searchForm} label="Search members" keep={links.keep([P.search, P.remove])}>
            <SearchField field={searchFields.mq} label="Search members" w={200} button={false} />
          </SearchForm>
          {/* The sort is in the URL: a GET form whose one button is the switch (Space and Enter, with or without JavaScript). */}
          <Form method="get" preventScrollReset replace>
            <HiddenFields entries={links.keep([P.bySurname, P.remove])} />
            <button
              type="submit"
              role="switch"
              aria-checked={data.bySurname}
              className="link-switch"
              {...(data.bySurname ? {} : { name: P.bySurname, value: '1' })}
            >
              <span className="link-switch-track" aria-hidden="true" />
              Sort by surname
            </button>
          </Form>
        </Group>
        {can.create ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="fid" value={fid} />
            <Button
              type="submit"
              name="intent"
              value="member-create"
              size="xs"
              loading={pendingIntent === 'member-create'}
            >
              Create Member
            </Button>
          </Form>
        ) : null}
      </Group>
      {target ? (
        <ConfirmPanel
          title={`Delete member ${target.name}?`}
          warning={DELETE_MEMBER_WARNING}
          confirm={{ intent: 'member-delete', label: 'Delete permanently', danger: true }}
          fields={{ fid, plid: target.plid }}
          cancelHref={links.withParams({ [P.remove]: null })}
        />
      ) : null}
      {data.error ? (
        <Alert color="red" role="alert" p="xs">
          {data.error}
        </Alert>
      ) : (
        <DataTable
          label="Members"
          columns={columns}
          rows={members}
          rowKey={(m) => m.plid}
          // What the cells read besides the row: tooltips, the rights, the address the delete link keeps.
          markupDeps={[tip, can.openPerson, can.delete, deleteHref(0)]}
          empty="No members."
        />
      )}
    </Stack>
  )
}

export default MembersTab
