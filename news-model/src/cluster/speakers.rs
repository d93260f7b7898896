//! A speaker's headline: `נתניהו: "חמאס לא השיג אף אחת מדרישותיו"`, `נתניהו על אחוזי
//! ההצבעה במגזר הערבי: ...`, `Netanyahu on the siege: ...`. By the labelling rules a
//! leader's reaction to an event is a story of its own, and the reaction's words are the
//! event's words: `אחוזי ההצבעה` took the reaction into the turnout's cluster. A speaker's
//! headline joins only a cluster where the speaker is named by [`Params::speaker_share`] of
//! the articles or more: their other statements, or the event they are the news of. The
//! guard is asked when the headline arrives: a lone statement may still be brought along
//! later by an article it would rejoin, or by a merge (asked there too, the guard cost the
//! tuning windows 0.804 → 0.796: `docs/clustering-studies.md`, "A speaker's statement").

use super::features::{Feature, Kind};
use super::online::Clusterer;
use super::open_cluster::Cluster;
#[cfg(doc)]
use super::params::Params;
use crate::people::PeopleMatcher;

/// Most words a speaker's label has before its colon (`נתניהו במטה הליכוד:`).
const LABEL_WORDS: usize = 4;

/// The person of the registry who speaks in `headline` (read without its outlet's
/// kickers): named by its first words, without prefix letters, then a colon within
/// four words (`LABEL_WORDS`; not one between digits, `20:00`) before which no one else is
/// named, or `על` / `on` right after the name.
pub fn speaker_of(headline: &str, people: &PeopleMatcher) -> Option<i64> {
    let headline = headline.trim_start();
    // Most headlines are no statement: the registry is not read for them.
    if !headline.contains(':') && !headline.contains(" על ") && !headline.contains(" on ") {
        return None;
    }
    let tokens = crate::search::tokens(headline);
    let (id, span) = people.first_named(&tokens)?;
    if tokens.get(span.end).is_some_and(|t| t == "על" || t == "on") {
        return Some(id);
    }
    let label = crate::search::tokens(&headline[..label_colon(headline)?]);
    if label.len() > LABEL_WORDS || label.len() < span.end {
        return None;
    }
    // `נתניהו והרצוג:` is no one's statement.
    let others = people
        .find_all_in_tokens(&label)
        .named
        .iter()
        .any(|(other, _)| *other != id);
    (!others).then_some(id)
}

/// The byte offset of the first colon of `text` that is not between two digits.
fn label_colon(text: &str) -> Option<usize> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    chars.iter().enumerate().find_map(|(k, (at, c))| {
        let digit = |j: Option<&(usize, char)>| j.is_some_and(|(_, d)| d.is_ascii_digit());
        let between = k > 0 && digit(chars.get(k - 1)) && digit(chars.get(k + 1));
        (*c == ':' && !between).then_some(*at)
    })
}

/// Where among an article's features `raw` its speaker's person feature is (`None` when
/// it has no speaker, or the person weighs nothing).
pub(super) fn speaker_index(speaker: Option<i64>, raw: &[(Feature, f32)]) -> Option<usize> {
    let value = speaker?.to_string();
    raw.iter()
        .position(|(f, _)| f.kind == Kind::Person && f.value == value)
}

