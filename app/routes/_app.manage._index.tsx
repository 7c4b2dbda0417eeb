import { Anchor, List, Paper, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { visibleMenus } from '#app/auth/menu.server'

export const meta: MetaFunction = () => [{ title: 'System Management · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/manage')
  return { items: visibleMenus(user.scopeSet).manage }
}

export default function ManageIndex() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <Paper withBorder p="lg">
      <Title order={1} size="h3" mb="sm">
        System Management
      </Title>
      {items.length > 0 ? (
        <List>
          {items.map((item) => (
            <List.Item key={item.path}>
              <Anchor component={Link} to={item.path}>
                {item.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text>No management screens are available in this version yet for your scopes.</Text>
      )}
    </Paper>
  )
}
