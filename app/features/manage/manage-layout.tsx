import { Paper, Text } from '#app/ui/core'
import { NavLink, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { RETURN_TO_WORK_KEY } from '#app/ui/menu'
import type { loadManage } from './manage.server'

export function ManageLayout() {
  const { items, fallback } = useLoaderData<typeof loadManage>()
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
