//! Stages of a scheduled event: an election day is covered as a sequence of stories told in
//! the same words (the polls opening, the turnout reports, the exit polls, the count), and
//! the labelling rules of the development set name them as separate stories
//! (`../shared/data/clustering-dev/README.md`: "election-day turnout, exit polls and the
//! winner's speech"). What tells them apart is not the day's vocabulary (`קלפי`, `הצבעה`,
//! `בחירות`, which every one of them holds) but the stage's own word: `נפתחו`, `שיעור
//! ההצבעה` or a percentage, `מדגם`, `ספירת הקולות`, and the winner's speech (`נאום
//! הניצחון`), which the night's results tell in its words (`ניצחון גדול לליכוד`).
//!
//! An article names a stage when it is about voting and holds the cue words of exactly one
//! stage ([`stage_of`]); an article naming two is left without one, and one about voting
//! that names none is marked as such. A cluster's stages are those its articles name; an
//! article does not join, and two clusters do not merge, when both name stages and none in
//! common, or when the article names a stage and the cluster is about voting but names
//! none: the race's assessments before the polls close (`קרב צמוד בין נתניהו להרצוג`) are
//! not the exit polls that say the same ([`conflict`]). Articles that name no stage (a
//! candidate's statement, a column) are never held apart by this rule.
//!
//! ```
//! use lashon_news::cluster::stages::{conflict, stage_of};
//!
//! let opening = stage_of("הקלפיות נפתחו ברחבי הארץ");
//! let turnout = stage_of("אחוז ההצבעה עד 10:00: 14.2%");
//! assert!(conflict(opening, turnout));
//! assert_eq!(stage_of("הכנסת אישרה את התקציב בקריאה ראשונה"), 0);
//! ```
//!
//! A stage's report also follows its outlet's previous headline (the sequence and edit rules)
//! only into a cluster of its stage when one is open: an outlet's lead moving on to the
//! turnout is a new story.
//!
//! Measured on the labelled real windows (`docs/clustering-studies.md`): the tuning windows'
//! precision 0.838 → 0.871 (F1 0.709 → 0.741 with the weather rule, 0.713 without), the four
//! windows in one stream 0.897 → 0.918; with voting that names no stage held apart from the
//! stages, 0.886 (F1 0.755) and 0.925 (F1 0.841). No other set holds an election day, and
//! none moved. The winner's speech as a stage: the election day's precision 0.884 → 0.905
//! alone, 0.907 → 0.914 in the four windows' stream, recall unchanged.

// foldhash: these cue lists are asked for every reading of every headline word (SipHash was
// most of their time).
use foldhash::HashSet;
use std::sync::LazyLock;

use super::online::Clusterer;
use crate::search::{form_slices, tokens};

/// A stage's bit in a cluster's set of stages.
pub type Stages = u8;

/// The polls open.
const OPEN: Stages = 1;
/// Turnout reports during the day.
const TURNOUT: Stages = 1 << 1;
/// The polls close: the exit polls.
const EXIT_POLLS: Stages = 1 << 2;
/// The count: the real results.
const COUNT: Stages = 1 << 3;
/// The winner's speech (`נאום הניצחון`), which the night's first results share their words
/// with (`ניצחון גדול לליכוד`).
const SPEECH: Stages = 1 << 5;
/// Not a stage: about voting and naming none (a candidate's appeal, the race's
/// assessments).
const UNSTAGED: Stages = 1 << 4;
/// The stages proper.
const NAMED: Stages = OPEN | TURNOUT | EXIT_POLLS | COUNT | SPEECH;

/// Words that make a headline one about voting (plain words: one prefix letter off).
const VOTING: &[&str] = &[
    "קלפי",
    "קלפיות",
    "הצבעה",
    "הצבעת",
    "הצביעו",
    "מצביעים",
    "בחירות",
    "בוחר",
    "בוחרת",
    "קולות",
    "election",
    "elections",
    "vote",
    "votes",
    "voting",
    "voters",
    "polls",
    "ballot",
    "ballots",
    // The count's unit: a results headline names no other voting word (`הליכוד מגדילה את
    // הפער: 30 לעומת 24 מנדטים`).
    "מנדטים",
    // The exit polls are the election's own word.
    "מדגם",
    "מדגמים",
    "מדגמי",
];

