/**
 * A closed list of values written once, as the table of its labels: the values are the table's keys, in
 * its order. Typed as a non-empty tuple, so `z.enum` takes the list as it is.
 */
export const namesOf = <const Labels extends Record<string, unknown>>(labels: Labels) =>
  Object.keys(labels) as [keyof Labels & string, ...(keyof Labels & string)[]]
