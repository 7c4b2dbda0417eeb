import fs from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { attrs, escapeHtml, html } from './html'

const CORPUS_DIR = path.resolve('tests/fixtures/xss')
const corpus = fs
  .readdirSync(CORPUS_DIR)
  .filter((file) => file.endsWith('.txt'))
  .flatMap((file) => fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8').split('\n'))
  .filter((line) => line.trim().length > 0)

describe('html', () => {
  it('escapes text and attribute values exactly as React does, for every payload of the XSS corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200)
    for (const payload of corpus) {
      const react = renderToStaticMarkup(createElement('td', { title: payload, 'data-x': payload }, payload))
      expect(html`<td${attrs({ title: payload, 'data-x': payload })}>${payload}</td>`.value).toBe(react)
    }
  })

  it('takes markup only from html itself; null, undefined and booleans write nothing', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<td>${inner}${null}${undefined}${false}${true}${0}</td>`.value).toBe('<td><b>&lt;i&gt;</b>0</td>')
    expect(html`${['<a>', html`<br/>`]}`.value).toBe('&lt;a&gt;<br/>')
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#x27;&amp;&lt;&gt;')
  })

  it('writes attributes by their values, and refuses a name that is not an attribute name', () => {
    expect(attrs({ a: 'x', b: 1, c: true, d: false, e: null, f: undefined }).value).toBe(' a="x" b="1" c=""')
    expect(() => attrs({ 'onclick="x" y': 'z' })).toThrow()
  })
})
