import { describe, expect, it } from 'vitest'
import { SUBTAB_RESET } from '#app/domain/firm-viewer'
import { backUrl, makeLinks } from './firm-tab'

describe('the firm viewer’s links (app/ui/firm-tab.ts)', () => {
  const search = new URLSearchParams('open=1,2&firm=1&tab=Notes&nmode=Active&nq=renewal&npage=3&nedit=9&mq=x&upload=1')
  const links = makeLinks('/search/firms/firmsSearch', search, (tab, params) => {
    params.set('tab', tab)
    return `/search/firms/firmsSearch?${params.toString()}`
  })

  it('another sub-tab starts without the last one’s state, the note mode kept', () => {
    expect(links.tab('Files')).toBe('/search/firms/firmsSearch?open=1%2C2&firm=1&tab=Files&nmode=Active')
  })

  it('changes one parameter in place and keeps a GET form’s others', () => {
    expect(links.withParams({ npage: '4', nedit: null })).toBe(
      '/search/firms/firmsSearch?open=1%2C2&firm=1&tab=Notes&nmode=Active&nq=renewal&npage=4&mq=x&upload=1',
    )
    expect(links.keep(['nq', 'npage', 'open', 'firm', 'tab', 'upload'])).toEqual([
      ['nmode', 'Active'],
      ['nedit', '9'],
      ['mq', 'x'],
    ])
  })

  it('an action goes back without the panels it was posted from', () => {
    expect(backUrl('http://x/viewFirmNoNote/7/Files?upload=1&rows=3&editFile=2&nedit=4&editFirm=1&mq=y&index')).toBe(
      '/viewFirmNoNote/7/Files?mq=y',
    )
  })

  it('another firm drops every sub-tab parameter of the last one, its note mode and chosen note too', () => {
    for (const key of [
      'nq',
      'npage',
      'nedit',
      'mq',
      'msurname',
      'deleteMember',
      'upload',
      'editFile',
      'rows',
      'editFirm',
      'nmode',
      'nid',
    ])
      expect(SUBTAB_RESET).toHaveProperty(key, null)
  })
})
