-- wrk script for requests that carry a bearer token: sends `depth` pipelined GETs of `path`
-- per write (depth 1 = no pipelining), each with "Authorization: Bearer <token>", the token
-- read from the first line of <token file>. Same shape as benchmarks/pipeline.lua otherwise.
-- usage: wrk -t2 -c128 -d10s --latency -s auth-pipeline.lua http://127.0.0.1:PORT -- <path> <depth> <token file>
init = function(args)
  local path = args[1]
  local depth = tonumber(args[2]) or 1
  local headers = {}
  if args[3] ~= nil then
    local f = assert(io.open(args[3], "r"))
    local token = f:read("*l")
    f:close()
    headers["Authorization"] = "Bearer " .. token
  end
  local r = {}
  for i = 1, depth do
    r[i] = wrk.format("GET", path, headers)
  end
  req = table.concat(r)
end

request = function()
  return req
end
