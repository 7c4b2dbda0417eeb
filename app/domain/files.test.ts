import { describe, expect, it } from 'vitest'
import { allowedFileTypes, hasExtension, noExtensionWarning } from './files'

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
})
