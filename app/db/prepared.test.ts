import { describe, expect, it } from 'vitest'
import { statementName, valueInsensitive } from './client.server'

describe('which statements are prepared', () => {
  it('prepares lookups by equality: keys, owners, lists of ids, not-equal, JSON access', () => {
    expect(valueInsensitive('select "fid", "sort" from "firms" where "firms"."fid" = $1')).toBe(true)
    expect(valueInsensitive('select "fid" from "firms" where "firms"."fid" = ANY($1::int[])')).toBe(true)
    expect(
      valueInsensitive(
        'select count(*)::int from "notes" where ("notes"."fid" = $1 and "notes"."status" not in ($2, $3))',
      ),
    ).toBe(true)
    expect(
      valueInsensitive(
        "select 1 from notes where status <> ALL (ARRAY['done', 'cancel']) and data->>'a' = $1 and data->'b' is null",
      ),
    ).toBe(true)
    expect(valueInsensitive('update "firms" set "sort" = $1 where "firms"."fid" = $2 returning "version"')).toBe(true)
  })

  it('leaves searches by text, ranges and samples to be planned for their values', () => {
    expect(valueInsensitive('select "fid" from "firms" where "firms"."sort" ILIKE $1')).toBe(false)
    expect(valueInsensitive('select 1 from people where surname like $1')).toBe(false)
    expect(valueInsensitive('select 1 from notes where dated >= $1')).toBe(false)
    expect(valueInsensitive('select 1 from notes where dated < $1')).toBe(false)
    expect(valueInsensitive('select 1 from notes where dated between $1 and $2')).toBe(false)
    expect(valueInsensitive('select 1 from firms where sort ~* $1')).toBe(false)
    expect(valueInsensitive('select 1 from firms where sort % $1')).toBe(false)
    expect(valueInsensitive('select count(*) from "firms" TABLESAMPLE SYSTEM ($1) REPEATABLE ($2)')).toBe(false)
  })

  it('reads string literals as values, not operators', () => {
    expect(valueInsensitive('select to_char(n.cstamp, \'YYYY-MM-DD"T"HH24:MI\') from notes n where n.nid = $1')).toBe(
      true,
    )
    expect(valueInsensitive("select 1 from notes where re = 'a < b' and nid = $1")).toBe(true)
    expect(valueInsensitive("select 1 from notes where re = 'it''s' and dated > $1")).toBe(false)
  })

  it('never prepares several statements in one text', () => {
    expect(valueInsensitive('insert into t (a) values (1); update t set a = 2 where a = 1')).toBe(false)
    expect(valueInsensitive("select 1 from t where a = 'x;y'")).toBe(true)
    expect(valueInsensitive('select 1 from t where a = $1;')).toBe(true)
  })

  it('never prepares transaction control, settings or schema changes', () => {
    for (const text of [
      'begin',
      'commit',
      'rollback',
      'savepoint sp1',
      'set transaction isolation level serializable',
      'create table t (a int)',
      'alter table t add b int',
    ])
      expect(valueInsensitive(text), text).toBe(false)
  })

  it('names a text the same way every time, and a marked statement even when it compares ranges', () => {
    const text = 'select "fid" from "firms" where "firms"."fid" = $1'
    expect(statementName(text, false)).toMatch(/^mga_[\w-]{22}$/)
    expect(statementName(text, false)).toBe(statementName(text, true))
    expect(statementName('select 1 from t where b = $1', false)).not.toBe(statementName(text, false))
    const ranged = 'select 1 from user_sessions s where now() - s.last_activity > $1'
    expect(statementName(ranged, false)).toBeNull()
    expect(statementName(ranged, true)).toMatch(/^mga_/)
  })
})
