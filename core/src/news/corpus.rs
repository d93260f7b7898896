//! A small scripted corpus, written for the project, so every endpoint answers with content in
//! tests and demos: nine newsrooms (one per side), six stories in Hebrew and English (one with
//! an English-only summary, one with a Hebrew-only headline), a three-instalment thread,
//! signal rows, changes, crawl runs, two people and a brief. Times are relative to `now`.

use chrono::{DateTime, Duration, Utc};
use lashon_news::record::{
    BriefItemRecord, BriefRecord, ChangeRecord, CrawlOutcome, CrawlRun, MemberRecord, PersonRecord,
    SignalRecord, ThreadRecord,
};
use lashon_news::types::{Alias, Behaviour, Framing, Gap, Newsroom, Signals};
use lashon_news::{Lang, Lean, Localized, Side, StoryState, Topic};

use super::memory::{MemoryNewsRepository, NewStory};
use super::repository::RepoError;

const ROOMS: [(&str, &str, Lang, Side, Lean, &str); 9] = [
    (
        "haaretz",
        "Haaretz",
        Lang::He,
        Side::Left,
        Lean::Left,
        "Tel Aviv",
    ),
    (
        "ynet",
        "Ynet",
        Lang::He,
        Side::Centre,
        Lean::Center,
        "Rishon LeZion",
    ),
    (
        "israelhayom",
        "Israel Hayom",
        Lang::He,
        Side::Right,
        Lean::Right,
        "Tel Aviv",
    ),
    (
        "hamodia",
        "Hamodia",
        Lang::He,
        Side::Haredi,
        Lean::Right,
        "Jerusalem",
    ),
    (
        "inn",
        "Arutz Sheva",
        Lang::En,
        Side::Religious,
        Lean::Right,
        "Beit El",
    ),
    (
        "panet",
        "Panet",
        Lang::He,
        Side::Arab,
        Lean::Unrated,
        "Nazareth",
    ),
    (
        "vesti",
        "Vesti",
        Lang::En,
        Side::Russian,
        Lean::Unrated,
        "Tel Aviv",
    ),
    (
        "globes",
        "Globes",
        Lang::He,
        Side::Business,
        Lean::Center,
        "Tel Aviv",
    ),
    (
        "gpo",
        "Government Press Office",
        Lang::En,
        Side::Official,
        Lean::Unrated,
        "Jerusalem",
    ),
];

struct Script {
    id: i64,
    en: Option<&'static str>,
    he: Option<&'static str>,
    summary_en: Option<&'static str>,
    summary_he: Option<&'static str>,
    topic: Topic,
    state: Option<StoryState>,
    thread: Option<i64>,
    entities: &'static [&'static str],
    /// (newsroom, minutes before now)
    articles: &'static [(&'static str, i64)],
}

