import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLASSES } from '#app/ui/core/classes'

/**
 * app/styles/mantine.css imports Mantine's CSS part by part (only what the app draws): in the order of
 * @mantine/core/styles.css, which the cascade depends on, and covering every class the kit renders.
 */
const STYLES = path.resolve('node_modules/@mantine/core/styles')
const whole = fs.readFileSync(path.resolve('node_modules/@mantine/core/styles.css'), 'utf8')
const imported = [
  ...fs.readFileSync(path.resolve('app/styles/mantine.css'), 'utf8').matchAll(/@import '([^']+)'/g),
].map((match) => match[1])
const text = (file: string) => fs.readFileSync(path.join(STYLES, path.basename(file)), 'utf8')
/** Where a part's CSS stands in the whole file: its first class's first rule (or its first lines). */
const placeOf = (file: string) => {
  const first = /\.m_[0-9a-f]+/.exec(text(file))
  return whole.indexOf(first ? first[0] : text(file).slice(0, 200))
}

describe('mantine.css', () => {
  it('imports parts of @mantine/core/styles.css that exist', () => {
    expect(imported.length).toBeGreaterThan(3)
    for (const file of imported) {
      expect(file).toMatch(/^@mantine\/core\/styles\/[A-Za-z-]+\.css$/)
      expect(placeOf(file), file).toBeGreaterThanOrEqual(0)
    }
  })

  it("keeps the whole file's order", () => {
    const places = imported.map(placeOf)
    expect(places).toEqual([...places].sort((a, b) => a - b))
  })

  it('has the rules of every class the kit renders', () => {
    const css = imported.map(text).join('\n')
    const classes = Object.values(CLASSES).flatMap((parts) => Object.values(parts) as string[])
    expect(classes.filter((name) => !css.includes(`.${name}`))).toEqual([])
  })
})
