//! Another incident: a headline that tells its incident as another one (`פיגוע אחרי פיגוע`,
//! `פיגוע רודף פיגוע`, `עוד פיגוע דקירה`, `פיגוע שני בבירה`, `אירוע נוסף בבירה`, `another
//! attack`) reports a second event of the day's kind, not news of the first. Told in the
//! first's words (an attack, a stabbing, the wounded), its first report matched the first
//! incident's cluster, and the second incident's coverage followed it there: on the labelled
//! afternoon of two stabbing attacks, in Tel Aviv and an hour later in Gush Etzion, the two
//! were one cluster of 44 headlines (the blind window of 10 Nov 2014).
//!
//! An article naming another incident ([`names_another`]) does not join a cluster that began
//! over two hours before it and holds no such article, and two clusters do not merge when one
//! began over two hours before the other's first such article and holds none (`conflict`):
//! the second incident's cluster is the one that holds it (a cluster begun in the two hours
//! before may be the second incident's own first reports). Coverage that names no second incident (a place, the toll) goes
//! where its words match, as before.
//!
//! ```
//! use lashon_news::cluster::another::names_another;
//!
//! assert!(names_another("פיגוע אחרי פיגוע: שלושה נדקרו בגוש עציון"));
//! assert!(names_another("עוד פיגוע דקירה: נערה נפטרה מפצעיה"));
//! assert!(names_another("Another stabbing attack in Jerusalem"));
//! // A fear of another attack is no second incident; documentation (`תיעוד`) is no `עוד`.
//! assert!(!names_another("חשש לפיגוע נוסף: הודקה האבטחה סביב מוסדות יהודיים"));
//! assert!(!names_another("תיעוד פיגוע הדקירה בגוש עציון"));
//! ```

// foldhash: these cue lists are asked for every reading of every headline word (SipHash was
// most of their time).
use foldhash::HashSet;
use std::sync::LazyLock;

use chrono::{DateTime, Utc};

use crate::search::{form_slices, tokens};

/// Nouns of an incident, as search tokens (final letters folded).
const INCIDENTS: &[&str] = &[
    // Hebrew: an attack, an incident, a stabbing, a ramming, an explosion, a kidnapping, a
    // disaster, an accident. Not fire or a barrage (`ירי נוסף לחרמון`, `מטח נוסף`): more of
    // them is the same incident going on.
    "פיגוע",
    "פיגועי",
    "תקרית",
    "אירוע",
    "ארוע",
    "מתקפה",
    "מתקפת",
    "התקפה",
    "דקירה",
    "דריסה",
    "פיצוץ",
    "חטיפה",
    "אסון",
    "תאונה",
    "attack",
    "incident",
    "stabbing",
    "ramming",
    "explosion",
    "bombing",
    "blast",
    "kidnapping",
    "disaster",
    "crash",
    "accident",
];

/// Words after an incident's noun that make it another one (`פיגוע נוסף`, `פיגוע שני`).
const AFTER: &[&str] = &["נוסף", "נוספת", "שני", "שנייה", "שניה", "שלישי", "שלישית"];

/// Words before an incident's noun that make it another one (`עוד פיגוע`, `another attack`).
const BEFORE: &[&str] = &["עוד", "another", "second", "third", "new"];

/// Words between two of its nouns that make an incident the next of a sequence
/// (`פיגוע אחרי פיגוע`, `פיגוע רודף פיגוע`, `attack after attack`).
const BETWEEN: &[&str] = &["אחרי", "אחר", "רודף", "after"];

/// Words of a fear or a warning before the noun: `חשש לפיגוע נוסף` is no second incident.
const FEAR: &[&str] = &[
    "חשש",
    "מחשש",
    "בחשש",
    "חוששים",
    "חוששת",
    "למנוע",
    "התרעה",
    "התרעות",
    "איום",
    "fear",
    "fears",
    "warn",
    "warns",
    "warning",
    "threat",
    "prevent",
];

fn folded(list: &[&str]) -> HashSet<String> {
    list.iter().flat_map(|w| tokens(w)).collect()
}

struct Cues {
    incidents: HashSet<String>,
    after: HashSet<String>,
    before: HashSet<String>,
    between: HashSet<String>,
    fear: HashSet<String>,
}

static CUES: LazyLock<Cues> = LazyLock::new(|| Cues {
    incidents: folded(INCIDENTS),
    after: folded(AFTER),
    before: folded(BEFORE),
    between: folded(BETWEEN),
    fear: folded(FEAR),
});

