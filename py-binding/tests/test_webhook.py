"""verify_webhook against signatures made by an independent implementation (Python's hmac)."""

import hashlib
import hmac
import json

import pytest

import lashon

SECRET = "whsec_3b1f0c9e"
BODY = json.dumps(
    {
        "id": "8b5d2c8e-1d7a-4b8e-9a55-2f9c0c1f6a21",
        "type": "story.breaking",
        "storyId": "42",
        "state": "breaking",
        "topic": "politics",
        "headline": "הכנסת אישרה את התקציב",
        "url": "https://news.example/stories/42",
        "observedAt": "2026-03-01T20:05:00Z",
    },
    ensure_ascii=False,
).encode("utf-8")
T = 1_780_000_000


def header(secret: str = SECRET, body: bytes = BODY, t: int = T) -> str:
    mac = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


def test_a_signature_made_by_pythons_hmac_holds():
    assert lashon.verify_webhook(SECRET, header(), BODY, now=T + 60) is None
    assert lashon.verify_webhook(SECRET.encode(), header(), BODY, now=T - 299) is None


@pytest.mark.parametrize(
    "make,code",
    [
        (lambda: (SECRET, header(), BODY.replace(b"42", b"43"), T), "signature_mismatch"),
        (lambda: ("whsec_other", header(), BODY, T), "signature_mismatch"),
        (lambda: (SECRET, header(t=T - 301), BODY, T), "signature_expired"),
        (lambda: (SECRET, header(t=T + 400), BODY, T), "signature_expired"),
        (lambda: (SECRET, "v1=abc", BODY, T), "signature_malformed"),
        (lambda: (SECRET, "", BODY, T), "signature_malformed"),
        (lambda: (SECRET, f"t={T},v1=" + "0" * 63, BODY, T), "signature_malformed"),
    ],
)
def test_refusals(make, code):
    secret, head, body, now = make()
    with pytest.raises(lashon.WebhookSignatureError) as e:
        lashon.verify_webhook(secret, head, body, now=now)
    assert e.value.code == code
    assert e.value.status == 401
    assert e.value.to_dict()["error"]["code"] == code


def test_tolerance_is_adjustable_and_the_clock_is_the_default():
    import time

    now = int(time.time())
    assert lashon.verify_webhook(SECRET, header(t=now), BODY) is None
    with pytest.raises(lashon.WebhookSignatureError):
        lashon.verify_webhook(SECRET, header(t=now - 100), BODY, tolerance=60)


def test_the_example_receiver_is_idempotent_and_refuses_forgeries():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "python" / "webhook_receiver.py"
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    assert out[0].startswith("handled: story.blindspot 42")
    assert out[1] == "204"
    assert out[2].startswith("duplicate, already handled")
    assert out[3] == "204"
    assert out[4] == "refused: signature_mismatch"
    assert out[5] == "401"