/// Each stage's cue words.
const CUES: &[(Stages, &[&str])] = &[
    (
        OPEN,
        &[
            "נפתחו",
            "ייפתחו",
            "נפתחות",
            "יפתחו",
            "opened",
            "open",
            "opens",
        ],
    ),
    (TURNOUT, &["אחוז", "אחוזי", "אחוזים", "שיעור", "turnout"]),
    (
        EXIT_POLLS,
        &["מדגם", "מדגמים", "מדגמי", "נסגרו", "נסגרות", "exit"],
    ),
    (
        COUNT,
        &[
            "ספירת",
            "ספירה",
            "נספרו",
            "סופרים",
            "תוצאות",
            "results",
            "counted",
            "count",
        ],
    ),
];

/// The winner's speech is named by a speech and a victory together (`נאום הניצחון`,
/// "victory speech"), about voting or not: the night's speeches name no voting word.
/// Neither word alone: `ניצחון` is the results' word too, `נאום` any speech's; and not
/// `ניצחנו` ("we won"), a candidate's quote that heads the exit polls as well (`נתניהו:
/// ניצחנו בגדול`).
const SPEECH_NOUNS: &[&str] = &["נאום", "speech"];
const SPEECH_VICTORY: &[&str] = &["ניצחון", "victory"];

/// The cue lists as search tokens (lower case, Hebrew final letters folded), built once.
struct CueWords {
    voting: HashSet<String>,
    stages: Vec<(Stages, HashSet<String>)>,
    speech_nouns: HashSet<String>,
    speech_victory: HashSet<String>,
}

static CUE_WORDS: LazyLock<CueWords> = LazyLock::new(|| {
    let folded =
        |list: &[&str]| -> HashSet<String> { list.iter().flat_map(|w| tokens(w)).collect() };
    CueWords {
        voting: folded(VOTING),
        stages: CUES.iter().map(|(s, cues)| (*s, folded(cues))).collect(),
        speech_nouns: folded(SPEECH_NOUNS),
        speech_victory: folded(SPEECH_VICTORY),
    }
});

/// The stage a headline names, as a one-bit set (0: none). A percentage in a headline about
/// voting is a turnout figure, unless the headline names another stage (`0% מהקולות
/// נספרו`: the count).
pub fn stage_of(headline: &str) -> Stages {
    stage_of_words(&tokens(headline), headline.contains('%'))
}

/// [`stage_of`] for a headline read into search tokens already; `percent`: it holds a `%`.
pub(super) fn stage_of_words(words: &[String], percent: bool) -> Stages {
    let cues = &*CUE_WORDS;
    // Every reading of a word's prefix letters (`ובקלפיות`: `בקלפיות`, `קלפיות`): the cue
    // lists are short and exact.
    let has = |set: &HashSet<String>| {
        words
            .iter()
            .any(|w| form_slices(w).any(|f| set.contains(f)))
    };
    if has(&cues.speech_nouns) && has(&cues.speech_victory) {
        return SPEECH;
    }
    if !has(&cues.voting) {
        return 0;
    }
    let mut named: Stages = cues
        .stages
        .iter()
        .filter(|(_, set)| has(set))
        .fold(0, |s, (stage, _)| s | stage);
    if named == 0 && percent {
        named = TURNOUT;
    }
    match named.count_ones() {
        0 => UNSTAGED,
        1 => named,
        // Between two stages (`the turnout rose; the exit polls at ten`): neither.
        _ => 0,
    }
}

/// True when `stages` holds only stages of this table (a saved clusterer's, checked).
pub(super) fn known(stages: Stages) -> bool {
    stages & !(NAMED | UNSTAGED) == 0
}

/// True when `a` (an article's stage, or a cluster's stages as it takes another cluster in)
/// may not go with `b` (the cluster's): both name stages and none in common, or `a` names
/// a stage and `b` is about voting but names none (the race's assessments, a candidate's
/// appeal): different stories of the day. The other way round is no conflict: an article
/// about voting that names no stage (an outlet's election-day kicker, `ישראל בוחרת`) may
/// belong to a stage's story.
pub fn conflict(a: Stages, b: Stages) -> bool {
    let (named_a, named_b) = (a & NAMED, b & NAMED);
    if named_a == 0 {
        return false;
    }
    if named_b != 0 {
        named_a & named_b == 0
    } else {
        b & UNSTAGED != 0
    }
}

