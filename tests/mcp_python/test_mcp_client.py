"""lashon's MCP server through the official Python MCP client, over Streamable HTTP on
loopback and over stdio, against the real binary: the tools listed, every tool called and its
result checked against the output schema it declares (jsonschema), a scope refusal, a
rate-limited call, a quota-exceeded call, argument errors, and a missing key."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from typing import Any

import anyio
import pytest
from jsonschema.validators import validator_for
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, Tool

from conftest import BIN, NIKUD, TRANSPORTS, Lashon, Serving, connect

NAMES = {
    "translate", "translate_batch", "clinical_translate", "clinical_query", "clinical_verify",
    "add_terms", "list_terms", "delete_term", "add_nikud", "strip_nikud", "analyze_direction",
    "wrap_for_display", "detect_language", "transliterate", "list_languages", "usage",
    "stories_list", "story_get", "story_members", "threads_list", "thread_get", "trending",
    "blindspots", "sources_list", "source_get", "source_activity", "topics", "changes", "search",
    "people_list", "person_get", "brief",
}  # fmt: skip
LANGUAGE_TOOLS = 13  # every language tool but the three clinical ones
STORIES_TOOLS = 8  # the news tools of the `stories` scope


def check_schema(schema: dict[str, Any]) -> Any:
    """The validator of a tool schema, after checking the schema against its meta-schema."""
    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def structured(tool: Tool, result: CallToolResult) -> dict[str, Any]:
    """A successful result, checked: it validates against the tool's output schema, and its
    text is the same JSON."""
    assert not result.is_error, f"{tool.name}: {result.content[0].text}"
    assert tool.output_schema is not None
    body = result.structured_content
    assert isinstance(body, dict), tool.name
    errors = sorted(check_schema(tool.output_schema).iter_errors(body), key=str)
    assert not errors, f"{tool.name}: {errors[0]}"
    assert json.loads(result.content[0].text) == body, tool.name
    return body


def refusal(result: CallToolResult) -> dict[str, Any]:
    """A tool error: the API's envelope with its HTTP status."""
    assert result.is_error, result
    envelope = json.loads(result.content[0].text)
    assert isinstance(envelope["error"]["code"], str) and envelope["error"]["message"]
    return envelope


def run(test: Any) -> None:
    anyio.run(test)


