import { useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useReturnFocus } from './return-focus'

/**
 * An in-page panel opened by a link (a confirmation, the tran log, the upload form): it is drawn where
 * its section is, often above the link that opened it, so it is brought into view and takes focus (the
 * panel itself, not a button in it: Enter must not confirm), Escape within it goes to `closeHref`, and
 * focus goes back to the opener when it closes. `ref` is on a wrapper whose first child is the panel
 * (it has tabIndex -1).
 */
export function usePanelFocus(ref: { current: HTMLElement | null }, closeHref: string) {
  const navigate = useNavigate()
  useReturnFocus(ref)
  useEffect(() => {
    const panel = ref.current?.firstElementChild
    if (!(panel instanceof HTMLElement)) return
    panel.scrollIntoView({ block: 'nearest' })
    panel.focus({ preventScroll: true })
  }, [ref])
  const closeTo = useRef(closeHref)
  closeTo.current = closeHref
  useEffect(() => {
    const wrapper = ref.current
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      navigate(closeTo.current, { preventScrollReset: true })
    }
    wrapper?.addEventListener('keydown', onKeyDown)
    return () => wrapper?.removeEventListener('keydown', onKeyDown)
  }, [ref, navigate])
}