impl Clusterer<'_> {
    /// True when open cluster `id` holds a report of `stage` (never for stage 0).
    pub(super) fn holds_stage(&self, id: i64, stage: Stages) -> bool {
        stage & NAMED != 0
            && self
                .clusters
                .get(&id)
                .is_some_and(|c| c.stages & stage & NAMED != 0)
    }

    /// True when open cluster `id` names stages and none of `stages` ([`conflict`]).
    pub(super) fn stage_conflict(&self, id: i64, stages: Stages) -> bool {
        self.clusters
            .get(&id)
            .is_some_and(|c| conflict(stages, c.stages))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::eval::cluster_written;
    use crate::cluster::Params;
    use chrono::{DateTime, TimeZone, Utc};

    /// The clusters of `reports`' first three headlines and of the rest, with the stage
    /// rule on or off.
    fn first_three_and_rest(
        stages: bool,
        t0: DateTime<Utc>,
        reports: &[(i64, &str, &str)],
    ) -> (Vec<i64>, Vec<i64>) {
        let p = Params {
            stages,
            ..Params::default()
        };
        let got = cluster_written(p, t0, reports);
        (got[..3].to_vec(), got[3..].to_vec())
    }

    /// An election morning written for this test: three outlets report the polls opening,
    /// then the turnout. Returns the clusters of the opening reports and of the turnout's.
    fn election_morning(stages: bool) -> (Vec<i64>, Vec<i64>) {
        let t0: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 10, 27, 5, 0, 0).unwrap();
        let reports = [
            (
                0,
                "a",
                "הקלפיות נפתחו: אזרחי ישראל בוחרים היום את הכנסת ה-26",
            ),
            (15, "b", "הבחירות יצאו לדרך: הקלפיות נפתחו ברחבי הארץ"),
            (30, "c", "הקלפיות נפתחו, ראשי המפלגות כבר הצביעו"),
            (180, "a", "שלוש שעות מפתיחת הקלפיות: 14.2% הצביעו"),
            (
                195,
                "b",
                "שיעור ההצבעה בקלפיות עד 10:00 - 14.2%, עלייה לעומת הבחירות הקודמות",
            ),
            (300, "c", "אחוז ההצבעה בקלפיות נכון ל-12:00: 26.1% הצביעו"),
        ];
        first_three_and_rest(stages, t0, &reports)
    }

    #[test]
    fn the_polls_opening_and_the_turnout_are_two_stories() {
        let (opening, turnout) = election_morning(true);
        assert!(opening.iter().all(|c| *c == opening[0]), "{opening:?}");
        assert!(turnout.iter().all(|c| *c == turnout[0]), "{turnout:?}");
        assert_ne!(opening[0], turnout[0]);
        // Without the rule the day's words make them one.
        let (opening, turnout) = election_morning(false);
        assert!(turnout.contains(&opening[0]), "{opening:?} {turnout:?}");
    }

    /// An election evening written for this test: three outlets' assessments of a close
    /// race before the polls close, then their exit polls in the same words. Returns the
    /// clusters of the assessments and of the exit polls.
    fn election_evening(stages: bool) -> (Vec<i64>, Vec<i64>) {
        let t0: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 10, 27, 18, 0, 0).unwrap();
        let reports = [
            (0, "a", "שעה לסגירת הקלפיות: קרב צמוד בין נתניהו להרצוג"),
            (
                15,
                "b",
                "הערכות לקראת סגירת הקלפיות: קרב צמוד בין נתניהו להרצוג",
            ),
            (
                30,
                "c",
                "יום הבחירות: קרב צמוד בין נתניהו להרצוג בשעות האחרונות",
            ),
            (75, "a", "מדגמי הטלוויזיה: קרב צמוד בין נתניהו להרצוג"),
            (
                90,
                "b",
                "המדגמים: קרב צמוד בין נתניהו להרצוג, תיקו בין המפלגות",
            ),
            (90, "c", "מדגם ערוץ 12: קרב צמוד בין נתניהו להרצוג"),
        ];
        first_three_and_rest(stages, t0, &reports)
    }

    #[test]
    fn the_exit_polls_do_not_join_the_races_assessments_told_in_their_words() {
        let (race, polls) = election_evening(true);
        assert!(race.iter().all(|c| *c == race[0]), "{race:?}");
        assert!(polls.iter().all(|c| *c == polls[0]), "{polls:?}");
        assert_ne!(race[0], polls[0]);
        let (race, polls) = election_evening(false);
        assert!(polls.contains(&race[0]), "{race:?} {polls:?}");
    }

    /// An election night written for this test: three outlets report the winner's speech,
    /// then the count in the speech's words. Returns the clusters of the speech reports and
    /// of the count's.
    fn election_night(stages: bool) -> (Vec<i64>, Vec<i64>) {
        let t0: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 10, 27, 23, 0, 0).unwrap();
        let reports = [
            (0, "a", "נתניהו בנאום הניצחון: \"ניצחון גדול לליכוד\""),
            (
                15,
                "b",
                "נאום הניצחון של נתניהו: \"ניצחון גדול לליכוד ולעם\"",
            ),
            (30, "c", "נתניהו בנאום הניצחון: \"ניצחון גדול לעם ישראל\""),
            (240, "a", "ספירת הקולות: ניצחון גדול לליכוד, 30 מנדטים"),
            (255, "b", "תוצאות האמת: ניצחון גדול לליכוד, 30 מנדטים"),
            (270, "c", "לאחר ספירת 90% מהקולות: ניצחון גדול לליכוד"),
        ];
        first_three_and_rest(stages, t0, &reports)
    }

    #[test]
    fn the_winners_speech_and_the_count_told_in_its_words_are_two_stories() {
        let (speech, count) = election_night(true);
        assert!(speech.iter().all(|c| *c == speech[0]), "{speech:?}");
        assert!(count.iter().all(|c| *c == count[0]), "{count:?}");
        assert_ne!(speech[0], count[0]);
        let (speech, count) = election_night(false);
        assert!(count.contains(&speech[0]), "{speech:?} {count:?}");
    }

    #[test]
    fn an_election_days_stages_are_read_from_their_own_words() {
        assert_eq!(stage_of("הקלפיות נפתחו: מי ייבחר לכנסת ה-20"), OPEN);
        assert_eq!(stage_of("שלוש שעות מפתיחת הקלפיות: 14.5% הצביעו"), TURNOUT);
        assert_eq!(
            stage_of("זינוק בשיעור ההצבעה בהשוואה לבחירות הקודמות"),
            TURNOUT
        );
        assert_eq!(stage_of("מדגמי הטלוויזיה: נתניהו סגר את הפער"), EXIT_POLLS);
        assert_eq!(
            stage_of("מדגמי ערוצי הטלוויזיה לבחירות: קרב צמוד"),
            EXIT_POLLS
        );
        assert_eq!(
            stage_of("ספירת הקולות בעיצומה: הליכוד מגדילה את הפער"),
            COUNT
        );
        assert_eq!(stage_of("לאחר ספירת 90% מהקולות: יתרון לליכוד"), COUNT);
        assert_eq!(stage_of("Polls open in Israel's election"), OPEN);
        assert_eq!(stage_of("Turnout at 45% as Israelis vote"), TURNOUT);
        // The winner's speech: a speech and a victory, with or without a voting word.
        assert_eq!(
            stage_of("שידור ישיר: ראש הממשלה נתניהו בנאום הניצחון"),
            SPEECH
        );
        assert_eq!(
            stage_of("Netanyahu's victory speech: 'a great win'"),
            SPEECH
        );
        // A victory alone is the results' word, a quote heads the exit polls too.
        assert_eq!(
            stage_of("בניגוד למדגמים: ניצחון גדול לליכוד, 0 מנדטים הפרש"),
            EXIT_POLLS
        );
        assert_eq!(stage_of("נתניהו: ניצחנו בגדול"), 0);
        assert_eq!(stage_of("נתניהו: \"ניצחון גדול לליכוד\""), 0);
        // About voting, no stage named.
        assert_eq!(stage_of("שעה לסגירת הקלפיות: קרב צמוד"), UNSTAGED);
        assert_eq!(stage_of("ישראל בוחרת | הרצוג: צאו להצביע"), UNSTAGED);
        // Two stages named: neither.
        assert_eq!(stage_of("שיעור ההצבעה עלה; בעשר יפורסמו המדגמים"), 0);
        // Not about voting: a shop that opened, a survey's percentage.
        assert_eq!(stage_of("הסניף החדש נפתחו היום"), 0);
        assert_eq!(stage_of("סקר: 40% מהציבור מרוצים"), 0);
    }

    #[test]
    fn a_stage_conflicts_with_other_stages_and_with_voting_that_names_none() {
        assert!(conflict(OPEN, TURNOUT));
        assert!(conflict(SPEECH, COUNT));
        assert!(conflict(EXIT_POLLS, SPEECH));
        assert!(!conflict(OPEN, OPEN | TURNOUT));
        assert!(!conflict(OPEN, OPEN | UNSTAGED));
        assert!(!conflict(0, TURNOUT));
        assert!(!conflict(EXIT_POLLS, 0));
        assert!(conflict(EXIT_POLLS, UNSTAGED));
        // About voting without a stage may still join a stage's story.
        assert!(!conflict(UNSTAGED, EXIT_POLLS));
        assert!(!conflict(UNSTAGED, UNSTAGED));
    }
}
