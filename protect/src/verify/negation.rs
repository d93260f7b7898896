//! `negation_lost`: the translation lost a negation of the source (issue 21, scope 3).
//!
//! A sentence's negation is read in three parts (word lists in [`crate::lexicon::negation`]):
//!
//! - `required`: the negations a translation must keep, counted from the particles with the
//!   least reading: a correlative pair is one (`neither … nor`, `ни … ни`, `לא … ולא`), an English
//!   tag question is none (`…, doesn't he?`), Hebrew `אל` only as the negated imperative (`אל
//!   תלך`, not `אל הבית` "to the house"), a particle right before `אלא` none (`אינה אלא` "is but").
//! - `particles`: every particle the sentence writes, with the most reading.
//! - `carriers`: words a negation moved into (`недорогой`, `unable`, `wrong`, `חסר`, `мало`).
//!
//! Negative concord (Hebrew, Russian): a concord word (`никогда`, `ничего`, `שום`, `אף`) adds
//! nothing next to a particle, and without one it negates only a bare answer: at most
//! [`ELLIPTICAL_WORDS`] words in Hebrew (`אף פעם!`), a short sentence without a verb in Russian
//! (`Ничего.`, `Ничего страшного.`, `Ни за что!`). In a full clause a
//! concord word without its particle is what a translation that dropped the particle looks like
//! (`Никогда такого видел`, `Он ничего боится`), so it carries nothing.
//!
//! The check: the translation carries the source's negations when its particles plus the
//! carriers it has beyond the source's own are at least the source's required count. Carriers
//! count only beyond the source's, so a negation that moved into a word is kept, and a particle
//! dropped from a sentence that also translated a carrier (`unhappy` → `אומלל`… `לא`) is not
//! hidden by it.

use super::tokens::{hebrew_readings, in_list, words, Word};
use crate::lexicon::negation::{
    BEZ_WORDS_RU, CARRIERS_EN, CARRIERS_HE, CARRIERS_RU, CONCORD_HE, CONCORD_RU, LESS_WORDS_EN,
    NE_WORDS_RU, NOT_CARRIERS_HE, PARTICLES_EN, PARTICLES_HE, PARTICLES_RU, UN_WORDS_EN,
};
use crate::model::{Issue, IssueCode, Lang};

/// Longest sentence (in words) read as a bare answer, where a concord word negates on its own.
pub const ELLIPTICAL_WORDS: usize = 2;

/// The negation a sentence carries (module documentation).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Polarity {
    pub required: usize,
    pub particles: usize,
    pub carriers: usize,
}

/// How many negations a translation of `text` must keep (the `required` count of
/// [`polarity`]).
pub fn negation_count(text: &str, lang: Lang) -> usize {
    polarity(text, lang).required
}

/// True when `word`, read alone, is a negation particle or a bare concord answer: what a
/// word-by-word rendering must carry as a negation. Context-bound particles count here too
/// (Hebrew `אל`, which negates only before an imperative).
pub fn is_negation_word(word: &str, lang: Lang) -> bool {
    negation_count(word, lang) > 0
        || (lang == Lang::He
            && words(word)
                .iter()
                .any(|w| hebrew_particle(&w.text).is_some()))
}

/// The negation of a sentence: required negations, particles written and carriers.
pub fn polarity(text: &str, lang: Lang) -> Polarity {
    let ws = words(text);
    match lang {
        Lang::En => english(text, &ws),
        Lang::He => hebrew(text, &ws),
        Lang::Ru => russian(&ws),
    }
}

/// `negation_lost` (error): the translation's particles, with the carriers it has beyond the
/// source's, are fewer than the source's required negations. Counts are compared, not presence,
/// so a doubly negated sentence that loses one negation is caught too.
pub fn check_negation(source: &str, src: Lang, target: &str, tgt: Lang, out: &mut Vec<Issue>) {
    let s = polarity(source, src);
    if s.required == 0 {
        return;
    }
    let t = polarity(target, tgt);
    let carried = t.particles + t.carriers.saturating_sub(s.carriers);
    if carried == 0 {
        out.push(Issue::error(
            IssueCode::NegationLost,
            format!(
                "the source is negated ({}) and the translation is not",
                s.required
            ),
        ));
    } else if carried < s.required {
        out.push(Issue::error(
            IssueCode::NegationLost,
            format!(
                "the source has {} negations and the translation {carried}",
                s.required
            ),
        ));
    }
}

