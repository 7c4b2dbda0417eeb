import { ACCESS_DENIED } from '#app/domain/errors'
import { Anchor, Paper, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'

export const noPermissionMeta: MetaFunction = () => [{ title: 'No permission · mga-desk' }]

/** /no-permission (spec 1 §2.1): where a page refuses a user who lacks one of its abilities. */
export function NoPermissionPage() {
  return (
    <main style={{ padding: 16 }}>
      <Paper withBorder p="lg" maw={640} mx="auto" mt="xl">
        <Stack gap="sm">
          <Title order={1} size="h3">
            Access denied
          </Title>
          <Text>{ACCESS_DENIED}</Text>
          <Anchor href="/">Go to the home page</Anchor>
        </Stack>
      </Paper>
    </main>
  )
}
