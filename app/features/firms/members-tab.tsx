import { Alert, Button, Group, Stack } from '#app/ui/core'
import { Form, useNavigation } from '@remix-run/react'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { formatPhone } from '#app/domain/masks'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { personActions } from '#app/features/people/person-actions'
import type { FirmView } from './viewer.server'
import type { ViewerLinks } from './viewer-links'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { useTip } from '#app/ui/tips'
import { FormAlerts } from '#app/ui/form-alerts'
import { HiddenFields, SearchField, SearchForm } from '#app/ui/search'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints as membersSearchConstraints } from '#app/domain/form-constraints/members-search'

type Member = NonNullable<FirmView['members']>[number]
export const DELETE_MEMBER_WARNING = 'Deleting a member is permanent. There is no recovery.'

/** Members (spec 2 §2.2): the firm's people, with surname sort, search, create, popup and delete. */
export function MembersTab({ view, links, error }: { view: FirmView; links: ViewerLinks; error?: string }) {
  const tip = useTip()
  const navigation = useNavigation()
  const members = view.members ?? []
  // The search is a GET form (bookmarkable): Conform binds its field with the generated constraints.
  const [searchForm, searchFields] = useServerForm<{ mq: string }>(
    formIdFor(`members-search-${view.firm.fid}`, { mq: view.membersSearch }),
    membersSearchConstraints,
    {
      defaultValue: { mq: view.membersSearch },
    },
  )
  const target = members.find((member) => member.plid === view.panel.deleteMember)
  // Rows as markup; the full name and email in the browser's own tooltip (title) when cut.
  const deleteHref = (plid: number) => links.withParams({ deleteMember: String(plid) })
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
    actionsColumn((m) => personActions(m, { open: view.can.openPerson, delete: view.can.deleteMember }, deleteHref)),
  ]
  return (
    <Stack gap="sm">
      <FormAlerts error={error} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SearchForm form={searchForm} label="Search members" keep={links.keep(['mq', 'deleteMember'])}>
            <SearchField
              field={searchFields.mq}
              label="Search members"
              placeholder="Search members"
              w={200}
              button={false}
            />
          </SearchForm>
          {/* The sort is in the URL: a GET form whose one button is the switch (Space and Enter, with or without JavaScript). */}
          <Form method="get" preventScrollReset replace>
            <HiddenFields entries={links.keep(['msurname', 'deleteMember'])} />
            <button
              type="submit"
              role="switch"
              aria-checked={view.bySurname}
              className="link-switch"
              {...(view.bySurname ? {} : { name: 'msurname', value: '1' })}
            >
              <span className="link-switch-track" aria-hidden="true" />
              Sort by surname
            </button>
          </Form>
        </Group>
        {view.can.createMember ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="fid" value={view.firm.fid} />
            <Button
              type="submit"
              name="intent"
              value="member-create"
              size="xs"
              loading={navigation.formData?.get('intent') === 'member-create'}
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
          fields={{ fid: view.firm.fid, plid: target.plid }}
          cancelHref={links.withParams({ deleteMember: null })}
        />
      ) : null}
      {view.membersError ? (
        <Alert color="red" role="alert" p="xs">
          {view.membersError}
        </Alert>
      ) : (
        <DataTable label="Members" columns={columns} rows={members} rowKey={(m) => m.plid} empty="No members." />
      )}
    </Stack>
  )
}

export default MembersTab
