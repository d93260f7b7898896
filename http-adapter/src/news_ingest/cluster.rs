//! Stories from stored articles. Everything that decides *which articles form a story* sits
//! behind [`Clustering`] ([`Online`]: the online clusterer of `lashon_news::cluster`);
//! [`rebuild`] turns its groups into stories, threads, state rows, changes, mentions and a
//! brief, with the state rules of `lashon_news::state` and the metrics of
//! `lashon_news::metrics`.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use lashon_core::news::{NewStory, RepoError};
use lashon_news::behaviour::{behaviour, profile, ArticleFacts};
use lashon_news::brief::{compose, BriefCandidate};
use lashon_news::cluster::features::{extract, Feature};
use lashon_news::cluster::{Clusterer, Concepts, Params};
use lashon_news::metrics::signals;
use lashon_news::people::PeopleMatcher;
use lashon_news::record::{ChangeRecord, MemberRecord, PersonRecord, SignalRecord, ThreadRecord};
use lashon_news::state::{gaps, label, state_at, transition, StateRules, StoryFacts};
use lashon_news::threads::{link, StorySketch, ThreadParams};
use lashon_news::topics::TopicLexicon;
use lashon_news::types::Newsroom;
use lashon_news::webhook::{uuid_v4, EventType, WebhookEvent};
use lashon_news::{Lang, Localized, Topic};

use crate::store::news::{IngestedArticle, NewsWriter};
use crate::store::Store;

/// Groups articles into stories.
pub trait Clustering {
    /// `articles` oldest first; returns groups of indices into it, each non-empty.
    fn cluster(&self, articles: &[IngestedArticle]) -> Vec<Vec<usize>>;
}

/// The online clusterer of [`lashon_news::cluster`] over the articles in publication order:
/// each article joins the most similar open cluster or opens one; late merges are followed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Online {
    pub params: Params,
}

impl Clustering for Online {
    fn cluster(&self, articles: &[IngestedArticle]) -> Vec<Vec<usize>> {
        let mut clusterer = Clusterer::new(Concepts::builtin(), self.params);
        let mut labels: Vec<i64> = Vec::with_capacity(articles.len());
        // Merged clusters point to their survivor.
        let mut into: HashMap<i64, i64> = HashMap::new();
        for (i, a) in articles.iter().enumerate() {
            clusterer.evict(a.input.published_at);
            let got = clusterer.add(
                i as i64,
                a.input.published_at,
                &a.input.headline,
                a.input.summary.as_deref().unwrap_or(""),
            );
            for m in got.merged {
                into.insert(m, got.cluster);
            }
            labels.push(got.cluster);
        }
        let resolve = |mut l: i64| {
            while let Some(next) = into.get(&l) {
                if *next == l {
                    break;
                }
                l = *next;
            }
            l
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut slot: HashMap<i64, usize> = HashMap::new();
        for (i, l) in labels.into_iter().enumerate() {
            let root = resolve(l);
            let g = *slot.entry(root).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[g].push(i);
        }
        groups
    }
}

/// The clustering features of an article (thread linking sums them per story).
fn features(a: &IngestedArticle) -> HashMap<Feature, f32> {
    extract(
        &a.input.headline,
        a.input.summary.as_deref().unwrap_or(""),
        Concepts::builtin(),
    )
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

struct Draft {
    story: NewStory,
    members: Vec<MemberRecord>,
    features: HashMap<Feature, f32>,
    /// Summaries of its articles with their language (the brief).
    summaries: Vec<(Lang, String)>,
    /// Importance and heat as last computed (the brief).
    importance: f64,
    heat: f64,
}

/// A random event id (UUID v4).
fn event_id() -> Result<String, RepoError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| RepoError::Internal(format!("random: {e}")))?;
    Ok(uuid_v4(bytes))
}

/// The facts the state rules read.
fn facts_of(
    d: &Draft,
    rooms: &HashMap<String, Newsroom>,
    later_instalment: bool,
) -> Option<StoryFacts> {
    let first_at = d.members.iter().map(|m| m.published_at).min()?;
    let last_at = d.members.iter().map(|m| m.published_at).max()?;
    let outlets: BTreeSet<&str> = d.members.iter().map(|m| m.source.as_str()).collect();
    Some(StoryFacts {
        first_at,
        last_at,
        sides: outlets
            .iter()
            .filter_map(|k| rooms.get(*k))
            .map(|r| r.side)
            .collect(),
        outlets: outlets.len(),
        later_instalment,
    })
}