/// Ordinals that are also numbers (`שני`: second, and two): before a plural or a number
/// (`פיגוע דריסה: שני הרוגים`) they count.
const COUNTS: &[&str] = &["שני", "שלישי"];

/// How many words before an incident's noun a fear or a warning is read
/// (`חשש מפני פיגוע נוסף`, `police warn of another attack`).
const FEAR_WORDS: usize = 3;

/// Whether `headline` tells its incident as another one (see the module documentation).
/// Read in its lead ([`super::clauses::lead_of`]: a clause after its first `;` or `■`,
/// `…; פיגוע נוסף נמנע`, adds to the lead's story), a phrase at a time: a cue does not reach
/// across a colon, a comma, a dash or a full stop (`פיגוע דריסה: שני הרוגים`).
pub fn names_another(headline: &str) -> bool {
    // Most headlines hold no cue word at all: they are not read further.
    let cue = ["נוסף", "עוד", "שני", "שלישי", "אחר", "רודף"]
        .iter()
        .any(|w| headline.contains(w))
        || headline.bytes().any(|b| b.is_ascii_alphabetic());
    if !cue {
        return false;
    }
    let (lead, _) = super::clauses::lead_of(headline);
    lead.split([':', ',', '.', '-', '\u{2013}', '\u{2014}', '?', '!', '|'])
        .any(|phrase| names_another_in(&tokens(phrase)))
}

/// Whether the words of one phrase tell an incident as another one. Linear in them.
fn names_another_in(words: &[String]) -> bool {
    let cues = &*CUES;
    // An incident's noun with any reading of its prefix letters (`ופיגוע`, `לפיגוע`, `הפיגוע`).
    let incident = |w: &String| form_slices(w).any(|f| cues.incidents.contains(f));
    let exact = |set: &HashSet<String>, i: usize| words.get(i).is_some_and(|w| set.contains(w));
    // `שני` before a plural or a number is two, not second.
    let counting = |i: usize| {
        words.get(i).is_some_and(|w| COUNTS.contains(&w.as_str()))
            // Tokens fold final letters: `הרוגים` is `הרוגימ`.
            && words.get(i + 1).is_some_and(|next| {
                next.ends_with("ימ")
                    || next.ends_with("ות")
                    || next.chars().next().is_some_and(|c| c.is_ascii_digit())
            })
    };
    (0..words.len()).any(|i| {
        if !incident(&words[i]) || (i.saturating_sub(FEAR_WORDS)..i).any(|j| exact(&cues.fear, j)) {
            return false;
        }
        let before = i > 0 && exact(&cues.before, i - 1);
        // `פיגוע נוסף`, `פיגוע דקירה נוסף`: the noun and its kind, then the cue.
        let after = (exact(&cues.after, i + 1) && !counting(i + 1))
            || (exact(&cues.after, i + 2)
                && !counting(i + 2)
                && words.get(i + 1).is_some_and(&incident));
        let between = exact(&cues.between, i + 1) && words.get(i + 2).is_some_and(&incident);
        before || after || between
    })
}

/// The earliest time an article of a cluster named another incident, if one did.
pub(super) type AnotherAt = Option<DateTime<Utc>>;

/// A cluster that began this little before the first article naming another incident may be
/// that incident's own first reports, told by outlets that did not say "another" (`פיגוע
/// שני בצומת` an outlet's later headline for the attack others had reported).
const RECENT_MINUTES: i64 = 120;

