import './popup-report.css'
import { useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { Group, Title } from '#app/ui/core'
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