const PRONOUNS_EN: &[&str] = &["i", "you", "he", "she", "it", "we", "they", "there", "one"];

/// `n't` at `i` closes a tag question: `…, doesn't he?` (a comma before its verb, a pronoun
/// after it ending the sentence, a question mark).
fn tag_question(text: &str, ws: &[Word], i: usize) -> bool {
    let (Some(verb), Some(pronoun)) = (i.checked_sub(1).and_then(|j| ws.get(j)), ws.get(i + 1))
    else {
        return false;
    };
    let comma_before = text
        .get(..verb.start)
        .is_some_and(|b| b.trim_end().ends_with(','));
    i + 2 == ws.len()
        && PRONOUNS_EN.contains(&pronoun.text.as_str())
        && comma_before
        && text.trim_end().ends_with('?')
}

fn english(text: &str, ws: &[Word]) -> Polarity {
    let mut p = Polarity::default();
    let mut neither = false;
    for (i, w) in ws.iter().enumerate() {
        let t = w.text.as_str();
        if PARTICLES_EN.contains(&t) {
            p.particles += 1;
            let collapsed = t == "nor" && neither;
            neither |= t == "neither";
            let tag = t == "n't" && tag_question(text, ws, i);
            if !(collapsed || tag) {
                p.required += 1;
            }
            continue;
        }
        let after_a = i
            .checked_sub(1)
            .is_some_and(|j| matches!(ws[j].text.as_str(), "a" | "quite"));
        let carrier = if matches!(t, "few" | "little") {
            !after_a
        } else {
            in_list(t, CARRIERS_EN)
                || (t.len() >= 6 && t.starts_with("un") && !in_list(t, UN_WORDS_EN))
                || (t.len() >= 7 && t.ends_with("less") && !in_list(t, LESS_WORDS_EN))
        };
        p.carriers += usize::from(carrier);
    }
    p
}

/// Prefixes that may stand before a Hebrew negation particle (`ולא`, `שלא`, `כשאין`); others
/// would turn ordinary words into negations (`מלא` "full").
fn hebrew_particle(word: &str) -> Option<&'static str> {
    ["", "ו", "ש", "וש", "כש", "וכש", "ה"]
        .iter()
        .filter_map(|p| word.strip_prefix(p))
        .find_map(|rest| PARTICLES_HE.iter().copied().find(|n| *n == rest))
}

/// `ל` with a pronoun suffix: `אל לך`, `אל לו` "you/he must not".
const TO_PRONOUNS_HE: &[&str] = &["לי", "לך", "לו", "לה", "לנו", "לכם", "לכן", "להם", "להן"];