async def tool_map(client: Client) -> dict[str, Tool]:
    return {t.name: t for t in (await client.list_tools()).tools}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_lists_every_tool_with_valid_schemas(transport: str, server: Serving) -> None:
    async def main() -> None:
        async with connect(transport, server, server.sandbox_key) as client:
            tools = await tool_map(client)
        assert set(tools) == NAMES
        for tool in tools.values():
            assert tool.input_schema["type"] == "object", tool.name
            check_schema(tool.input_schema)
            assert tool.output_schema is not None and tool.output_schema["type"] == "object"
            check_schema(tool.output_schema)
            assert tool.description and len(tool.description) > 60, tool.name
            assert tool.annotations is not None and tool.annotations.read_only_hint is not None
        assert tools["delete_term"].annotations.destructive_hint is True
        assert "Scope stories" in (tools["trending"].description or "")

    run(main)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_every_tool_answers_to_its_output_schema(transport: str, server: Serving) -> None:
    async def main() -> None:
        async with connect(transport, server, server.sandbox_key) as client:
            tools = await tool_map(client)
            checked: set[str] = set()

            async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
                body = structured(tools[name], await client.call_tool(name, arguments))
                checked.add(name)
                return body

            # Language.
            t = await call("translate", {
                "text": "Pay $1,200.50 by 03/05/2026. Do not call Dana Levi.",
                "target_lang": "he",
                "redact_terms": ["Dana Levi"],
            })  # fmt: skip
            # Protection keeps the amount and never lets the redacted name out.
            assert "1,200.50" in t["translation"]["text"]
            assert "Dana Levi" in t["translation"]["text"]
            assert t["translation"]["protection"]["status"] in ("ok", "retried", "passthrough")
            # The validation is live: a result off its schema, deep in a definition, fails.
            off = json.loads(json.dumps(t))
            off["translation"]["runs"][0]["start"] = "zero"
            assert list(check_schema(tools["translate"].output_schema).iter_errors(off))
            b = await call("translate_batch", {"items": ["Save", "Cancel"], "target_lang": "he"})
            assert len(b["results"]) == 2
            c = await call("clinical_translate", {"text": "Take 5 mg twice daily. Do not drive."})
            assert c["stats"]["segments"] >= 2
            q = await call("clinical_query", {"text": "מה המינון של אקמול?"})
            assert q["query"]
            v = await call("clinical_verify", {"source": "Take 5 mg daily.", "translation": "קח 5 מ״ג ביום."})
            assert isinstance(v["pass"], bool)
            added = await call("add_terms", {"terms": [{"term": f"Lashon {transport}", "note": "product"}]})
            assert added["count"] == 1
            listed = await call("list_terms", {})
            assert f"Lashon {transport}" in [x["term"] for x in listed["terms"]]
            deleted = await call("delete_term", {"id": added["terms"][0]["id"]})
            assert deleted == {"id": added["terms"][0]["id"], "deleted": True}
            nikud = await client.call_tool("add_nikud", {"text": "שלום עולם"})
            if NIKUD:
                n = structured(tools["add_nikud"], nikud)
                checked.add("add_nikud")
                assert n["verified"] is True and n["nikud"] != n["text"]
            else:
                assert refusal(nikud)["error"]["code"] == "not_configured"
            s = await call("strip_nikud", {"text": "שָׁלוֹם"})
            assert s["stripped"] == "שלום"
            a = await call("analyze_direction", {"text": "Google הודיעה"})
            assert a["analysis"]["mixed"] is True
            w = await call("wrap_for_display", {"text": "Google הודיעה על מבצע", "base": "rtl"})
            assert w["dir"] == "rtl" and "Google" in w["output"]
            d = await call("detect_language", {"text": "שילמתי ב-PayPal"})
            assert d["lang"] == "he"
            tr = await call("transliterate", {"text": "שלום"})
            assert tr["transliteration"]
            langs = await call("list_languages", {})
            assert {"he", "en", "ru"} <= {x["code"] for x in langs["languages"]}
            u = await call("usage", {})
            assert u["key_kind"] == "sandbox" and u["sandbox_chars_used"] > 0

            # News.
            stories = await call("stories_list", {"limit": 3})
            ckey = stories["data"][0]["id"]
            detail = await call("story_get", {"ckey": ckey, "lang": "en"})
            assert detail["id"] == ckey
            members = await call("story_members", {"ckey": ckey, "limit": 2})
            assert members["storyId"] == ckey and members["data"]
            threads = await call("threads_list", {"minNodes": 1})
            thread = await call("thread_get", {"id": threads["data"][0]["id"]})
            assert thread["arc"]
            trending = await call("trending", {"metric": "heat", "limit": 2})
            assert trending["metric"] == "heat"
            await call("blindspots", {"state": ["blindspot", "undercovered"]})
            sources = await call("sources_list", {})
            key = sources["data"][0]["key"]
            assert (await call("source_get", {"key": key}))["key"] == key
            assert (await call("source_activity", {"key": key, "days": 7}))["key"] == key
            topics = await call("topics", {"days": 7})
            assert topics["days"] == 7
            since = (datetime.now(timezone.utc) - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
            changes = await call("changes", {"since": since, "limit": 5})
            assert changes["checkpoint"]
            found = await call("search", {"q": "budget", "lang": "en"})
            assert found["data"], "the demo corpus has the budget story"
            people = await call("people_list", {})
            person = await call("person_get", {"id": people["data"][0]["id"]})
            assert person["id"] == people["data"][0]["id"]
            brief = await call("brief", {"lang": "he"})
            assert brief["items"]

        assert checked == (NAMES if NIKUD else NAMES - {"add_nikud"})

    run(main)


@pytest.mark.parametrize("transport", ["http", "stdio"])
def test_pages_by_cursor(transport: str, server: Serving) -> None:
    async def main() -> None:
        async with connect(transport, server, server.sandbox_key) as client:
            tools = await tool_map(client)
            first = structured(tools["stories_list"], await client.call_tool("stories_list", {"limit": 1}))
            assert first["nextCursor"]
            args = {"limit": 1, "cursor": first["nextCursor"]}
            second = structured(tools["stories_list"], await client.call_tool("stories_list", args))
            assert second["data"][0]["id"] != first["data"][0]["id"]
            # A cursor with another parameter changed is refused, as over HTTP.
            changed = await client.call_tool("stories_list", {"limit": 1, "cursor": first["nextCursor"], "since": 3})
            assert refusal(changed)["error"]["code"] == "bad_request"

    run(main)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_key_without_the_scope_is_refused(transport: str, server: Serving) -> None:
    key = server.lashon.key("demo", "--scopes", "stories", "--sandbox")

    async def main() -> None:
        async with connect(transport, server, key) as client:
            tools = await tool_map(client)
            assert len(tools) == LANGUAGE_TOOLS + STORIES_TOOLS
            assert "search" not in tools and "clinical_query" not in tools and "trending" in tools
            # Called anyway, the routes refuse it.
            search = refusal(await client.call_tool("search", {"q": "budget"}))
            assert search["error"]["code"] == "forbidden" and search["status"] == 403
            clinical = refusal(await client.call_tool("clinical_query", {"text": "מה המינון?"}))
            assert clinical["error"]["code"] == "scope_required" and clinical["status"] == 403

    run(main)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_rate_limit_refuses_the_fourth_call(transport: str, limited_server: Serving) -> None:
    account = f"rate-{transport}"
    limited_server.lashon.account(account, "--plan", "team")
    key = limited_server.lashon.key(account, "--sandbox")

    async def main() -> None:
        async with connect(transport, limited_server, key) as client:
            for _ in range(3):
                assert not (await client.call_tool("detect_language", {"text": "שלום"})).is_error
            limited = refusal(await client.call_tool("detect_language", {"text": "שלום"}))
            assert limited["error"]["code"] == "rate_limited" and limited["status"] == 429
            assert 1 <= limited["retry_after"] <= 60
            # The news service counts its own window, with the same limit.
            for _ in range(3):
                assert not (await client.call_tool("topics", {})).is_error
            assert refusal(await client.call_tool("topics", {}))["error"]["code"] == "rate_limited"

    run(main)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_quota_refuses_what_does_not_fit(transport: str, server: Serving) -> None:
    account = f"quota-{transport}"
    server.lashon.account(account, "--char-quota", "10")
    key = server.lashon.key(account, "--sandbox")

    async def main() -> None:
        async with connect(transport, server, key) as client:
            ok = await client.call_tool("translate", {"text": "hello", "target_lang": "he"})
            assert not ok.is_error
            over = refusal(await client.call_tool("translate", {"text": "hello world", "target_lang": "he"}))
            assert over["error"]["code"] == "quota_exceeded" and over["status"] == 429
            usage = await client.call_tool("usage", {})
            assert usage.structured_content["sandbox_chars_used"] == 5

    run(main)
    # The charge is the HTTP API's: the same account, seen over HTTP.
    status, usage = server.get("/v1/usage", key)
    assert status == 200 and usage["sandbox_chars_used"] == 5 and usage["chars_limit"] == 10


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_bad_arguments_are_the_apis_validation_errors(transport: str, server: Serving) -> None:
    async def main() -> None:
        async with connect(transport, server, server.sandbox_key) as client:
            missing = refusal(await client.call_tool("translate", {"text": "hi"}))
            assert missing["error"]["code"] == "invalid_request" and "target_lang" in missing["error"]["message"]
            long = refusal(await client.call_tool("detect_language", {"text": "א" * 20_001}))
            assert long["error"]["code"] == "invalid_request"
            not_an_id = refusal(await client.call_tool("story_get", {"ckey": "abc"}))
            assert not_an_id["error"]["code"] == "bad_request" and not_an_id["status"] == 400
            no_story = refusal(await client.call_tool("story_get", {"ckey": 987654}))
            assert no_story["error"]["code"] == "not_found"

    run(main)


def leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for e in error.exceptions for leaf in leaves(e)]
    return [error]


