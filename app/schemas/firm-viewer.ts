import { z } from 'zod'
import { TYPE_SAVE_ERROR } from '#app/domain/files'
import { VIEWER_TABS, type ViewerTab } from '#app/domain/firm-search'
import { FILE_PARAMS, INFO_PARAMS, MEMBER_PARAMS } from '#app/domain/firm-viewer'
import { clampInt } from '#app/domain/paging'
import { idField } from './fields'
import { fileEditSchema } from './files'
import { membersSearchFormSchema } from './firm-search'

/**
 * The firm viewer's forms (each posts its firm as `fid`) and the panels its URL opens. The URL is read
 * leniently (a bookmark with a bad value opens nothing); a posted form's bad value is a 400.
 */

/** The firm a viewer form is posted for. */
export const viewerFormSchema = z.object({ fid: idField('Pick a firm first.') })

const optionalId = idField().optional().catch(undefined)

/** A popup's sub-tab segment (/viewFirmNoNote/{fid}/{tablesProp}), any letter case; undefined for one that is not a tab. */
export function viewerTabOf(segment: string | undefined): ViewerTab | undefined {
  if (!segment) return 'Info'
  return VIEWER_TABS.find((name) => name.toLowerCase() === segment.toLowerCase())
}

/** Info: whether the Edit Firm dialog is open. */
export function readInfoTabParams(url: URL) {
  return { editFirm: url.searchParams.get(INFO_PARAMS.editFirm) === '1' }
}

/** Members: the search (a value the form would refuse is no search), the surname sort, the member to confirm deleting. */
export function readMembersTabParams(url: URL) {
  const params = url.searchParams
  return {
    search:
      membersSearchFormSchema.shape.mq.catch(undefined).parse(params.get(MEMBER_PARAMS.search) ?? undefined) ?? '',
    bySurname: params.get(MEMBER_PARAMS.bySurname) === '1',
    remove: optionalId.parse(params.get(MEMBER_PARAMS.remove) ?? undefined) ?? null,
  }
}

/** Files: the upload panel with its rows (1 to 10), the file whose edit panel is open. */
export function readFilesTabParams(url: URL) {
  const params = url.searchParams
  return {
    upload: params.get(FILE_PARAMS.upload) === '1',
    rows: clampInt(Number(params.get(FILE_PARAMS.rows)) || 1, 1, 10),
    edit: optionalId.parse(params.get(FILE_PARAMS.edit) ?? undefined) ?? null,
  }
}

/** Delete Member's confirmation: the member. */
export const memberDeleteFormSchema = z.object({ plid: idField('Failed to delete member') })

/** A file's edit panel: the file and its new description and type. */
export const fileEditFormSchema = fileEditSchema.extend({ loidfid: idField(TYPE_SAVE_ERROR) })
