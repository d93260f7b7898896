//! The features of an article for clustering, in one space for Hebrew and English, each
//! weighed by how much it says about which event an article reports:
//!
//! - words by their key ([`stem`]: prefix letters, plural and construct endings, full and
//!   defective spelling), weighed by their rarity in general text ([`Background`]): `הכנסת`
//!   says little, `קוניטרה` a lot; words as frequent as `ישראל` weigh nothing;
//! - concepts ([`Concepts`]): `budget`, `תקציב` → the same key, so Hebrew and English
//!   articles meet, weighed like the word they come from;
//! - name skeletons ([`skeleton`]) of rare words, so a name in Hebrew letters meets its
//!   transliteration;
//! - towns of the gazetteer ([`super::places`], at most [`TOWN_KM`]), as names of their own
//!   however they are written (`תל אביב`, `ת"א`, `בתל אביב`, `Tel Aviv`; `הר דב`; `טייבה`);
//! - people of the registry ([`PeopleMatcher`]): `נתניהו`, `Netanyahu`, `Bibi` are one
//!   person;
//! - numbers written with digits ([`numbers`]) and codes of letters and digits (`F35`);
//! - trigrams of Hebrew word keys, weakly, for the inflections keys do not bring together
//!   (`ייקברו`, `נקברים`, `קבורה`);
//! - a headline's phrases: two content words side by side, each as its concept or its word
//!   without prefixes (`מעבר קוניטרה`, `פרס נובל`, `הפסקת אש`): two headlines that share a
//!   phrase, not just its words, tell the same event. A quotation's phrases are its own:
//!   none runs across a quotation mark (gershayim inside a word, `צה"ל`, are none).
//!
//! Function, reporting and genre words ([`super::stopwords`]: `said`, `אמר`, `live`, `שידור חי`)
//! are no features. A headline's features count [`Weights::headline`] times a summary's.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::acronyms::Acronyms;
use super::background::Background;
use super::concepts::Concepts;
use super::numbers::numbers;
use super::params::Weights;
use super::word_facts::WordMemo;
use super::{skeleton, stem};
use crate::people::PeopleMatcher;
use crate::search::{form_slices, tokens};
use crate::topics::TopicLexicon;

/// The kind of a feature.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Concept,
    Name,
    Number,
    Word,
    Person,
    Gram,
    Phrase,
}

/// A feature key: its kind and value.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Feature {
    pub kind: Kind,
    pub value: String,
}

/// What features are read with: the concept table, the background frequencies, the
/// people registry and the desk vocabulary. Each can be the caller's;
/// [`Lexicons::builtin`] are the shipped ones.
#[derive(Debug, Clone, Copy)]
pub struct Lexicons<'l> {
    pub concepts: &'l Concepts,
    pub background: &'l Background,
    pub people: &'l PeopleMatcher,
    /// The desk vocabulary ([`crate::topics`]): its decisive words weigh [`Weights::desk`].
    pub desks: &'l TopicLexicon,
}

/// The value of a person feature that a candidate alias of the registry reads
/// ([`crate::people::PeopleMatcher::find_all_in_tokens`]) starts with this, then the
/// ids of every person it may name, by `,`.
pub const CANDIDATE_PREFIX: &str = "?";

/// Whether `f` is a pending person of a candidate alias ([`CANDIDATE_PREFIX`]).
pub fn is_candidate(f: &Feature) -> bool {
    f.kind == Kind::Person && f.value.starts_with(CANDIDATE_PREFIX)
}

/// The weight of a desk word that decides its desk alone (`data/topics.tsv`).
pub(super) const DECISIVE: u8 = 3;

/// The matcher of the bundled people registry ([`crate::people::builtin`]).
pub fn builtin_people() -> &'static PeopleMatcher {
    static PEOPLE: LazyLock<PeopleMatcher> =
        LazyLock::new(|| PeopleMatcher::new(&crate::people::builtin()));
    &PEOPLE
}

impl Lexicons<'static> {
    /// The concept table, background lists and people registry shipped with the crate.
    pub fn builtin() -> Lexicons<'static> {
        Lexicons {
            concepts: Concepts::builtin(),
            background: Background::builtin(),
            people: builtin_people(),
            desks: TopicLexicon::builtin(),
        }
    }
}

/// The weight of a word of `cb` centibels: nothing at or below the floor, then its
/// distance above the floor (in bels) to the power [`Weights::rarity`].
fn rarity(cb: u16, w: &Weights) -> f32 {
    let above = (f32::from(cb) - w.floor_cb) / 100.0;
    if above <= 0.0 {
        0.0
    } else {
        above.powf(w.rarity)
    }
}

/// The weight of the rarest of `words` (a name's, read after their prefixes): a person or
/// a town weighs as the rarest word naming them.
fn rarest(words: &[String], bg: &Background, w: &Weights) -> f32 {
    words
        .iter()
        .map(|t| {
            rarity(
                stem::strip_prefixes_listed(t, bg)
                    .1
                    .unwrap_or(bg.unlisted()),
                w,
            )
        })
        .fold(0.0, f32::max)
}

