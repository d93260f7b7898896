#!/usr/bin/env python3
"""Writes the background word frequencies the clusterer ships (he.txt, en.txt) from the
data files of the wordfreq package (https://pypi.org/project/wordfreq/, version 3.1.1):

    pip download --no-deps wordfreq==3.1.1 -d /tmp/wf && unzip -q /tmp/wf/*.whl -d /tmp/wf/x
    pip install msgpack
    python3 extract.py /tmp/wf/x/wordfreq/data

Each output line is a frequency bin and the words in it: `CB<TAB>word word ...`, where CB is
the word's frequency in centibels (frequency = 10 ** (-CB / 100)), most frequent first. Only
the most frequent words written in the language's own letters are kept: 50,000 Hebrew words
(letters, geresh, gershayim, hyphen) and 30,000 English ones (a-z, apostrophe, hyphen).
"""
import gzip
import re
import sys

import msgpack

KEEP = {"he": (50000, re.compile(r"^[\u05d0-\u05ea\"'\u05f3\u05f4-]+$")),
        "en": (30000, re.compile(r"^[a-z'-]+$"))}


def main(data_dir):
    for lang, (limit, letters) in KEEP.items():
        with gzip.open(f"{data_dir}/large_{lang}.msgpack.gz") as f:
            bins = msgpack.unpackb(f.read(), raw=False)
        assert bins[0] == {"format": "cB", "version": 1}, bins[0]
        kept = 0
        with open(f"{lang}.txt", "w", encoding="utf-8") as out:
            for cb, words in enumerate(bins[1:], 1):
                words = [w for w in words if letters.match(w)][: limit - kept]
                if words:
                    out.write(f"{cb}\t{' '.join(words)}\n")
                    kept += len(words)
                if kept >= limit:
                    break


if __name__ == "__main__":
    main(sys.argv[1])
