import { createHash } from 'node:crypto'
import { FILE_TYPES, type FileTypeCode, type fileLinks, type fileObjects } from '../schema'
import { addDays, at } from './calendar'
import { idSequence, type SeedContext } from './context'
import { CLAIM_ID_BASE } from './claims'
import type { FirmDirectory } from './directory'
import type { NoteBook } from './notes'
import type { PolicyRefs } from './policies'
import type { Rng } from './prng'

export interface FileRows {
  fileObjects: (typeof fileObjects.$inferInsert)[]
  fileLinks: (typeof fileLinks.$inferInsert)[]
}

type Owner = { fid: number } | { nid: number } | { pid: number } | { clid: number }

interface FileKind {
  name: (year: string) => string
  description: string
  type: FileTypeCode
}

const FIRM_FILES: readonly FileKind[] = [
  { name: (y) => `Application ${y}.pdf`, description: 'Signed application', type: FILE_TYPES.Original },
  { name: () => 'Engagement letter template.txt', description: 'Engagement letter sample', type: FILE_TYPES.Other },
  {
    name: (y) => `Loss runs ${Number(y) - 5}-${y}.pdf`,
    description: 'Prior carrier loss runs',
    type: FILE_TYPES.Other,
  },
  { name: () => 'W-9.pdf', description: 'W-9 for billing', type: FILE_TYPES.Admin },
  {
    name: () => 'Supplemental application.pdf',
    description: 'Supplemental application (blank form)',
    type: FILE_TYPES.Form,
  },
]
const NOTE_FILES: readonly FileKind[] = [
  { name: (y) => `Quote ${y}.pdf`, description: 'Quote letter', type: FILE_TYPES.Other },
  { name: () => 'Premium invoice.pdf', description: 'Invoice', type: FILE_TYPES.Other },
  { name: () => 'Application form.pdf', description: 'Application form to complete', type: FILE_TYPES.Form },
  // No extension: the note editor warns such files are not sent as attachments.
  { name: () => 'README', description: 'Instructions without an extension', type: FILE_TYPES.Other },
]
const POLICY_FILES: readonly FileKind[] = [
  { name: (y) => `Declarations ${y}.pdf`, description: 'Declarations page', type: FILE_TYPES.Original },
  { name: () => 'Binder.pdf', description: 'Binder', type: FILE_TYPES.Form },
  { name: () => 'Endorsement 1.pdf', description: 'Endorsement: additional insured', type: FILE_TYPES.Other },
]
const CLAIM_FILES: readonly FileKind[] = [
  { name: () => 'Claim notice.pdf', description: 'First notice of claim', type: FILE_TYPES.Original },
  { name: () => 'Complaint.pdf', description: 'Complaint as served', type: FILE_TYPES.Other },
  { name: () => 'Adjuster report.txt', description: 'Initial adjuster report', type: FILE_TYPES.Other },
  { name: () => 'Reserve worksheet.csv', description: 'Reserve worksheet', type: FILE_TYPES.Admin },
]

/** Files per batch handed out: their rows are never all held at once. */
const FILES_PER_BATCH = 500

/**
 * Small files (text, CSV and one-page PDFs) linked to firms, notes, policies and claims. Owners are
 * sampled by position (`sampleIndexes`), which draws as sampling the owners themselves did.
 */