/// The weighted features of one text, added to `out`.
#[allow(clippy::too_many_arguments)]
fn add_text(
    text: &str,
    weight: f32,
    phrases: bool,
    candidates: bool,
    lex: &Lexicons<'_>,
    w: &Weights,
    memo: &mut WordMemo,
    out: &mut foldhash::HashMap<Feature, f32>,
) {
    let mut add = |kind: Kind, value: String, x: f32| {
        if x > 0.0 {
            *out.entry(Feature { kind, value }).or_insert(0.0) += x * weight;
        }
    };
    let bg = lex.background;
    // An acronym and the words it stands for read alike (`רה"מ`, `ראש הממשלה`).
    let read = tokens(text);
    let (tokens, folded) = Acronyms::builtin().fold_spans(&read);
    // People of the registry: one feature for every way of naming them, in place of the words
    // that name them, as rare as the rarest of those words.
    let mut named = vec![false; tokens.len()];
    let mut people: foldhash::HashMap<i64, f32> = foldhash::HashMap::default();
    let found = lex.people.find_all_in_tokens(&tokens);
    for (person, span) in found.named {
        let x = rarest(&tokens[span.clone()], bg, w);
        let e = people.entry(person).or_insert(0.0);
        *e = e.max(x);
        for n in &mut named[span] {
            *n = true;
        }
    }
    // A candidate alias (`לבני`, also a word; `כץ`, two people's) is a pending person
    // ([`CANDIDATE_PREFIX`]) that the clusterer reads as the person when they are in an open
    // story ([`super::Clusterer::features`]), else sets aside; its words stay words. Named
    // so, a person weighs as a name the lists do not hold.
    if candidates && w.person > 0.0 {
        for (_, ids) in &found.candidates {
            let value = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            add(
                Kind::Person,
                format!("{CANDIDATE_PREFIX}{value}"),
                rarity(bg.unlisted(), w) * w.person,
            );
        }
    }
    let mut people: Vec<(i64, f32)> = people.into_iter().collect();
    people.sort_unstable_by_key(|p| p.0);
    for (person, x) in people {
        add(Kind::Person, person.to_string(), x * w.person);
    }
    // A town of the gazetteer (`טייבה`, `תל אביב`, `ת"א`, `הר דב`, `Tel Aviv`) is a name of
    // its own, however it is written: its words alone may be no name (`הר`, a hill;
    // `אביב`, spring), an abbreviation is a concept, `טייבה`'s skeleton (`tb`) is too short.
    if w.name > 0.0 {
        for (name, span) in town_places(text, &tokens, bg) {
            add(Kind::Name, name, rarest(&tokens[span], bg, w) * w.name);
        }
    }
    // Each token's unit for phrases (its concept or its word without prefixes) and weight;
    // None for a stop word, a number or a person's name, which end a phrase.
    let phrases = phrases && w.phrase > 0.0;
    let mut units: Vec<Option<(String, f32)>> = vec![None; tokens.len()];
    for (i, token) in tokens.iter().enumerate() {
        if named[i] {
            continue;
        }
        let facts = memo.facts(token, lex);
        if facts.skip {
            continue;
        }
        // As rare as the word itself after its prefixes (not its key: `גופה` is rarer than
        // `גוף`, which shares its key).
        let (bare, listed) = (facts.bare(token), facts.listed);
        let cb = listed.unwrap_or(bg.unlisted());
        let mut x = rarity(cb, w);
        // A word that decides a desk (`בחירות`, `מחבלים`) says which section the event is
        // in, not which event: on an election or terror day it is in half the headlines,
        // and the stream's own counts know that only after hours. Weather words (`שלג`,
        // `סערה`) are the exception: a day has one storm, and they name it.
        if w.desk != 1.0 && facts.desk {
            x *= w.desk;
        }
        // An acronym written out weighs as its words did (the rarest of them): `ראש הממשלה`
        // is most of `ראש הממשלה הצביע בירושלים`, and weighed as the desk word `רה"מ` the
        // rest of such a headline (an outlet's kicker) decided where it went.
        // (`folded` is in token order: searched, not scanned, for a text of many acronyms.)
        if let Ok(k) = folded.binary_search_by_key(&i, |f| f.at) {
            x = rarest(&read[folded[k].span.clone()], bg, w);
        }
        if let Some(id) = facts.concept {
            if phrases {
                units[i] = Some((format!("c{id}"), x));
            }
            add(Kind::Concept, id.to_string(), x * w.concept);
            continue;
        }
        if phrases && token.chars().count() >= 2 {
            units[i] = Some((bare.to_string(), x));
        }
        if token.chars().count() < 3 {
            continue;
        }
        // Letters with digits (F35, covid19, a320): a code, kept as written.
        if token.chars().any(|c| c.is_ascii_digit()) {
            add(Kind::Name, format!("={token}"), w.number);
            continue;
        }
        // A listed word (or one after its prefixes) is read one way; a word the lists do not
        // know (a name, a place, a rare inflection) each prefix way in turn, their weight
        // shared so the token weighs as one word.
        let readings: Vec<&str> = if listed.is_some() {
            vec![bare]
        } else {
            form_slices(token)
                .filter(|r| r.chars().count() >= 3)
                .collect()
        };
        let share = x / (readings.len().max(1) as f32).sqrt();
        // Word keys and trigrams only when they weigh something (zero by default).
        for r in readings.iter().filter(|_| w.word > 0.0 || w.gram > 0.0) {
            let key = if stem::is_hebrew(r) {
                stem::unprefixed(r)
            } else {
                stem::key(r, bg)
            };
            // Trigrams of longer Hebrew words, where the whole word misses: `ייקברו`,
            // `נקברים`, `קבורה` meet in `קבר`.
            let chars: Vec<char> = key.chars().collect();
            if w.gram > 0.0 && stem::is_hebrew(&key) && chars.len() >= 4 {
                let grams = chars.len() - 2;
                let g = share * w.gram / (grams as f32).sqrt();
                for k in 0..grams {
                    add(Kind::Gram, chars[k..k + 3].iter().collect(), g);
                }
            }
            if chars.len() >= 3 {
                add(Kind::Word, key, share * w.word);
            }
        }
        if f32::from(cb) >= w.name_cb {
            let mut skeletons: Vec<String> = readings
                .iter()
                .flat_map(|r| skeleton::of(r))
                .filter(|s| s.chars().count() >= 3)
                .collect();
            skeletons.sort();
            skeletons.dedup();
            let share = x * w.name / (skeletons.len().max(1) as f32).sqrt();
            for s in skeletons {
                add(Kind::Name, s, share);
            }
        }
    }
    if phrases {
        for pair in units.windows(2) {
            if let [Some((a, x)), Some((b, y))] = pair {
                add(Kind::Phrase, format!("{a} {b}"), (x * y).sqrt() * w.phrase);
            }
        }
    }
    for n in numbers(text) {
        add(Kind::Number, n, w.number);
    }
}

