//! A story from its stored articles: the lead (the earliest article), headline and summary
//! per language, desk, people named, and the feature sums thread linking compares.

use std::collections::{BTreeSet, HashMap};

use crate::news::{NewStory, RepoError};
use chrono::{DateTime, Utc};
use lashon_news::cluster::features::{sketch_remembering, Feature};
use lashon_news::cluster::word_facts::WordMemo;
use lashon_news::cluster::Concepts;
use lashon_news::people::PeopleMatcher;
use lashon_news::record::{MemberRecord, PersonRecord};
use lashon_news::topics::TopicLexicon;
use lashon_news::{Lang, Localized, Topic};

use crate::news::write::{IngestedArticle, NewsWrite};

/// A story as the later steps (states, signals, the brief) read it.
pub struct Draft {
    pub story: NewStory,
    pub members: Vec<MemberRecord>,
    /// Summaries of its articles with their language (the brief).
    pub summaries: Vec<(Lang, String)>,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

fn localized(pairs: impl Iterator<Item = (Lang, String)>) -> Localized {
    let mut l = Localized::default();
    for (lang, text) in pairs {
        let slot = match lang {
            Lang::En => &mut l.en,
            Lang::He => &mut l.he,
        };
        slot.get_or_insert(text);
    }
    l
}

/// Names of registry people found in the story's headlines and summaries.
fn entities(
    people: &[PersonRecord],
    matcher: &PeopleMatcher,
    items: &[&IngestedArticle],
) -> Vec<String> {
    let found: BTreeSet<i64> = items
        .iter()
        .flat_map(|a| {
            matcher.find(&format!(
                "{} {}",
                a.input.headline,
                a.input.summary.as_deref().unwrap_or("")
            ))
        })
        .collect();
    people
        .iter()
        .filter(|p| found.contains(&p.id))
        .filter_map(|p| p.name.en.clone().or_else(|| p.name.he.clone()))
        .collect()
}

/// Reads story `id` (its articles, its current thread); `None` when it has no article. The
/// people it names are left to [`write()`] (the states step does not need them).
pub fn load(
    w: &dyn NewsWrite,
    id: i64,
) -> Result<Option<(Draft, Vec<IngestedArticle>)>, RepoError> {
    let rows = w.story_articles(id)?;
    let (Some(first), Some(last)) = (
        rows.iter().map(|(a, _)| a.input.published_at).min(),
        rows.iter().map(|(a, _)| a.input.published_at).max(),
    ) else {
        return Ok(None);
    };
    let (items, members): (Vec<IngestedArticle>, Vec<MemberRecord>) = rows.into_iter().unzip();
    let refs: Vec<&IngestedArticle> = items.iter().collect();
    let lead = refs[0];
    // The lead's desk: its feed category when mapped, else its words; a story of `general`
    // articles takes the first specific desk among its members.
    let desks = TopicLexicon::builtin();
    let topic = refs
        .iter()
        .map(|a| {
            desks.classify(
                a.input.category.as_deref(),
                &a.input.headline,
                a.input.summary.as_deref().unwrap_or(""),
            )
        })
        .find(|t| *t != Topic::General)
        .unwrap_or(Topic::General);
    let thread_id = w.story_thread(id)?;
    let summaries: Vec<(Lang, String)> = refs
        .iter()
        .filter_map(|a| a.input.summary.clone().map(|s| (a.language, s)))
        .collect();
    let draft = Draft {
        story: NewStory {
            id,
            url: lead.input.url.clone(),
            headline: localized(refs.iter().map(|a| (a.language, a.input.headline.clone()))),
            summary: localized(summaries.iter().cloned()),
            topic,
            state: None,
            verdict: None,
            thread_id,
            framing_note: Localized::default(),
            entities: Vec::new(),
            updated_at: lead.input.updated_at,
        },
        members,
        summaries,
        first_at: first,
        last_at: last,
    };
    Ok(Some((draft, items)))
}

/// Writes story `id` from its articles, with its feature sums; `None` when it has none.
/// `sketches` are the articles' sketches already read (by the clusterer in this refresh);
/// the other articles are read from their text, asking `words` (the memo of the refresh's
/// sketches) what the lexicons say of each word.
pub fn write(
    w: &dyn NewsWrite,
    id: i64,
    people: &[PersonRecord],
    matcher: &PeopleMatcher,
    sketches: &HashMap<i64, Vec<(Feature, f32)>>,
    words: &mut WordMemo,
) -> Result<Option<Draft>, RepoError> {
    let Some((mut draft, items)) = load(w, id)? else {
        return Ok(None);
    };
    draft.story.entities = entities(people, matcher, &items.iter().collect::<Vec<_>>());
    w.put_story(&draft.story, &draft.members)?;
    let mut sum: HashMap<Feature, f32> = HashMap::new();
    for a in &items {
        if let Some(features) = sketches.get(&a.id) {
            for (f, x) in features {
                *sum.entry(f.clone()).or_insert(0.0) += x;
            }
            continue;
        }
        let features = sketch_remembering(
            &a.input.headline,
            a.input.summary.as_deref().unwrap_or(""),
            Concepts::builtin(),
            words,
        );
        for (f, x) in features {
            *sum.entry(f).or_insert(0.0) += x;
        }
    }
    w.put_story_features(id, draft.first_at, &sum)?;
    Ok(Some(draft))
}
