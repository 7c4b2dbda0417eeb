import { Button, Group, Paper, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { statusTextColor } from '#app/ui/theme'

/** A home tile: a region named by its title. */
export function Tile({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  )
}

/**
 * Links that switch a tile's view, drawn as tabs; they are links, so they work without JavaScript. A
 * navigation with the chosen view marked `aria-current`, not ARIA tabs (which promise arrow keys and
 * tab panels).
 */
export function ViewTabs({ label, options }: { label: string; options: { label: string; to: string; selected: boolean }[] }) {
  return (
    <Group gap="xs" component="nav" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.label}
          component={Link}
          to={option.to}
          preventScrollReset
          size="xs"
          variant={option.selected ? 'filled' : 'default'}
          aria-current={option.selected ? 'page' : undefined}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  )
}

export interface TileColumn<Row> {
  key: string
  label: string
  render?: (row: Row) => ReactNode
  /** Keep the cell and its header on one line (dates, names). */
  nowrap?: boolean
}

/**
 * A tile's table: plain table elements with DataTable's look (app.css), without paging or sorting,
 * so the home page does not carry the pager and select code to the browser.
 */
export function TileTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  maxHeight,
  empty,
}: {
  label: string
  columns: readonly TileColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  maxHeight: number
  empty: string
}) {
  return (
    // Focusable, so keyboard users can scroll a tile whose rows hold no link (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="data-table-scroll" style={{ maxHeight, overflow: 'auto' }} tabIndex={0}>
      <table className="data-table data-table-dense" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.nowrap ? 'nowrap' : undefined}>
                    {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Status colours come from the server (statusColor: xtreme red, urgent blue); null keeps the text colour. */
export type Tone = 'red' | 'blue' | null

export function toneStyle(tone: Tone) {
  return tone ? { color: statusTextColor(tone), fontWeight: 600 } : undefined
}
