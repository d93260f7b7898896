-- wrk script: GET /api/v1/stories (limit 40), rotating through the filters of the store
-- bench (store/benches/news_store.rs): none, a topic, two sources, state+topics, a
-- language. Prints the non-200 count and wrk's p50/p99 latency like wrap.lua.
--   LASHON_KEY=lsk_test_... wrk -t2 -c64 -d10s -s scripts/load/stories.lua http://127.0.0.1:8080
-- The key needs the `stories` scope (every key has it by default).
local queries = {
  "limit=40",
  "limit=40&topic=politics",
  "limit=40&source=room03&source=room17",
  "limit=40&state=developing&topic=economy&topic=tech",
  "limit=40&lang=he",
}
wrk.method = "GET"
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("LASHON_KEY") or "")

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = 0
  n = 0
end

function request()
  n = n + 1
  return wrk.format(nil, "/api/v1/stories?" .. queries[(n % #queries) + 1])
end

function response(status, headers, body)
  if status ~= 200 then statuses = statuses + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do
    bad = bad + (t:get("statuses") or 0)
  end
  io.write(string.format("non-200 responses: %d\n", bad))
  io.write(string.format("p50 latency: %.3f ms, p99 latency: %.3f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
