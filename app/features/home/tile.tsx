import { Button, Group, Paper, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

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

/** Links that switch a tile's view, shown as tabs; they are links, so they work without JavaScript. */
export function ViewTabs({ label, options }: { label: string; options: { label: string; to: string; selected: boolean }[] }) {
  return (
    <Group gap="xs" role="tablist" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.label}
          component={Link}
          to={option.to}
          preventScrollReset
          size="xs"
          variant={option.selected ? 'filled' : 'default'}
          role="tab"
          aria-selected={option.selected}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  )
}

/** Status colours come from the server (statusColor: xtreme red, urgent blue); null keeps the text colour. */
export type Tone = 'red' | 'blue' | null

export function toneStyle(tone: Tone) {
  return tone ? { color: `var(--mantine-color-${tone}-text)`, fontWeight: 600 } : undefined
}
