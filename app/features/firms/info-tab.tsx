import { Card, Group, SimpleGrid, Stack, Text, Title } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'

import { lazy } from 'react'
import { INFO_PARAMS } from '#app/domain/firm-viewer'
import type { ViewerLinks } from '#app/ui/firm-tab'
import { LazyPart } from '#app/ui/lazy-part'
import { formatPhone } from '#app/domain/masks'
import { formatDecimalMoney } from '#app/domain/money'
import type { EditableFirm } from './firm-form'
import type { FirmView } from './viewer.server'

// The dialog brings the form libraries: loaded when someone edits, not with every firm view.
const EditFirmDialog = lazy(() => import('./edit-firm-dialog'))

const FIELDS: [keyof EditableFirm, string][] = [
  ['fid', 'FID'],
  ['sort', 'Sort'],
  ['insured', 'Legal Name'],
  ['name1', 'Name1'],
  ['name2', 'Name2'],
  ['type', 'Type'],
  ['status', 'Status'],
  ['source', 'Source'],
  ['entity', 'Entity'],
  ['contact', 'Contact'],
  ['salutation', 'Salutation'],
  ['phone', 'Phone'],
  ['fax', 'Fax'],
  ['fein', 'FEIN'],
  ['producer', 'Producer'],
  ['solicitor', 'Sub-Producer'],
  ['agent', 'Agent'],
  ['address1', 'Address1'],
  ['address2', 'Address2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'Zip'],
  ['email', 'Email'],
  ['website', 'Website'],
  ['estab', 'Established'],
  ['sales', 'Sales'],
  ['people', 'People'],
]

function shown(firm: EditableFirm, key: keyof EditableFirm): string {
  const value = firm[key]
  if (value === null || value === undefined || value === '') return '—'
  if (key === 'phone' || key === 'fax') return formatPhone(String(value))
  // Not toLocaleString: it builds a number formatter on every call (a quarter of a millisecond).
  if (key === 'sales') return formatDecimalMoney(String(value)) || '—'
  return String(value)
}

/**
 * Info (spec 2 §2.2): the read-only firm card and the note as sanitised HTML; Edit Firm for firm-edit,
 * a dialog addressed by the URL (`editFirm=1`, so it opens without JavaScript too) that saves to
 * /editFirm/{fid} and comes back here.
 */
export function InfoTab({ view, links }: { view: FirmView; links: ViewerLinks }) {
  const { firm } = view
  const closeHref = links.withParams({ [INFO_PARAMS.editFirm]: null })
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {firm.sort}
          </Title>
          {view.can.editFirm ? (
            <LinkButton to={links.withParams({ [INFO_PARAMS.editFirm]: '1' })}>Edit Firm</LinkButton>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing={6}>
          {FIELDS.map(([key, label]) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {shown(firm, key)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Firm Note
        </Text>
        {firm.note ? (
          <div className="rendered-html" dangerouslySetInnerHTML={{ __html: firm.note }} />
        ) : (
          <Text c="dimmed" size="sm">
            No note.
          </Text>
        )}
      </Card>
      {view.editFirm ? (
        <LazyPart>
          <EditFirmDialog firm={firm} picklists={view.editFirm.picklists} closeHref={closeHref} />
        </LazyPart>
      ) : null}
    </Stack>
  )
}
