/** Messages of the Edit Firm form that its client code shows (spec 2 §8); the schema re-exports them. */
export const FIRM_REQUIRED_DIALOG =
  'Please be sure the Firm Type, Firm Status, Sort, Legal Name (insured), and Producer fields are filled.'
export const FIRM_SAVED = 'Firm changes saved.'
