// What the shell keeps between pages (the menus themselves are data in app/domain/menus.ts).
export const RETURN_TO_WORK_FALLBACK = '/search/firms/firmsSearch/'
export const RETURN_TO_WORK_KEY = 'mga:return-to-work'
