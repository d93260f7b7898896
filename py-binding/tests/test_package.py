"""The package: doctests, error hierarchy, examples/python run, typing files shipped."""

import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

import lashon
import lashon.errors
import lashon.icu
from conftest import REPO

EXAMPLES = sorted((REPO / "examples" / "python").glob("*.py"))


@pytest.mark.parametrize("module", [lashon, lashon.icu, lashon.errors], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, extraglobs={"lashon": lashon, "icu": lashon.icu})
    assert result.attempted > 0 and result.failed == 0


def test_error_hierarchy():
    for cls in (lashon.InvalidRequest, lashon.UnsupportedLanguage, lashon.MessageFormatError,
                lashon.MessageTooComplex, lashon.NotConfigured, lashon.InternalError):
        assert issubclass(cls, lashon.LashonError) and issubclass(cls, Exception)
    assert issubclass(lashon.NotConfigured, lashon.ServiceUnavailable)
    e = lashon.errors._from_native("forbidden", "scope_required", "needs medical")
    assert type(e) is lashon.LashonError and e.type == "forbidden"
    with pytest.raises(lashon.InvalidRequest) as info:
        lashon.wrap("")
    assert info.value.to_dict() == {
        "error": {"type": "invalid_request", "message": info.value.message, "code": "invalid_request"}
    }


def test_typing_files_are_installed():
    pkg = Path(lashon.__file__).parent
    assert (pkg / "py.typed").exists() and (pkg / "_native.pyi").exists()


def test_results_are_slotted_records():
    w = lashon.wrap("שלום")
    with pytest.raises(AttributeError):
        w.extra = "x"  # type: ignore[attr-defined]
    assert w == lashon.wrap("שלום") and w != lashon.wrap("שלום", format="marks")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_run(path):
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()


def test_every_capability_has_an_example():
    names = {p.name for p in EXAMPLES}
    assert {"direction.py", "hebrew_text.py", "icu_messages.py", "protection.py",
            "errors.py", "webhook_receiver.py"} <= names
