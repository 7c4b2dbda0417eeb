import { Modal, Text } from '@mantine/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { MAX_TIMER_MS } from '#app/domain/interval'
import { STILL_TIMED_OUT_MESSAGE } from '#app/schemas/session'
import { ReloginForm, type ActivityType } from './relogin-form'

interface SessionState {
  time_remaining: number
  timed_out: boolean
  logout: boolean
}

async function checkSession(): Promise<SessionState> {
  const response = await fetch('/api/auth/session', { headers: { Accept: 'application/json' } })
  return (await response.json()) as SessionState
}

/**
 * Spec 1 §4: a timer runs for the session's remaining time (restarted by every request, capped at
 * 2147483647 ms); when it fires the session is asked, and the idle dialog opens once the time is
 * really up. Without JavaScript the server's redirect to /idle does the same job.
 */
export function IdleWatcher({ timeRemainingMs }: { timeRemainingMs: number }) {
  const location = useLocation()
  const fetcher = useFetcher<{ result?: unknown; message?: string | null }>()
  const [open, setOpen] = useState(false)
  const [types, setTypes] = useState<ActivityType[]>([])
  const [notice, setNotice] = useState<string | null>(null)

  const showDialog = useCallback(() => {
    setOpen(true)
    fetch('/api/session_notes/types')
      .then((response) => (response.ok ? (response.json() as Promise<ActivityType[]>) : []))
      .then(setTypes)
      .catch(() => setTypes([]))
  }, [])

  useEffect(() => {
    if (open) return
    let timer: number | undefined
    let cancelled = false
    const arm = (ms: number) => {
      timer = window.setTimeout(check, Math.min(MAX_TIMER_MS, Math.max(1000, ms + 250)))
    }
    const check = async () => {
      try {
        const state = await checkSession()
        if (cancelled) return
        if (state.logout) window.location.assign('/login')
        else if (state.timed_out || state.time_remaining <= 0) showDialog()
        else arm(state.time_remaining)
      } catch {
        if (!cancelled) arm(60_000)
      }
    }
    arm(timeRemainingMs)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [timeRemainingMs, location.key, open, showDialog])

  // A successful relogin redirects (the fetcher navigates); the new location closes the dialog.
  useEffect(() => {
    setOpen(false)
    setNotice(null)
  }, [location.key])

  const close = async () => {
    const state = await checkSession().catch(() => null)
    if (!state || state.logout) {
      window.location.assign('/login')
      return
    }
    if (state.timed_out) {
      setNotice(STILL_TIMED_OUT_MESSAGE)
      return
    }
    setOpen(false)
    setNotice(null)
  }

  const result = fetcher.data?.result as Parameters<typeof ReloginForm>[0]['lastResult']
  return (
    <Modal opened={open} onClose={close} title="Session timed out" centered closeOnClickOutside={false}>
      <ReloginForm
        types={types}
        redirectTo={`${location.pathname}${location.search}`}
        lastResult={result}
        message={fetcher.data?.message}
        busy={fetcher.state !== 'idle'}
        fetcher={fetcher}
        notice={
          notice ? (
            <Text c="error.7" role="alert" size="sm">
              {notice}
            </Text>
          ) : null
        }
      />
    </Modal>
  )
}