/// The largest place, in km of extent, that names an event's place as a name feature: a
/// town, a neighbourhood, a site, a city up to Tel Aviv's 5 km. A city the size of Jerusalem
/// (7 km) or a region (the Gaza envelope, the Golan) holds many of a day's events: at 7 km
/// the later blind windows' precision fell 0.953 → 0.944 (with a week of context 0.891),
/// at 15 km the development set's war clusters met through `עוטף עזה` and `גוש דן` (F1
/// 0.778 → 0.774). Chosen between 2 and 15 km on every labelled set
/// (`docs/clustering-studies.md`, "Towns as names").
pub const TOWN_KM: f64 = 5.0;

/// The places of at most [`TOWN_KM`] of the built-in gazetteer (the clusterer's,
/// [`super::places`]) that `tokens` (of `text`) name, as name feature values (`@tel_aviv`),
/// with the tokens that name each (one span per mention; linear in the tokens).
fn town_places(
    text: &str,
    tokens: &[String],
    bg: &Background,
) -> Vec<(String, std::ops::Range<usize>)> {
    let places = super::places::Gazetteer::builtin();
    places
        .spans_in(text, tokens, bg)
        .into_iter()
        .filter_map(|(p, span)| {
            let q = places.place(p).filter(|q| q.radius_km <= TOWN_KM)?;
            Some((format!("@{}", q.name), span))
        })
        .collect()
}

/// Most words a label has (`המתקפה בפריז`, `תאונת הרפטינג בפרו`); a longer clause before a
/// colon is the headline's own statement.
pub const LABEL_WORDS: usize = 4;

/// A headline's label: its words before the first colon (not one between digits, `0:0`),
/// when they are one to [`LABEL_WORDS`] words without a quotation mark or gershayim, and
/// three or more words follow.
/// Editors name a running story there (`רצח הנערים: כל השאלות הקשות על ליל החטיפה`,
/// `האסון בפרו: נמצאה גופת המטיילת`), or its speaker (`ליברמן: "עם חמאס אסור להגיע
/// להסדרה"`), and keep the name over the story's later angles, whose other words differ. An
/// acronym (`רה"מ:`, `צה"ל:`) names an office that speaks in many of a day's stories: counted
/// as labels, they cost the held-out windows after months of the stream 0.017 of F1.
pub fn label_of(headline: &str) -> Option<&str> {
    let bytes = headline.as_bytes();
    let digit = |i: Option<usize>| i.and_then(|i| bytes.get(i)).is_some_and(u8::is_ascii_digit);
    let colon = headline
        .char_indices()
        .find(|&(i, c)| c == ':' && !(digit(i.checked_sub(1)) && digit(Some(i + 1))))
        .map(|(i, _)| i)?;
    let (label, rest) = (headline[..colon].trim(), &headline[colon + 1..]);
    let words = label.split_whitespace().count();
    let quoted = label.chars().any(is_quote_mark);
    (1..=LABEL_WORDS)
        .contains(&words)
        .then_some(label)
        .filter(|_| !quoted && rest.split_whitespace().count() >= 3)
}

