import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, Group, Title } from '#app/ui/core'
import { TextField, type Field } from './fields'

/**
 * The pieces of the search pages (firms, claims, contacts, people, and the jobs and notes lists inside
 * them): the page's title bar, the GET search form (bookmarkable, works without JavaScript) and its
 * search field.
 */

/** A page's h1 with its actions on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1} size="h3">
        {title}
      </Title>
      {children}
    </Group>
  )
}

/** The parameters a GET form carries along unchanged (open firms, sort, the other lists' state). */
export function HiddenFields({ entries }: { entries: readonly (readonly [string, string])[] }) {
  return (
    <>
      {entries.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
    </>
  )
}

// Conform's form metadata is invariant in its form shape; the search form takes any form's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>

/**
 * A GET search form bound by Conform (`useServerForm`): the URL is the search, the loader reads it
 * leniently. `keep` are the page's other parameters, carried along.
 */
export function SearchForm({
  form,
  label,
  keep = [],
  target,
  className,
  children,
}: {
  form: AnyForm
  label: string
  keep?: readonly (readonly [string, string])[]
  target?: string
  className?: string
  children: ReactNode
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      preventScrollReset
      target={target}
      className={className}
      {...getFormProps(form)}
    >
      <HiddenFields entries={keep} />
      {children}
    </Form>
  )
}

/**
 * A search text field labelled for screen readers only (its placeholder says what it searches), and
 * its Search button unless Enter alone submits (`button={false}`).
 */
export function SearchField({
  field,
  label,
  placeholder,
  w,
  button = true,
  inputMode,
}: {
  field: Field
  label: string
  /** The hint in the box (the label, hidden, by default). */
  placeholder?: string
  w: number
  button?: boolean
  inputMode?: 'numeric'
}) {
  return (
    <>
      <TextField
        field={field}
        label={label}
        labelProps={{ className: 'visually-hidden' }}
        size="xs"
        w={w}
        placeholder={placeholder ?? label}
        inputMode={inputMode}
      />
      {button ? (
        <Button type="submit" size="xs" variant="default">
          Search
        </Button>
      ) : null}
    </>
  )
}

/**
 * Link buttons that switch a list's view (the view is a URL parameter, so each is a real link); the
 * current one is filled and marked `aria-current`. The caller wraps them in its labelled navigation.
 */
export function ViewLinks<View extends string>({
  views,
  current,
  href,
  size = 'xs',
}: {
  views: readonly View[]
  current: View
  href: (view: View) => string
  size?: 'xs' | 'compact-xs'
}) {
  return (
    <>
      {views.map((view) => (
        <Button
          key={view}
          component={Link}
          to={href(view)}
          size={size}
          variant={view === current ? 'filled' : 'default'}
          aria-current={view === current ? 'page' : undefined}
          preventScrollReset
        >
          {view}
        </Button>
      ))}
    </>
  )
}
