import type { ComponentType } from 'react'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '#app/ui/app-shell'
import type { loadShell } from './shell.server'

/** What the shell runs beside every page to watch the session's idle time (the session feature's). */
export type IdleWatcherPart = ComponentType<{ timeRemainingMs: number; askCode: boolean }>

/**
 * The signed-in shell around every page: the menus, the page, and the idle watcher the route module
 * gives it (features meet through the route, not by importing each other).
 */
export function signedInLayout(IdleWatcher: IdleWatcherPart) {
  return function SignedInLayout() {
    const { username, menus, timeRemainingMs, askCode } = useLoaderData<typeof loadShell>()
    return (
      <AppShell username={username} menus={menus}>
        <Outlet />
        <IdleWatcher timeRemainingMs={timeRemainingMs} askCode={askCode} />
      </AppShell>
    )
  }
}
