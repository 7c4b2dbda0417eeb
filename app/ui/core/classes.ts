/**
 * The class names of Mantine's CSS modules (from @mantine/core/styles.css) that the kit renders, as
 * literals: reading them from the components (`Button.classes`) would put each whole component in
 * every page's JavaScript. core.test.tsx checks them against Mantine's, so an upgrade that renames
 * one fails there.
 */
export const CLASSES = {
  Button: { root: 'm_77c9d27d', inner: 'm_80f1301b', label: 'm_811560b9', section: 'm_a74036a', loader: 'm_a25b86ee' },
  UnstyledButton: { root: 'm_87cf2631' },
  ActionIcon: { root: 'm_8d3f4000', icon: 'm_8d3afb97' },
  CloseButton: { root: 'm_86a44da5', 'root--subtle': 'm_220c80f2' },
  Loader: { root: 'm_5ae2e3c', ovalLoader: 'm_b34414df' },
  Notification: {
    root: 'm_a513464',
    loader: 'm_b0920b15',
    body: 'm_a49ed24',
    title: 'm_3feedf16',
    description: 'm_3d733a3a',
    closeButton: 'm_919a4d88',
  },
  Badge: { root: 'm_347db0ec', label: 'm_5add502a', section: 'm_91fdda9b' },
  Alert: {
    root: 'm_66836ed3',
    wrapper: 'm_a5d60502',
    body: 'm_667c2793',
    title: 'm_6a03f287',
    label: 'm_698f4f23',
    icon: 'm_667f2a6a',
    message: 'm_7fa78076',
    closeButton: 'm_87f54839',
  },
  Input: {
    wrapper: 'm_6c018570',
    input: 'm_8fb7ebe7',
    section: 'm_82577fc2',
    placeholder: 'm_88bacfd0',
    root: 'm_46b77525',
    label: 'm_8fdc1311',
    required: 'm_78a94662',
    error: 'm_8f816625',
    description: 'm_fe47ce59',
  },
  ComboboxChevron: { chevron: 'm_2943220b' },
  Checkbox: {
    root: 'm_5f75b09e',
    inner: 'm_26062bec',
    input: 'm_26063560',
    icon: 'm_bf295423',
    body: 'm_5f6e695e',
    labelWrapper: 'm_d3ea56bb',
    label: 'm_8ee546b8',
    description: 'm_328f68c0',
    error: 'm_8e8a99cc',
  },
  Group: { root: 'm_4081bf90' },
  Stack: { root: 'm_6d731127' },
  Paper: { root: 'm_1b7284a3' },
  Container: { root: 'm_7485cace' },
  Card: { root: 'm_e615b15f', section: 'm_599a2148' },
  SimpleGrid: { container: 'm_925c2d2c', root: 'm_2415a157' },
  Pagination: { root: 'm_4addd315', control: 'm_326d024a', dots: 'm_4ad7767d' },
  Text: { root: 'm_b6d8b162' },
  Anchor: { root: 'm_849cf0da' },
  Title: { root: 'm_8a5d1357' },
  Code: { root: 'm_b183c0a2' },
  Image: { root: 'm_9e117634' },
  List: { root: 'm_abbac491', item: 'm_abb6bec2', itemWrapper: 'm_75cd9f71' },
} as const

/** A class attribute from the names given, leaving out the empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  let out = ''
  for (const name of names) if (name) out = out ? `${out} ${name}` : name
  return out
}

/**
 * A part of a kit component as Mantine classes it: its CSS module's class and its static `mantine-<Name>-<part>`
 * class (`partClass('Button', 'label')`).
 */
export const partClass = <N extends keyof typeof CLASSES>(name: N, part: keyof (typeof CLASSES)[N] & string) =>
  `${CLASSES[name][part]} mantine-${name}-${part}`

/** The kit's parts that have a root class in Mantine's CSS modules. */
export type Rooted = {
  [N in keyof typeof CLASSES]: 'root' extends keyof (typeof CLASSES)[N] ? N : never
}[keyof typeof CLASSES]

/** A part's root classes as Mantine writes them: the caller's class first, then the root's `partClass`. */
export const rootClass = (name: Rooted, className?: string) => cx(className, partClass(name, 'root'))
