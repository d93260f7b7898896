#!/usr/bin/env python3
"""Regenerates src/lexicon/data/drugs.tsv, the drug-name lexicon, from open data.

Usage:
    python3 tools/gen_drug_lexicon.py DRUGBANK_VOCABULARY.csv MESH_DRUGS.csv \
        tests/data/drug_names_heldout.tsv src/lexicon/data/drug_stems.txt \
        > src/lexicon/data/drugs.tsv

Inputs (see src/lexicon/data/DRUGS_SOURCE.md for where they come from and their licences):
- DrugBank Vocabulary (open data, CC0 1.0): `DrugBank ID, Accession Numbers, Common name, CAS,
  UNII, Synonyms, Standard InChI Key`, synonyms separated by ` | `.
- MeSH descriptors of drugs (US National Library of Medicine, public domain), as the CSV
  `Mesh ID, Generic name, Common name, Synonyms` (synonyms separated by `|`) that the MIT package
  drug-named-entity-recognition extracted from NLM's desc2024.xml.

The names of the MIT package's own dictionary (drug_ner_dictionary.pkl.bz2) are NOT used: that
dictionary merges MedlinePlus, NHS and Wikipedia names with DrugBank and MeSH and does not say
which source a name came from (only which identifiers its drug has), so a name in it cannot be
traced to a source whose licence lets this project ship it.

Needs `wordfreq` (PyPI, 3.1.1) to leave out names that are common English words ("water",
"oxygen", "gold", "abate"): a drug span keeps a word untranslated, which is wrong for an ordinary
word. Only the decision (in or out) is used; no wordfreq data is written.

Output: `#` comment lines, then one record a line: `ID<TAB>name|name|...`, names lower-cased,
each name written once (in the first record that has it, DrugBank before MeSH), records in ID
order. The ID says where each name comes from (`DB…` DrugBank, `D…` MeSH).

Held-out names (third argument): the DrugBank main names of every tenth record (numeric ID ending
in 3) that are one word of letters with a CAS number, `ID<TAB>name`. They stay in the lexicon;
tests/drugs.rs measures recall on them with the built-in lexicon and with a lexicon built without
their records (the stems alone, as for a drug newer than the list). Nothing in the filters was chosen by
looking at them.

Derived stems (fourth argument): word endings of four to seven letters that end the DrugBank
main names (one word of letters, six letters or more) of at least STEM_MIN_NAMES records outside
the held-out ones, with at least three letters before them, and end no word of wordfreq's 200,000
most frequent English words (other than such a drug name) with three letters before them; only
the shortest of nested endings is kept. They join the WHO stems of src/lexicon/drugs.rs for names
newer than the list. (STEM_MIN_NAMES was compared at 5, 8, 10 and 15 on the held-out recall.)
"""
import csv
import re
import sys

from collections import Counter

from wordfreq import top_n_list, zipf_frequency

# A name is letters (any script), with single spaces, hyphens or apostrophes between them.
NAME = re.compile(r"^[^\W\d_]+(?:[ '\-][^\W\d_]+)*$")
MIN_LEN = 4
MAX_LEN = 40
MAX_WORDS = 4
# A drug span keeps its words untranslated, which is wrong for an ordinary word, so names that
# are common English words are left out, measured by their Zipf frequency in wordfreq (3 is
# one per million words). A DrugBank or MeSH *main* name is a drug's own name and is dropped only
# when very common (cholesterol, methane); a *synonym* (brand, trade or foreign name: Soma,
# Merlin, Titan, Muse) already when it is a word one meets in ordinary text.
MAIN_ZIPF = 3.3
SYNONYM_ZIPF = 2.5
# A DrugBank entry without a CAS number whose name is an ordinary word is an allergenic extract or
# a food (Peach, Goose, Shrimp, Venison), not something a translation must keep.
FOOD_ZIPF = 2.0
# Drugs whose everyday word is the drug itself: kept whatever their frequency.
KEEP_COMMON = {
    "aspirin", "insulin", "morphine", "heroin", "cocaine", "nicotine", "caffeine", "codeine",
    "penicillin", "testosterone", "adrenaline", "dopamine", "serotonin", "progesterone",
    "estrogen", "cortisol", "methadone", "melatonin", "valium", "prozac", "xanax", "viagra",
    "ibuprofen", "paracetamol", "ketamine", "amphetamine", "methamphetamine", "fentanyl",
}


