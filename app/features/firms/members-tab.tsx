import { Switch } from '@mantine/core'
import { Alert, Anchor, Button, Group, Stack, TextInput } from '#app/ui/core'
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { openPopup, PERSON_POPUP } from '#app/ui/popup'
import { formatPhone } from '#app/domain/masks'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import type { FirmView } from './viewer.server'
import type { ViewerLinks } from './viewer-links'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { useTip } from '#app/ui/tips'
import { FormAlerts } from '#app/ui/form-alerts'

type Member = NonNullable<FirmView['members']>[number]
export const DELETE_MEMBER_WARNING = 'Deleting a member is permanent. There is no recovery.'

/** Members (spec 2 §2.2): the firm's people, with surname sort, search, create, popup and delete. */
export function MembersTab({ view, links, error }: { view: FirmView; links: ViewerLinks; error?: string }) {
  const navigate = useNavigate()
  const tip = useTip()
  const navigation = useNavigation()
  const members = view.members ?? []
  const target = members.find((member) => member.plid === view.panel.deleteMember)
  const columns: DataColumn<Member>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (m) =>
        m.name.length > TRUNCATION.memberName.over ? (
          // The browser's own tooltip (title): no positioning library on every firm view.
          <span title={tip(m.name)}>{truncateBy(m.name, TRUNCATION.memberName)}</span>
        ) : (
          m.name
        ),
    },
    { key: 'role', label: 'Role' },
    { key: 'mobile', label: 'Mobile', render: (m) => formatPhone(m.mobile), nowrap: true },
    { key: 'home', label: 'Home', render: (m) => formatPhone(m.home), nowrap: true },
    { key: 'direct', label: 'Direct', render: (m) => formatPhone(m.direct), nowrap: true },
    { key: 'ext', label: 'Ext' },
    { key: 'fax', label: 'Fax', render: (m) => formatPhone(m.fax), nowrap: true },
    { key: 'email', label: 'Email', render: (m) => <span title={tip(m.email)}>{truncateBy(m.email, TRUNCATION.memberEmail)}</span> },
    { key: 'licensed', label: 'Licensed', nowrap: true },
    { key: 'ce', label: 'CE' },
    { key: 'hired', label: 'Hired', nowrap: true },
    { key: 'hours', label: 'Hours' },
    {
      key: 'actions',
      label: 'Actions',
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          {view.can.openPerson ? (
            <Anchor href={`/editPerson/${m.plid}`} target="_blank" size="sm" aria-label={`Open ${m.name} in a popup`} onClick={(event) => openPopup(event, PERSON_POPUP)}>
              Popup
            </Anchor>
          ) : null}
          {view.can.deleteMember ? (
            <Anchor component={Link} to={links.withParams({ deleteMember: String(m.plid) })} preventScrollReset size="sm" c="red" aria-label={`Delete ${m.name}`}>
              Delete
            </Anchor>
          ) : null}
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="sm">
      <FormAlerts error={error} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Form method="get" preventScrollReset role="search" aria-label="Search members">
            {links.keep(['mq', 'deleteMember']).map(([key, value], index) => (
              <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
            ))}
            <TextInput name="mq" size="xs" placeholder="Search members" aria-label="Search members" defaultValue={view.membersSearch} />
          </Form>
          <Switch
            size="sm"
            label="Sort by surname"
            checked={view.bySurname}
            onChange={() => navigate(links.withParams({ msurname: view.bySurname ? null : '1' }), { preventScrollReset: true })}
          />
          <noscript>
            <Link to={links.withParams({ msurname: view.bySurname ? null : '1' })}>Toggle surname sort</Link>
          </noscript>
        </Group>
        {view.can.createMember ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="fid" value={view.firm.fid} />
            <Button type="submit" name="intent" value="member-create" size="xs" loading={navigation.formData?.get('intent') === 'member-create'}>
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
