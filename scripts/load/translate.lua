-- wrk script: POST /v1/translate (protected, sandbox key) of a 200-character English text, for
-- the account whose key is LASHON_TERMS_KEY (it holds account terms matched on every call).
local text = "Pay $1,200.50 to Acme Pharma by 03/05/2026. Take Term17 Product 5 mg twice a day, "
  .. "not with food. Call Term1999 Product support at +972-3-555-1234 if the dose is missed."
wrk.method = "POST"
wrk.body = '{"text": "' .. text .. '", "target_lang": "he", "protect": true}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("LASHON_TERMS_KEY") or "")

function init(args) bad = 0 end
function response(status, headers, body) if status ~= 200 then bad = bad + 1 end end
