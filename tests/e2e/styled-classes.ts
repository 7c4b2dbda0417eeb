import { expect, type Page } from '@playwright/test'

/**
 * Every Mantine class on the page (`m_…`, the kit's markup and Mantine's own components) has rules in
 * the page's stylesheets: app/styles/mantine.css loads Mantine's CSS part by part, and a part left out
 * would leave its elements unstyled without failing anything else.
 */
export async function expectMantineClassesStyled(page: Page, label: string) {
  const unstyled = await page.evaluate(() => {
    const selectors: string[] = []
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText)
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules)
      }
    }
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules)
    const styled = new Set(selectors.join(' ').match(/m_[0-9a-f]+/g))
    const used = new Set(
      Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
        Array.from(element.classList).filter((name) => /^m_[0-9a-f]+$/.test(name)),
      ),
    )
    return [...used].filter((name) => !styled.has(name))
  })
  expect(unstyled, `${label}: Mantine classes without their CSS (add the part to app/styles/mantine.css)`).toEqual([])
}
