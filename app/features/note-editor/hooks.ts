import { useEffect, useRef, useState } from 'react'
import { hasExtension } from '#app/domain/files'
import { EXPECTED_FILES_POLL, expectedFilesPollDelays } from '#app/domain/note-editor'
import { NOTE_MESSAGES, RECIPIENT_SEARCH } from '#app/domain/notes'
import type { NoteFileRow, RecipientSearchResult } from './types'

export type SearchState =
  | { state: 'short' }
  | { state: 'searching' }
  | { state: 'failed' }
  | { state: 'done'; results: RecipientSearchResult[] }

/** The message under the recipients search box (spec 2 §5), or null when there are results to show. */
export function searchMessage(search: SearchState): string | null {
  switch (search.state) {
    case 'short':
      return NOTE_MESSAGES.recipientsMin
    case 'searching':
      return NOTE_MESSAGES.recipientsSearching
    case 'failed':
      return NOTE_MESSAGES.recipientsFailed
    default:
      return search.results.length === 0 ? NOTE_MESSAGES.recipientsNone : null
  }
}

/** People search for recipients: from 2 characters, 300 ms after the last keystroke, older answers dropped. */
export function useRecipientSearch(nid: number, term: string, enabled: boolean): SearchState {
  const [search, setSearch] = useState<SearchState>({ state: 'short' })
  useEffect(() => {
    if (!enabled) return
    const value = term.trim()
    if (value.length < RECIPIENT_SEARCH.minChars) {
      setSearch({ state: 'short' })
      return
    }
    const controller = new AbortController()
    setSearch({ state: 'searching' })
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/recipients/${nid}?search=${encodeURIComponent(value)}`, {
          signal: controller.signal,
          headers: { Accept: 'application/json' },
        })
        if (!response.ok) throw new Error(String(response.status))
        const body = (await response.json()) as { result: RecipientSearchResult[] }
        setSearch({ state: 'done', results: body.result })
      } catch {
        if (!controller.signal.aborted) setSearch({ state: 'failed' })
      }
    }, RECIPIENT_SEARCH.debounceMs)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [nid, term, enabled])
  return search
}

/**
 * expectedFiles={count} (spec 2 §9): files still being stored by another window. Polls the note's files
 * for up to 12 s (250 ms, then 150 ms longer each time, at most 1 s) until there are `expected`; the
 * 'checking files' hint shows after 350 ms.
 */
export function useExpectedFiles(
  nid: number,
  expected: number | null,
  initial: NoteFileRow[],
  onFiles: (files: NoteFileRow[]) => void,
) {
  const [checking, setChecking] = useState(false)
  const latest = useRef(onFiles)
  latest.current = onFiles
  useEffect(() => {
    if (!expected || initial.length >= expected) return
    let stopped = false
    let timer = 0
    const hint = window.setTimeout(() => !stopped && setChecking(true), EXPECTED_FILES_POLL.hintAfterMs)
    const delays = expectedFilesPollDelays()
    const poll = (index: number) => {
      if (index >= delays.length) {
        stopped = true
        setChecking(false)
        return
      }
      timer = window.setTimeout(async () => {
        try {
          const response = await fetch(`/api/notes/${nid}/files`, { headers: { Accept: 'application/json' } })
          if (response.ok) {
            const rows = (await response.json()) as Omit<NoteFileRow, 'hasExtension'>[]
            const files = rows.map((row) => ({ ...row, hasExtension: hasExtension(row.filename) }))
            if (stopped) return
            latest.current(files)
            if (files.length >= expected) {
              stopped = true
              setChecking(false)
              return
            }
          }
        } catch {
          // A failed poll is retried on the next tick.
        }
        if (!stopped) poll(index + 1)
      }, delays[index])
    }
    poll(0)
    return () => {
      stopped = true
      window.clearTimeout(timer)
      window.clearTimeout(hint)
    }
    // The poll runs once per opening; the initial list only decides whether it is needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nid, expected])
  return checking
}
