import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput, Title } from '#app/ui/core'
import { Form, Link } from '@remix-run/react'
import { ColumnPickField, useColumnOrder } from '#app/ui/column-picker'
import { DEFAULT_COLUMNS, FIRM_FILTER_FIELDS, type FirmFilterField } from '#app/domain/firm-search'
import type { PicklistOption } from '#app/models/list.server'

export type SearchPicklists = Record<'states' | 'ftype' | 'fstatus' | 'name', PicklistOption[]>

const SELECTS: Partial<Record<FirmFilterField, keyof SearchPicklists>> = {
  state: 'states',
  type: 'ftype',
  status: 'fstatus',
  producer: 'name',
  solicitor: 'name',
  agent: 'name',
}

/**
 * The column-filter search (spec 2 §2.1): a field and a checkbox per column; checked columns appear
 * in the order checked (recorded in `order` with JavaScript). A GET form: the URL is the search.
 */
export function FirmSearchForm({
  values,
  checked,
  picklists,
  keep,
  newTab,
  clearHref,
}: {
  values: Partial<Record<FirmFilterField, string>>
  checked: readonly string[]
  picklists: SearchPicklists
  keep: [string, string][]
  newTab: boolean
  clearHref: string
}) {
  const { toggle, orderInput } = useColumnOrder(checked)
  return (
    <Paper withBorder p="sm">
      <Form method="get" target={newTab ? '_blank' : undefined} role="search" aria-label="Search firms by column" preventScrollReset>
        <Title order={2} size="h5" mb="xs">
          Search Firms
        </Title>
        <input type="hidden" name="mode" value="columns" />
        {orderInput}
        {keep.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="xs" verticalSpacing={6}>
          {FIRM_FILTER_FIELDS.map((field) => {
            const list = SELECTS[field.name]
            const input = list ? (
              <NativeSelect
                name={field.name}
                size="xs"
                aria-label={field.label}
                defaultValue={values[field.name] ?? ''}
                data={[{ value: '', label: '' }, ...picklists[list]]}
                style={{ flex: 1 }}
              />
            ) : (
              <TextInput name={field.name} size="xs" aria-label={field.label} defaultValue={values[field.name] ?? ''} maxLength={200} style={{ flex: 1 }} />
            )
            return (
              <ColumnPickField key={field.name} name={field.name} label={field.label} checked={checked.includes(field.name)} onToggle={toggle}>
                {input}
              </ColumnPickField>
            )
          })}
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Button type="submit" size="xs">
            Search
          </Button>
          <Button component={Link} to={clearHref} size="xs" variant="default">
            Clear
          </Button>
        </Group>
      </Form>
    </Paper>
  )
}

export const DEFAULT_CHECKED: readonly string[] = DEFAULT_COLUMNS
