import { CloseButton } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react'
import { useReturnFocus } from '#app/ui/return-focus'
import { useNonce } from '#app/ui/nonce'

/**
 * Run by the parser right after a dialog the server rendered open: the dialog becomes modal before the
 * page's first paint. Made modal only after hydrating, it moved from where it was drawn to the middle of
 * the screen (drawn again: the browser took its content for a later, larger paint, the page's LCP) and
 * the whole page's style was computed again to make it inert, in a long task at the end of the load.
 * A dialog React mounts in the browser never runs this (React's scripts do not execute): the effect below.
 * The browser's build renders it empty (React leaves a hydrated script's content alone), so the text is
 * only in the server's bundle.
 */
const SHOW_MODAL_NOW =
  "(function(d){if(d&&d.open&&!d.matches(':modal')){d.close();d.showModal()}})(document.currentScript.previousElementSibling)"

/**
 * A dialog (addressed by the URL, or opened by a click) on the native
 * `<dialog>` element: the server renders it open, so it shows without JavaScript; once hydrated it
 * becomes modal (focus kept inside, Escape closes). Mantine's Modal would add about 14 KB of
 * JavaScript (gzip) to the page for the same (decision 0005).
 */
export function PageDialog({
  title,
  closeHref,
  closeSubmit,
  onClose,
  width = 640,
  children,
}: {
  title: ReactNode
  /** Where closing goes: the X is a link to it, so it closes without JavaScript too. */
  closeHref: string
  /**
   * Instead of the link: a form that closing submits (the X is a submit button of it, with this name
   * and value; Escape submits it the same way), for a dialog whose closing has to carry back what was
   * typed in the page's form: without JavaScript a link would load the page as saved.
   */
  closeSubmit?: { form: string; name?: string; value?: string }
  /** Escape (and the X, once hydrated) */
  onClose: () => void
  width?: number
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const nonce = useNonce()
  useReturnFocus(ref)
  // A step of the dialog replaced the control that had focus (Next, Back): focus was left on the page's
  // body, outside the modal dialog; it goes back into the dialog, to its first field or button.
  useEffect(() => {
    const dialog = ref.current
    // Only focus that was lost (on the body): a popover the dialog opened elsewhere keeps its own.
    if (!dialog?.open || (document.activeElement && document.activeElement !== document.body)) return
    const first = dialog.querySelector<HTMLElement>(
      '.page-dialog-body :is(input:not([type=hidden]), select, textarea, button, a[href]):not([disabled])',
    )
    ;(first ?? dialog.querySelector<HTMLElement>('button, a[href]'))?.focus()
  })
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    // Mounted in the browser, or rendered open by the server and its script did not run: made modal.
    if (dialog.open) dialog.close()
    dialog.showModal()
  }, [])
  return (
    <>
      <dialog
        ref={ref}
        open
        className="page-dialog"
        aria-labelledby={titleId}
        style={{ width: `min(${width}px, calc(100vw - 32px))` }}
        onCancel={(event) => {
          event.preventDefault()
          const form = closeSubmit ? document.getElementById(closeSubmit.form) : null
          const button = ref.current?.querySelector<HTMLButtonElement>('button[data-close-submit]')
          if (form instanceof HTMLFormElement) form.requestSubmit(button ?? undefined)
          else onClose()
        }}
      >
        {/* autofocus on the X: a dialog the server renders open (no JavaScript) has focus when the page
          loads, not the page behind it; with JavaScript showModal() starts there too. */}
        <div className="sticky-header page-dialog-header">
          <h2 id={titleId} className="page-dialog-title">
            {title}
          </h2>
          {closeSubmit ? (
            <CloseButton
              type="submit"
              form={closeSubmit.form}
              name={closeSubmit.name}
              value={closeSubmit.value}
              data-close-submit=""
              aria-label="Close"
              autoFocus
            />
          ) : (
            <CloseButton
              component={Link}
              to={closeHref}
              preventScrollReset
              aria-label="Close"
              autoFocus
              onClick={(event: MouseEvent) => {
                event.preventDefault()
                onClose()
              }}
            />
          )}
        </div>
        <div className="page-dialog-body">{children}</div>
      </dialog>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? SHOW_MODAL_NOW : '' }} />
    </>
  )
}
