import type { Redis } from 'ioredis';

// KEYS: month usage, month detail, months, day usage, day detail, day shares, days, receipts, the relay's leases.
// ARGV: key, month limit, month detail field, month, day ('' for none), daily limit ('' for none), day detail field,
// prefix share field, origin share field, receipt bit ('' for none), receipts' lifetime (s), loads wished for past
// this one (a lease), the share of the room left a lease may take (1/N), the receipt's sequence number.
// Returns {counted, used, refused by (1 month, 2 day), leased, today, prefix, origin}: `used` and `today` include the lease.
const COUNT_LOAD = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local room = tonumber(ARGV[2]) - used
local daily = ARGV[5] ~= '' and ARGV[6] ~= ''
if daily then
  local dayRoom = tonumber(ARGV[6]) - tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0')
  if dayRoom <= 0 then return {0, used, 2, 0} end
  room = math.min(room, dayRoom)
end
if room <= 0 then return {0, used, 1, 0} end
local leased = math.min(tonumber(ARGV[12]), math.floor((room - 1) / tonumber(ARGV[13])))
if leased < 0 then leased = 0 end
if ARGV[10] ~= '' then
  redis.call('SETBIT', KEYS[8], ARGV[10], 1)
  redis.call('EXPIRE', KEYS[8], ARGV[11])
  -- Should the answer be lost, the replay of this load gives the lease back (the relay never knew it had it).
  if leased > 0 then
    redis.call('HSET', KEYS[9], ARGV[14], leased)
    redis.call('EXPIRE', KEYS[9], ARGV[11])
  end
end
used = redis.call('HINCRBY', KEYS[1], ARGV[1], 1 + leased)
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
redis.call('SADD', KEYS[3], ARGV[4])
if ARGV[5] == '' then return {1, used, 0, leased} end
local today = redis.call('HINCRBY', KEYS[4], ARGV[1], 1 + leased)
redis.call('HINCRBY', KEYS[5], ARGV[7], 1)
local prefix = redis.call('HINCRBY', KEYS[6], ARGV[8], 1)
local origin = redis.call('HINCRBY', KEYS[6], ARGV[9], 1)
redis.call('SADD', KEYS[7], ARGV[5])
return {1, used, 0, leased, today, prefix, origin}
`;

// Gives back a lease's unserved loads. KEYS: month usage, day usage ('' for none). ARGV: key, loads.
const RETURN_LOADS = `
redis.call('HINCRBY', KEYS[1], ARGV[1], -tonumber(ARGV[2]))
if KEYS[2] ~= '' then redis.call('HINCRBY', KEYS[2], ARGV[1], -tonumber(ARGV[2])) end
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

// The key and its place in the list, together or not at all.
const CREATE_KEY = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == false then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
`;

// Replays journaled loads as one batch, once: a batch id seen before changes nothing, and a load whose receipt bit is
// set was counted when it was served (its answer was lost, not its count). KEYS: the batch's marker. ARGV: the
// marker's lifetime (s), groups as JSON: the names and fields a load touches (as COUNT_LOAD builds them), how many of its loads
// have no receipt (`plain`) and the receipts of the others;
// a group served from a lease (`leased`) adds its attribution only, its totals were counted with the lease. A load
// counted whose answer was lost gives back the lease it took (`receipt[3]`, `receipt[4]`: the relay's leases, its seq).
// Returns {applied, then per key and month: key, month, loads of the month after, loads added}.
const REPLAY_BATCH = `
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) == false then return {0} end
local totals = {}
local order = {}
for _, group in ipairs(cjson.decode(ARGV[2])) do
  local n = group.plain
  local unserved = 0
  for _, receipt in ipairs(group.receipts) do
    if redis.call('GETBIT', receipt[1], receipt[2]) == 0 then n = n + 1
    elseif receipt[3] then
      unserved = unserved + tonumber(redis.call('HGET', receipt[3], receipt[4]) or '0')
      redis.call('HDEL', receipt[3], receipt[4])
    end
  end
  if unserved > 0 then
    redis.call('HINCRBY', group.usage, group.key, -unserved)
    if group.day ~= '' then redis.call('HINCRBY', group.dayUsage, group.key, -unserved) end
  end
  if n > 0 then
    local used
    if group.leased then used = tonumber(redis.call('HGET', group.usage, group.key) or '0')
    else used = redis.call('HINCRBY', group.usage, group.key, n) end
    redis.call('HINCRBY', group.detail, group.detailField, n)
    redis.call('SADD', group.months, group.month)
    if group.day ~= '' then
      if not group.leased then redis.call('HINCRBY', group.dayUsage, group.key, n) end
      redis.call('HINCRBY', group.dayDetail, group.dayDetailField, n)
      redis.call('HINCRBY', group.shares, group.prefixField, n)
      redis.call('HINCRBY', group.shares, group.originField, n)
      redis.call('SADD', group.days, group.day)
    end
    local id = group.key .. '|' .. group.month
    if totals[id] == nil then
      totals[id] = {group.key, group.month, used, 0}
      table.insert(order, id)
    end
    totals[id][3] = used
    if not group.leased then totals[id][4] = totals[id][4] + n end
  end
end
local result = {1}
for _, id in ipairs(order) do
  for _, value in ipairs(totals[id]) do table.insert(result, value) end
end
return result
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

/** The scripts, loaded once and called by their hash (EVALSHA, reloaded by ioredis if Redis forgot them). */
export interface Scripts {
  pressboxCountLoad(...args: string[]): Promise<number[]>;
  pressboxReturnLoads(...args: string[]): Promise<number>;
  pressboxRecordPoint(...args: string[]): Promise<number>;
  pressboxCreateKey(...args: string[]): Promise<number>;
  pressboxClaimTry(...args: string[]): Promise<[number, number, number]>;
  pressboxAdmitAttribution(...args: string[]): Promise<[string, string]>;
  pressboxReplayBatch(...args: string[]): Promise<Array<string | number>>;
}

/** Registers the scripts on the connection (ioredis reloads one Redis forgot) and returns them as commands. */
export function loadScripts(redis: Redis): Scripts {
  redis.defineCommand('pressboxCountLoad', { numberOfKeys: 9, lua: COUNT_LOAD });
  redis.defineCommand('pressboxReturnLoads', { numberOfKeys: 2, lua: RETURN_LOADS });
  redis.defineCommand('pressboxReplayBatch', { numberOfKeys: 1, lua: REPLAY_BATCH });
  redis.defineCommand('pressboxRecordPoint', { numberOfKeys: 1, lua: RECORD_POINT });
  redis.defineCommand('pressboxCreateKey', { numberOfKeys: 2, lua: CREATE_KEY });
  redis.defineCommand('pressboxClaimTry', { numberOfKeys: 1, lua: CLAIM_TRY });
  redis.defineCommand('pressboxAdmitAttribution', { numberOfKeys: 4, lua: ADMIT_ATTRIBUTION });
  return redis as unknown as Scripts;
}
