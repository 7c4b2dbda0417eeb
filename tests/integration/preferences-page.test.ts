import { describe, expect, it } from 'vitest'
import * as preferences from '#app/routes/_app.preferences'
import { DEFAULT_THEME_COLORS } from '#app/ui/theme'
import { get, postTo, signedIn } from './route-calls'

const toPreferences = postTo(preferences, '/preferences')

/**
 * /preferences through its route module (pageRoute and the intent table) on the real database: save
 * (the default intent) with its validation, reset-theme, and the redirects with their snackbar.
 */

const THEME = { primary: '#7b1fa2', secondary: '#00695c', accent: '#ef6c00', background: '#fafafa' }

const as = signedIn('claims')

describe('Preferences', () => {
  it('signs anonymous users in', async () => {
    expect((await get(preferences, '', '/preferences')).location).toBe('/login?redirectTo=%2Fpreferences')
  })

  it("refuses a bad colour with the schema's message, then saves (a form without an intent is a save)", async () => {
    const invalid = await toPreferences(as.claims, {
      intent: 'save',
      home: 'claims',
      searchAutoSetting: 'clear',
      ...THEME,
      primary: 'purple',
    })
    expect(invalid).toMatchObject({
      status: 400,
      body: { intent: 'save', result: { error: { primary: ['Must be a colour like #1b2a4a.'] } } },
    })
    const saved = await toPreferences(as.claims, { dense: 'on', home: 'claims', searchAutoSetting: 'clear', ...THEME })
    expect(saved).toMatchObject({ status: 302, location: '/preferences' })
    expect(saved.flash).toEqual({ message: 'Preferences saved.', kind: 'success' })
    const page = await get(preferences, as.claims, '/preferences')
    expect(page.body).toMatchObject({
      preferences: { dense: true, noTooltips: false, home: 'claims', searchAutoSetting: 'clear' },
      colors: THEME,
    })
  })

  it('reset-theme restores the default colours and keeps the preferences', async () => {
    await toPreferences(as.claims, { intent: 'save', home: 'claims', searchAutoSetting: 'save', ...THEME })
    const reset = await toPreferences(as.claims, { intent: 'reset-theme', primary: 'not read' })
    expect(reset).toMatchObject({ status: 302, location: '/preferences' })
    expect(reset.flash).toEqual({ message: 'The theme was reset to the default colours.', kind: 'success' })
    const page = await get(preferences, as.claims, '/preferences')
    expect(page.body).toMatchObject({ preferences: { home: 'claims' }, colors: DEFAULT_THEME_COLORS })
  })
})
