import type { SubmissionResult } from '@conform-to/react'
import { Button, Group, NativeSelect, Paper, SimpleGrid, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { ColumnPickField, PICKED_FIELD, useColumnOrder } from '#app/ui/column-picker'
import { optionsOf, SelectField, TextField, type Field } from '#app/ui/fields'
import { RESOLUTIONS } from './options'
import { SearchForm } from '#app/ui/search'
import { useServerForm } from '#app/ui/use-server-form'
import { selectProps } from '#app/ui/field-props'
import { useHydrated } from '#app/ui/use-hydrated'
import { PrintButton } from '#app/ui/print-button'
import { useEffect, useRef, useState } from 'react'
import { EXTRA_COLUMNS, MAIN_FIELDS, MORE_GROUPS, type ClaimField } from '#app/domain/claims'
import { constraints as claimsSearchConstraints } from '#app/domain/form-constraints/claims-search'
import type { PicklistOption } from '#app/models/list.server'
import type { CLAIM_LISTS } from '#app/domain/claims'
import type { CounselOption } from './counsel.server'

type Picklists = Record<(typeof CLAIM_LISTS)[number], PicklistOption[]>

const MORE_NAMES = new Set(
  [...MORE_GROUPS.flatMap((group) => group.fields), ...EXTRA_COLUMNS].map((field) => field.name),
)

const LIST_OF: Record<string, keyof Picklists> = {
  carrier: 'carrier',
  ptype: 'ptype',
  plt_code: 'plt_code',
  def_code: 'def_code',
  err_code: 'err_code',
  aop_code: 'aop_code',
  clmstatus: 'clmstatus',
  states: 'states',
}
const DATE_BOX = { flex: '1 1 9rem', minWidth: '9rem' } as const
const YES_NO = optionsOf({ yes: 'Yes', no: 'No' })
const contactOptions = (contacts: CounselOption[]) =>
  contacts.map((contact) => ({ value: String(contact.cid), label: contact.name1 }))

/**
 * The claims search form (spec 3 §2.1): a GET form bound by Conform, so the URL is the search, it works
 * without JavaScript, the inputs carry the generated constraints (dollar amounts digits and decimals
 * only, ids digits) and the loader's answer marks a refused field. A sticky bar with Search, print and
 * Clear; the main fields; 'More Search Options' with every group; a checkbox per field adds its result
 * column (in the order checked, recorded in `order` with JavaScript).
 */
export function ClaimSearchForm({
  values,
  lastResult,
  checked,
  picklists,
  counsel,
  moreOpen,
  onMoreToggle,
  hasResults,
}: {
  values: Record<string, string>
  lastResult: SubmissionResult<string[]> | null
  checked: readonly string[]
  picklists: Picklists
  counsel: { adjusters: CounselOption[]; panel: CounselOption[] }
  moreOpen: boolean
  /** Told when the user opens or closes the more options, so a new search keeps them as they were. */
  onMoreToggle?: (open: boolean) => void
  hasResults: boolean
}) {
  const [form, fields] = useServerForm<Record<string, string>>('claims-search', claimsSearchConstraints, {
    lastResult,
    defaultValue: values,
  })
  const { toggle, orderInput } = useColumnOrder(checked)
  // The counsel lists follow the handler and the defense firm chosen above them.
  const [handler, setHandler] = useState(values.adj_cid ?? '')
  const [defenseFirm, setDefenseFirm] = useState(values.def_cid ?? '')
  // The more options (some seventy fields) render only when open: half the page's HTML and render
  // time otherwise. With JavaScript they appear as the section opens; without, its link asks for them.
  const [moreShown, setMoreShown] = useState(moreOpen)
  // Opened before the page's JavaScript ran (a slow client): its toggle event was missed.
  const more = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (more.current?.open) setMoreShown(true)
  }, [])

  const input = (field: ClaimField) => {
    const props = { ...PICKED_FIELD, field: fields[field.name], label: field.label }
    // A counsel pair: the contact (handler or defense firm) and, below it, that contact's counsel.
    const counselPair = (contacts: CounselOption[], cidName: string, cid: string, choose: (cid: string) => void) =>
      field.name === cidName ? (
        <SelectField
          {...props}
          options={contactOptions(contacts)}
          onChange={(event) => choose(event.currentTarget.value)}
        />
      ) : (
        <CounselSelect
          field={fields[field.name]}
          label={field.label}
          contacts={contacts}
          cid={cid}
          initialCid={values[cidName] ?? ''}
        />
      )
    switch (field.name) {
      case 'adj_cid':
      case 'adj_plid':
        return counselPair(counsel.adjusters, 'adj_cid', handler, setHandler)
      case 'def_cid':
      case 'def_plid':
        return counselPair(counsel.panel, 'def_cid', defenseFirm, setDefenseFirm)
    }
    if (field.kind === 'date') {
      return (
        // A date box has a width of its own (the browser's picker): in a narrow column (a 1024 px screen,
        // zoom) "to" goes under "from" instead of running under the next field.
        <Group gap={4} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              {...PICKED_FIELD}
              field={fields[`${field.name}_${end}`]}
              label={`${field.label} ${end}`}
              type="date"
              style={DATE_BOX}
            />
          ))}
        </Group>
      )
    }
    if (field.kind === 'yesno') return <SelectField {...props} options={YES_NO} />
    if (field.name === 'resolved') return <SelectField {...props} options={RESOLUTIONS} />
    if (field.list && LIST_OF[field.list]) return <SelectField {...props} options={picklists[LIST_OF[field.list]]} />
    if (field.kind === 'money')
      return (
        <TextField
          {...props}
          inputMode="decimal"
          title="Digits and decimals only (no commas or dollar signs)"
          placeholder="at least"
        />
      )
    if (field.kind === 'id') return <TextField {...props} inputMode="numeric" />
    return <TextField {...props} />
  }

  const cell = (field: ClaimField, withInput = true) => (
    <ColumnPickField
      key={field.name}
      name={field.name}
      label={field.label}
      checked={checked.includes(field.name)}
      onToggle={toggle}
    >
      {withInput ? input(field) : null}
    </ColumnPickField>
  )

  return (
    <SearchForm form={form} label="Search claims" keep={[['run', '1']]} className="claims-search-form">
      {orderInput}
      <div className="claims-sticky-bar">
        <Group gap="xs">
          <Button type="submit" size="xs">
            {hasResults ? 'Refresh' : 'Search'}
          </Button>
          <PrintButton variant="default" />
          <Button component={Link} to="/search/claims/claimsSearch" size="xs" variant="default">
            Clear
          </Button>
          <Text size="xs">The claim id column is always shown.</Text>
        </Group>
      </div>
      <Paper withBorder p="sm" mt="xs">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={6}>
          {MAIN_FIELDS.map((field) => cell(field))}
        </SimpleGrid>
        <details
          ref={more}
          open={moreOpen}
          className="claims-more"
          onToggle={(event) => {
            const { open } = event.currentTarget
            if (open) setMoreShown(true)
            onMoreToggle?.(open)
          }}
        >
          <summary>More Search Options</summary>
          {moreShown ? (
            <>
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
            </>
          ) : (
            <>
              <ShowMoreButton />
              {/* Columns chosen among the unshown options still travel with the search. */}
              {checked
                .filter((name) => MORE_NAMES.has(name))
                .map((name) => (
                  <input key={name} type="hidden" name="col" value={name} />
                ))}
            </>
          )}
        </details>
      </Paper>
    </SearchForm>
  )
}

