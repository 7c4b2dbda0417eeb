import { Group, Paper, Title } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'

import type { ReactNode } from 'react'
import { attrs, html, type Html } from '#app/ui/html'

/** A home tile: a region named by its title. */
export function Tile({
  id,
  title,
  actions,
  children,
}: {
  id: string
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
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
export function ViewTabs({
  label,
  options,
}: {
  label: string
  options: { label: string; to: string; selected: boolean }[]
}) {
  return (
    <Group gap="xs" component="nav" aria-label={label}>
      {options.map((option) => (
        <LinkButton
          key={option.label}
          to={option.to}
          variant={option.selected ? 'filled' : 'default'}
          aria-current={option.selected ? 'page' : undefined}
        >
          {option.label}
        </LinkButton>
      ))}
    </Group>
  )
}

/** Status colours come from the server (statusColor: xtreme red, urgent blue); null keeps the text colour. */
export type Tone = 'red' | 'blue' | null

/** A table cell's text in its status colour (the app's CSS by data-tone). */
export function toneText(text: string | null, tone: Tone): Html {
  return html`<span${attrs({ 'data-tone': tone })}>${text}</span>`
}