impl Clusterer<'_> {
    /// Whether a headline of `speaker` (the feature id of the person) may join `c`.
    pub(super) fn speaker_fits(&self, c: &Cluster, speaker: u32) -> bool {
        let bar = self.params.speaker_share * c.size as f32;
        c.sum
            .binary_search_by_key(&speaker, |x| x.0)
            .is_ok_and(|i| c.held[i] as f32 >= bar)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::features::builtin_people;
    use chrono::{TimeZone, Utc};

    /// An election afternoon written for this test: four outlets report the turnout, then
    /// the prime minister speaks of it. Returns the clusters of the articles.
    fn reaction_to_the_turnout(speaker_share: f32) -> Vec<i64> {
        use crate::cluster::eval::cluster_written;
        use crate::cluster::Params;
        let p = Params {
            speaker_share,
            ..Params::default()
        };
        let t = Utc.with_ymd_and_hms(2026, 3, 17, 12, 0, 0).unwrap();
        let headlines = [
            (0, "a", "אחוזי ההצבעה במגזר הערבי: 40% הצביעו עד כה"),
            (15, "b", "זינוק באחוזי ההצבעה במגזר הערבי"),
            (30, "c", "אחוזי ההצבעה במגזר הערבי גבוהים מבבחירות הקודמות"),
            (45, "d", "אחוזי הצבעה גבוהים במגזר הערבי"),
            (
                90,
                "b",
                "נתניהו על אחוזי ההצבעה הגבוהים במגזר הערבי: \"שלטון הימין בסכנה\"",
            ),
            (
                105,
                "c",
                "נתניהו: \"שלטון הימין בסכנה, המצביעים הערבים נעים לקלפי\"",
            ),
        ];
        cluster_written(p, t, &headlines)
    }

    #[test]
    fn a_leaders_reaction_does_not_join_the_event_it_speaks_of() {
        let got = reaction_to_the_turnout(0.5);
        assert!(got[..4].iter().all(|c| *c == got[0]), "{got:?}");
        assert_ne!(got[4], got[0]);
        // His next statement joins his first, where he is the news.
        assert_eq!(got[5], got[4]);
        // Without the rule its words are the turnout's.
        let got = reaction_to_the_turnout(0.0);
        assert_eq!(got[4], got[0]);
    }

    #[test]
    fn asking_whether_a_speakers_first_statement_joins_answers_as_adding_does() {
        use crate::cluster::{Clusterer, Concepts, Params};
        use chrono::Duration;
        let t = Utc.with_ymd_and_hms(2026, 3, 17, 12, 0, 0).unwrap();
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        for (k, h) in [
            "אחוזי ההצבעה במגזר הערבי: 40% הצביעו עד כה",
            "זינוק באחוזי ההצבעה במגזר הערבי",
            "אחוזי ההצבעה במגזר הערבי גבוהים מבבחירות הקודמות",
        ]
        .iter()
        .enumerate()
        {
            c.add_article(k as i64, t + Duration::minutes(15 * k as i64), "a", h, "");
        }
        // No open cluster names him yet: his feature has no id until he is added.
        let reaction = "נתניהו על אחוזי ההצבעה הגבוהים במגזר הערבי: \"שלטון הימין בסכנה\"";
        let at = t + Duration::minutes(90);
        let features = c.features(reaction, "");
        let asked = c.would_join(at, "b", reaction, &features);
        let added = c.add_article(9, at, "b", reaction, "");
        assert_eq!(asked, !added.opened);
        assert!(added.opened);
    }

    #[test]
    fn a_speaker_is_named_first_then_speaks() {
        let p = builtin_people();
        let netanyahu = speaker_of("נתניהו: \"חמאס לא השיג אף אחת מדרישותיו\"", p);
        assert!(netanyahu.is_some());
        assert_eq!(
            speaker_of(
                "נתניהו על אחוזי ההצבעה הגבוהים במגזר הערבי: \"שלטון הימין בסכנה\"",
                p
            ),
            netanyahu
        );
        assert_eq!(
            speaker_of("Netanyahu on the cafe siege: we pray", p),
            netanyahu
        );
        assert_eq!(
            speaker_of("נתניהו במטה הליכוד: \"השגנו ניצחון גדול\"", p),
            netanyahu
        );
        // An edit's second speaker is not read.
        assert_eq!(
            speaker_of("נתניהו: אקים ממשלה בקרוב; הרצוג: נמשיך להיאבק", p),
            netanyahu
        );
        // Named, but not as the speaker.
        assert_eq!(speaker_of("הערכות: קרב צמוד בין נתניהו להרצוג", p), None);
        assert_eq!(speaker_of("נתניהו והרצוג בקרב צמוד", p), None);
        assert_eq!(
            speaker_of("נתניהו והרצוג: קרב צמוד עד הרגע האחרון", p),
            None
        );
        assert_eq!(speaker_of("לנתניהו: \"אל תוותר\"", p), None);
        assert_eq!(speaker_of("נתניהו ביקר בבית החולים ודיבר על המצב", p), None);
        assert_eq!(speaker_of("נתניהו ינאם הערב ב-20:00 בכנסת", p), None);
        assert_eq!(
            speaker_of("נתניהו ביקר הבוקר בבית החולים ואמר: \"נמשיך\"", p),
            None,
            "a colon after more than four words"
        );
    }
}