def test_http_without_a_key_is_refused(server: Serving) -> None:
    # What the server answers: 401 with the API's envelope, before any MCP message is read.
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}  # fmt: skip
    request = urllib.request.Request(
        server.url + "/mcp",
        data=json.dumps(initialize).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream"},
    )
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request, timeout=30)
    assert answer.value.code == 401
    assert answer.value.headers["WWW-Authenticate"] == 'Bearer realm="lashon"'
    assert json.loads(answer.value.read())["error"]["code"] == "unauthorized"

    # What the client makes of it: the connection fails with an MCP error.
    async def main() -> None:
        async with connect("http", server, None) as client:
            await client.list_tools()

    with pytest.raises(BaseException) as refused:
        run(main)
    assert any(isinstance(e, MCPError) for e in leaves(refused.value)), repr(refused.value)


def test_stdio_with_a_bad_key_says_so(lashon: Lashon, server: Serving) -> None:
    for key in ["", "lsk_test_not_a_key"]:
        done = subprocess.run(
            [BIN, "mcp", "--stdio", "--db", str(lashon.db)],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "LASHON_API_KEY": key, "NO_COLOR": "1"},
        )
        assert done.returncode != 0
        assert "LASHON_API_KEY" in done.stderr, done.stderr
        assert done.stdout == ""
