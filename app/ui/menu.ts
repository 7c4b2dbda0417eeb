// The menus are data in app/domain/menus.ts; what the shell keeps between pages is here.
export * from '#app/domain/menus'

export const RETURN_TO_WORK_FALLBACK = '/search/firms/firmsSearch/'
export const RETURN_TO_WORK_KEY = 'mga:return-to-work'
