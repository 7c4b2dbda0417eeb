import { canEditFirm } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import { VIEWER_TABS, type ViewerTab } from '#app/domain/firm-search'
import { parseForm } from '#app/http/conform.server'
import type { FirmTab } from '#app/http/firm-tab.server'
import { intent, type IntentTable, type TooLarge } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import type { NoteEntity } from '#app/models/note.server'
import { getFirm } from '#app/models/firm.server'
import { loadPicklists } from '#app/models/list.server'
import { readInfoTabParams, viewerFormSchema } from '#app/schemas/firm-viewer'
import { backUrl } from '#app/ui/firm-tab'
import { editableFirm } from './edit-firm.server'
import { FIRM_PICKLISTS } from './firm-form'

/**
 * The firm viewer on the server (spec 2 §2.2): the firm, the sub-tabs the user sees and the active
 * one's data. Info is the viewer's own (the firm card, the Edit Firm dialog its URL opens); the other
 * tabs are the `FirmTab`s a route gives it (app/http/firm-tab.server.ts), each loaded only when active.
 */
export async function loadFirmView(
  tabs: readonly FirmTab[],
  context: PageContext,
  fid: number,
  tab: ViewerTab,
  fromNote: number | null = null,
  fromNoteRead: NoteEntity | null = null,
) {
  const db = getDb()
  const firm = await getFirm(db, fid)
  if (!firm) return null
  const { user, url } = context
  const shown = VIEWER_TABS.filter(
    (name) => name === 'Info' || tabs.some((part) => part.name === name && (part.shown?.(user) ?? true)),
  )
  // A tab the user does not see (Claims without claim-view) shows nothing, as a typed URL may ask for it.
  const active = shown.includes(tab) ? tabs.find((part) => part.name === tab) : undefined
  const canEdit = canEditFirm(user)
  const editing = tab === 'Info' && canEdit && readInfoTabParams(url).editFirm
  const [data, picklists] = await Promise.all([
    active ? active.load({ ...context, fid, fromNote, fromNoteRead }) : null,
    editing ? loadPicklists(db, FIRM_PICKLISTS) : null,
  ])
  return {
    firm: editableFirm(firm),
    tab,
    shown,
    /** The active tab's data (its component knows its shape). */
    data: data as unknown,
    /** The Edit Firm dialog, when the URL opens it. */
    editFirm: picklists ? { picklists } : null,
    can: { editFirm: canEdit },
  }
}
export type FirmView = NonNullable<Awaited<ReturnType<typeof loadFirmView>>>

/** The firm a viewer form was posted for. */
function postedFirm(form: FormData): number {
  const submission = parseForm(form, { schema: viewerFormSchema })
  if (submission.status !== 'success') throw new InvalidError('Pick a firm first.')
  return submission.value.fid
}

/**
 * The viewer's forms, from every tab a route gives it, as one intent table (their abilities are
 * app/auth/action-intents.ts's): each handler gets the firm posted with the form and the page to go
 * back to. A body over the cap is the upload form's refusal (the tab that declares `tooLarge`).
 */
export function firmViewerAction(tabs: readonly FirmTab[]): { intents: IntentTable; tooLarge?: TooLarge } {
  const intents: IntentTable = {}
  for (const tab of tabs)
    for (const [name, spec] of Object.entries(tab.intents ?? {})) {
      if (Object.hasOwn(intents, name)) throw new Error(`Two firm tabs serve the intent ${name}`)
      intents[name] = intent({
        ...spec,
        handle: (context) =>
          spec.handle({ ...context, fid: postedFirm(context.form), back: backUrl(context.request.url) }),
      })
    }
  return { intents, tooLarge: tabs.find((tab) => tab.tooLarge)?.tooLarge }
}
