import { Button, Group, Paper, SimpleGrid, Title } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { ColumnPickField, PICKED_FIELD, useColumnOrder } from '#app/ui/column-picker'
import { SelectField, TextField } from '#app/ui/fields'
import { SearchField, SearchForm } from '#app/ui/search'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { DEFAULT_COLUMNS, FIRM_FILTER_FIELDS, type FirmFilterField } from '#app/domain/firm-search'
import { constraints as firmColumnSearchConstraints } from '#app/domain/form-constraints/firm-column-search'
import { constraints as firmFidSearchConstraints } from '#app/domain/form-constraints/firm-fid-search'
import { constraints as firmUnisearchConstraints } from '#app/domain/form-constraints/firm-unisearch'
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
 * in the order checked (recorded in `order` with JavaScript). A GET form bound by Conform: the URL is
 * the search, the inputs carry the generated constraints, the loader reads the URL leniently.
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
  // A new search's values start a new form (Conform reads its defaults once).
  const [form, fields] = useServerForm<Record<FirmFilterField, string>>(
    formIdFor('firm-columns', values),
    firmColumnSearchConstraints,
    { defaultValue: values },
  )
  const { toggle, orderInput } = useColumnOrder(checked)
  return (
    <Paper withBorder p="sm">
      <SearchForm
        form={form}
        label="Search firms by column"
        keep={[['mode', 'columns'], ...keep]}
        target={newTab ? '_blank' : undefined}
      >
        <Title order={2} size="h5" mb="xs">
          Search Firms
        </Title>
        {orderInput}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="xs" verticalSpacing={6}>
          {FIRM_FILTER_FIELDS.map(({ name, label }) => {
            const list = SELECTS[name]
            return (
              <ColumnPickField key={name} name={name} label={label} checked={checked.includes(name)} onToggle={toggle}>
                {list ? (
                  <SelectField {...PICKED_FIELD} field={fields[name]} label={label} options={picklists[list]} />
                ) : (
                  <TextField {...PICKED_FIELD} field={fields[name]} label={label} />
                )}
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
      </SearchForm>
    </Paper>
  )
}

export const DEFAULT_CHECKED: readonly string[] = DEFAULT_COLUMNS

type Keep = readonly (readonly [string, string])[]

/** Get by FID (spec 2 §2.1): a GET form bound by Conform; Enter opens the firm (the loader redirects). */
export function FidSearchForm({ keep }: { keep: Keep }) {
  const [form, fields] = useServerForm<{ fid: string }>('firm-fid-search', firmFidSearchConstraints)
  return (
    <SearchForm form={form} label="Get by FID" keep={[['mode', 'fid'], ...keep]}>
      <SearchField field={fields.fid} label="Get by FID" w={130} inputMode="numeric" button={false} />
    </SearchForm>
  )
}

/** Unisearch (spec 2 §2.1): sort, name, phone, contact, insured; a GET form bound by Conform, Enter searches. */
export function UnisearchForm({ q, keep }: { q: string; keep: Keep }) {
  const [form, fields] = useServerForm<{ q: string }>(formIdFor('firm-unisearch', { q }), firmUnisearchConstraints, {
    defaultValue: { q },
  })
  return (
    <SearchForm form={form} label="Unisearch" keep={[['mode', 'uni'], ...keep]}>
      <SearchField
        field={fields.q}
        label="Unisearch"
        placeholder="Unisearch: sort, name, phone, contact, insured"
        w={260}
        button={false}
      />
    </SearchForm>
  )
}
