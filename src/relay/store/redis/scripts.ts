import type { RedisClient } from '../redis-connection.js';

// Every name is the key's own (one hash slot: redis/names.ts). KEYS: month usage, month detail, months, day usage, day
// detail, day shares, days, receipts, the relay's leases. ARGV: month, month limit, month detail field, day ('' for
// none), daily limit ('' for none), day detail field, prefix share field, origin share field, receipt bit ('' for
// none), receipts' lifetime (s), loads wished for past this one (a lease), the share of the room left a lease may take
// (1/N), the receipt's sequence number.
// Returns {counted, used, refused by (1 month, 2 day), leased, today, prefix, origin}: `used` and `today` include the lease.
const COUNT_LOAD = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local room = tonumber(ARGV[2]) - used
if ARGV[4] ~= '' and ARGV[5] ~= '' then
  local dayRoom = tonumber(ARGV[5]) - tonumber(redis.call('HGET', KEYS[4], ARGV[4]) or '0')
  if dayRoom <= 0 then return {0, used, 2, 0} end
  room = math.min(room, dayRoom)
end
if room <= 0 then return {0, used, 1, 0} end
local leased = math.min(tonumber(ARGV[11]), math.floor((room - 1) / tonumber(ARGV[12])))
if leased < 0 then leased = 0 end
if ARGV[9] ~= '' then
  redis.call('SETBIT', KEYS[8], ARGV[9], 1)
  redis.call('EXPIRE', KEYS[8], ARGV[10])
  -- Should the answer be lost, the replay of this load gives the lease back (the relay never knew it had it).
  if leased > 0 then
    redis.call('HSET', KEYS[9], ARGV[13], leased)
    redis.call('EXPIRE', KEYS[9], ARGV[10])
  end
end
used = redis.call('HINCRBY', KEYS[1], ARGV[1], 1 + leased)
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
redis.call('SADD', KEYS[3], ARGV[1])
if ARGV[4] == '' then return {1, used, 0, leased} end
local today = redis.call('HINCRBY', KEYS[4], ARGV[4], 1 + leased)
redis.call('HINCRBY', KEYS[5], ARGV[6], 1)
local prefix = redis.call('HINCRBY', KEYS[6], ARGV[7], 1)
local origin = redis.call('HINCRBY', KEYS[6], ARGV[8], 1)
redis.call('SADD', KEYS[7], ARGV[4])
return {1, used, 0, leased, today, prefix, origin}
`;

// Gives back a lease's unserved loads, once: a return whose answer was lost is sent again under the same receipt, and
// its bit says whether Redis took it the first time. KEYS: the key's month usage, its day usage, the relay's receipts.
// ARGV: month, day ('' for none), loads, receipt bit, receipts' lifetime (s). Returns 1, or 0 when given back before.
const RETURN_LOADS = `
if redis.call('SETBIT', KEYS[3], ARGV[4], 1) == 1 then return 0 end
redis.call('EXPIRE', KEYS[3], ARGV[5])
redis.call('HINCRBY', KEYS[1], ARGV[1], -tonumber(ARGV[3]))
if ARGV[2] ~= '' then redis.call('HINCRBY', KEYS[2], ARGV[2], -tonumber(ARGV[3])) end
return 1
`;

// Which attribution a load is stored under (metering's ATTRIBUTION_LIMITS): an origin, network or row already kept
// for the key's day (and month) keeps its own; past the limits a new one becomes 'other'. KEYS: the day's origins,
// networks and rows, the month's origins. ARGV: origin, network, route and client, the four limits, lifetime (s), the
// name of the rest.
const ADMIT_ATTRIBUTION = `
local function admit(set, member, cap)
  if redis.call('SISMEMBER', set, member) == 1 then return true end
  if redis.call('SCARD', set) >= tonumber(cap) then return false end
  redis.call('SADD', set, member)
  redis.call('EXPIRE', set, ARGV[8])
  return true
