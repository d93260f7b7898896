//! A headline's clauses: its lead, up to the first `;` or `■`, and the clauses after it.
//!
//! Editors lead with the story and append another update after a semicolon or a block mark:
//! `הפסקת האש נכנסה לתוקפה; הרוג מפצמ"ר באשכול` is the ceasefire's headline, whose second
//! clause names the day's other event; `תיקו בין הליכוד למחנה הציוני ■ נתניהו: ניצחנו בגדול`
//! is the exit polls', not the winner's speech. The clusterer sets the clauses after the lead
//! aside ([`super::Weights::tail`], 0 by default), so that a headline goes with the story it
//! leads with and does not bridge it to the story it mentions; a story's sketch for threads
//! over days keeps them ([`super::features::sketch`]).

/// The marks that end a headline's lead clause.
const CLAUSE_MARKS: [char; 2] = [';', '■'];

/// `headline` cut at its first clause mark: the lead, and the rest after the mark (`None`
/// when the headline has no clause mark).
///
/// ```
/// use lashon_news::cluster::clauses::lead_of;
///
/// assert_eq!(
///     lead_of("הפסקת האש נכנסה לתוקפה; הרוג מפצמ\"ר באשכול"),
///     ("הפסקת האש נכנסה לתוקפה", Some(" הרוג מפצמ\"ר באשכול"))
/// );
/// assert_eq!(lead_of("הקלפיות נפתחו ברחבי הארץ"), ("הקלפיות נפתחו ברחבי הארץ", None));
/// ```
pub fn lead_of(headline: &str) -> (&str, Option<&str>) {
    match headline
        .char_indices()
        .find(|(_, c)| CLAUSE_MARKS.contains(c))
    {
        Some((at, mark)) => (&headline[..at], Some(&headline[at + mark.len_utf8()..])),
        None => (headline, None),
    }
}

#[cfg(test)]
mod tests {
    use super::lead_of;

    #[test]
    fn the_lead_ends_at_the_first_semicolon_or_block_mark() {
        assert_eq!(
            lead_of("תיקו בין הליכוד למחנה הציוני ■ נתניהו: ניצחנו בגדול ■ ריבלין: צריך אחדות"),
            (
                "תיקו בין הליכוד למחנה הציוני ",
                Some(" נתניהו: ניצחנו בגדול ■ ריבלין: צריך אחדות")
            )
        );
        assert_eq!(lead_of("a; b; c"), ("a", Some(" b; c")));
        assert_eq!(lead_of(";"), ("", Some("")));
        assert_eq!(lead_of(""), ("", None));
        // A colon or a dash is no clause mark: a label and its headline are one clause.
        assert_eq!(
            lead_of("רצח הנערים: כל השאלות - על ליל החטיפה"),
            ("רצח הנערים: כל השאלות - על ליל החטיפה", None)
        );
    }
}

#[cfg(test)]
mod clustering_tests {
    use crate::cluster::eval::cluster_written;
    use crate::cluster::{Params, Weights};
    use chrono::{TimeZone, Utc};

    /// An evening written for this test: two outlets report a ceasefire, two others a mortar
    /// death in the Eshkol council, then a fifth leads with the ceasefire and appends the
    /// death after a semicolon. Returns the clusters.
    fn evening(tail: f32) -> Vec<i64> {
        let reports = [
            (0, "a", "הפסקת אש בעזה נכנסה לתוקף הערב"),
            (10, "b", "הפסקת האש בעזה נכנסה לתוקפה בשעה שבע"),
            (20, "c", "הרוג מפגיעת פצמ\"ר במועצה האזורית אשכול"),
            (30, "d", "פצמ\"ר פגע במועצה האזורית אשכול: אדם נהרג"),
            (
                40,
                "e",
                "הפסקת האש נכנסה לתוקפה; הרוג מפצמ\"ר במועצה האזורית אשכול",
            ),
        ];
        let p = Params {
            weights: Weights {
                tail,
                ..Weights::default()
            },
            ..Params::default()
        };
        cluster_written(
            p,
            Utc.with_ymd_and_hms(2026, 3, 1, 18, 0, 0).unwrap(),
            &reports,
        )
    }

    #[test]
    fn a_headline_goes_with_the_story_it_leads_with() {
        let got = evening(Weights::default().tail);
        assert_eq!(got[0], got[1], "{got:?}");
        assert_eq!(got[2], got[3], "{got:?}");
        assert_ne!(got[0], got[2], "{got:?}");
        assert_eq!(got[4], got[0], "{got:?}");
        // Its clauses weighed alike, the appended death takes it (the rule decides).
        let alike = evening(1.0);
        assert_eq!(alike[4], alike[2], "{alike:?}");
    }
}
