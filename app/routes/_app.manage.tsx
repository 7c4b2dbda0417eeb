import { Paper, Text } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { requireUser } from '#app/auth/guard.server'
import { visibleMenus } from '#app/auth/menu.server'
import { canOpen } from '#app/auth/scopes'
import { RETURN_TO_WORK_FALLBACK, RETURN_TO_WORK_KEY } from '#app/ui/menu'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/manage')
  return {
    items: visibleMenus(user.scopeSet).manage,
    fallback: canOpen('/search/firms/firmsSearch', user.scopeSet) ? RETURN_TO_WORK_FALLBACK : '/',
  }
}

export default function ManageLayout() {
  const { items, fallback } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  // 'Return to work' goes back to the last route outside the manager area (kept by the app shell),
  // or to the fallback when there is none (and always without JavaScript).
  const returnToWork = (event: MouseEvent<HTMLAnchorElement>) => {
    const previous = window.sessionStorage.getItem(RETURN_TO_WORK_KEY)
    if (previous?.startsWith('/')) {
      event.preventDefault()
      navigate(previous)
    }
  }
  return (
    <div className="manage-layout">
      <Paper withBorder p="xs" component="nav" aria-label="System Management" className="manage-nav">
        <Text fw={700} size="sm" px="sm" py={6} c="dimmed" tt="uppercase">
          System Management
        </Text>
        {items.map((item) => (
          <NavLink key={item.path} to={item.path}>
            {item.label}
          </NavLink>
        ))}
        <a href={fallback} onClick={returnToWork}>
          Return to work
        </a>
      </Paper>
      <div>
        <Outlet />
      </div>
    </div>
  )
}