end
local other = ARGV[9]
local origin, prefix = ARGV[1], ARGV[2]
if not admit(KEYS[1], origin, ARGV[4]) then origin = other end
if not admit(KEYS[2], prefix, ARGV[5]) then prefix = other end
if origin ~= other and not admit(KEYS[4], origin, ARGV[7]) then origin = other end
if not admit(KEYS[3], ARGV[3] .. '|' .. origin .. '|' .. prefix, ARGV[6]) then origin, prefix = other, other end
return {origin, prefix}
`;

// Replays one key's journaled loads of a batch, once: a batch id seen before for the key changes nothing, and a load
// whose receipt bit is set was counted when it was served (its answer was lost, not its count). Every name is the
// key's own (one slot). KEYS: the key's marker for the batch. ARGV: the marker's lifetime (s), groups as JSON: the
// names and fields a load touches (as COUNT_LOAD builds them), how many of its loads have no receipt (`plain`) and the
// receipts of the others; a group served from a lease (`leased`) adds its attribution only, its totals were counted
// with the lease. A load counted whose answer was lost gives back the lease it took (`receipt[3]`, `receipt[4]`: the
// relay's leases, its seq). Returns {applied, then per month: month, loads of the month after, loads added}.
const REPLAY_BATCH = `
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) == false then return {0} end
local totals = {}
local order = {}
for _, group in ipairs(cjson.decode(ARGV[2])) do
  local n = group.plain
  local unserved = 0
  for _, receipt in ipairs(group.receipts) do
    if redis.call('GETBIT', receipt[1], receipt[2]) == 0 then n = n + 1
    else
      unserved = unserved + tonumber(redis.call('HGET', receipt[3], receipt[4]) or '0')
      redis.call('HDEL', receipt[3], receipt[4])
    end
  end
  if unserved > 0 then
    redis.call('HINCRBY', group.usage, group.month, -unserved)
    if group.day ~= '' then redis.call('HINCRBY', group.dayUsage, group.day, -unserved) end
  end
  if n > 0 then
    local used
    if group.leased then used = tonumber(redis.call('HGET', group.usage, group.month) or '0')
    else used = redis.call('HINCRBY', group.usage, group.month, n) end
    redis.call('HINCRBY', group.detail, group.detailField, n)
    redis.call('SADD', group.months, group.month)
    if group.day ~= '' then
      if not group.leased then redis.call('HINCRBY', group.dayUsage, group.day, n) end
      redis.call('HINCRBY', group.dayDetail, group.dayDetailField, n)
      redis.call('HINCRBY', group.shares, group.prefixField, n)
      redis.call('HINCRBY', group.shares, group.originField, n)
      redis.call('SADD', group.days, group.day)
    end
    if totals[group.month] == nil then
      totals[group.month] = {group.month, used, 0}
      table.insert(order, group.month)
    end
    totals[group.month][2] = used
    if not group.leased then totals[group.month][3] = totals[group.month][3] + n end
  end
end
local result = {1}
for _, month in ipairs(order) do
  for _, value in ipairs(totals[month]) do table.insert(result, value) end
end
return result
`;

// Moves usage kept by relays before 0.3 (one hash per month or day, the key in each field) under each key's own names
// (redis/names.ts), and forgets the old ones: a no-op once done. Single servers only, where a script may touch any
// name; a cluster never held the old layout. ARGV: the field separator. Returns the key-months moved.
const MOVE_OLD_USAGE = `
local sep = ARGV[1]
local P = 'pressbox:'
local function split(text)
  local parts, from = {}, 1
  while true do
    local at = string.find(text, sep, from, true)
    if not at then table.insert(parts, string.sub(text, from)) return parts end
    table.insert(parts, string.sub(text, from, at - 1))
    from = at + #sep
  end
end
local function own(key) return '{' .. key .. '}' end
local moved = 0
for _, month in ipairs(redis.call('SMEMBERS', P .. 'usage-months')) do
  local totals = redis.call('HGETALL', P .. 'usage:' .. month)
  for i = 1, #totals, 2 do
    redis.call('HINCRBY', P .. 'usage:' .. own(totals[i]), month, totals[i + 1])
    redis.call('SADD', P .. 'usage-keys', totals[i])
    moved = moved + 1
  end
  local detail = redis.call('HGETALL', P .. 'usage-detail:' .. month)
  for i = 1, #detail, 2 do
    local parts = split(detail[i])
    local key = table.remove(parts, 1)
    redis.call('HINCRBY', P .. 'usage-detail:' .. own(key) .. ':' .. month, table.concat(parts, sep), detail[i + 1])
    redis.call('SADD', P .. 'usage-months:' .. own(key), month)
    redis.call('SADD', P .. 'usage-keys', key)
  end
  redis.call('DEL', P .. 'usage:' .. month, P .. 'usage-detail:' .. month)
