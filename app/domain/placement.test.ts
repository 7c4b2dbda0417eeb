import { describe, expect, it } from 'vitest'
import { placementLabel, placementOf, renewalOf } from './placement'

describe('placement (spec 1 §2.9, §2.11: All null, Renewal true, New Business false)', () => {
  it('maps each placement to its renewal value and back', () => {
    expect(renewalOf('all')).toBeNull()
    expect(renewalOf('renewal')).toBe(true)
    expect(renewalOf('new')).toBe(false)
    for (const renewal of [null, true, false]) expect(renewalOf(placementOf(renewal))).toBe(renewal)
    expect([null, true, false].map(placementLabel)).toEqual(['All', 'Renewal', 'New Business'])
  })
})
