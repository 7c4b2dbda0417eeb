import { defineConfig } from 'drizzle-kit'

// `drizzle-kit generate` needs no database. The URL is only read by drizzle-kit commands that
// connect (studio, check against a live server).
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema/index.ts',
  out: './app/db/migrations',
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
})