STEM_MIN_NAMES = 5


def derived_stems(mains: list) -> list:
    """Endings shared by drug names and by no frequent English word (see the module doc)."""
    names = {n for n in mains if n.isalpha() and len(n) >= 6}
    counts = Counter(n[-k:] for n in names for k in range(4, 8) if len(n) - k >= 3)
    english = [w for w in top_n_list("en", 200000) if w.isascii() and w.isalpha()]
    good = set()
    for stem, count in counts.items():
        if count < STEM_MIN_NAMES:
            continue
        if not any(w.endswith(stem) and len(w) - len(stem) >= 3 and w not in names for w in english):
            good.add(stem)
    return sorted(s for s in good if not any(s != t and s.endswith(t) for t in good))


def usable(name: str, main: bool, has_cas: bool) -> bool:
    if not (MIN_LEN <= len(name) <= MAX_LEN) or len(name.split()) > MAX_WORDS:
        return False
    if not NAME.match(name):
        return False
    if name in KEEP_COMMON:
        return True
    zipf = zipf_frequency(name, "en")
    if main and not has_cas:
        return zipf < FOOD_ZIPF
    return zipf < (MAIN_ZIPF if main else SYNONYM_ZIPF)


def acronym(raw: str) -> bool:
    """All-capital short synonyms are codes or trade marks (SAHA, MOPS, TETRIS, DACA)."""
    letters = [c for c in raw if c.isalpha()]
    return len(letters) <= 6 and all(c.isupper() for c in letters)


def main() -> None:
    drugbank_path, mesh_path = sys.argv[1], sys.argv[2]
    records = []  # (id, main name, synonyms, has a CAS number)
    with open(drugbank_path, encoding="utf-8") as f:
        rows = csv.reader(f)
        next(rows)
        for row in rows:
            synonyms = [n for n in row[5].split(" | ") if not acronym(n)]
            records.append((row[0], row[2], synonyms, bool(row[3])))
    with open(mesh_path, encoding="utf-8") as f:
        rows = csv.reader(f)
        next(rows)
        for row in rows:
            synonyms = [n for n in row[1].split("|") + row[3].split("|") if not acronym(n)]
            records.append((row[0], row[2], synonyms, True))
    seen = set()
    out = []
    heldout = []
    tuning_mains = []
    for rid, main, synonyms, has_cas in sorted(
        records, key=lambda r: (not r[0].startswith("DB"), r[0])
    ):
        kept = []
        for i, raw in enumerate([main] + synonyms):
            name = " ".join(raw.split()).lower()
            if name in seen or not usable(name, i == 0, has_cas):
                continue
            seen.add(name)
            kept.append(name)
        if kept:
            out.append(f"{rid}\t{'|'.join(kept)}")
        main_name = main.strip().lower()
        if rid.startswith("DB") and int(rid[2:]) % 10 != 3 and kept and kept[0] == main_name:
            tuning_mains.append(main_name)
        if (
            rid.startswith("DB")
            and int(rid[2:]) % 10 == 3
            and has_cas
            and kept
            and kept[0] == main_name
            and main_name.isalpha()
            and len(main_name) >= 5
        ):
            heldout.append(f"{rid}\t{main_name}")
    print("# Drug names: DrugBank Vocabulary (CC0 1.0) and MeSH drug descriptors (NLM, public domain).")
    print("# Generated by tools/gen_drug_lexicon.py; provenance in DRUGS_SOURCE.md. ID<TAB>name|name|...")
    print("\n".join(out))
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        f.write("# Held-out DrugBank main names (CC0): ID<TAB>name. See tools/gen_drug_lexicon.py.\n")
        f.write("\n".join(heldout) + "\n")
    stems = derived_stems(tuning_mains)
    with open(sys.argv[4], "w", encoding="utf-8") as f:
        f.write("# Drug-name endings derived from DrugBank (CC0) main names outside the held-out\n")
        f.write("# records; see tools/gen_drug_lexicon.py. One a line.\n")
        f.write("\n".join(stems) + "\n")
    print(
        f"{len(out)} records, {len(seen)} names, {len(heldout)} held out, {len(stems)} derived stems",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
