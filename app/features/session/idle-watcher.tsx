import { useLocation, useRevalidator } from '@remix-run/react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { MAX_TIMER_MS } from '#app/domain/interval'
import { STILL_TIMED_OUT_MESSAGE } from '#app/domain/session'
import type { ActivityType } from './relogin-form'

const IdleDialog = lazy(() => import('./idle-dialog'))

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
export function IdleWatcher({ timeRemainingMs, askCode = false }: { timeRemainingMs: number; askCode?: boolean }) {
  const location = useLocation()
  const revalidator = useRevalidator()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
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

  useEffect(() => {
    setOpen(false)
    setNotice(null)
    setMessage(null)
  }, [location.key])

  const relogin = async (input: Record<string, string>) => {
    setBusy(true)
    setMessage(null)
    try {
      const response = await fetch('/api/auth/relogin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      })
      const answer = (await response.json().catch(() => ({}))) as { status?: string; message?: string }
      if (response.ok) {
        setOpen(false)
        setNotice(null)
        revalidator.revalidate()
      } else if (response.status === 401 && answer.status === 'UNAUTHORIZED') {
        // Any other 401 while signed in signs the user out (spec 1 §4).
        window.location.assign('/login')
      } else {
        setMessage(answer.message ?? 'The session could not be confirmed.')
      }
    } finally {
      setBusy(false)
    }
  }

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

  if (!open) return null
  return (
    <Suspense fallback={null}>
      <IdleDialog
        types={types}
        askCode={askCode}
        redirectTo={`${location.pathname}${location.search}`}
        message={message}
        notice={notice}
        busy={busy}
        onRelogin={relogin}
        onClose={close}
      />
    </Suspense>
  )
}
