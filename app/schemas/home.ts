import { z } from 'zod'

/**
 * The home page's state lives in its URL (bookmarkable, works without JavaScript): `news=all` pages
 * through every news item (up to 4000, `npage` is the page), `appts=all` everyone's appointments,
 * `hours=active` the Active Sessions view. Anything else falls back to the default view.
 */
export const homeViewSchema = z.object({
  news: z.enum(['recent', 'all']).catch('recent'),
  npage: z.coerce.number().int().min(1).catch(1),
  appts: z.enum(['mine', 'all']).catch('mine'),
  hours: z.enum(['entries', 'active']).catch('entries'),
})
export type HomeView = z.infer<typeof homeViewSchema>
