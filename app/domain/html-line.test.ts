import { describe, expect, it } from 'vitest'
import { htmlAsLine } from './html-line'

describe('htmlAsLine', () => {
  it('reads HTML as one line of text', () => {
    expect(htmlAsLine('<p>Slip&nbsp;and fall</p>\n<p>A &lt;b&gt; &amp; c</p>')).toBe('Slip and fall A <b> & c')
    expect(htmlAsLine('')).toBe('')
  })
})