const STORIES: [Script; 6] = [
    Script {
        id: 101,
        en: Some("Knesset passes the state budget in a night vote"),
        he: Some("הכנסת אישרה את תקציב המדינה בהצבעת לילה"),
        summary_en: Some("The budget passed its final readings after an all-night session."),
        summary_he: Some("התקציב עבר בקריאה שנייה ושלישית אחרי דיון לילי."),
        topic: Topic::Economy,
        state: Some(StoryState::Consensus),
        thread: Some(1),
        entities: &["Knesset", "כנסת", "Finance Ministry"],
        articles: &[
            ("ynet", 300),
            ("haaretz", 290),
            ("israelhayom", 280),
            ("globes", 270),
            ("gpo", 260),
            ("inn", 250),
        ],
    },
    Script {
        id: 102,
        en: Some("Heat wave expected across the coastal plain"),
        he: Some("צפוי גל חום במישור החוף"),
        summary_en: Some("Temperatures may reach 40 degrees on Thursday."),
        summary_he: None,
        topic: Topic::Weather,
        state: Some(StoryState::Developing),
        thread: None,
        entities: &["Israel Meteorological Service"],
        articles: &[("ynet", 200), ("vesti", 190)],
    },
    Script {
        id: 103,
        en: None,
        he: Some("עימות בוועדת החינוך על תקציב הישיבות"),
        summary_en: None,
        summary_he: Some("חברי ועדה מהאופוזיציה והקואליציה התעמתו על ההקצאה."),
        topic: Topic::Politics,
        state: Some(StoryState::Blindspot),
        thread: None,
        entities: &["ועדת החינוך"],
        articles: &[("haaretz", 150), ("hamodia", 140)],
    },
    Script {
        id: 104,
        en: Some("Start-up raises record seed round in Haifa"),
        he: Some("סטארט-אפ מחיפה גייס סבב סיד שיא"),
        summary_en: None,
        summary_he: None,
        topic: Topic::Tech,
        state: Some(StoryState::Undercovered),
        thread: None,
        entities: &["Haifa", "חיפה"],
        articles: &[("globes", 100)],
    },
    Script {
        id: 105,
        en: Some("Budget debate: coalition partners trade accusations"),
        he: Some("ויכוח התקציב: שותפות הקואליציה מחליפות האשמות"),
        summary_en: Some("Coalition partners blamed each other for delays."),
        summary_he: Some("שותפות הקואליציה האשימו זו את זו בעיכובים."),
        topic: Topic::Politics,
        state: Some(StoryState::ThreadUpdate),
        thread: Some(1),
        entities: &["Knesset", "כנסת"],
        articles: &[("israelhayom", 1500), ("haaretz", 1480)],
    },
    Script {
        id: 106,
        en: Some("Finance committee opens budget hearings"),
        he: Some("ועדת הכספים פתחה את הדיונים על התקציב"),
        summary_en: None,
        summary_he: Some("הדיונים יימשכו שבועיים."),
        topic: Topic::Politics,
        state: Some(StoryState::Quiet),
        thread: Some(1),
        entities: &["Finance Committee", "ועדת הכספים"],
        articles: &[("ynet", 2900)],
    },
];

fn article(script: &Script, n: usize, source: &str, lang: Lang, at: DateTime<Utc>) -> MemberRecord {
    let headline = Localized {
        en: script.en.map(str::to_owned),
        he: script.he.map(str::to_owned),
    };
    let original = headline
        .pick(lang)
        .map(|(t, _)| t.to_owned())
        .unwrap_or_default();
    MemberRecord {
        article_id: script.id * 100 + i64::try_from(n).unwrap_or(0),
        story_id: script.id,
        source: source.to_owned(),
        headline,
        original,
        published_at: at,
        url: format!("https://{source}.example/{}/{n}", script.id),
        language: lang,
        story_type: if n == 0 { "report" } else { "follow_up" }.to_owned(),
        framing: (n == 0).then(|| Framing {
            subject: "Knesset".to_owned(),
            verb: "passes".to_owned(),
            actor: None,
        }),
        updated_at: (n == 0).then(|| at + Duration::minutes(5)),
    }
}