/// Clusters every stored article again and rewrites stories, threads, state rows, mentions
/// and the brief; appends a change for each story whose state differs from its last one.
pub fn rebuild(
    store: &Store,
    rule: &dyn Clustering,
    people: &[PersonRecord],
    now: DateTime<Utc>,
) -> Result<usize, RepoError> {
    store.write_news(|w| {
        let rooms = w.newsrooms()?;
        let articles = w.ingested()?;
        let matcher = PeopleMatcher::new(people);
        w.clear_clusters()?;
        let mut drafts = Vec::new();
        let groups = rule.cluster(&articles);
        behaviours(w, &articles, &groups, &rooms, now)?;
        for group in groups {
            let items: Vec<&IngestedArticle> = group.iter().map(|&i| &articles[i]).collect();
            let Some(lead) = items.first() else { continue };
            // The lead's desk: its feed category when mapped, else its words; a story of
            // `general` articles takes the first specific desk among its members.
            let desks = TopicLexicon::builtin();
            let topic = items
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
            let members = w.members_of(&items.iter().map(|a| a.id).collect::<Vec<_>>())?;
            let mut sum: HashMap<Feature, f32> = HashMap::new();
            for a in &items {
                for (f, w) in features(a) {
                    *sum.entry(f).or_insert(0.0) += w;
                }
            }
            drafts.push(Draft {
                story: NewStory {
                    id: lead.id,
                    url: lead.input.url.clone(),
                    headline: localized(
                        items.iter().map(|a| (a.language, a.input.headline.clone())),
                    ),
                    summary: localized(
                        items
                            .iter()
                            .filter_map(|a| a.input.summary.clone().map(|s| (a.language, s))),
                    ),
                    topic,
                    state: None,
                    verdict: None,
                    thread_id: None,
                    framing_note: Localized::default(),
                    entities: entities(people, &matcher, &items),
                    updated_at: lead.input.updated_at,
                },
                members,
                features: sum,
                summaries: items
                    .iter()
                    .filter_map(|a| a.input.summary.clone().map(|s| (a.language, s)))
                    .collect(),
                importance: 0.0,
                heat: 0.0,
            });
        }
        let threads = link_threads(w, &mut drafts)?;
        let rules = StateRules::default();
        for d in &mut drafts {
            let later = d.story.thread_id.is_some_and(|t| t != d.story.id);
            let Some(facts) = facts_of(d, &rooms, later) else {
                continue;
            };
            let state = state_at(&facts, now, &rules);
            let verdict = label(state, &facts);
            d.story.state = Some(state);
            d.story.verdict = verdict.clone();
            w.put_story(&d.story, &d.members)?;
            let gaps = gaps(&facts);
            let published: Vec<DateTime<Utc>> = d.members.iter().map(|m| m.published_at).collect();
            w.set_signal(&SignalRecord {
                story_id: d.story.id,
                state,
                label: verdict.clone(),
                signals: {
                    let sig = signals(&published, facts.outlets, facts.sides.len(), now);
                    d.importance = sig.importance;
                    d.heat = sig.heat;
                    sig
                },
                computed_at: now,
                gaps: gaps.clone(),
            })?;
            if let Some(changed) = transition(w.current_state(d.story.id)?, state) {
                if let Some(kind) = EventType::of(changed) {
                    let event = WebhookEvent {
                        id: event_id()?,
                        kind,
                        story_id: d.story.id.to_string(),
                        state: changed,
                        topic: d.story.topic,
                        headline: d.story.headline.render(Lang::En).unwrap_or_default(),
                        url: d.story.url.clone(),
                        observed_at: now,
                    };
                    let body = serde_json::to_string(&event)
                        .map_err(|e| RepoError::Internal(e.to_string()))?;
                    w.enqueue_event(&event.id, kind, d.story.topic.as_str(), &body, now)?;
                }
                w.add_change(&ChangeRecord {
                    seq: 0,
                    story_id: d.story.id,
                    state: changed,
                    label: verdict,
                    missing_sides: gaps.iter().map(|g| g.side).collect(),
                    thread_id: d.story.thread_id,
                    changed_at: now,
                })?;
            }
        }
        mentions(w, &matcher, &articles)?;
        brief(w, &drafts, now)?;
        Ok(drafts.len() + threads)
    })
}

