import { Outlet, useLoaderData } from '@remix-run/react'
import { IdleWatcher } from '#app/features/session/idle-watcher'
import { AppShell } from '#app/ui/app-shell'
import type { loadShell } from './shell.server'

/** The signed-in shell around every page: the menus, the page, and the idle watcher. */
export function SignedInLayout() {
  const { username, menus, timeRemainingMs, askCode } = useLoaderData<typeof loadShell>()
  return (
    <AppShell username={username} menus={menus}>
      <Outlet />
      <IdleWatcher timeRemainingMs={timeRemainingMs} askCode={askCode} />
    </AppShell>
  )
}
