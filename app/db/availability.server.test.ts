import { describe, expect, it } from 'vitest'
import { databaseDown, isConnectionError, noteDatabaseBack, noteDatabaseLost } from './availability.server'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isConnectionError', () => {
  it.each([
    [
      '57P01 admin_shutdown (pg_terminate_backend)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection_failure', withCode('08006')],
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:54329')],
    ['a lost socket', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a cause', Object.assign(new Error('Failed query: select 1'), { cause: withCode('57P01') })],
    ['an AggregateError', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('is true for %s', (_name, error) => expect(isConnectionError(error)).toBe(true))

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a serialization failure', withCode('40001')],
    ['a plain error', new Error('boom')],
    ['a string', 'Connection terminated'],
    ['null', null],
  ])('is false for %s', (_name, error) => expect(isConnectionError(error)).toBe(false))
})

describe('the outage log', () => {
  it('says once when the database goes and once when it is back', () => {
    const lines: string[] = []
    noteDatabaseLost(withCode('ECONNREFUSED', 'connect ECONNREFUSED'), (line) => lines.push(line))
    noteDatabaseLost(withCode('ECONNREFUSED', 'connect ECONNREFUSED'), (line) => lines.push(line))
    expect(databaseDown()).toBe(true)
    noteDatabaseBack((line) => lines.push(line))
    noteDatabaseBack((line) => lines.push(line))
    expect(databaseDown()).toBe(false)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\[db\] the database cannot be reached \(ECONNREFUSED: connect ECONNREFUSED\)/)
    expect(lines[1]).toMatch(/^\[db\] the database is back/)
  })
})
