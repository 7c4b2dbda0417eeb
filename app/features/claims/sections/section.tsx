import { Card, Title } from '#app/ui/core'
import type { ReactNode } from 'react'

/** One titled card of the claim editor. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" id={id} component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  )
}
