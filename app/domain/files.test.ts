import { describe, expect, it } from 'vitest'
import { allowedFileTypes, hasExtension, mayEditFileType, noExtensionWarning } from './files'

describe('file rules', () => {
  it('needs an extension', () => {
    expect(hasExtension('a.pdf')).toBe(true)
    expect(hasExtension('README')).toBe(false)
    expect(hasExtension('.bashrc')).toBe(false)
    expect(hasExtension('name.')).toBe(false)
    expect(noExtensionWarning([{ filename: 'README', description: 'Read me' }])).toContain('README (Read me)')
  })
  it('offers Form only to admin or firmfile-override, Admin only to admin', () => {
    expect(allowedFileTypes({ isAdmin: false, formOverride: false })).toEqual(['Other', 'Original'])
    expect(allowedFileTypes({ isAdmin: false, formOverride: true })).toEqual(['Form', 'Other', 'Original'])
    expect(allowedFileTypes({ isAdmin: true, formOverride: false })).toEqual(['Admin', 'Form', 'Other', 'Original'])
  })
  it('keeps Form files to admins and new types to the ones a user may pick', () => {
    const plain = { isAdmin: false, formOverride: false }
    const override = { isAdmin: false, formOverride: true }
    const admin = { isAdmin: true, formOverride: false }
    expect(mayEditFileType(plain, 6, 17)).toBe(true)
    expect(mayEditFileType(plain, 6, 3)).toBe(false)
    expect(mayEditFileType(override, 6, 3)).toBe(true)
    expect(mayEditFileType(override, 3, 3)).toBe(false)
    expect(mayEditFileType(override, 6, 1)).toBe(false)
    expect(mayEditFileType(admin, 3, 1)).toBe(true)
    expect(mayEditFileType(plain, 17, 17)).toBe(true)
  })
})
