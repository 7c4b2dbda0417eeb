import { describe, expect, it } from 'vitest'
import { isRecordId } from './ids'
import { SUBTAB_RESET, firmTabHrefs, openFirmChanges, titlesInOrder } from './firm-viewer'

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

  it('a firm not open links as if built alone, in a real address too', () => {
    const search = new URLSearchParams('open=1001%2C1002&firm=1002&tab=Notes&nq=x&q=1003')
    const real = (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search)
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key)
        else next.set(key, value)
      }
      return `/p?${next.toString()}`
    }
    const links = firmTabHrefs(real, [1001, 1002], 1002, 'Notes')
    for (const fid of [1003, 1004, 12345])
      expect(links.select(fid)).toBe(
        real({ ...SUBTAB_RESET, open: `1001,1002,${fid}`, firm: String(fid), tab: 'Info' }),
      )
    expect(links.select(1001)).toBe(real({ ...SUBTAB_RESET, open: '1001,1002', firm: '1001', tab: 'Info' }))
    expect(links.select(1002)).toBe(real({ open: '1001,1002', firm: '1002', tab: 'Notes' }))
    expect(links.select(1003)).toBe('/p?open=1001%2C1002%2C1003&firm=1003&tab=Info&q=1003')
    expect(changesOf(firmTabHrefs(href, [1], 1, null).select(4))).toMatchObject({ open: '1,4', firm: '4', nq: null })
  })

  it('closing the firm shown shows the last one left; closing another keeps the one shown; the last closed leaves none', () => {
    const links = firmTabHrefs(href, [1, 2, 3], 2, 'Files')
    expect(changesOf(links.close(2))).toMatchObject({ open: '1,3', firm: '3', tab: 'Files', upload: null })
    expect(changesOf(links.close(1))).toEqual({ open: '2,3', firm: '2', tab: 'Files' })
    expect(changesOf(firmTabHrefs(href, [4], 4, 'Notes').close(4))).toMatchObject({ open: null, firm: null, tab: null })
  })
})

describe('Get by FID (openFirmChanges)', () => {
  it('adds the firm to the open tabs once, shows it on Info, and drops the previous firm’s sub-tab state', () => {
    const changes = openFirmChanges([1001, 1002], 1002)
    expect(changes).toMatchObject({ open: '1001,1002', firm: '1002', tab: 'Info', mode: null, fid: null })
    // The Notes tab's search, page and chosen note of the firm shown before are not carried over.
    for (const key of ['nmode', 'nid']) expect(changes[key]).toBeNull()
    expect(openFirmChanges([1001], 1003, 'Notes')).toMatchObject({ open: '1001,1003', firm: '1003', tab: 'Notes' })
  })
})

describe('the open firms’ tab titles (titlesInOrder)', () => {
  const titles = new Map([1001, 1002, 1003].map((fid) => [fid, { fid, sort: `FIRM ${fid}` }]))
  // What firmTitles(open) reads: the known firms among the first 20 valid ids, in the order opened.
  const readTogether = (open: number[]) =>
    open
      .filter(isRecordId)
      .slice(0, 20)
      .flatMap((fid) => (titles.has(fid) ? [titles.get(fid)!] : []))
  it('equals reading every open firm’s title, with the active one taken from the viewer', () => {
    const cases: number[][] = [
      [1001],
      [1002, 1001, 1003],
      [1001, 999_999, 1003],
      [],
      [0, 1001],
      [...Array(25).keys()].map((i) => 1001 + i),
    ]
    for (const open of cases)
      for (const active of [undefined, ...open]) {
        const others = readTogether(open.filter((fid) => fid !== active))
        const viewer = active !== undefined && titles.has(active) ? titles.get(active)! : null
        expect(titlesInOrder(open, others, viewer), `${open} active ${active}`).toEqual(readTogether(open))
      }
  })
})