end
for _, day in ipairs(redis.call('SMEMBERS', P .. 'usage-days')) do
  local totals = redis.call('HGETALL', P .. 'usage-day:' .. day)
  for i = 1, #totals, 2 do redis.call('HINCRBY', P .. 'usage-day:' .. own(totals[i]), day, totals[i + 1]) end
  for _, kind in ipairs({'usage-daily:', 'usage-share:'}) do
    local fields = redis.call('HGETALL', P .. kind .. day)
    for i = 1, #fields, 2 do
      local parts = split(fields[i])
      local key = table.remove(parts, 1)
      redis.call('HINCRBY', P .. kind .. own(key) .. ':' .. day, table.concat(parts, sep), fields[i + 1])
      if kind == 'usage-daily:' then redis.call('SADD', P .. 'usage-days:' .. own(key), day) end
    end
  end
  redis.call('DEL', P .. 'usage-day:' .. day, P .. 'usage-daily:' .. day, P .. 'usage-share:' .. day)
end
redis.call('DEL', P .. 'usage-months', P .. 'usage-days')
return moved
`;

// Check and count in one step, so that concurrent tries from one address on any relay cannot pass the limit together.
// KEYS: the address's count. ARGV: max tries, window (ms). Returns {granted, count, ms until it lapses}.
const CLAIM_TRY = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count, redis.call('PTTL', KEYS[1])} end
count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, count, tonumber(ARGV[2])}
`;

const RECORD_POINT = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and (tonumber(last[2]) >= tonumber(ARGV[1]) or string.match(last[1], ':(.*)$') == ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[1] .. ':' .. ARGV[2])
return 1
`;

// A restore raises a month to the backup's count, never lowers it (what was counted since stays), or adds it ('add':
// an emptied Redis counted only what came after the loss), in the key's slot.
// KEYS: usage, months, the month's detail. ARGV: month, loads, the detail field of what is added, 'add' or ''.
const RESTORE_LOADS = `
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local missing = tonumber(ARGV[2])
if ARGV[4] ~= 'add' then missing = missing - current end
if missing <= 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], current + missing)
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[3], ARGV[3], missing)
return missing
`;

/** The scripts, loaded once and called by their hash (EVALSHA, reloaded by ioredis if Redis forgot them). */
export interface Scripts {
  pressboxCountLoad(...args: string[]): Promise<number[]>;
  pressboxReturnLoads(...args: string[]): Promise<number>;
  pressboxRecordPoint(...args: string[]): Promise<number>;
  pressboxClaimTry(...args: string[]): Promise<[number, number, number]>;
  pressboxAdmitAttribution(...args: string[]): Promise<[string, string]>;
  pressboxReplayBatch(...args: string[]): Promise<Array<string | number>>;
  pressboxMoveOldUsage(...args: string[]): Promise<number>;
  pressboxRestoreLoads(...args: string[]): Promise<number>;
}

/** Registers the scripts on the connection (ioredis reloads one Redis forgot) and returns them as commands. */
export function loadScripts(redis: RedisClient): Scripts {
  redis.defineCommand('pressboxCountLoad', { numberOfKeys: 9, lua: COUNT_LOAD });
  redis.defineCommand('pressboxReturnLoads', { numberOfKeys: 3, lua: RETURN_LOADS });
  redis.defineCommand('pressboxReplayBatch', { numberOfKeys: 1, lua: REPLAY_BATCH });
  redis.defineCommand('pressboxMoveOldUsage', { numberOfKeys: 0, lua: MOVE_OLD_USAGE });
  redis.defineCommand('pressboxRestoreLoads', { numberOfKeys: 3, lua: RESTORE_LOADS });
  redis.defineCommand('pressboxRecordPoint', { numberOfKeys: 1, lua: RECORD_POINT });
  redis.defineCommand('pressboxClaimTry', { numberOfKeys: 1, lua: CLAIM_TRY });
  redis.defineCommand('pressboxAdmitAttribution', { numberOfKeys: 4, lua: ADMIT_ATTRIBUTION });
  return redis as unknown as Scripts;
}