fn hebrew(text: &str, ws: &[Word]) -> Polarity {
    let mut p = Polarity::default();
    let mut seen_lo = false;
    for (i, w) in ws.iter().enumerate() {
        let next = ws.get(i + 1).map(|n| n.text.as_str());
        let readings = hebrew_readings(&w.text);
        // `אי אפשר`, `בלתי אפשרי` "impossible" negate like `cannot`.
        let next_readings = next.map(hebrew_readings).unwrap_or_default();
        let impossible = (w.text == "אי" && next_readings.contains(&"אפשר"))
            || (readings.contains(&"בלתי") && next_readings.contains(&"אפשרי"));
        if impossible {
            p.particles += 1;
            p.required += 1;
            continue;
        }
        if let Some(particle) = hebrew_particle(&w.text) {
            // `אל` negates only the imperative (`אל תלך`, `אל נא`); before anything else it is
            // the preposition "to".
            // `אל לו לאב להתנער` "a father must not shirk": `אל` with a `ל` pronoun.
            let imperative = next.is_some_and(|n| {
                n.starts_with(['ת', 'י']) || n == "נא" || TO_PRONOUNS_HE.contains(&n)
            });
            // `אינה אלא`, `לא … אלא` right after: "is nothing but", an affirmation.
            let but = next == Some("אלא");
            if (particle == "אל" && !imperative) || but {
                continue;
            }
            p.particles += 1;
            // `לא X ולא Y` is one correlative negation ("neither X nor Y").
            let correlative = particle == "לא" && w.text.starts_with('ו') && seen_lo;
            seen_lo |= particle == "לא";
            if !correlative {
                p.required += 1;
            }
            continue;
        }
        // `אי־ודאות`, `אי-הבנה`: the negative prefix joined to its noun.
        let joined = w.text == "אי"
            && text
                .get(w.start + w.text.len()..)
                .is_some_and(|rest| rest.starts_with(['־', '-']));
        let carrier = !NOT_CARRIERS_HE.contains(&w.text.as_str())
            && readings.iter().any(|r| CARRIERS_HE.contains(r));
        if joined || carrier {
            p.carriers += 1;
        }
    }
    if p.particles == 0 && ws.len() <= ELLIPTICAL_WORDS {
        let concord = ws.iter().any(|w| {
            hebrew_readings(&w.text)
                .iter()
                .any(|r| CONCORD_HE.contains(r))
        });
        if concord {
            p.particles = 1;
            p.required = 1;
        }
    }
    p
}

/// A Russian word with a negative prefix: `не-` (`недорогой`) or `без-`/`бес-` (`бесполезно`).
fn russian_prefixed(word: &str) -> bool {
    let letters = word.chars().count();
    (letters >= 5 && word.starts_with("не") && !in_list(word, NE_WORDS_RU))
        || (letters >= 6
            && (word.starts_with("без") || word.starts_with("бес"))
            && !in_list(word, BEZ_WORDS_RU))
}

fn russian(ws: &[Word]) -> Polarity {
    let mut p = Polarity::default();
    let mut ni = 0;
    let mut concord = false;
    for w in ws {
        let t = w.text.as_str();
        if PARTICLES_RU.contains(&t) {
            p.particles += 1;
        } else if CONCORD_RU.contains(&t) {
            concord = true;
            ni += usize::from(t == "ни");
        } else if russian_prefixed(t) || in_list(t, CARRIERS_RU) {
            p.carriers += 1;
        }
    }
    p.required = p.particles;
    if p.particles == 0 {
        if ni >= 2 {
            // `ни рыба ни мясо`: a correlative pair without `не` negates once.
            p.particles = ni;
            p.required = 1;
        } else if concord && russian_verbless(ws) {
            p.particles = 1;
            p.required = 1;
        }
    }
    p
}

/// Endings of Russian finite verbs, infinitives and reflexives (`видел`, `боится`, `знает`);
/// endings that many nouns, adverbs and pronouns share (`-ем`, `-им`, `-ат`, `-ти`: `коем`,
/// `совсем`, `брат`, `почти`) are left out.
const VERB_ENDINGS_RU: &[&str] = &[
    "л", "ла", "ло", "ли", "ся", "сь", "ть", "ет", "ёт", "ит", "ут", "ют", "ят", "ешь", "ёшь",
    "ишь", "ете", "ёте", "ите", "йте",
];

/// A Russian bare answer, where a concord word negates on its own: at most
/// [`RUSSIAN_ELLIPTICAL_WORDS`] words, none of them looking like a verb (`Ни за что!`, `Ничего
/// страшного.`, `Ни в коем случае.`; not `Никогда такого видел`, `Он ничего боится`).
fn russian_verbless(ws: &[Word]) -> bool {
    ws.len() <= RUSSIAN_ELLIPTICAL_WORDS
        && !ws.iter().any(|w| {
            let t = w.text.as_str();
            t.chars().count() > 2
                && !CONCORD_RU.contains(&t)
                && VERB_ENDINGS_RU.iter().any(|e| t.ends_with(e))
        })
}

/// Longest Russian sentence (in words) read as a bare answer when it has no verb.
pub const RUSSIAN_ELLIPTICAL_WORDS: usize = 5;
