import { describe, expect, it } from 'vitest'
import * as files from './files'

describe('file rules', () => {
  it('needs an extension', () => {
    expect(files.hasExtension('a.pdf')).toBe(true)
    expect(files.hasExtension('README')).toBe(false)
    expect(files.hasExtension('.bashrc')).toBe(false)
    expect(files.hasExtension('name.')).toBe(false)
    expect(files.noExtensionWarning([{ filename: 'README', description: 'Read me' }])).toContain('README (Read me)')
  })
  it('offers Form only to admin or firmfile-override, Admin only to admin', () => {
    expect(files.allowedFileTypes({ isAdmin: false, formOverride: false })).toEqual(['Other', 'Original'])
    expect(files.allowedFileTypes({ isAdmin: false, formOverride: true })).toEqual(['Form', 'Other', 'Original'])
    expect(files.allowedFileTypes({ isAdmin: true, formOverride: false })).toEqual([
      'Admin',
      'Form',
      'Other',
      'Original',
    ])
  })
  it('keeps Form files to admins and new types to the ones a user may pick', () => {
    const plain = { isAdmin: false, formOverride: false }
    const override = { isAdmin: false, formOverride: true }
    const admin = { isAdmin: true, formOverride: false }
    expect(files.mayEditFileType(plain, 6, 17)).toBe(true)
    expect(files.mayEditFileType(plain, 6, 3)).toBe(false)
    expect(files.mayEditFileType(override, 6, 3)).toBe(true)
    expect(files.mayEditFileType(override, 3, 3)).toBe(false)
    expect(files.mayEditFileType(override, 6, 1)).toBe(false)
    expect(files.mayEditFileType(admin, 3, 1)).toBe(true)
    expect(files.mayEditFileType(plain, 17, 17)).toBe(true)
    // Editing at all: a Form file only by an admin (its description too), whatever the new type.
    expect(files.mayEditFile(plain, 3)).toBe(false)
    expect(files.mayEditFile(override, 3)).toBe(false)
    expect(files.mayEditFile(admin, 3)).toBe(true)
    expect(files.mayEditFile(plain, 6)).toBe(true)
  })
})

describe('checkUploads (the one set of upload rules)', () => {
  const allowed = ['Other', 'Original']
  const file = (filename: string, description = 'Scan', size = 10, type = 'Other') => ({
    filename,
    description,
    size,
    type,
  })

  it('accepts described files of an allowed type and leaves out files without an extension with the warning', () => {
    const checked = files.checkUploads([file('a.pdf'), file('README', 'About')], allowed)
    expect(checked.refusal).toBeNull()
    expect(checked.accepted.map((f) => f.filename)).toEqual(['a.pdf'])
    expect(checked.warning).toBe('Files without an extension cannot be uploaded: README (About)')
  })

  it('refuses with the first broken rule: description, its length, size, type', () => {
    expect(files.checkUploads([file('a.pdf', '')], allowed).refusal).toEqual({
      status: 400,
      message: files.DESCRIPTION_REQUIRED,
      missingDescription: true,
    })
    expect(files.checkUploads([file('a.pdf', 'x'.repeat(501))], allowed).refusal?.status).toBe(400)
    expect(files.checkUploads([file('a.pdf', 'Scan', files.MAX_UPLOAD_BYTES + 1)], allowed).refusal).toEqual({
      status: 413,
      message: files.MAX_UPLOAD_MESSAGE,
    })
    expect(files.checkUploads([file('a.pdf', 'Scan', 10, 'Admin')], allowed).refusal?.status).toBe(403)
  })

  it('refuses an upload with nothing left to send', () => {
    expect(files.checkUploads([], allowed).refusal?.message).toBe('Choose a file to upload.')
    expect(files.checkUploads([file('README')], allowed).refusal?.message).toMatch(/^Files without an extension/)
  })

  it('reads the chosen files of a form, skipping empty file inputs', () => {
    const form = new FormData()
    form.append('file', new File(['x'], 'a.pdf'))
    form.append('description', ' Scan ')
    form.append('type', '')
    form.append('file', new File([], ''))
    form.append('description', '')
    form.append('type', 'Other')
    expect(files.chosenUploads(form, 'description', 'type')).toEqual([
      { filename: 'a.pdf', size: 1, description: 'Scan', type: 'Other', contentType: '' },
    ])
  })
})

describe('upload allowlist (issue 10 item 6)', () => {
  it('takes the office types by extension, with a matching or no declared type', () => {
    expect(files.uploadTypeAllowed('claim.pdf', 'application/pdf')).toBe(true)
    expect(
      files.uploadTypeAllowed('Loss Run.XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ).toBe(true)
    expect(files.uploadTypeAllowed('photo.jpeg', 'image/jpeg')).toBe(true)
    expect(files.uploadTypeAllowed('mail.msg', '')).toBe(true)
    expect(files.uploadTypeAllowed('mail.msg', 'application/octet-stream')).toBe(true)
    expect(files.uploadTypeAllowed('scan.TIF', 'image/tiff; charset=binary')).toBe(true)
  })

  it('refuses other extensions, and a declared type that does not fit the extension', () => {
    for (const name of [
      'page.html',
      'logo.svg',
      'run.exe',
      'x.js',
      'macro.xlsm',
      'archive.7z',
      'a.php',
      '.pdf',
      'pdf',
    ]) {
      expect(files.uploadTypeAllowed(name, ''), name).toBe(false)
    }
    expect(files.uploadTypeAllowed('invoice.pdf', 'text/html')).toBe(false)
    expect(files.uploadTypeAllowed('photo.png', 'image/svg+xml')).toBe(false)
    expect(files.uploadTypeAllowed('constructor', '')).toBe(false)
    expect(files.uploadTypeAllowed('x.constructor', '')).toBe(false)
  })

  it('checkUploads answers 415 with the message for a refused type, before the file-type rule', () => {
    const row = { filename: 'page.html', size: 10, description: 'A page', type: 'Other', contentType: 'text/html' }
    expect(files.checkUploads([row], ['Other']).refusal).toEqual({ status: 415, message: files.UPLOAD_TYPE_REFUSED })
    expect(
      files.checkUploads([{ ...row, filename: 'page.pdf', contentType: 'application/pdf' }], ['Other']).refusal,
    ).toBeNull()
  })
})
