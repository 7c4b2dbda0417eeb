import './popup-report.css'
import { useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Group, Title } from '#app/ui/core'
import { PrintButton } from '#app/ui/print-button'

/**
 * The frame of a popup report (Loss Run, Renewal; spec 3 §1: a 1400x900 window without the app shell):
 * its title and Print (with JavaScript), the GET form, then the results. Printing leaves the heading
 * and the results on Letter pages (popup-report.css).
 */
export function PopupReport({ title, print, children }: { title: string; print: boolean; children: ReactNode }) {
  return (
    <main className="popup-report">
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        {print ? (
          <span className="popup-report-screen-only">
            <PrintButton />
          </span>
        ) : null}
      </Group>
      {children}
    </main>
  )
}

/**
 * Where a report's results show (read aloud as they change): the refusal of the form's values, then the
 * results; hidden while the form has changed since it ran (`useResultsHidden`).
 */
export function PopupResults({
  state,
  hidden,
  running,
  children,
}: {
  /** The loader's state: `invalid` carries the spec's message. */
  state: { kind: string; message?: string | null }
  hidden: boolean
  running: boolean
  children: ReactNode
}) {
  return (
    <div aria-live="polite" aria-busy={running} hidden={hidden} data-state={state.kind} style={{ marginTop: 12 }}>
      {state.kind === 'invalid' ? (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      ) : null}
      {children}
    </div>
  )
}

/**
 * Spec 3 §4: a report's results hide when any field changes, until it runs again. The form reports
 * its changes (`onChange`); a new URL (the report ran) shows the results again. Without JavaScript
 * the results stay until the form is sent.
 */
export function useResultsHidden() {
  const location = useLocation()
  const [changed, setChanged] = useState<string | null>(null)
  useEffect(() => setChanged(null), [location.search])
  const navigation = useNavigation()
  const running = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname
  return {
    hidden: changed === location.search,
    running,
    onChange: () => setChanged(location.search),
  }
}
