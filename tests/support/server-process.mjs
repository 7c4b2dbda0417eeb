import { spawn } from 'node:child_process'

/**
 * The built server as a measuring script starts it (the bench, CPU per request, the restart time):
 * `node [nodeFlags] entry` in a process group of its own (stop it with `process.kill(-child.pid)`),
 * on 127.0.0.1:`port`, on the embedded database under `dataDir`, without request logging; `env` adds to
 * or overrides that.
 *
 * @param {{ entry: string, port: number, dataDir: string, env?: Record<string, string>, nodeFlags?: string[],
 *   stdio: import('node:child_process').StdioOptions }} options
 */
export function spawnServer({ entry, port, dataDir, env = {}, nodeFlags = [], stdio }) {
  return spawn(process.execPath, [...nodeFlags, entry], {
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_REQUESTS: '',
      ...env,
    },
    stdio,
  })
}
