import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { visibleMenus } from '#app/auth/menu.server'
import { AppShell } from '#app/ui/app-shell'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { IdleWatcher } from '#app/features/session/idle-watcher'

// The signed-in shell. Its check serves the menus; every child route still calls the guard itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/')
  return {
    username: user.username,
    menus: visibleMenus(user.scopeSet),
    timeRemainingMs: user.timeRemainingMs,
    askCode: user.mfaEnabled === true,
  }
}

export default function SignedInLayout() {
  const { username, menus, timeRemainingMs, askCode } = useLoaderData<typeof loader>()
  return (
    <AppShell username={username} menus={menus}>
      <Outlet />
      <IdleWatcher timeRemainingMs={timeRemainingMs} askCode={askCode} />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
