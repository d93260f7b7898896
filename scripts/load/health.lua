-- wrk script: GET /v1/health, reporting p50/p99 like wrap.lua.
function done(summary, latency, requests)
  io.write(string.format("p50 latency: %.3f ms, p99 latency: %.3f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
