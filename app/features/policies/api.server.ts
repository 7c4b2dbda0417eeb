import dayjs from 'dayjs'
import { canDeletePolicyOption, canUploadPolicyFile, fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { allowedFileTypes, MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { DomainError, ForbiddenError, InvalidError } from '#app/domain/errors'
import { NEW_POLICY_STATUS, oneYearAfter } from '#app/domain/policies'
import { commissionStep, saveCommissionRates } from './commission-steps.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readMultipart, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { versionedPut } from '#app/http/row-api.server'
import { readUploads } from '#app/http/uploads.server'
import { policyFiles, uploadPolicyFiles } from '#app/models/file.server'
import {
  addGroupCopy,
  createPolicy,
  deletePolicy,
  firmPolicies,
  requirePolicy,
  saveTextToGroupKey,
  updatePolicy,
} from '#app/models/policy.server'
import { apiRecord } from '#app/schemas/api-record'
import {
  commissionChoiceQuerySchema,
  commissionRatesSchema,
  feesQuery,
  groupCopyQuerySchema,
  groupCopySchema,
  groupKeyQuerySchema,
  policyListQuerySchema,
  policyPostSchema,
  policyPutSchema,
  policyTextSchema,
  versionOnlySchema,
} from '#app/schemas/policy'
import { POLICY_EDITOR_MESSAGES } from './editor-types'

/** The policy calls of spec 3 §7 that the screens use, by address; each route module passes its handlers to apiRoute. */

const FAILED = 'Failed to get Policy'
const policyId = (param: string | undefined) => requireId(param, 'policy', FAILED)

const POLICY_API_MESSAGES = { deleteOption: 'Only group admin may delete a policy option.' } as const

/**
 * GET, PUT and DELETE /api/policies/{id}: PUT names the version read (409 with the current policy) and
 * changes only the fields it sends.
 */
export const policyApi: ApiHandlers = {
  GET: async ({ params }) => requirePolicy(getDb(), policyId(params.id)),
  PUT: versionedPut(policyId, policyPutSchema, (pid, version, changes, userId) =>
    updatePolicy(getDb(), pid, version, changes, userId),
  ),
  DELETE: async ({ request, params, user }) => {
    const pid = policyId(params.id)
    if (!canDeletePolicyOption(user)) throw new ForbiddenError(POLICY_API_MESSAGES.deleteOption)
    const { version } = readQuery(request, versionOnlySchema)
    await deletePolicy(getDb(), pid, version, user.id)
    return { status: 'OK', message: 'Policy has been deleted.' }
  },
}

/**
 * GET /api/policies?fid=&status=: a firm's policies, newest first, a page at a time (at most 100).
 * POST /api/policies: a new policy (Past unless told, expiry a year after incept unless given).
 */
export const policiesApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, policyListQuerySchema)
    const statuses = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status]
    const { rows, count, pages } = await firmPolicies(getDb(), query.fid, {
      view: 'All',
      statuses,
      carriers: [],
      types: [],
      search: '',
      sort: 'incept',
      desc: true,
      page: query.page ?? 1,
      perPage: query.perPage ?? 100,
    })
    return { result: rows, count, totalPages: pages }
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, policyPostSchema)
    return createPolicy(
      getDb(),
      {
        fid: body.fid,
        prid: body.prid,
        incept: body.incept!,
        expiry: body.expiry ?? oneYearAfter(body.incept!),
        retro: body.retro,
        limits: body.limits,
        deduc: body.deduc,
        premium: body.premium,
        status: body.status ?? NEW_POLICY_STATUS,
      },
      user.id,
    )
  },
}

/**
 * GET /api/policies/{id}/commissions: what the commission dialog finds for the saved policy (the
 * rule to choose among, or the proposed rates); PUT saves mgacom, procom, subcom and spncom (percents).
 */
export const policyCommissionsApi: ApiHandlers = {
  GET: async ({ request, params }) => {
    const pid = policyId(params.id)
    const { choice = null } = readQuery(request, commissionChoiceQuerySchema)
    const policy = await requirePolicy(getDb(), pid)
    const step = await commissionStep(getDb(), policy, dayjs().format('YYYY-MM-DD'), choice)
    if (step.step === 2) {
      if (step.match.kind !== 'choose')
        throw new InvalidError(
          step.match.kind === 'none' || step.match.kind === 'multiple' ? step.match.message : 'Invalid choice.',
        )
      return { choose: step.match.options }
    }
    return { rule: step.rule, message: step.message, rates: step.rates, sources: step.sources, payees: step.payees }
  },
  PUT: versionedPut(policyId, apiRecord.pipe(commissionRatesSchema), (pid, version, rates, userId) =>
    saveCommissionRates(getDb(), pid, version, rates, userId),
  ),
}

/**
 * PUT /api/policies/{id}/group?pid=: adds a copy of the policy to its option group with a new
 * Limit, Deductible and Premium (spec 3 §4, §5); a policy in group 0 first gets a group number.
 * `pid`, when sent, must name the same policy (decision 0015).
 */
export const policyGroupCopyApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const pid = policyId(params.id)
    const { pid: named } = readQuery(request, groupCopyQuerySchema)
    if (named !== undefined && named !== pid) throw new InvalidError('pid must be the policy of the address.')
    const { version, limits, deduc, premium } = await readBody(request, groupCopySchema)
    const { original, copy } = await addGroupCopy(getDb(), pid, version, { limits, deduc, premium: premium! }, user.id)
    return Response.json({ message: POLICY_EDITOR_MESSAGES.addedToGroup, original, copy }, { status: 201 })
  },
}

// JSON null clears a field (apiRecord drops it, and an absent text field is saved as null).
const groupTextBody = apiRecord.pipe(policyTextSchema.omit({ version: true }))

/** PUT /api/policies/group/{grpnum}?fid=&prid=: forms, features, docs and note to every policy of the group. */
export const policyGroupTextApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const grpnum = requireId(params.id, 'policy group', 'No policies in that group.')
    const { fid, prid } = readQuery(request, groupKeyQuerySchema)
    const text = await readBody(request, groupTextBody)
    const saved = await saveTextToGroupKey(getDb(), { grpnum, fid, prid }, text, user.id)
    return { message: POLICY_EDITOR_MESSAGES.textToGroup, result: saved }
  },
}

/**
 * GET /api/policies/{id}/files: the policy's files (Admin files for the admin group only).
 * PUT: uploads files as multipart/form-data (`file`, `fileDescription`, `fileType` per file), with
 * firmfile-upload and the upload rules of the Files tab.
 */
export const policyFilesApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const pid = policyId(params.id)
    await requirePolicy(getDb(), pid)
    // The registry asks firm-view, as canReadFile does for policy files; Admin files stay the admin group's.
    return policyFiles(getDb(), pid, { isAdmin: user.isAdmin })
  },
  PUT: async ({ request, params, user }) => {
    const pid = policyId(params.id)
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
}

/**
 * GET /api/policies/fees?formula=legacy&premium=&mgaFirstFee=&mgaSecondFee= or ?formula=DISIw&premium=.
 * The spec names the two formulas and their inputs but not the arithmetic, so after checking the
 * inputs the call answers 501 FEE_FORMULA_NOT_SPECIFIED rather than inventing fees (decision 0015).
 */
export const policyFeesApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, feesQuery)
    throw new DomainError(
      `The ${query.formula} fee formula is not defined by the specification, so fees cannot be computed here yet. Enter the fees on the policy.`,
      'FEE_FORMULA_NOT_SPECIFIED',
      501,
    )
  },
}
