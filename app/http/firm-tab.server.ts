import type { CurrentUser } from '#app/auth/guard.server'
import type { ViewerTab } from '#app/domain/firm-search'
import type { NoteEntity } from '#app/models/note.server'
import type { IntentContext, IntentSpec } from './intent-action.server'
import type { PageContext } from './page-route.server'

/**
 * The firm viewer's tab contract, its server side (the component side is app/ui/firm-tab.ts). A tab
 * (Notes, Members, Claims, Policies, Files) is a feature's `FirmTab`: the data its page shows, loaded
 * only when it is the active tab, and the forms it posts, by intent. The route module composes the
 * tabs it shows; the firm viewer (features/firms) runs them for the firm the URL names, and serves
 * their intents as one table on each page that shows the viewer (the firms search and the popups).
 */

/** What a tab's loader is given: the page's context, the firm, and the note the firm was opened from. */
export interface FirmTabContext extends PageContext {
  fid: number
  /** /viewFirmNote/{nid}: the note the popup was opened from (the Notes tab starts on its Active notes, the note chosen). */
  fromNote: number | null
  /** That note as the popup read it to find its firm (the Notes tab does not read it again). */
  fromNoteRead?: NoteEntity | null
}

/** What a tab's intent handler is given: the intent's context, the posted firm, and the page to return to. */
export interface FirmIntentContext<Value> extends IntentContext<Value> {
  /** The firm the form was posted for (its `fid` field: 'Pick a firm first.' without one). */
  fid: number
  /** The page the form was posted from, without the parameters that only open a panel. */
  back: string
}

export interface FirmIntentSpec<Value = unknown> extends Omit<IntentSpec<Value>, 'handle'> {
  handle(context: FirmIntentContext<Value>): unknown
}

/** A tab's forms by intent; their abilities are app/auth/action-intents.ts's (the viewer's entries). */
export type FirmIntentTable = Record<string, FirmIntentSpec>

/** An intent of a tab, its handler's value typed by its schema. */
export function firmIntent<Value>(spec: FirmIntentSpec<Value>): FirmIntentSpec<Value> {
  return spec
}

export interface FirmTab<Data = unknown> {
  name: Exclude<ViewerTab, 'Info'>
  /** Whether the user sees the tab at all (Claims: claim-view); every user of the viewer when absent. */
  shown?(user: CurrentUser): boolean
  /** The tab's data for its page: called only when it is the active tab. */
  load(context: FirmTabContext): Promise<Data> | Data
  intents?: FirmIntentTable
  /** The tab's upload form: a body over the cap answers as its refusal, shown in place. */
  tooLarge?: { intent: string; message: string }
}