/**
 * A counsel picker: the people of the handler or defense firm chosen above it (disabled until one is).
 * Choosing another firm starts it empty, so a person of the previous firm is never sent.
 */
function CounselSelect({
  field,
  label,
  contacts,
  cid,
  initialCid,
}: {
  field: Field
  label: string
  contacts: CounselOption[]
  cid: string
  initialCid: string
}) {
  const { defaultValue, ...props } = selectProps(field)
  const people = contacts.find((contact) => String(contact.cid) === cid)?.people ?? []
  return (
    <NativeSelect
      {...props}
      {...PICKED_FIELD}
      key={`${field.key ?? field.name}-${cid}`}
      label={label}
      defaultValue={cid === initialCid ? defaultValue : ''}
      disabled={!cid}
      data={[{ value: '', label: '' }, ...people.map((person) => ({ value: String(person.plid), label: person.name }))]}
      error={field.errors?.[0]}
    />
  )
}

/**
 * Without JavaScript (and until the page has hydrated), a button that sends what was typed, so nothing
 * is lost; the loader opens the section without searching. Its own component: hydrating draws only it
 * again, not the whole search form (decision 0039).
 */
function ShowMoreButton() {
  const hydrated = useHydrated()
  return hydrated ? null : (
    <Button type="submit" name="more" value="show" size="compact-sm" variant="subtle" my="xs">
      Show every search option and column
    </Button>
  )
}
