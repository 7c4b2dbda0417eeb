import { Anchor, List, ListItem, Paper, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loadManage } from './manage.server'

export const manageMeta: MetaFunction = () => [{ title: 'System Management · mga-desk' }]

export function ManageIndex() {
  const { items } = useLoaderData<typeof loadManage>()
  return (
    <Paper withBorder p="lg">
      <Title order={1} size="h3" mb="sm">
        System Management
      </Title>
      {items.length > 0 ? (
        <List>
          {items.map((item) => (
            <ListItem key={item.path}>
              <Anchor component={Link} to={item.path}>
                {item.label}
              </Anchor>
            </ListItem>
          ))}
        </List>
      ) : (
        <Text>No management screens are available in this version yet for your scopes.</Text>
      )}
    </Paper>
  )
}