/// Builds the corpus around `now`.
pub fn scripted_corpus(now: DateTime<Utc>) -> Result<MemoryNewsRepository, RepoError> {
    let repo = MemoryNewsRepository::new();
    for (key, name, language, side, lean, place) in ROOMS {
        repo.add_newsroom(Newsroom {
            key: key.to_owned(),
            name: name.to_owned(),
            language,
            side,
            lean,
            place: place.to_owned(),
            profile: None,
        });
    }
    repo.add_thread(ThreadRecord {
        id: 1,
        title: Localized::both("The state budget", "תקציב המדינה"),
        nodes: 3,
        first_at: now - Duration::minutes(2900),
        newest_at: now - Duration::minutes(250),
        newest_story_id: 101,
    });
    for script in &STORIES {
        let members = script
            .articles
            .iter()
            .enumerate()
            .map(|(n, (source, mins))| {
                let lang = ROOMS
                    .iter()
                    .find(|r| r.0 == *source)
                    .map(|r| r.2)
                    .unwrap_or_default();
                article(script, n, source, lang, now - Duration::minutes(*mins))
            })
            .collect();
        repo.add_story(
            NewStory {
                id: script.id,
                url: format!("https://lashon.example/stories/{}", script.id),
                headline: Localized {
                    en: script.en.map(str::to_owned),
                    he: script.he.map(str::to_owned),
                },
                summary: Localized {
                    en: script.summary_en.map(str::to_owned),
                    he: script.summary_he.map(str::to_owned),
                },
                topic: script.topic,
                state: script.state,
                verdict: None,
                thread_id: script.thread,
                framing_note: Localized::default(),
                entities: script.entities.iter().map(|e| (*e).to_owned()).collect(),
                updated_at: None,
            },
            members,
        )?;
        if let Some(state) = script.state {
            let id = script.id as f64;
            repo.set_signal(SignalRecord {
                story_id: script.id,
                state,
                label: None,
                signals: Signals {
                    importance: 200.0 - id,
                    heat: id - 100.0,
                    velocity: (id * 7.0) % 5.0,
                    acceleration: (id * 3.0) % 4.0,
                    significance: id % 7.0,
                },
                computed_at: now - Duration::minutes(10),
                gaps: match state {
                    StoryState::Blindspot | StoryState::Undercovered => vec![Gap {
                        side: Side::Right,
                        label: "not run by the right-wing press".to_owned(),
                    }],
                    _ => Vec::new(),
                },
            });
            repo.add_change(ChangeRecord {
                seq: 0,
                story_id: script.id,
                state,
                label: None,
                missing_sides: Vec::new(),
                thread_id: script.thread,
                changed_at: now
                    - Duration::minutes(script.articles.first().map(|a| a.1).unwrap_or(0)),
            });
        }
    }
    for (h, outcome) in [
        (2, CrawlOutcome::Ok),
        (26, CrawlOutcome::Error),
        (50, CrawlOutcome::Ok),
        (1, CrawlOutcome::Running),
    ] {
        let started = now - Duration::hours(h);
        repo.add_crawl_run(
            "ynet",
            CrawlRun {
                started_at: started,
                finished_at: (outcome != CrawlOutcome::Running)
                    .then(|| started + Duration::minutes(3)),
                outcome,
                discovered: 40,
                scraped: 35,
                new_articles: 6,
                errors: u64::from(outcome == CrawlOutcome::Error),
            },
        );
    }
    repo.set_behaviour(
        "ynet",
        Behaviour {
            window_days: 30,
            stories: 4,
            byline_rate: 0.75,
            original_rate: 0.5,
            opinion_share: 0.1,
            press_release_share: 0.05,
            median_lag_minutes: 12.0,
            computed_at: now - Duration::hours(3),
        },
    );
    repo.add_person(PersonRecord {
        id: 1,
        wikidata_id: Some("Q000001".to_owned()),
        name: Localized::both("Dana Levi", "דנה לוי"),
        canonical_name: Some("Dana Levi".to_owned()),
        role: Some("Finance Minister".to_owned()),
        avatar_url: None,
        aliases: vec![Alias {
            alias: "השרה לוי".to_owned(),
            display: "השרה לוי".to_owned(),
            status: "approved".to_owned(),
        }],
        updated_at: Some(now - Duration::days(2)),
    });
    repo.add_person(PersonRecord {
        id: 2,
        wikidata_id: None,
        name: Localized::he("יוסי כהן"),
        canonical_name: None,
        role: None,
        avatar_url: None,
        aliases: Vec::new(),
        updated_at: None,
    });
    for mins in [30, 90, 200] {
        repo.add_mention(1, now - Duration::minutes(mins));
    }
    repo.add_mention(2, now - Duration::minutes(60));
    repo.add_mention(2, now - Duration::hours(30));
    repo.set_brief(BriefRecord {
        generated_at: now - Duration::hours(1),
        intro: Localized::both(
            "Good morning. The budget passed overnight.",
            "בוקר טוב. התקציב עבר הלילה.",
        ),
        items: vec![BriefItemRecord {
            story_url: "https://lashon.example/stories/101".to_owned(),
            headline: Localized::both(
                "Knesset passes the state budget",
                "הכנסת אישרה את תקציב המדינה",
            ),
            text: Localized::en("Six newsrooms across five camps covered the vote."),
        }],
    });
    Ok(repo)
}