export function* generateFiles(
  ctx: SeedContext,
  firms: FirmDirectory,
  emailNotes: NoteBook['emailNotes'],
  policyRefs: PolicyRefs,
  claimCount: number,
): Generator<FileRows> {
  const rng = ctx.rng.fork('files')
  const nextLoid = idSequence(1)
  const nextLoidfid = idSequence(1)
  let objects: (typeof fileObjects.$inferInsert)[] = []
  let links: (typeof fileLinks.$inferInsert)[] = []
  function* full(): Generator<FileRows> {
    if (objects.length < FILES_PER_BATCH) return
    yield { fileObjects: objects, fileLinks: links }
    objects = []
    links = []
  }
  const sortIndex = new Map<string, number>()
  const year = ctx.today.slice(0, 4)
  const uploaders = ['underwriter', 'mkent', 'jrivera', 'claims', 'apatel', 'accounting']

  const link = (loid: number, owner: Owner, kind: FileKind) => {
    const key = JSON.stringify(owner)
    const index = sortIndex.get(key) ?? 0
    sortIndex.set(key, index + 1)
    links.push({
      loidfid: nextLoidfid(),
      loid,
      ...owner,
      file_description: kind.description,
      file_type: kind.type,
      sort_index: index,
    })
  }
  const store = (owner: Owner, kind: FileKind, title: string): number => {
    const filename = kind.name(year)
    const { data, contentType } = content(rng, filename, title)
    const loid = nextLoid()
    objects.push({
      loid,
      filename,
      content_type: contentType,
      size: data.length,
      data,
      sha256: createHash('sha256').update(data).digest('hex'),
      dated: at(addDays(ctx.today, -rng.int(1, 400)), rng.int(13, 22), rng.int(0, 59)),
      uploadedBy: rng.pick(uploaders),
    })
    link(loid, owner, kind)
    return loid
  }

  for (const index of rng.sampleIndexes(firms.count, ctx.count(60))) {
    const firm = firms.firm(index)
    for (const kind of rng.sample(FIRM_FILES, rng.int(1, 3))) store({ fid: firm.fid }, kind, firm.insured)
    yield* full()
  }
  for (const index of rng.sampleIndexes(emailNotes.nid.length, ctx.count(40))) {
    const note = { nid: emailNotes.nid.get(index), fid: emailNotes.fid.get(index) }
    const kind = rng.pick(NOTE_FILES)
    const loid = store({ nid: note.nid }, kind, `Note ${note.nid}`)
    // The same stored file is often also kept on the firm (one object, two links).
    if (rng.chance(0.25)) link(loid, { fid: note.fid }, kind)
    yield* full()
  }
  const booked = policyRefs.positions((index) => policyRefs.isBooked(index))
  for (const index of rng.sampleIndexes(booked.length, ctx.count(40))) {
    const policy = policyRefs.ref(booked[index])
    for (const kind of rng.sample(POLICY_FILES, rng.int(1, 2)))
      store({ pid: policy.pid }, kind, `Policy ${policy.pid} ${policy.type}`)
    yield* full()
  }
  for (const index of rng.sampleIndexes(claimCount, ctx.count(25))) {
    const clid = CLAIM_ID_BASE + index
    for (const kind of rng.sample(CLAIM_FILES, rng.int(1, 2))) store({ clid }, kind, `Claim ${clid}`)
    yield* full()
  }
  if (objects.length > 0) yield { fileObjects: objects, fileLinks: links }
}

function content(rng: Rng, filename: string, title: string): { data: Buffer; contentType: string } {
  const body = [
    title,
    `Generated demo document: ${filename}`,
    rng.pick(['Prepared for underwriting review.', 'Received from the insured.', 'Copy for the file.']),
  ]
  if (filename.endsWith('.pdf')) return { data: onePagePdf(body), contentType: 'application/pdf' }
  if (filename.endsWith('.csv')) {
    const rows = [
      'bucket,reserve,incurred',
      `defense,${rng.amount(5000, 80_000, 500)},${rng.amount(0, 5000, 100)}`,
      `damages,${rng.amount(10_000, 250_000, 1000)},0`,
    ]
    return { data: Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8'), contentType: 'text/csv' }
  }
  return {
    data: Buffer.from(`${body.join('\n')}\n`, 'utf8'),
    contentType: filename.includes('.') ? 'text/plain' : 'application/octet-stream',
  }
}

/** A valid one-page PDF showing a few lines of Helvetica, with a correct cross-reference table. */
export function onePagePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
  const stream = `BT /F1 14 Tf 72 720 Td ${lines.map((line, i) => `${i === 0 ? '' : '0 -22 Td '}(${escape(line)}) Tj`).join(' ')} ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
