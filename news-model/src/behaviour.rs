//! A newsroom's editorial behaviour and profile, measured from its stored articles over a
//! 30-day window (spec, "Activity": `behaviour`; "Newsroom": `profile`).
//!
//! - `stories`: stories it took part in;
//! - `bylineRate`: share of its articles with a byline;
//! - `originalRate`: share of its articles that were the first on their story;
//! - `opinionShare`: share marked as opinion or analysis (category or headline: `Opinion`,
//!   `Analysis`, `דעה`, `פרשנות`, `טור`, …);
//! - `pressReleaseShare`: share marked as a press release or announcement (category, headline
//!   or byline: `press release`, `spokesperson`, `הודעה לעיתונות`, `דוברות`, …);
//! - `medianLagMinutes`: median, over its stories, of the minutes between the story's first
//!   article (any newsroom) and its own first.
//!
//! The profile (its shape is ours, the spec leaves it open): articles per day, the share of
//! each desk, the languages it publishes in.

use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

use crate::reference::{Lang, Topic};
use crate::types::Behaviour;

/// The window of behaviour and profile.
pub const WINDOW_DAYS: u32 = 30;

/// What behaviour reads of one article: its text is read once, when the article is stored
/// ([`Marks::of`], and its desk), because every refresh measures a month of articles.
#[derive(Debug, Clone, Copy)]
pub struct ArticleFacts<'a> {
    pub source: &'a str,
    pub story_id: i64,
    pub published_at: DateTime<Utc>,
    pub topic: Topic,
    pub language: Lang,
    pub marks: Marks,
}

/// What an article's byline, category and headline say of how it was written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marks {
    /// A byline that is not blank.
    pub byline: bool,
    /// Marked as opinion or analysis (category or headline).
    pub opinion: bool,
    /// Marked as a press release or announcement (category, headline or byline).
    pub press_release: bool,
}

impl Marks {
    /// The marks of an article's headline, byline and category.
    pub fn of(headline: &str, byline: Option<&str>, category: Option<&str>) -> Marks {
        Marks {
            byline: byline.is_some_and(|b| !b.trim().is_empty()),
            opinion: marked(&[category, Some(headline)], &OPINION_MARKERS),
            press_release: marked(&[category, Some(headline), byline], &PRESS_RELEASE_MARKERS),
        }
    }

    /// As stored: one bit per mark.
    pub fn bits(self) -> i64 {
        i64::from(self.byline) | i64::from(self.opinion) << 1 | i64::from(self.press_release) << 2
    }

    /// From [`Marks::bits`].
    pub fn from_bits(bits: i64) -> Marks {
        Marks {
            byline: bits & 1 != 0,
            opinion: bits & 2 != 0,
            press_release: bits & 4 != 0,
        }
    }
}

const OPINION: &[&str] = &[
    "opinion",
    "op-ed",
    "oped",
    "analysis",
    "commentary",
    "column",
    "editorial",
    "viewpoint",
    "דעה",
    "דעות",
    "פרשנות",
    "טור",
    "מאמר",
    "מאמרי",
    "ניתוח",
    "מבט",
];
const PRESS_RELEASE: &[&str] = &[
    "press release",
    "press statement",
    "spokesperson",
    "spokesman",
    "announcement",
    "sponsored",
    "הודעה לעיתונות",
    "הודעת דוברות",
    "דוברות",
    "דובר",
    "תוכן שיווקי",
    "בשיתוף",
];

