-- wrk script for benchmarks/run-validator.sh: POSTs `depth` pipelined pets per write, each
-- {"id":<n>,"name":"x"} with Content-Type: application/json, every id fresh.
-- usage: wrk -t2 -c128 -d10s --latency -s post-pet.lua http://127.0.0.1:18102 -- /v1/pets 16
--
-- Ids: thread t (1-based) of a run started at second s counts up from
-- (s mod 100000) * 1e9 + t * 1e8, so the threads of one run never collide (up to 1e8 requests
-- per thread), and neither do runs started at different seconds (up to 9 threads). Numbers stay
-- below 2^53 (exact in Lua's doubles) and far below int64's limit.
local threads_set_up = 0

setup = function(thread)   -- runs in the main Lua state, once per thread, before init
   threads_set_up = threads_set_up + 1
   thread:set("thread_no", threads_set_up)   -- a global of that thread's Lua state
end

init = function(args)
   request_uri = args[1] or "/v1/pets"
   depth = tonumber(args[2]) or 1
   wrk.headers["Content-Type"] = "application/json"
   next_id = (os.time() % 100000) * 1e9 + (thread_no or 1) * 1e8
end

request = function()
   local r = {}
   for i = 1, depth do
      r[i] = wrk.format("POST", request_uri, nil, string.format('{"id":%.0f,"name":"x"}', next_id))
      next_id = next_id + 1
   end
   return table.concat(r)
end
