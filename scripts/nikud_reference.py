#!/usr/bin/env python3
"""Reference outputs and timing of the original Nakdimon model (TensorFlow CPU), for comparing
with the Rust port in `lashon_core::hebrew::nikud`.

Run once by hand (not in CI; it needs tensorflow-cpu==2.15.*, ~200 MB):

    python3 -m venv ~/.cache/lashon/tf-venv
    ~/.cache/lashon/tf-venv/bin/pip install 'tensorflow-cpu==2.15.*' h5py numpy
    ~/.cache/lashon/tf-venv/bin/pip install --no-deps ~/.cache/lashon/wheel/nakdimon-0.1.2-py3-none-any.whl
    ~/.cache/lashon/tf-venv/bin/python scripts/nikud_reference.py reference \
        --data ../shared/data --out core/tests/data/nakdimon-reference.json
    ~/.cache/lashon/tf-venv/bin/python scripts/nikud_reference.py timing --threads 2 --data ../shared/data

`reference`: for every gold text of tests/new/expected (sorted by path), strip the points the
way `lashon_core::hebrew::strip` does, run the package's own pipeline exactly as its
`predict()` does (`Data.from_text(iterate_dotted_text(text), maxlen=10000)`, `model.predict`,
argmax per head, `merge_unconditional` order letter+dagesh+sin+niqqud, RAFE removed) and store,
per Hebrew letter, the marks the model emitted. To keep the file small the mark strings are
coded as one ASCII character each through the `alphabet` list stored beside them.

`timing`: the non-blank lines of every 10th text (the lines `cargo bench -p lashon-core
--bench nikud` uses), on `--threads` threads (intra/inter op parallelism; default 1): chars/second
of one `predict()` per line on exact-length input, and of batched `predict()` calls over all
lines (padded to the longest line with batch size 32 or 128, or sorted by length in batches of
32 padded each to its own longest; the best is the batched figure). Best of three runs each,
wall and CPU seconds. `--shipped` adds `predict()` as shipped (every line padded to 10,000
steps); `--json` prints the figures on stdout for the Rust bench.
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


def lines_of(texts):
    """Non-blank lines, as the Rust bench cuts them (`split('\\n')`, kept if not blank)."""
    return [line for t in texts for line in t.split("\n") if line.strip()]


def timed(fn):
    """Best of three runs of `fn`: (wall seconds, CPU seconds of that run). The machine is
    shared: the best run is the one least disturbed."""
    best = None
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        run = (time.perf_counter() - start, time.process_time() - cpu)
        if best is None or run[0] < best[0]:
            best = run
    return best


def batched_predict(model, lines, how):
    """`model.predict` over all lines at once, the ways a TensorFlow user would batch them:
    one array padded to the longest line (`batch_size` 32, predict()'s default, or 128), or
    the lines sorted by length and cut in batches of 32, each padded to its own longest."""
    import numpy as np
    from nakdimon import dataset, hebrew

    def encode(group, maxlen):
        return np.concatenate(
            [dataset.Data.from_text(list(hebrew.iterate_dotted_text(t)), maxlen).normalized for t in group]
        )

    if how.startswith("padded"):
        x = encode(lines, max(len(t) for t in lines) + 2)
        model.predict(x, batch_size=int(how.split("-")[1]), verbose=0)
    else:
        ordered = sorted(lines, key=len)
        for i in range(0, len(ordered), 32):
            group = ordered[i : i + 32]
            model.predict(encode(group, max(len(t) for t in group) + 2), batch_size=32, verbose=0)


def timing(args):
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(args.threads)
    tf.config.threading.set_inter_op_parallelism_threads(args.threads)
    model = load_model()
    files = gold_files(args.data)[:: args.every]
    texts = [strip(p.read_text(encoding="utf-8")) for p in files]
    lines = lines_of(texts)
    chars = sum(len(t) for t in lines)
    run_model(model, texts[0][:100], 10000)  # warm up
    header = f"TensorFlow {tf.__version__} CPU, {args.threads} thread(s), {len(lines)} lines, {chars} chars"
    report = {"tensorflow": tf.__version__, "threads": args.threads, "lines": len(lines), "chars": chars}

    def show(label, secs, cpu):
        print(f"{header}, {label}: {secs:.2f} s wall ({chars / secs:,.0f} chars/s), "
              f"{cpu:.2f} s CPU ({chars / cpu:,.0f} chars/s)", file=sys.stderr)

    # Per line: one predict() per line on exact-length input (the shipped predict() pads to
    # 10,000 steps, far slower; `--shipped` adds it).
    secs, cpu = timed(lambda: [run_model(model, t, len(t) + 2) for t in lines])
    show("per line, exact-length input", secs, cpu)
    report["per_line_chars_per_sec"] = chars / secs
    report["per_line_cpu_chars_per_sec"] = chars / cpu
    best = None
    for how in ("padded-32", "padded-128", "sorted-32"):
        batched_predict(model, lines, how)  # warm up (traces the shapes once)
        secs, cpu = timed(lambda: batched_predict(model, lines, how))
        show(f"batched predict() {how}", secs, cpu)
        if best is None or secs < best[0]:
            best = (secs, how, cpu)
    report["batched_chars_per_sec"] = chars / best[0]
    report["batched_how"] = best[1]
    report["batched_cpu_chars_per_sec"] = chars / best[2]
    if args.shipped:
        secs, cpu = timed(lambda: [run_model(model, t, 10000) for t in lines])
        show("per line, predict() as shipped (maxlen 10000)", secs, cpu)
    if args.json:
        print(json.dumps(report))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["reference", "timing"])
    p.add_argument("--data", default=os.environ.get("LASHON_SHARED_DATA", "../shared/data"))
    p.add_argument("--out", default="core/tests/data/nakdimon-reference.json")
    p.add_argument("--every", type=int, default=10, help="timing: use every n-th text")
    p.add_argument("--threads", type=int, default=1, help="timing: TensorFlow intra/inter-op threads")
    p.add_argument("--shipped", action="store_true", help="timing: also predict() as shipped")
    p.add_argument("--json", action="store_true", help="timing: print the figures as JSON on stdout")
    args = p.parse_args()
    reference(args) if args.mode == "reference" else timing(args)


if __name__ == "__main__":
    main()
