import { describe, expect, it } from 'vitest'
import { jobBelowLinks } from './links'

describe('open below', () => {
  it('opens the firm on its Notes tab, mode Active, the note selected, keeping the jobs list and other open firms', () => {
    const href = jobBelowLinks(
      '/search/firms/firmsSearch',
      new URLSearchParams('jobs=ticklers&jq=renewal&open=1001,1002&firm=1001&tab=Members&mq=smith&nq=old&nid=5'),
    )
    expect(href({ fid: 1003, nid: 100_200 })).toBe(
      '/search/firms/firmsSearch?jobs=ticklers&jq=renewal&open=1001%2C1002%2C1003&firm=1003&tab=Notes&nmode=Active&nid=100200',
    )
    const url = new URL(href({ fid: 1002, nid: 7 }), 'http://x')
    expect(url.searchParams.get('open')).toBe('1001,1002')
    expect(url.searchParams.has('mq')).toBe(false)
    expect(url.searchParams.has('nq')).toBe(false)
    expect(jobBelowLinks('/p', new URLSearchParams())({ fid: 9, nid: 8 })).toBe(
      '/p?open=9&firm=9&tab=Notes&nmode=Active&nid=8',
    )
  })
})
