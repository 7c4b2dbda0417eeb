import { describe, expect, it } from 'vitest'
import { firmTabHrefs } from './firm-viewer'

describe('the open-firm tabs’ links (firmTabHrefs)', () => {
  // The changes each link asks of the page's URL, as the page's href builder gets them.
  const href = (changes: Record<string, string | null>) => JSON.stringify(changes)
  const changesOf = (link: string) => JSON.parse(link) as Record<string, string | null>

  it('selecting the firm shown keeps its sub-tab; another firm opens on Info without the last one’s state', () => {
    const links = firmTabHrefs(href, [1, 2], 1, 'Notes')
    expect(changesOf(links.select(1))).toEqual({ open: '1,2', firm: '1', tab: 'Notes' })
    const other = changesOf(links.select(2))
    expect(other).toMatchObject({ open: '1,2', firm: '2', tab: 'Info', nq: null, nmode: null, nid: null, mq: null })
    expect(changesOf(firmTabHrefs(href, [1], 1, null).select(3))).toMatchObject({ open: '1,3', firm: '3' })
  })

  it('closing the firm shown shows the last one left; closing another keeps the one shown; the last closed leaves none', () => {
    const links = firmTabHrefs(href, [1, 2, 3], 2, 'Files')
    expect(changesOf(links.close(2))).toMatchObject({ open: '1,3', firm: '3', tab: 'Files', upload: null })
    expect(changesOf(links.close(1))).toEqual({ open: '2,3', firm: '2', tab: 'Files' })
    expect(changesOf(firmTabHrefs(href, [4], 4, 'Notes').close(4))).toMatchObject({ open: null, firm: null, tab: null })
  })
})