/// Whether a marker phrase stands as whole words in one of `texts`.
fn marked(texts: &[Option<&str>], markers: &AhoCorasick) -> bool {
    texts.iter().flatten().any(|t| {
        markers.find_overlapping_iter(*t).any(|m| {
            let before = t[..m.start()].chars().next_back();
            let after = t[m.end()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    })
}

/// Marker phrases as one automaton: every refresh reads a month of each newsroom's articles,
/// and searching them phrase by phrase (a lower-cased copy of each text, a substring search
/// per phrase) was most of that reading. English case is ignored; Hebrew has none. The
/// search is overlapping (the standard match kind): a phrase that fails the word bounds
/// (`דובר` inside `דוברות`) must not hide another that passes them.
fn automaton(phrases: &[&str]) -> AhoCorasick {
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(phrases)
        .expect("marker phrases build an automaton")
}

static OPINION_MARKERS: LazyLock<AhoCorasick> = LazyLock::new(|| automaton(OPINION));
static PRESS_RELEASE_MARKERS: LazyLock<AhoCorasick> = LazyLock::new(|| automaton(PRESS_RELEASE));

fn share(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        ((n as f64 / of as f64) * 1000.0).round() / 1000.0
    }
}

/// Behaviour and profile of one newsroom.
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    pub behaviour: Behaviour,
    pub profile: Value,
}

/// The behaviour and profile of every newsroom that published in the window ending at
/// `now`, from all newsrooms' `articles` (the lag needs the others), in one pass over them:
/// a refresh measures every newsroom over a month of articles.
pub fn measure_all<'a>(
    articles: &[ArticleFacts<'a>],
    now: DateTime<Utc>,
) -> BTreeMap<&'a str, Measures> {
    let from = now - Duration::days(i64::from(WINDOW_DAYS));
    let in_window = |a: &&ArticleFacts<'a>| a.published_at >= from && a.published_at <= now;
    // First article of each story (any newsroom).
    let mut story_first: HashMap<i64, DateTime<Utc>> = HashMap::new();
    let mut own: HashMap<&'a str, Vec<&ArticleFacts<'a>>> = HashMap::new();
    for a in articles.iter().filter(in_window) {
        let e = story_first.entry(a.story_id).or_insert(a.published_at);
        *e = (*e).min(a.published_at);
        own.entry(a.source).or_default().push(a);
    }
    own.into_iter()
        .map(|(source, own)| {
            let measures = Measures {
                behaviour: behaviour_of(&own, &story_first, now),
                profile: profile_of(&own),
            };
            (source, measures)
        })
        .collect()
}

