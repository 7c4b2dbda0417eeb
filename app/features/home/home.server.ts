import dayjs from 'dayjs'
import type { HoursResult } from '#app/ui/hours-tables'
import { getDb } from '#app/db/client.server'
import { formatDisplayDate, formatTimestamp } from '#app/domain/dates'
import { statusColor } from '#app/domain/notes'
import {
  CALENDAR_DAYS,
  homeTiles,
  NEWS_PAGE_ROWS,
  NEWS_TILE_ROWS,
  type CalendarItem,
} from '#app/models/bulletin.server'
import type { PageContext } from '#app/http/page-route.server'
import { activeSessions, runHoursSearch } from '#app/models/hours.server'
import { homeViewSchema } from '#app/schemas/home'

function calendarRows(items: CalendarItem[]) {
  return items.map(({ dated, ...item }) => ({
    ...item,
    when: formatTimestamp(dated, true),
    tone: statusColor(item.status) ?? null,
  }))
}

/**
 * The bulletin tiles from their exact cache (homeTiles), the hours tile afresh, all at once; dates are
 * formatted here so server and browser render alike.
 */
export async function loadHome({ user, url }: PageContext) {
  const view = homeViewSchema.parse(Object.fromEntries(url.searchParams))
  const db = getDb()
  const today = dayjs().format('YYYY-MM-DD')
  const from = dayjs().startOf('day').toDate()
  const [{ news, events, appts }, entries, active] = await Promise.all([
    homeTiles(db, user, {
      news: view.news === 'all' ? { size: NEWS_PAGE_ROWS, page: view.npage } : { size: NEWS_TILE_ROWS },
      apptsOf: view.appts === 'mine' ? user.username : undefined,
      from,
    }),
    // Switching to Active Sessions leaves the time entries behind (spec 2 §2.9).
    view.hours === 'entries'
      ? (runHoursSearch(db, {
          userId: user.id,
          start: today,
          end: today,
          type: 'Any',
          kind: 'log',
          page: 1,
        }) as unknown as Promise<HoursResult>)
      : null,
    view.hours === 'active' ? activeSessions(db) : [],
  ])
  return {
    view,
    username: user.username,
    today: formatDisplayDate(new Date()),
    calendarDays: CALENDAR_DAYS,
    news: {
      count: news.count,
      page: news.page,
      perPage: view.news === 'all' ? NEWS_PAGE_ROWS : NEWS_TILE_ROWS,
      items: news.items.map(({ dated, ...item }) => ({
        ...item,
        date: formatDisplayDate(dated),
        tone: statusColor(item.status) ?? null,
      })),
    },
    events: calendarRows(events),
    appts: calendarRows(appts),
    entries,
    active,
  }
}
