#!/usr/bin/env python3
"""Reference outputs and timing of the original Nakdimon model (TensorFlow CPU), for comparing
with the Rust port in `lashon_core::hebrew::nikud`.

Run once by hand (not in CI; it needs tensorflow-cpu==2.15.*, ~200 MB):

    python3 -m venv ~/.cache/lashon/tf-venv
    ~/.cache/lashon/tf-venv/bin/pip install 'tensorflow-cpu==2.15.*' h5py numpy
    ~/.cache/lashon/tf-venv/bin/pip install --no-deps ~/.cache/lashon/wheel/nakdimon-0.1.2-py3-none-any.whl
    ~/.cache/lashon/tf-venv/bin/python scripts/nikud_reference.py reference \
        --data ../shared/data --out core/tests/data/nakdimon-reference.json
    ~/.cache/lashon/tf-venv/bin/python scripts/nikud_reference.py timing --data ../shared/data

`reference`: for every gold text of tests/new/expected (sorted by path), strip the points the
way `lashon_core::hebrew::strip` does, run the package's own pipeline exactly as its
`predict()` does (`Data.from_text(iterate_dotted_text(text), maxlen=10000)`, `model.predict`,
argmax per head, `merge_unconditional` order letter+dagesh+sin+niqqud, RAFE removed) and store,
per Hebrew letter, the marks the model emitted. To keep the file small the mark strings are
coded as one ASCII character each through the `alphabet` list stored beside them.

`timing`: one thread (intra/inter op parallelism 1); chars/second of `predict()` as shipped
(every chunk padded to 10,000 steps) and of the same model on exact-length input.
"""
import argparse
import json
import os
import pathlib
import re
import sys
import time
import unicodedata

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

# Same set as lashon_core::hebrew::strip (cantillation, points, rafe, shin/sin dots, upper/lower
# dots, qamats qatan, varika); maqaf, paseq, sof pasuq, nun hafukha, geresh, gershayim stay.
POINTS = re.compile("[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\uFB1E]")


def strip(text):
    return unicodedata.normalize("NFC", POINTS.sub("", text))


def gold_files(data):
    root = pathlib.Path(data) / "nakdimon-diacritization-tests/tests/new/expected"
    return sorted(root.glob("*/*.txt"))


def run_model(model, text, maxlen):
    from nakdimon import dataset, hebrew

    data = dataset.Data.from_text(list(hebrew.iterate_dotted_text(text)), maxlen)
    pred = model.predict(data.normalized, verbose=0)
    n, d, s = (dataset.from_categorical(p) for p in pred)
    return data, n, d, s


def emitted_marks(data, n, d, s):
    """Per input character: the marks `merge_unconditional` appends after it (RAFE removed)."""
    from nakdimon import dataset, hebrew

    out = []
    for ts, tns, ns, ds, ss in zip(data.text, data.normalized, n, d, s):
        for t, tn, nn, dd, sss in zip(ts, tns, ns, ds, ss):
            if tn == 0:
                break
            marks = ""
            if hebrew.can_dagesh(t):
                marks += dataset.dagesh_table.indices_char[dd]
            if hebrew.can_sin(t):
                marks += dataset.sin_table.indices_char[sss]
            if hebrew.can_niqqud(t):
                marks += dataset.niqqud_table.indices_char[nn]
            out.append((t, marks.replace(hebrew.RAFE, "")))
    return out


def load_model():
    from nakdimon import predict
    from nakdimon.config import MAIN_MODEL

    return predict.load_cached_model(str(MAIN_MODEL))


def reference(args):
    from nakdimon import predict as nk_predict

    model = load_model()
    alphabet = [""]
    texts = []
    letters = 0
    for path in gold_files(args.data):
        rel = path.relative_to(path.parents[1]).as_posix()
        text = strip(path.read_text(encoding="utf-8"))
        data, n, d, s = run_model(model, text, 10000)
        marks = emitted_marks(data, n, d, s)
        assert "".join(t for t, _ in marks) == text, rel
        # Sanity (first texts only, it runs the model again): the package's predict() gives the
        # same text where it does not rewrite spaces.
        if len(texts) < 2 and "  " not in text and len(text) < 9999:
            assert nk_predict.predict(text, model) == "".join(t + m for t, m in marks), rel
        code = []
        for t, m in marks:
            if "\u05d0" <= t <= "\u05ea":
                if m not in alphabet:
                    alphabet.append(m)
                code.append(chr(0x21 + alphabet.index(m)))
        letters += len(code)
        texts.append({"file": rel, "marks": "".join(code)})
        print(f"{rel}: {len(text)} chars", file=sys.stderr)
    if len(alphabet) > 94:
        sys.exit("too many distinct mark strings for the ASCII code")
    doc = {
        "about": "Nakdimon 0.1.2 (TensorFlow %s CPU) on tests/new of the Nakdimon test set, "
        "gold stripped by lashon's strip. marks: one char per Hebrew letter of the stripped text, "
        "chr(0x21 + i) = alphabet[i] (the marks predict() put after that letter). "
        "Written by scripts/nikud_reference.py." % _tf_version(),
        "alphabet": alphabet,
        "texts": texts,
    }
    pathlib.Path(args.out).write_text(json.dumps(doc, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(texts)} texts, {letters} letters", file=sys.stderr)


def _tf_version():
    import tensorflow as tf

    return tf.__version__


def timing(args):
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    model = load_model()
    files = gold_files(args.data)[:: args.every]
    texts = [strip(p.read_text(encoding="utf-8")) for p in files]
    chars = sum(len(t) for t in texts)
    run_model(model, texts[0][:100], 10000)  # warm up
    for label, maxlen in (("predict() as shipped, maxlen 10000", None), ("exact-length input", "exact")):
        start, cpu = time.perf_counter(), time.process_time()
        for t in texts:
            run_model(model, t, 10000 if maxlen is None else len(t) + 2)
        secs, cpu = time.perf_counter() - start, time.process_time() - cpu
        # CPU seconds as well: on a shared machine the wall clock includes other processes.
        print(f"TensorFlow {tf.__version__} CPU, 1 thread, {label}: {len(texts)} texts, {chars} chars, "
              f"{secs:.2f} s wall ({chars / secs:,.0f} chars/s), {cpu:.2f} s CPU ({chars / cpu:,.0f} chars/s)")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["reference", "timing"])
    p.add_argument("--data", default=os.environ.get("LASHON_SHARED_DATA", "../shared/data"))
    p.add_argument("--out", default="core/tests/data/nakdimon-reference.json")
    p.add_argument("--every", type=int, default=10, help="timing: use every n-th text")
    args = p.parse_args()
    reference(args) if args.mode == "reference" else timing(args)


if __name__ == "__main__":
    main()