/// One newsroom's behaviour from its articles of the window (at least one) and the first
/// article of every story.
fn behaviour_of(
    own: &[&ArticleFacts<'_>],
    story_first: &HashMap<i64, DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Behaviour {
    // This newsroom's first article in each of its stories.
    let mut own_first: BTreeMap<i64, DateTime<Utc>> = BTreeMap::new();
    for a in own {
        let e = own_first.entry(a.story_id).or_insert(a.published_at);
        *e = (*e).min(a.published_at);
    }
    let originals = own
        .iter()
        .filter(|a| story_first.get(&a.story_id) == Some(&a.published_at))
        .count();
    let mut lags: Vec<f64> = own_first
        .iter()
        .filter_map(|(story, at)| {
            story_first
                .get(story)
                .map(|first| (*at - *first).num_seconds() as f64 / 60.0)
        })
        .collect();
    lags.sort_by(f64::total_cmp);
    let median = match lags.len() {
        0 => 0.0,
        n if n % 2 == 1 => lags[n / 2],
        n => (lags[n / 2 - 1] + lags[n / 2]) / 2.0,
    };
    let n = own.len();
    let count = |mark: fn(Marks) -> bool| own.iter().filter(|a| mark(a.marks)).count();
    Behaviour {
        window_days: WINDOW_DAYS,
        stories: u32::try_from(own_first.len()).unwrap_or(u32::MAX),
        byline_rate: share(count(|m| m.byline), n),
        original_rate: share(originals, n),
        opinion_share: share(count(|m| m.opinion), n),
        press_release_share: share(count(|m| m.press_release), n),
        median_lag_minutes: (median * 10.0).round() / 10.0,
        computed_at: now,
    }
}

/// One newsroom's profile from its articles of the window.
fn profile_of(own: &[&ArticleFacts<'_>]) -> Value {
    let mut desks: BTreeMap<&str, usize> = BTreeMap::new();
    let mut langs: BTreeMap<&str, usize> = BTreeMap::new();
    for a in own {
        *desks.entry(a.topic.as_str()).or_insert(0) += 1;
        *langs.entry(a.language.as_str()).or_insert(0) += 1;
    }
    let n = own.len();
    let shares = |m: BTreeMap<&str, usize>| -> Value {
        m.into_iter()
            .map(|(k, v)| (k.to_string(), json!(share(v, n))))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    json!({
        "windowDays": WINDOW_DAYS,
        "articles": n,
        "articlesPerDay": ((n as f64 / f64::from(WINDOW_DAYS)) * 100.0).round() / 100.0,
        "topics": shares(desks),
        "languages": shares(langs),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn markers_are_whole_words_in_any_english_case() {
        let opinion = |t: &str| marked(&[None, Some(t)], &OPINION_MARKERS);
        let release = |t: &str| marked(&[Some(t)], &PRESS_RELEASE_MARKERS);
        assert!(opinion("OPINION: the budget"));
        assert!(opinion("Analysis — what the vote means"));
        assert!(!opinion("An opinionated budget"));
        assert!(opinion("פרשנות: מה זה אומר"));
        // `דובר` inside `דוברות` fails the word bounds; `דוברות` itself passes them.
        assert!(release("הודעת דוברות המשטרה"));
        assert!(release("מסר דוברות"));
        assert!(!release("מדוברת בהחלטה"));
        assert!(release("Press Release: new fund"));
        assert!(!release("spokespersons' day"));
    }

    #[test]
    fn marks_keep_their_bits() {
        for bits in 0..8 {
            assert_eq!(Marks::from_bits(bits).bits(), bits);
        }
        let m = Marks::of("Opinion: a press release", Some("  "), None);
        assert_eq!((m.byline, m.opinion, m.press_release), (false, true, true));
    }

    #[test]
    fn rates_and_lag() {
        let t = |m: i64| Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap() + Duration::minutes(m);
        let a = |source, story, m, headline, byline, category| ArticleFacts {
            source,
            story_id: story,
            published_at: t(m),
            topic: Topic::Politics,
            language: Lang::He,
            marks: Marks::of(headline, byline, category),
        };
        let articles = [
            a("ynet", 1, 0, "התקציב אושר", Some("כתב"), None),
            a("kan", 1, 30, "התקציב אושר בכנסת", None, None),
            a(
                "kan",
                2,
                60,
                "פרשנות: מה זה אומר",
                Some("פרשן"),
                Some("דעות"),
            ),
            a("ynet", 2, 90, "הודעה לעיתונות: משרד האוצר", None, None),
            a("kan", 3, 100, "Opinion: a budget of growth", None, None),
        ];
        let now = t(200);
        let all = measure_all(&articles, now);
        let k = &all["kan"].behaviour;
        assert_eq!(k.stories, 3);
        assert_eq!(k.byline_rate, 0.333);
        // kan was first on stories 2 and 3.
        assert_eq!(k.original_rate, 0.667);
        assert_eq!(k.opinion_share, 0.667);
        // Lags: story 1 30 min, stories 2 and 3 0 min → median 0.
        assert_eq!(k.median_lag_minutes, 0.0);
        let y = &all["ynet"].behaviour;
        assert_eq!(y.press_release_share, 0.5);
        assert_eq!(y.median_lag_minutes, 15.0);
        assert!(!all.contains_key("haaretz"));
        assert_eq!(all.keys().copied().collect::<Vec<_>>(), ["kan", "ynet"]);
        // Out of the window: a month on, nothing is measured.
        assert!(measure_all(&articles, now + Duration::days(31)).is_empty());
        let p = &all["kan"].profile;
        assert_eq!(p["articles"], 3);
        assert_eq!(p["topics"]["politics"], 1.0);
    }
}