/// Whether `c` can open or close a quotation.
fn is_quote_mark(c: char) -> bool {
    matches!(c, '"' | '\u{05F4}' | '\u{201C}' | '\u{201D}' | '\u{201E}')
}

/// `text` cut at its quotation marks: the parts outside and inside quotations, in order. A
/// mark between two letters or digits is a Hebrew acronym's gershayim (`צה"ל`), not a
/// quotation mark; with an odd number of marks the text is not cut.
fn quotation_parts(text: &str) -> Vec<&str> {
    // Most headlines quote nobody: no character table for them.
    if !text.chars().any(is_quote_mark) {
        return vec![text];
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let marks: Vec<(usize, char)> = (0..chars.len())
        .filter(|&i| {
            let inside_word = i > 0
                && crate::search::is_alphanumeric(chars[i - 1].1)
                && chars
                    .get(i + 1)
                    .is_some_and(|(_, c)| crate::search::is_alphanumeric(*c));
            is_quote_mark(chars[i].1) && !inside_word
        })
        .map(|i| chars[i])
        .collect();
    if marks.len() % 2 == 1 {
        return vec![text];
    }
    let mut out = Vec::new();
    let mut start = 0;
    for (at, c) in marks {
        out.push(&text[start..at]);
        start = at + c.len_utf8();
    }
    out.push(&text[start..]);
    out.retain(|part| !part.trim().is_empty());
    out
}

/// The features of an article (headline and summary) with the given lexicons and weights,
/// sorted by feature.
pub fn extract_with(
    headline: &str,
    summary: &str,
    lex: &Lexicons<'_>,
    w: &Weights,
) -> Vec<(Feature, f32)> {
    extract_reading(headline, summary, lex, w, false)
}

/// [`extract_with`], with the registry's candidate aliases as pending people
/// ([`CANDIDATE_PREFIX`]) when `candidates`: what the clusterer reads
/// ([`super::Clusterer::features`]).
pub fn extract_reading(
    headline: &str,
    summary: &str,
    lex: &Lexicons<'_>,
    w: &Weights,
    candidates: bool,
) -> Vec<(Feature, f32)> {
    extract_remembering(
        headline,
        summary,
        lex,
        w,
        candidates,
        &mut WordMemo::forgetting(),
    )
}

/// [`extract_reading`], asking `memo` (of the same lexicons) what the lexicons say of each
/// word ([`super::word_facts`]): what a clusterer reads with, its memo kept for its stream.
pub fn extract_remembering(
    headline: &str,
    summary: &str,
    lex: &Lexicons<'_>,
    w: &Weights,
    candidates: bool,
    memo: &mut WordMemo,
) -> Vec<(Feature, f32)> {
    // foldhash, sized for a headline and summary: with SipHash and growing from empty, the
    // table was a tenth of reading an article (callgrind).
    let mut out: foldhash::HashMap<Feature, f32> =
        foldhash::HashMap::with_capacity_and_hasher(64, Default::default());
    // Phrases of the headline only: it names the event in few words, where a summary's
    // phrases are many and mostly its own (and cost a third of the clustering's time).
    // A quotation is another speaker's words: its phrases are its own, none runs into the
    // words around it (`רחלי פרנקל: "אלוקים בחר בכם"` has no phrase `פרנקל אלוקים`).
    // The clauses after the lead weigh `tail` of it, none by default ([`super::clauses`]):
    // a headline goes with the story it leads with.
    let (lead, rest) = super::clauses::lead_of(headline);
    for part in quotation_parts(lead) {
        add_text(part, w.headline, true, candidates, lex, w, memo, &mut out);
    }
    if let Some(rest) = rest.filter(|_| w.tail > 0.0) {
        for part in quotation_parts(rest) {
            add_text(
                part,
                w.headline * w.tail,
                true,
                candidates,
                lex,
                w,
                memo,
                &mut out,
            );
        }
    }
    // The label's features once more, so that they weigh `label` times the rest's.
    if let Some(label) = label_of(headline).filter(|_| w.label != 1.0) {
        add_text(
            label,
            w.headline * (w.label - 1.0),
            true,
            candidates,
            lex,
            w,
            memo,
            &mut out,
        );
    }
    add_text(summary, 1.0, false, candidates, lex, w, memo, &mut out);
    let mut v: Vec<(Feature, f32)> = out.into_iter().collect();
    // Features are distinct: an unstable sort gives the same order.
    v.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    v
}

/// The features of an article with the built-in background lists, people registry and
/// weights, and the concept table `concepts`.
pub fn extract(headline: &str, summary: &str, concepts: &Concepts) -> HashMap<Feature, f32> {
    let lex = Lexicons {
        concepts,
        ..Lexicons::builtin()
    };
    extract_with(headline, summary, &lex, &Weights::default())
        .into_iter()
        .collect()
}

/// [`extract`] without phrases, and with a headline's clauses weighed alike: what a story's
/// sketch sums for linking it to the stories of other days ([`crate::threads`]). A phrase,
/// or a headline's lead ([`super::clauses`]), tells one event's headlines apart from
/// another's on the same day; across days the words do that work (an update appended after
/// a semicolon is often the next chapter's subject: `הרבנים: "חובה להתחסן"` before a
/// vaccination drive), and phrases would double the features every link compares.
pub fn sketch(headline: &str, summary: &str, concepts: &Concepts) -> HashMap<Feature, f32> {
    sketch_remembering(headline, summary, concepts, &mut WordMemo::forgetting())
}

/// [`sketch`], asking `memo` what the lexicons say of each word ([`super::word_facts`]):
/// for the sketches of many articles, `memo` kept for all of them and only for sketches
/// with the same `concepts`.
pub fn sketch_remembering(
    headline: &str,
    summary: &str,
    concepts: &Concepts,
    memo: &mut WordMemo,
) -> HashMap<Feature, f32> {
    let lex = Lexicons {
        concepts,
        ..Lexicons::builtin()
    };
    let w = as_sketch(Weights::default());
    extract_remembering(headline, summary, &lex, &w, false, memo)
        .into_iter()
        .collect()
}

/// The weights of a sketch ([`sketch`]): `w` without phrases, a headline's clauses alike.
fn as_sketch(w: Weights) -> Weights {
    Weights {
        phrase: 0.0,
        tail: 1.0,
        ..w
    }
}

/// The sketch ([`sketch`]) of an article from the features a clusterer read from it
/// ([`crate::cluster::Clusterer::features`]) with `weights` and the built-in lexicons: those
/// features but its phrases. `None` when `weights` differ from the defaults in more than
/// phrases, or when `headline` (the article's) has clauses after its lead that `weights` weigh
/// apart (the sketch must then be read from the text).
pub fn sketch_from(
    features: &[(Feature, f32)],
    headline: &str,
    weights: &Weights,
) -> Option<Vec<(Feature, f32)>> {
    if as_sketch(*weights) != as_sketch(Weights::default()) {
        return None;
    }
    if weights.tail != 1.0 && super::clauses::lead_of(headline).1.is_some() {
        return None;
    }
    Some(
        features
            .iter()
            .filter(|(f, _)| f.kind != Kind::Phrase && !is_candidate(f))
            .cloned()
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sketch_is_the_clusterers_features_without_phrases() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/clustering/articles.jsonl"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let lex = Lexicons::builtin();
        let (mut phrases, mut clauses) = (0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let a: serde_json::Value = serde_json::from_str(line).unwrap();
            let headline = a["headline"].as_str().unwrap();
            let summary = a["summary"].as_str().unwrap_or("");
            let read = extract_with(headline, summary, &lex, &Weights::default());
            phrases += read.iter().filter(|(f, _)| f.kind == Kind::Phrase).count();
            let Some(from) = sketch_from(&read, headline, &Weights::default()) else {
                // Clauses after the lead: the sketch is read from the text.
                assert!(
                    super::super::clauses::lead_of(headline).1.is_some(),
                    "{headline}"
                );
                clauses += 1;
                continue;
            };
            let from: HashMap<Feature, f32> = from.into_iter().collect();
            assert_eq!(
                from,
                sketch(headline, summary, Concepts::builtin()),
                "{headline}"
            );
        }
        assert!(
            clauses > 0,
            "the fixture's headlines have clauses after a lead"
        );
        assert!(
            phrases > 0,
            "the fixture's headlines have phrases to leave out"
        );
        let other = Weights {
            concept: 2.0,
            ..Weights::default()
        };
        assert!(sketch_from(&[], "", &other).is_none());
        let no_phrases = Weights {
            phrase: 0.0,
            ..Weights::default()
        };
        assert!(sketch_from(&[], "", &no_phrases).is_some());
        // A headline whose clauses the clusterer weighed apart, and one whose it did not.
        let lead_and_more = "הפסקת האש נכנסה לתוקפה; הרוג באשכול";
        assert!(sketch_from(&[], lead_and_more, &Weights::default()).is_none());
        let alike = Weights {
            tail: 1.0,
            ..Weights::default()
        };
        assert!(sketch_from(&[], lead_and_more, &alike).is_some());
    }

    fn shared(a: &HashMap<Feature, f32>, b: &HashMap<Feature, f32>) -> Vec<Feature> {
        let mut s: Vec<Feature> = a.keys().filter(|k| b.contains_key(*k)).cloned().collect();
        s.sort();
        s
    }

    #[test]
    fn quotation_marks_cut_a_headline_and_gershayim_do_not() {
        assert_eq!(
            quotation_parts(r#"רחלי פרנקל: "אלוקים בחר בכם להיות נערי הפוסטר שלו""#),
            ["רחלי פרנקל: ", "אלוקים בחר בכם להיות נערי הפוסטר שלו"]
        );
        // Acronyms (צה"ל, רה"מ) keep their gershayim; curly and Hebrew marks quote too.
        assert_eq!(
            quotation_parts("רה\"מ: “אויבינו מקדשים את המוות” ודובר צה״ל"),
            ["רה\"מ: ", "אויבינו מקדשים את המוות", " ודובר צה״ל"]
        );
        // An odd number of marks: no telling what is quoted.
        assert_eq!(
            quotation_parts(r#"he said "no more"#),
            [r#"he said "no more"#]
        );
        assert_eq!(quotation_parts(r#""""#), Vec::<&str>::new());
    }

    #[test]
    fn no_phrase_runs_into_a_quotation() {
        let lex = Lexicons::builtin();
        let w = Weights::default();
        let phrases = |h: &str| -> Vec<String> {
            extract_with(h, "", &lex, &w)
                .into_iter()
                .filter(|(f, _)| f.kind == Kind::Phrase)
                .map(|(f, _)| f.value)
                .collect()
        };
        let quoted = phrases(r#"רחלי פרנקל: "אלוקים בחר בכם להיות נערי הפוסטר שלו""#);
        assert!(quoted.iter().any(|p| p == "רחלי פרנקל"), "{quoted:?}");
        assert!(
            !quoted.iter().any(|p| p.starts_with("פרנקל ")),
            "{quoted:?}"
        );
        // Without the marks the same words make the phrase across.
        let plain = phrases("רחלי פרנקל: אלוקים בחר בכם להיות נערי הפוסטר שלו");
        assert!(plain.iter().any(|p| p.starts_with("פרנקל ")), "{plain:?}");
    }

    #[test]
    fn hebrew_and_english_articles_share_features() {
        let c = Concepts::builtin();
        let en = extract(
            "Knesset passes budget with 61 votes",
            "Finance Minister Yael Carmon hailed the vote.",
            c,
        );
        let he = extract(
            "הכנסת אישרה את התקציב ברוב של 61",
            "שרת האוצר יעל כרמון בירכה.",
            c,
        );
        let kinds: Vec<Kind> = shared(&en, &he).iter().map(|f| f.kind).collect();
        assert!(kinds.contains(&Kind::Concept), "{kinds:?}");
        assert!(kinds.contains(&Kind::Number), "{kinds:?}");
        assert!(kinds.contains(&Kind::Name), "{kinds:?}");
        assert!(!en.keys().any(|f| f.value == "the"));
    }

    #[test]
    fn weather_words_weigh_in_full() {
        // `שלג` and `סערה` decide the weather desk, but a day has one storm: they name it.
        let lex = Lexicons::builtin();
        let text = "הסערה מתגברת: שלג בירושלים";
        let weights = |w: &Weights| -> Vec<(Feature, f32)> { extract_with(text, "", &lex, w) };
        assert_eq!(lex.desks.desk_weight("שלג"), DECISIVE);
        let full = Weights {
            desk: 1.0,
            ..Weights::default()
        };
        assert_eq!(weights(&Weights::default()), weights(&full));
    }

    #[test]
    fn a_word_deciding_a_desk_weighs_less_than_the_event_words() {
        // `בחירות` decides the politics desk in the topic table; `קלפיות` and `נפתחו` do not.
        let lex = Lexicons::builtin();
        let text = "הבחירות: הקלפיות נפתחו";
        let weights = |w: &Weights| -> HashMap<Feature, f32> {
            extract_with(text, "", &lex, w).into_iter().collect()
        };
        let plain = weights(&Weights {
            desk: 1.0,
            phrase: 0.0,
            ..Weights::default()
        });
        let desk = weights(&Weights {
            phrase: 0.0,
            ..Weights::default()
        });
        assert_eq!(lex.desks.desk_weight("בחירות"), DECISIVE);
        let elections = Feature {
            kind: Kind::Concept,
            value: lex.concepts.of("בחירות").unwrap().to_string(),
        };
        let ratio = desk[&elections] / plain[&elections];
        assert!((ratio - Weights::default().desk).abs() < 1e-6, "{ratio}");
        let others: Vec<&Feature> = plain.keys().filter(|f| **f != elections).collect();
        assert!(!others.is_empty());
        for f in others {
            assert_eq!(desk[f], plain[f], "{f:?}");
        }
    }

    #[test]
    fn prefixed_and_plain_forms_share_their_word() {
        let c = Concepts::builtin();
        let lex = Lexicons {
            concepts: c,
            ..Lexicons::builtin()
        };
        let w = Weights {
            word: 1.0,
            ..Weights::default()
        };
        let words = |t: &str| -> HashMap<Feature, f32> {
            extract_with(t, "", &lex, &w).into_iter().collect()
        };
        let a = words("עימותים בקוניטרה ובאשקלון");
        let b = words("קוניטרה: הקרבות נמשכים, אשקלון");
        let s = shared(&a, &b);
        let bg = Background::builtin();
        let key = stem::key("קוניטרה", bg);
        assert!(
            s.iter().any(|f| f.kind == Kind::Word && f.value == key),
            "{s:?}"
        );
        // Ashkelon is a place of the concept table, with or without its prefix letters.
        assert!(s.iter().any(|f| f.kind == Kind::Concept), "{s:?}");
    }

    #[test]
    fn an_acronym_and_its_words_are_one_feature_weighing_as_the_words() {
        let concepts = Concepts::builtin();
        let read = |t: &str| extract(t, "", concepts);
        let concept = |word: &str| Feature {
            kind: Kind::Concept,
            value: concepts.of(&tokens(word)[0]).unwrap().to_string(),
        };
        let talks = read("חמאס: מתכוננים למשא ומתן על עסקת חילופים");
        let talks_short = read("חמאס מאותת שוב: לקראת מו\"מ להשבת הגופות");
        assert!(shared(&talks, &talks_short).contains(&concept("מו\"מ")));
        let us = read("דיווח: אירן מחדשת את היחסים עם ארצות הברית");
        let us_short = read("דיווח: איראן וארה\"ב יחדשו את יחסי הסחר");
        assert!(shared(&us, &us_short).contains(&concept("ארה\"ב")));
        // Written out, the prime minister weighs as the words did, not as the desk word the
        // acronym is (a quarter): the rest of a short headline does not outweigh them.
        let pm = concept("רה\"מ");
        let out = read("ראש הממשלה הצביע בירושלים")[&pm];
        let short = read("רה\"מ הצביע בירושלים")[&pm];
        assert!(out > 2.0 * short, "{out} against {short}");
    }

    #[test]
    fn a_town_is_a_name_however_it_is_written() {
        let named = |t: &str| -> Vec<String> {
            let mut v: Vec<String> = extract(t, "", Concepts::builtin())
                .into_keys()
                .filter(|f| f.kind == Kind::Name && f.value.starts_with('@'))
                .map(|f| f.value)
                .collect();
            v.sort();
            v
        };
        // Two words, each a word of its own (a hill, spring): the two a place.
        assert_eq!(named("אירוע ביטחוני חמור בהר דב"), ["@har_dov"]);
        assert_eq!(named("שני חיילים נהרגו בתקרית בהר דב"), ["@har_dov"]);
        // The full name, its abbreviation (a concept too) and the English name meet.
        assert_eq!(named("צעיר נדקר בתל אביב"), ["@tel_aviv"]);
        assert_eq!(named("ניסיון פיגוע בת\"א, חייל נפצע"), ["@tel_aviv"]);
        assert_eq!(named("Soldier stabbed in Tel Aviv"), ["@tel_aviv"]);
        // A name whose skeleton is too short to be one (`tb`).
        assert_eq!(
            named("ניסיון לינץ' בטייבה: רעולי פנים תקפו נהג"),
            ["@tayibe"]
        );
        assert_eq!(named("המהומות נמשכות טייבה: הוצא מהרכב"), ["@tayibe"]);
        assert_eq!(named("עימותים בלוד ובטייבה"), ["@lod", "@tayibe"]);
        // Larger than a town: a bloc of 6 km, a city of 7, a region.
        assert!(named("פיגוע בגוש עציון").is_empty());
        assert!(named("פיגוע דקירה בירושלים").is_empty());
        assert!(named("פצועים מירי לעוטף עזה").is_empty());
        assert!(named("אזעקה ברמת הגולן").is_empty());
        // A street named for a town is none.
        assert!(named("תאונה ברחוב יפו").is_empty());
    }

    #[test]
    fn a_headlines_phrases_are_features_and_a_summarys_are_not() {
        let c = Concepts::builtin();
        let phrases = |h: &str, s: &str| -> Vec<String> {
            let mut v: Vec<String> = extract(h, s, c)
                .into_keys()
                .filter(|f| f.kind == Kind::Phrase)
                .map(|f| f.value)
                .collect();
            v.sort();
            v
        };
        let a = phrases("המורדים השתלטו על מעבר קוניטרה", "");
        let b = phrases("קרב על מעבר קוניטרה בסוריה", "");
        assert!(
            a.iter().any(|p| b.contains(p) && p.ends_with("קוניטרה")),
            "{a:?} {b:?}"
        );
        // `המורדים השתלטו` and `מעבר קוניטרה`: a stop word (`על`) ends a phrase.
        assert_eq!(a.len(), 2, "{a:?}");
        assert!(phrases("", "המורדים השתלטו על מעבר קוניטרה").is_empty());
    }

    #[test]
    fn a_label_is_a_few_words_before_a_colon() {
        assert_eq!(
            label_of("רצח הנערים: כל השאלות הקשות על ליל החטיפה"),
            Some("רצח הנערים")
        );
        assert_eq!(
            label_of("ליברמן: \"עם חמאס אסור להגיע להסדרה\""),
            Some("ליברמן")
        );
        // A time's colon is no label's end; the colon after the label is.
        assert_eq!(label_of("הפסקת אש מ-19:00 הערב ברצועה"), None);
        assert_eq!(
            label_of("בשעה 19:00: הפסקת האש נכנסה לתוקף ברצועה"),
            Some("בשעה 19:00")
        );
        // A clause of its own, a quotation, or too little after the colon: no label.
        assert_eq!(
            label_of("שלושה חשודים נעצרו הלילה בירושלים: כך נתפסו אחרי מרדף"),
            None
        );
        assert_eq!(
            label_of("\"נמשיך להיאבק\": הרצוג נאם בפני פעילי המפלגה"),
            None
        );
        assert_eq!(label_of("רה\"מ: \"אויבינו מקדשים את המוות\""), None);
        assert_eq!(label_of("הבחירות: הקלפיות נפתחו"), None);
        assert_eq!(label_of("בלי נקודתיים בכלל"), None);
        assert_eq!(label_of(": רק נקודתיים בהתחלה ועוד מילים"), None);
    }

    #[test]
    fn a_labels_features_weigh_more_than_the_rest_of_the_headline() {
        let lex = Lexicons::builtin();
        let text = "האסון בנפאל: נמצאה גופת המטיילת הישראלית";
        let weights = |label: f32| -> HashMap<Feature, f32> {
            let w = Weights {
                label,
                ..Weights::default()
            };
            extract_with(text, "", &lex, &w).into_iter().collect()
        };
        let (plain, labelled) = (weights(1.0), weights(1.25));
        assert_eq!(plain.len(), labelled.len());
        let label_only: HashMap<Feature, f32> =
            extract_with("האסון בנפאל", "", &lex, &Weights::default())
                .into_iter()
                .collect();
        assert!(!label_only.is_empty());
        for (f, x) in &plain {
            let ratio = labelled[f] / x;
            if label_only.contains_key(f) {
                // The label's own words and phrases (a phrase across the colon is the rest's).
                assert!((ratio - 1.25).abs() < 1e-4, "{f:?} {ratio}");
            } else {
                assert_eq!(labelled[f], *x, "{f:?}");
            }
        }
    }

    fn t0() -> chrono::DateTime<chrono::Utc> {
        use chrono::TimeZone;
        chrono::Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    /// A story written for this test: a rafting accident abroad told by two outlets, then the
    /// search and the survivors' account under the editors' labels for it. Returns the
    /// clusters.
    fn survivors(label: f32) -> Vec<i64> {
        let reports = [
            (0, "a", "תאונת רפטינג בנפאל: שני ישראלים נעדרים בנהר"),
            (
                15,
                "b",
                "שני מטיילים ישראלים נעדרים אחרי תאונת רפטינג בנפאל",
            ),
            (
                30,
                "c",
                "החיפושים בנפאל נמשכים: הסיכוי למצוא אותם בחיים קטן",
            ),
            (45, "d", "האסון בנפאל: \"ראינו אותם נסחפים בזרם החזק\""),
        ];
        let p = crate::cluster::Params {
            weights: Weights {
                label,
                ..Weights::default()
            },
            ..crate::cluster::Params::default()
        };
        crate::cluster::eval::cluster_written(p, t0(), &reports)
    }

    #[test]
    fn a_later_angle_under_the_storys_label_joins_the_story() {
        let with = survivors(Weights::default().label);
        assert!(with.iter().all(|c| *c == with[0]), "{with:?}");
        // Weighed as the rest, the labels' place is all the later two share with the story.
        let without = survivors(1.0);
        assert!(without[2..].iter().all(|c| *c != without[0]), "{without:?}");
    }

    #[test]
    fn people_genre_words_and_frequent_words() {
        let c = Concepts::builtin();
        let he = extract("שידור חי: נתניהו נאם בישראל", "", c);
        let en = extract("Live: Netanyahu speaks", "", c);
        assert!(shared(&he, &en).iter().any(|f| f.kind == Kind::Person));
        // Genre words and a word as frequent as ישראל weigh nothing.
        assert!(!he.keys().any(|f| f.value == "שידור" || f.value == "ישראל"));
    }
}
