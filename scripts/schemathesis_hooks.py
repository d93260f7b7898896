"""Schemathesis hooks for scripts/schemathesis.

A paging `cursor` is opaque: base64url of a payload and an HMAC-SHA256 tag under the server's
secret, bound to every other parameter of the request (news spec, common parameter `cursor`).
No generator can draw a valid one, so any schema-valid string Schemathesis invents is a forged
cursor, which the spec answers 400. Generated cursors that satisfy the schema are therefore
dropped; schema-violating ones (empty, too long) are kept so negative tests still send them.
Schemathesis revalidates a case a hook changed, so a case whose only violation was elsewhere
stays negative. The hook is on the whole case (`map_case`) because the coverage phase applies
only case hooks.
"""

import schemathesis


@schemathesis.hook
def map_case(context, case):
    query = case.query
    if isinstance(query, dict):
        cursor = query.get("cursor")
        if isinstance(cursor, str) and 1 <= len(cursor) <= 2048:
            del query["cursor"]
    return case
