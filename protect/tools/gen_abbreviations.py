#!/usr/bin/env python3
"""Regenerates src/lexicon/data/clinical_abbreviations.tsv from the Meta-Inventory sources.

Usage: python3 tools/gen_abbreviations.py $LASHON_SHARED_DATA/clinical-abbreviations-metainventory-sources
Source: Medical Abbreviation and Acronym Meta-Inventory (Grossman Liu et al., Columbia DBMI,
Scientific Data 2021), CC BY 4.0.
"""
import csv, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else '../../shared/data/clinical-abbreviations-metainventory-sources'
# Ordinary English words: their upper-case form is skipped (AS, AT, IT, ...).
STOP = set("""a an and are as at be by do go he if in is it me my no of on or so to up us we am pm id ok all any
can for man men may mom not out sad sat top was the bad act add age aid aim air art ask bat bed big bit box boy
bus but buy car cat cut day did die dog dry due ear eat egg end eye fat few fit fly fun gas get got gun had has
hat her him hip his hot how ice ill its job key kid law lay leg let lie lip lot low mad map mix mud net new nor
now nut odd off oil old one our own pan pat pay pen per pet pie pin pit pop pot put ran rat raw red rib rid rot
row rub run saw say sea see set she shy sit six sky son spa sum sun tag tan tap tea ten tie tin tip toe ton too
toy try two use van vat via war wax way web wet who why win wit won yes yet you zip also back base bill body
both call came care case cell chem cold come cure dead deal dear diet done down drop dust each east easy else
even ever face fact fall feel fine fire five flat food foot form four free from full gain gave girl give goal
gold gone good grow hair half hand hard have head hear heat held help here high hold home hope hour huge idea
into iron item just keep kind knew know lack land last late lead left less life like line list live long look
lose loss lost love made main make many mark mass meal mean meet mind miss mode more most move much must name
near need news next nice none nose note once only open over pace page pain pair part pass past path peak plan
play plus poor post pull pure push race rare rate read real rest rich ride ring rise risk road rock role room
rule safe said sale salt same save seat seen self sell send ship shop shot show shut sick side sign site size
skin slow soft sole some soon sort spot star stay step stop such sure take talk tall team tell term test than
that them then they thin this thus time tiny told tone took tool tour town tree trip true turn type unit upon
used user vary vast very view vote wait walk wall want warm wash wave weak wear week well went were west what
when whom wide wife will wind wise wish with word work yard year your zero alt ant ape arc arm bag ban bay bee
bob bog bow cab cam cob cod cop cow cry cub cue dab dam den dew dim dip doc dot dub dug eel elm emu fan fax fed
fee fig fin fog fox fur gap gel gin gum guy gym ham hay hen hid hog hop hub hug hum hut ink inn ion jam jar jaw
jet jog jot joy jug lab lad lap lid log mat mop mug nab nag nap nil nod oak oar oat orb ore owl pal paw pea peg
pig pod pro pub pug pun pup ram rap ray rep rig rim rip rod rug sac sag sap sew sin sip sir sod sow soy spy sub
tad tar tee tot tub tug urn vet vow wag wig yam yen zoo fish""".split())
SIG = {'prn', 'qhs', 'qid', 'tid', 'bid', 'qd', 'qod', 'qam', 'qpm', 'npo', 'po'}
rows = {}

def add(a, s):
    a = a.strip(); s = s.strip().replace('\t', ' ')
    if len(a) < 2 or not s or not re.fullmatch(r"[A-Za-z0-9./\-]+", a):
        return
    letters = re.sub(r'[^A-Za-z]', '', a)
    if a.upper() == a and letters and letters.lower() in STOP:
        return
    rows.setdefault(a, s)

best = {}
for line in open(f'{root}/sources/6-stetson/sense_distribution_448.txt'):
    p = line.rstrip('\n').split('\t')
    if len(p) < 3:
        continue
    try:
        c = float(p[2])
    except ValueError:
        continue
    if p[0] not in best or c > best[p[0]][1]:
        best[p[0]] = (p[1], c)
for a, (s, _) in best.items():
    if len(a) < 2:
        continue
    add(a.upper(), s)
    if ('/' in a or any(ch.isdigit() for ch in a) or a in SIG) and a not in STOP:
        add(a, s)
for r in csv.DictReader(open(f'{root}/sources/5-wikipedia/wikipedia_abbreviation_database.csv')):
    a = r['abr'].strip()
    if a.count('.') >= 2 and re.fullmatch(r'[a-z.]+', a):
        add(a, r['long_form'])
    elif re.fullmatch(r'[A-Z][A-Z0-9/]+', a):
        add(a, r['long_form'])
with open('src/lexicon/data/clinical_abbreviations.tsv', 'w') as out:
    out.write("# Clinical abbreviations and their most frequent sense.\n"
              "# Derived from the Medical Abbreviation and Acronym Meta-Inventory (Grossman Liu et al., Columbia\n"
              "# DBMI, Scientific Data 2021; github.com/lisavirginia/clinical-abbreviations), CC BY 4.0: the\n"
              "# Stetson sign-out sense distribution and the Wikipedia-derived list, filtered to forms that are\n"
              "# not ordinary English words. Regenerate with tools/gen_abbreviations.py.\n")
    for k in sorted(rows):
        out.write(f"{k}\t{rows[k]}\n")
print(len(rows))
