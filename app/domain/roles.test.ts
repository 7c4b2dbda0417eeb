import { describe, expect, it } from 'vitest'
import * as roles from './roles'

const M = roles.ROLES_MESSAGES

describe('the Roles rules (spec 1 §4, §5, §9)', () => {
  it('sends the timeout as interval text and reads it back (a month 30.5 days, a year 24 months)', () => {
    expect(roles.timeoutInterval(15)).toBe('0 years 0 mons 0 days 0 hours 15 mins 0.00 secs')
    expect(roles.timeoutInterval(135)).toBe('0 years 0 mons 0 days 2 hours 15 mins 0.00 secs')
    expect(roles.timeoutParts(135)).toEqual({ hours: 2, minutes: 15 })
    expect(roles.intervalMinutes('0 years 0 mons 0 days 2 hours 15 mins 0.00 secs')).toBe(135)
    expect(roles.intervalMinutes('01:30:00')).toBe(90)
    expect(roles.intervalMinutes('1 mon')).toBe(30.5 * 24 * 60)
    expect(roles.intervalMinutes('1 year')).toBe(24 * 30.5 * 24 * 60)
    expect(roles.intervalMinutes('soon')).toBeNull()
    expect(roles.intervalMinutes('')).toBeNull()
  })

  it('reads IP restrictions one a line, with the suggested patterns valid', () => {
    expect(roles.ipRestrictionsOf(' 192.168.*.*\n\n*.*.*.*, 192.168.*.* ')).toEqual(['192.168.*.*', '*.*.*.*'])
    expect(roles.isIpPattern('192.168.*.*')).toBe(true)
    expect(roles.isIpPattern('*.*.*.*')).toBe(true)
    expect(roles.isIpPattern('10.0.0.256')).toBe(false)
    expect(roles.isIpPattern('10.0.*')).toBe(false)
  })

  it('refuses a group for a disabled user, an inactive group and a duplicate', () => {
    const group = { id: 2, active: true }
    expect(roles.groupToUserRefusal({ enabled: true, groupIds: [1] }, group)).toBeNull()
    expect(roles.groupToUserRefusal({ enabled: false, groupIds: [] }, group)).toBe(M.userDisabled)
    expect(roles.groupToUserRefusal({ enabled: true, groupIds: [] }, { id: 2, active: false })).toBe(M.groupInactive)
    expect(roles.groupToUserRefusal({ enabled: true, groupIds: [2] }, group)).toBe(M.groupAlreadyOnUser)
  })

  it('refuses a scope already on the group, or on an inactive group', () => {
    expect(roles.scopeToGroupRefusal({ active: true, scopeIds: [1] }, 2)).toBeNull()
    expect(roles.scopeToGroupRefusal({ active: true, scopeIds: [2] }, 2)).toBe(M.scopeAlreadyOnGroup)
    expect(roles.scopeToGroupRefusal({ active: false, scopeIds: [] }, 2)).toBe(M.groupInactiveScopes)
  })

  it('never disables the admin group; an editor never loses their own role-edit', () => {
    expect(roles.groupDisableRefusal({ name: 'admin' })).toBe(M.adminGroup)
    expect(roles.groupDisableRefusal({ name: ' Admin ' })).toBe(M.adminGroup)
    expect(roles.groupDisableRefusal({ name: 'claims' })).toBeNull()
    expect(roles.ownRoleEditRefusal(true, false)).toBe(M.ownRoleEdit)
    expect(roles.ownRoleEditRefusal(true, true)).toBeNull()
    expect(roles.ownRoleEditRefusal(false, false)).toBeNull()
  })

  it("words the spec's messages as spec 1 §5 and §8 give them", () => {
    expect(M.usernameRequired).toBe('Username is required')
    expect(M.usernameTaken).toBe('Username is taken')
    expect(M.confirmationRequired).toBe('Password Confirmation is required')
    expect(M.mismatch).toBe('Entered passwords do not match')
    expect(M.newPasswordRequired).toBe('New password is required')
    expect(M.groupNameRequired).toBe('Group name is required')
    expect(M.groupNameTaken).toBe('Group name is taken')
    expect(M.saveFailed).toBe('Error saving. Please check all fields and try again.')
    expect(M.saved).toBe('Save was successful.')
    expect(M.passwordChanged).toBe('Password change was successful.')
  })
})
