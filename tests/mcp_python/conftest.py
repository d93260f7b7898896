"""Fixtures of the MCP suite: the real `lashon` binary (LASHON_BIN), its CLI on a temporary
database, `lashon serve --demo` on a loopback port, and MCP clients (the official Python SDK)
over Streamable HTTP and over stdio (`lashon mcp --stdio`).

Four transports run every test that takes `transport`:
- `http`: Streamable HTTP with the initialize handshake (a session, 2025-11-25);
- `http-stateless`: Streamable HTTP, discovered and stateless (2026-07-28);
- `stdio`: `lashon mcp --stdio` with the initialize handshake;
- `stdio-stateless`: `lashon mcp --stdio`, discovered (2026-07-28).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

BIN = os.environ.get("LASHON_BIN", "")
NIKUD = os.environ.get("LASHON_NIKUD_MODEL") or None
TRANSPORTS = ["http", "http-stateless", "stdio", "stdio-stateless"]

if NIKUD is None and os.environ.get("LASHON_REQUIRE_NIKUD_MODEL") == "1":
    raise RuntimeError("LASHON_NIKUD_MODEL is not set; run scripts/fetch-nikud-model")


class Lashon:
    """The CLI on one database."""

    def __init__(self, directory: Path) -> None:
        if not BIN or not os.access(BIN, os.X_OK):
            raise RuntimeError(f"LASHON_BIN is not an executable: {BIN!r}")
        self.dir = directory
        self.db = directory / "lashon.db"

    def cli(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [BIN, *args, "--db", str(self.db)],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, **(env or {})},
        )

    def ok(self, *args: str) -> str:
        done = self.cli(*args)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def account(self, name: str, *flags: str) -> None:
        self.ok("accounts", "create", name, *flags)

    def key(self, account: str, *flags: str) -> str:
        return self.ok("keys", "create", "--account", account, *flags)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Serving:
    """A `lashon serve --demo` process."""

    lashon: Lashon
    url: str
    sandbox_key: str
    extra: tuple[str, ...]
    process: subprocess.Popen[bytes]

    def get(self, path: str, key: str) -> tuple[int, Any]:
        """An HTTP GET of the API with `key`: status and JSON body."""
        req = urllib.request.Request(self.url + path, headers={"Authorization": f"Bearer {key}"})
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


def serve(lashon: Lashon, *extra: str) -> Iterator[Serving]:
    port = free_port()
    out = lashon.dir / f"serve-{port}.out"
    log = lashon.dir / f"serve-{port}.log"
    args = [BIN, "serve", "--demo", "--addr", f"127.0.0.1:{port}", "--db", str(lashon.db)]
    args += ["--crawl-every", "0", *extra]
    if NIKUD:
        args += ["--nikud-model", NIKUD]
    with open(out, "wb") as stdout, open(log, "wb") as stderr:
        process = subprocess.Popen(args, stdout=stdout, stderr=stderr)
    try:
        deadline = time.monotonic() + 60
        key = None
        while key is None:
            for line in out.read_text(errors="replace").splitlines():
                if line.strip().startswith("sandbox key:"):
                    key = line.split(":", 1)[1].strip()
            if key is None:
                assert process.poll() is None, log.read_text(errors="replace")
                assert time.monotonic() < deadline, "lashon did not start: " + log.read_text(errors="replace")
                time.sleep(0.05)
        yield Serving(lashon, f"http://127.0.0.1:{port}", key, tuple(extra), process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def lashon(tmp_path_factory: pytest.TempPathFactory) -> Lashon:
    return Lashon(tmp_path_factory.mktemp("lashon"))


@pytest.fixture(scope="module")
def server(lashon: Lashon) -> Iterator[Serving]:
    """`lashon serve --demo`: the demo account (clinical, every scope) and its sandbox key."""
    yield from serve(lashon)


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    """`lashon serve --demo --rate-limit 3` on a database of its own."""
    yield from serve(Lashon(tmp_path_factory.mktemp("limited")), "--rate-limit", "3")


@contextlib.asynccontextmanager
async def connect(transport: str, serving: Serving, key: str | None) -> AsyncIterator[Client]:
    """An MCP client of `serving` (over stdio: `lashon mcp --stdio` on its database, with its
    rate limit) calling with `key` (none: no Authorization header)."""
    mode = "auto" if transport.endswith("-stateless") else "legacy"
    if transport.startswith("http"):
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        timeout = httpx2.Timeout(30, read=120)
        async with httpx2.AsyncClient(headers=headers, timeout=timeout) as http:
            transport_streams = streamable_http_client(serving.url + "/mcp", http_client=http)
            async with Client(transport_streams, mode=mode, read_timeout_seconds=120) as client:
                yield client
    else:
        args = ["mcp", "--stdio", "--db", str(serving.lashon.db), *serving.extra]
        env = {"LASHON_API_KEY": key or "", "LASHON_LOG": "warn", "NO_COLOR": "1"}
        if NIKUD:
            args += ["--nikud-model", NIKUD]
        params = StdioServerParameters(command=BIN, args=args, env=env)
        async with Client(params, mode=mode, read_timeout_seconds=120) as client:
            yield client
