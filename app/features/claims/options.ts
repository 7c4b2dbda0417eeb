import { optionsOf } from '#app/ui/fields'

/** How a claim was resolved: the editor's Resolution and the search's. */
export const RESOLUTIONS = optionsOf({ judgement: 'Judgement', settlement: 'Settlement' })
