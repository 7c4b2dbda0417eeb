import { Button, Group, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '#app/ui/core'
import { Form, Link } from '@remix-run/react'
import { ColumnPickField, useColumnOrder } from '#app/ui/column-picker'
import { useState } from 'react'
import { EXTRA_COLUMNS, MAIN_FIELDS, MORE_GROUPS, type ClaimField } from '#app/domain/claims'
import type { PicklistOption } from '#app/models/list.server'
import type { CounselOption, SEARCH_LISTS } from './search.server'

type Picklists = Record<(typeof SEARCH_LISTS)[number], PicklistOption[]>

const LIST_OF: Record<string, keyof Picklists> = { carrier: 'carrier', ptype: 'ptype', plt_code: 'plt_code', def_code: 'def_code', err_code: 'err_code', aop_code: 'aop_code', clmstatus: 'clmstatus', states: 'states' }
const DOLLAR_HTML_PATTERN = '\\d{1,12}(\\.\\d{0,2})?'

/**
 * The claims search form (spec 3 §2.1): a GET form, so the URL is the search and it works without
 * JavaScript. A sticky bar with Search, print and Clear; the main fields; 'More Search Options' with
 * every group; a checkbox per field adds its result column (in the order checked, recorded in
 * `order` with JavaScript).
 */
export function ClaimSearchForm({
  values,
  checked,
  picklists,
  counsel,
  moreOpen,
  hasResults,
}: {
  values: Record<string, string>
  checked: readonly string[]
  picklists: Picklists
  counsel: { adjusters: CounselOption[]; panel: CounselOption[] }
  moreOpen: boolean
  hasResults: boolean
}) {
  const { toggle, orderInput } = useColumnOrder(checked)
  const [handler, setHandler] = useState(values.adj_cid ?? '')
  const [defenseFirm, setDefenseFirm] = useState(values.def_cid ?? '')

  const options = (list: PicklistOption[]) => [{ value: '', label: '' }, ...list]
  const people = (contacts: CounselOption[], cid: string) => contacts.find((contact) => String(contact.cid) === cid)?.people ?? []

  const input = (field: ClaimField) => {
    const common = { size: 'xs' as const, 'aria-label': field.label, style: { flex: 1 } }
    switch (field.name) {
      case 'adj_cid':
        return <NativeSelect {...common} name="adj_cid" value={handler} onChange={(event) => setHandler(event.currentTarget.value)} data={[{ value: '', label: '' }, ...counsel.adjusters.map((c) => ({ value: String(c.cid), label: c.name1 }))]} />
      case 'adj_plid':
        return <NativeSelect {...common} name="adj_plid" key={`adj-${handler}`} disabled={!handler} defaultValue={values.adj_plid ?? ''} data={[{ value: '', label: '' }, ...people(counsel.adjusters, handler).map((p) => ({ value: String(p.plid), label: p.name }))]} />
      case 'def_cid':
        return <NativeSelect {...common} name="def_cid" value={defenseFirm} onChange={(event) => setDefenseFirm(event.currentTarget.value)} data={[{ value: '', label: '' }, ...counsel.panel.map((c) => ({ value: String(c.cid), label: c.name1 }))]} />
      case 'def_plid':
        return <NativeSelect {...common} name="def_plid" key={`def-${defenseFirm}`} disabled={!defenseFirm} defaultValue={values.def_plid ?? ''} data={[{ value: '', label: '' }, ...people(counsel.panel, defenseFirm).map((p) => ({ value: String(p.plid), label: p.name }))]} />
    }
    if (field.kind === 'date') {
      return (
        <Group gap={4} wrap="nowrap" style={{ flex: 1 }}>
          <TextInput size="xs" type="date" name={`${field.name}_from`} aria-label={`${field.label} from`} defaultValue={values[`${field.name}_from`] ?? ''} style={{ flex: 1 }} />
          <TextInput size="xs" type="date" name={`${field.name}_to`} aria-label={`${field.label} to`} defaultValue={values[`${field.name}_to`] ?? ''} style={{ flex: 1 }} />
        </Group>
      )
    }
    if (field.kind === 'yesno') return <NativeSelect {...common} name={field.name} defaultValue={values[field.name] ?? ''} data={[{ value: '', label: '' }, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }]} />
    if (field.name === 'resolved') return <NativeSelect {...common} name="resolved" defaultValue={values.resolved ?? ''} data={[{ value: '', label: '' }, { value: 'judgement', label: 'Judgement' }, { value: 'settlement', label: 'Settlement' }]} />
    if (field.list && LIST_OF[field.list]) return <NativeSelect {...common} name={field.name} defaultValue={values[field.name] ?? ''} data={options(picklists[LIST_OF[field.list]])} />
    if (field.kind === 'money') return <TextInput {...common} name={field.name} defaultValue={values[field.name] ?? ''} inputMode="decimal" pattern={DOLLAR_HTML_PATTERN} title="Digits and decimals only (no commas or dollar signs)" placeholder="at least" />
    if (field.kind === 'id') return <TextInput {...common} name={field.name} defaultValue={values[field.name] ?? ''} inputMode="numeric" pattern="[1-9][0-9]{0,9}" />
    return <TextInput {...common} name={field.name} defaultValue={values[field.name] ?? ''} maxLength={200} />
  }

  const cell = (field: ClaimField, withInput = true) => (
    <ColumnPickField key={field.name} name={field.name} label={field.label} checked={checked.includes(field.name)} onToggle={toggle}>
      {withInput ? input(field) : null}
    </ColumnPickField>
  )

  return (
    <Form method="get" role="search" aria-label="Search claims" preventScrollReset className="claims-search-form">
      <input type="hidden" name="run" value="1" />
      {orderInput}
      <div className="claims-sticky-bar">
        <Group gap="xs">
          <Button type="submit" size="xs">
            {hasResults ? 'Refresh' : 'Search'}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={() => window.print()} className="no-print-js">
            Print
          </Button>
          <Button component={Link} to="/search/claims/claimsSearch" size="xs" variant="default">
            Clear
          </Button>
          <Text size="xs">
            The claim id column is always shown.
          </Text>
        </Group>
      </div>
      <Paper withBorder p="sm" mt="xs">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={6}>
          {MAIN_FIELDS.map((field) => cell(field))}
        </SimpleGrid>
        <details open={moreOpen} className="claims-more">
          <summary>More Search Options</summary>
          {MORE_GROUPS.map((group) => (
            <fieldset key={group.label} className="claims-group">
              <legend>{group.label}</legend>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" verticalSpacing={6}>
                {group.fields.map((field) => cell(field))}
              </SimpleGrid>
            </fieldset>
          ))}
          <fieldset className="claims-group">
            <legend>More columns</legend>
            <Group gap="md">{EXTRA_COLUMNS.map((field) => cell(field, false))}</Group>
          </fieldset>
        </details>
      </Paper>
    </Form>
  )
}