/// Behaviour and profile of every newsroom, from the articles and the stories they form (a
/// story's id is its first article's).
fn behaviours(
    w: &NewsWriter<'_>,
    articles: &[IngestedArticle],
    groups: &[Vec<usize>],
    rooms: &HashMap<String, Newsroom>,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    let mut story_of = vec![0i64; articles.len()];
    for g in groups {
        let Some(first) = g.first() else { continue };
        for &i in g {
            story_of[i] = articles[*first].id;
        }
    }
    let desks = TopicLexicon::builtin();
    let facts: Vec<ArticleFacts<'_>> = articles
        .iter()
        .enumerate()
        .map(|(i, a)| ArticleFacts {
            source: &a.input.source,
            story_id: story_of[i],
            published_at: a.input.published_at,
            headline: &a.input.headline,
            byline: a.input.byline.as_deref(),
            category: a.input.category.as_deref(),
            topic: desks.classify(
                a.input.category.as_deref(),
                &a.input.headline,
                a.input.summary.as_deref().unwrap_or(""),
            ),
            language: a.language,
        })
        .collect();
    for key in rooms.keys() {
        if let Some(b) = behaviour(key, &facts, now) {
            w.set_behaviour(key, &b)?;
        }
        w.set_profile(key, profile(key, &facts, now))?;
    }
    Ok(())
}

/// Names of registry people found in the cluster's headlines and summaries.
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

/// Threads ([`lashon_news::threads`]): each thread written, its stories pointed to it.
fn link_threads(w: &NewsWriter<'_>, drafts: &mut [Draft]) -> Result<usize, RepoError> {
    let sketches: Vec<StorySketch> = drafts
        .iter()
        .filter_map(|d| {
            Some(StorySketch {
                id: d.story.id,
                first_at: d.members.iter().map(|m| m.published_at).min()?,
                features: d.features.clone(),
            })
        })
        .collect();
    let threads = link(&sketches, &ThreadParams::default());
    let index: HashMap<i64, usize> = drafts
        .iter()
        .enumerate()
        .map(|(i, d)| (d.story.id, i))
        .collect();
    for ids in &threads {
        let members: Vec<usize> = ids.iter().filter_map(|id| index.get(id).copied()).collect();
        let span = |i: usize| {
            let d = &drafts[i];
            (
                d.members.iter().map(|m| m.published_at).min(),
                d.members.iter().map(|m| m.published_at).max(),
            )
        };
        let Some(&first) = members.first() else {
            continue;
        };
        let (Some(first_at), _) = span(first) else {
            continue;
        };
        let Some((newest_at, newest)) = members
            .iter()
            .filter_map(|&i| span(i).1.map(|t| (t, i)))
            .max_by_key(|(t, i)| (*t, drafts[*i].story.id))
        else {
            continue;
        };
        let thread = ThreadRecord {
            id: drafts[first].story.id,
            title: drafts[first].story.headline.clone(),
            nodes: u32::try_from(members.len()).unwrap_or(u32::MAX),
            first_at,
            newest_at,
            newest_story_id: drafts[newest].story.id,
        };
        w.put_thread(&thread)?;
        for i in members {
            drafts[i].story.thread_id = Some(thread.id);
        }
    }
    Ok(threads.len())
}

fn mentions(
    w: &NewsWriter<'_>,
    matcher: &PeopleMatcher,
    articles: &[IngestedArticle],
) -> Result<(), RepoError> {
    w.clear_mentions()?;
    for a in articles {
        let text = format!(
            "{} {}",
            a.input.headline,
            a.input.summary.as_deref().unwrap_or("")
        );
        for person in matcher.find(&text) {
            w.add_mention(person, a.input.published_at)?;
        }
    }
    Ok(())
}

/// The brief ([`lashon_news::brief`]), when a story of the last 24 hours qualifies.
fn brief(w: &NewsWriter<'_>, drafts: &[Draft], now: DateTime<Utc>) -> Result<(), RepoError> {
    let candidates: Vec<BriefCandidate> = drafts
        .iter()
        .filter_map(|d| {
            Some(BriefCandidate {
                url: d.story.url.clone(),
                headline: d.story.headline.clone(),
                summaries: d.summaries.clone(),
                importance: d.importance,
                heat: d.heat,
                latest_at: d.members.iter().map(|m| m.published_at).max()?,
            })
        })
        .collect();
    match compose(&candidates, now) {
        Some(b) => w.add_brief(&b),
        None => Ok(()),
    }
}
