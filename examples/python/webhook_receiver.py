"""A webhook receiver: verify the signature over the raw body, then act once per event id.

Deliveries are at-least-once, so the same event id may arrive again: answer it 2xx without
acting twice. Run: python examples/python/webhook_receiver.py (it serves on 127.0.0.1, sends
itself a signed delivery twice and a forged one, and prints what it did).
"""

import hashlib
import hmac
import json
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Dict, Set

import lashon

SECRET = "whsec_example"
SEEN: Set[str] = set()


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            lashon.verify_webhook(SECRET, self.headers.get("X-Service-Signature", ""), raw)
        except lashon.WebhookSignatureError as e:
            # Say what happened before answering, so the sender's output comes after it.
            print(f"refused: {e.code}", flush=True)
            self.send_response(401)
            self.end_headers()
            return
        event = json.loads(raw)
        if event["id"] in SEEN:
            print(f"duplicate, already handled: {event['id']}", flush=True)
        else:
            SEEN.add(event["id"])
            print(f"handled: {event['type']} {event['storyId']} {event['headline']}", flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def deliver(port: int, body: bytes, secret: str) -> int:
    t = int(time.time())
    mac = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    headers: Dict[str, str] = {
        "Content-Type": "application/json",
        "X-Service-Event-Id": json.loads(body)["id"],
        "X-Service-Signature": f"t={t},v1={mac}",
    }
    req = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=body, headers=headers)
    try:
        with urllib.request.urlopen(req) as res:
            return int(res.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def main() -> None:
    server = HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    body = json.dumps(
        {
            "id": "8b5d2c8e-1d7a-4b8e-9a55-2f9c0c1f6a21",
            "type": "story.blindspot",
            "storyId": "42",
            "state": "blindspot",
            "topic": "politics",
            "headline": "Only one camp ran this",
            "url": "https://news.example/stories/42",
            "observedAt": "2026-03-01T20:05:00Z",
        }
    ).encode()
    print(deliver(port, body, SECRET), flush=True)
    print(deliver(port, body, SECRET), flush=True)
    print(deliver(port, body, "not the secret"), flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