/// Whether two clusters, each beginning at its `first_at` with its earliest article naming
/// another incident at its [`AnotherAt`], tell two incidents: one holds such an article and
/// the other began well before it ([`RECENT_MINUTES`]) and holds none.
pub(super) fn conflict(
    a_first: DateTime<Utc>,
    a_another: AnotherAt,
    b_first: DateTime<Utc>,
    b_another: AnotherAt,
) -> bool {
    let older = |first: DateTime<Utc>, another: AnotherAt, mark: AnotherAt| {
        another.is_none()
            && mark.is_some_and(|m| {
                m.signed_duration_since(first) > chrono::Duration::minutes(RECENT_MINUTES)
            })
    };
    older(a_first, a_another, b_another) || older(b_first, b_another, a_another)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn the_cues_of_another_incident() {
        for yes in [
            "פיגוע אחרי פיגוע: 0 נדקרו בגוש עציון",
            "פיגוע רודף פיגוע: בת 0 נפצעה אנוש",
            "פיגוע רודף פיגוע פיגוע דקירה בגוש עציון: בת 0 נרצחה",
            "עוד פיגוע דקירה: נערה בת 0 נפטרה מפצעיה, שניים במצב קל",
            "פיגוע שני בבירה: מצוד אחר רוכב אופנוע שירה בחייל",
            "עוד תקרית בצפון: שני חיילים נפצעו בפיצוץ",
            "תוך יומיים, פיגוע שני בצומת הגוש",
            "ארוע נוסף בבירה פעיל ימין נפצע קשה מירי בירושלים",
            "חשד לפיגוע נוסף בצרפת: שוטרים נפצעו מירי",
            "פיגוע דקירה נוסף בירושלים",
            "Another stabbing attack in Jerusalem, two wounded",
            "Second stabbing attack in the capital today",
        ] {
            assert!(names_another(yes), "{yes}");
        }
        for no in [
            "פיגוע דקירה בגוש עציון: בת 0 נרצחה",
            "תיעוד פיגוע הדקירה בגוש עציון",
            "חשש לפיגוע נוסף הודקה האבטחה סביב מוסדות יהודיים",
            "מסר מאיים דאע\"ש: \"נבצע עוד פיגועים בצרפת\"",
            "חיל האוויר תקף; צפו בתיעוד מתקרית החדירה",
            "עוד שני חיילים נפצעו",
            "פיגוע דריסה: שני הרוגים",
            "תאונה: שני הרוגים בכביש 90",
            "פיגוע שני פצועים בירושלים",
            "חשש מפני פיגוע נוסף בבירה",
            "Police warn of another attack in the capital",
            "Fears of another attack in Europe",
            "תקרית חמורה בצפון: נפגעים מירי נ\"ט על רכב צבאי, ירי נוסף לחרמון",
            "מטח נוסף לעוטף עזה",
            "הפיגוע בתל אביב: החייל מת מפצעיו; פיגוע נוסף נמנע בגוש",
            "שני חיילים נפצעו בפיגוע",
            "Stabbing attack in Jerusalem: police search for a second suspect",
        ] {
            assert!(!names_another(no), "{no}");
        }
    }

    /// An afternoon written for this test: a stabbing attack at noon, told by four outlets,
    /// and the first report of another five hours later that names no place. Returns the
    /// clusters of the articles.
    fn another_attack(another_incidents: bool) -> Vec<i64> {
        use crate::cluster::eval::cluster_written;
        use crate::cluster::Params;
        let p = Params {
            another_incidents,
            ..Params::default()
        };
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap();
        let headlines = [
            (0, "a", "חשד לפיגוע: צעיר נדקר בתחנת הרכבת, מצבו קשה"),
            (15, "b", "פיגוע דקירה בתחנת הרכבת: חייל נפצע קשה"),
            (30, "c", "פיגוע דקירה: חייל נדקר בתחנת הרכבת, מצבו קשה"),
            (45, "d", "פיגוע דקירה בתחנת הרכבת: החייל נפצע באורח קשה"),
            (300, "b", "פיגוע אחרי פיגוע: שלושה נדקרו, אחד מהם קשה"),
        ];
        cluster_written(p, t, &headlines)
    }

    #[test]
    fn another_attacks_first_report_opens_its_own_story() {
        let got = another_attack(true);
        assert!(got[..4].iter().all(|c| *c == got[0]), "{got:?}");
        assert_ne!(got[4], got[0]);
        // Without the cue it matches the first attack's words.
        let got = another_attack(false);
        assert_eq!(got[4], got[0]);
    }

    #[test]
    fn a_cluster_older_than_another_incident_and_without_one_is_another_story() {
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
        let h = |n: i64| t + Duration::hours(n);
        // The first attack's cluster (noon), the second's (its first report at five).
        assert!(conflict(h(0), None, h(5), Some(h(5))));
        assert!(conflict(h(5), Some(h(5)), h(0), None));
        // A cluster that began after the report of the second incident, or just before it,
        // may be its coverage.
        assert!(!conflict(h(6), None, h(5), Some(h(5))));
        assert!(!conflict(h(4), None, h(5), Some(h(5))));
        // Neither names another incident, or both do.
        assert!(!conflict(h(0), None, h(5), None));
        assert!(!conflict(h(0), Some(h(1)), h(5), Some(h(5))));
    }
}
