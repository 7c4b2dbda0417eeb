import { z } from 'zod'
import { canUploadPolicyFile, fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { allowedFileTypes, MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { readUploads } from '#app/http/uploads.server'
import { apiError } from '#app/http/errors.server'
import { readBody, readMultipart, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { policyFiles, uploadPolicyFiles } from '#app/models/file.server'
import { addGroupCopy, requirePolicy, saveTextToGroupKey } from '#app/models/policy.server'
import { apiRecord } from '#app/schemas/api-record'
import { idField } from '#app/schemas/fields'
import { feesQuery, groupCopySchema, policyTextSchema } from '#app/schemas/policy'
import { POLICY_EDITOR_MESSAGES } from './editor-types'

/** The group, files and fee calls of spec 3 §7 (policies) that the screens' forms also make. */

const FAILED = 'Failed to get Policy'

/**
 * PUT /api/policies/{id}/group?pid=: adds a copy of the policy to its option group with a new
 * Limit, Deductible and Premium (spec 3 §4, §5); a policy in group 0 first gets a group number.
 * `pid`, when sent, must name the same policy (decision 0015).
 */
export const policyGroupCopyApi = apiRoute('/api/policies/:id/group', {
  PUT: async ({ request, params, user }) => {
    const pid = requireId(params.id, 'policy', FAILED)
    const { pid: named } = readQuery(request, z.object({ pid: idField('pid must be a policy id').optional() }))
    if (named !== undefined && named !== pid)
      throw apiError(400, 'INVALID_PARAMS', 'pid must be the policy of the address.')
    const { version, limits, deduc, premium } = await readBody(request, groupCopySchema)
    const { original, copy } = await addGroupCopy(getDb(), pid, version, { limits, deduc, premium: premium! }, user.id)
    return Response.json({ message: POLICY_EDITOR_MESSAGES.addedToGroup, original, copy }, { status: 201 })
  },
})

const groupKeyQuery = z.object({ fid: idField('fid must be a firm id'), prid: idField('prid must be a program id') })
// JSON null clears a field (apiRecord drops it, and an absent text field is saved as null).
const groupTextBody = apiRecord.pipe(policyTextSchema.omit({ version: true }))

/** PUT /api/policies/group/{grpnum}?fid=&prid=: forms, features, docs and note to every policy of the group. */
export const policyGroupTextApi = apiRoute('/api/policies/group/:id', {
  PUT: async ({ request, params, user }) => {
    const grpnum = requireId(params.id, 'policy group', 'No policies in that group.')
    const { fid, prid } = readQuery(request, groupKeyQuery)
    const text = await readBody(request, groupTextBody)
    const saved = await saveTextToGroupKey(getDb(), { grpnum, fid, prid }, text, user.id)
    return { message: POLICY_EDITOR_MESSAGES.textToGroup, result: saved }
  },
})

/**
 * GET /api/policies/{id}/files: the policy's files (Admin files for the admin group only).
 * PUT: uploads files as multipart/form-data (`file`, `fileDescription`, `fileType` per file), with
 * firmfile-upload and the upload rules of the Files tab.
 */
export const policyFilesApi = apiRoute('/api/policies/:id/files', {
  GET: async ({ params, user }) => {
    const pid = requireId(params.id, 'policy', FAILED)
    await requirePolicy(getDb(), pid)
    // The registry asks firm-view, as canReadFile does for policy files; Admin files stay the admin group's.
    return policyFiles(getDb(), pid, { isAdmin: user.isAdmin })
  },
  PUT: async ({ request, params, user }) => {
    const pid = requireId(params.id, 'policy', FAILED)
    if (!canUploadPolicyFile(user)) throw new ForbiddenError('You do not have permission to upload files.')
    await requirePolicy(getDb(), pid)
    const form = await readMultipart(request, MAX_UPLOAD_MESSAGE)
    const read = await readUploads(form, allowedFileTypes(fileTypeAccess(user)), {
      file: 'file',
      description: 'fileDescription',
      type: 'fileType',
    })
    const created = await uploadPolicyFiles(getDb(), pid, read.files, user)
    return Response.json({ files: created, warning: read.warning ?? null }, { status: 201 })
  },
})

/**
 * GET /api/policies/fees?formula=legacy&premium=&mgaFirstFee=&mgaSecondFee= or ?formula=DISIw&premium=.
 * The spec names the two formulas and their inputs but not the arithmetic, so after checking the
 * inputs the call answers 501 FEE_FORMULA_NOT_SPECIFIED rather than inventing fees (decision 0015).
 */
export const policyFeesApi = apiRoute('/api/policies/fees', {
  GET: async ({ request }) => {
    const query = readQuery(request, feesQuery)
    return Response.json(
      {
        status: 'FEE_FORMULA_NOT_SPECIFIED',
        message: `The ${query.formula} fee formula is not defined by the specification, so fees cannot be computed here yet. Enter the fees on the policy.`,
      },
      { status: 501 },
    )
  },
})
