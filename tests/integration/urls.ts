// Connection URLs of the integration run (global-setup.ts, setup-file.ts).

/** The role named in a connection URL, quoted for SQL. */
export function appRole(url: string): string {
  return `"${decodeURIComponent(new URL(url).username).replace(/"/g, '""')}"`
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
