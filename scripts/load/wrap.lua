-- wrk script: POST /v1/wrap with a 200-character mixed Hebrew/English line, and a histogram
-- of the auth + ratelimit parts of Server-Timing (0.01 ms buckets) per thread.
--   LASHON_KEY=lsk_test_... wrk -t2 -c64 -d10s -s scripts/load/wrap.lua http://127.0.0.1:8080
local text = "התור נקבע ל-10:00–12:00 ב-Google Meet, המחיר ₪1,200.50 כולל מע\"מ; "
  .. "לפרטים: https://example.co.il/help או info@example.co.il. מינון 5 mg פעמיים ביום PO, "
  .. "ראו סעיף 4(ב)."
wrk.method = "POST"
wrk.body = '{"text": "' .. text:gsub('"', '\\"') .. '", "format": "html", "base": "rtl"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("LASHON_KEY") or "")

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

BUCKETS = 200
function init(args)
  for i = 0, BUCKETS do _G["b" .. i] = 0 end
  statuses = 0
end

function response(status, headers, body)
  if status ~= 200 then statuses = statuses + 1 end
  local timing = headers["Server-Timing"] or headers["server-timing"]
  if timing then
    local auth = tonumber(timing:match("auth;dur=([%d%.]+)")) or 0
    local rate = tonumber(timing:match("ratelimit;dur=([%d%.]+)")) or 0
    local b = math.floor((auth + rate) * 100)
    if b > BUCKETS then b = BUCKETS end
    _G["b" .. b] = _G["b" .. b] + 1
  end
end

function done(summary, latency, requests)
  local counts, total, bad = {}, 0, 0
  for i = 0, BUCKETS do counts[i] = 0 end
  for _, t in ipairs(threads) do
    for i = 0, BUCKETS do
      local n = t:get("b" .. i) or 0
      counts[i] = counts[i] + n
      total = total + n
    end
    bad = bad + (t:get("statuses") or 0)
  end
  local seen, median = 0, nil
  for i = 0, BUCKETS do
    seen = seen + counts[i]
    if not median and seen * 2 >= total then median = i / 100 end
  end
  io.write(string.format("non-200 responses: %d\n", bad))
  io.write(string.format("p50 latency: %.3f ms, p99 latency: %.3f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
  io.write(string.format("server-timing auth+ratelimit median: %.2f ms over %d responses\n",
    median or -1, total))
end
