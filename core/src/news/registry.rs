//! Newsrooms, activity, topics, people and the brief (rules 6, 7, 10, 12).

use chrono::Duration;
use lashon_news::params::{parse_id, parse_key, ActivityParams, LangParams, TopicsParams};
use lashon_news::record::summarize_crawl;
use lashon_news::types::{
    Activity, Brief, Newsroom, NoExtra, Person, PersonDetail, TopicVolume, TopicsExtra,
};
use lashon_news::{ListEnvelope, NewsError, Topic};

use super::context::NewsContext;

/// People are "named in the last 24 hours".
const PEOPLE_WINDOW_HOURS: i64 = 24;
/// A length as a count field.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `GET /api/v1/sources`: the whole registry, not paged.
pub fn list_sources(
    ctx: &NewsContext<'_>,
    p: &LangParams,
) -> Result<ListEnvelope<Newsroom>, NewsError> {
    let data = ctx.repo.newsrooms()?;
    Ok(ListEnvelope {
        limit: count(data.len()),
        data,
        next_cursor: None,
        lang: p.lang,
        generated_at: ctx.clock.now(),
        extra: NoExtra {},
    })
}

/// `GET /api/v1/sources/{key}`: 404 for an unknown key (rule 12).
pub fn source(ctx: &NewsContext<'_>, key: &str) -> Result<Newsroom, NewsError> {
    let key = parse_key(key)?;
    ctx.repo
        .newsroom(key)?
        .ok_or_else(|| NewsError::not_found(format!("source {key:?} not found")))
}

/// `GET /api/v1/sources/{key}/activity` (rule 6): crawl counts over `days`, behaviour as last
/// computed.
pub fn source_activity(
    ctx: &NewsContext<'_>,
    key: &str,
    p: &ActivityParams,
) -> Result<Activity, NewsError> {
    let room = source(ctx, key)?;
    let now = ctx.clock.now();
    let runs = ctx
        .repo
        .crawl_runs(&room.key, now - Duration::days(i64::from(p.days)))?;
    Ok(Activity {
        window_days: p.days,
        crawl: summarize_crawl(&runs, p.days),
        behaviour: ctx.repo.behaviour(&room.key)?,
        generated_at: now,
        key: room.key,
    })
}

/// `GET /api/v1/topics` (rule 7): every desk with its article volume over `days`.
pub fn list_topics(
    ctx: &NewsContext<'_>,
    p: &TopicsParams,
) -> Result<ListEnvelope<TopicVolume, TopicsExtra>, NewsError> {
    let now = ctx.clock.now();
    let volumes = ctx
        .repo
        .topic_volumes(now - Duration::days(i64::from(p.days)))?;
    let data: Vec<TopicVolume> = Topic::ALL
        .iter()
        .map(|t| {
            let (en, he) = t.labels();
            TopicVolume {
                id: *t,
                label: match p.lang {
                    lashon_news::Lang::En => en.to_owned(),
                    lashon_news::Lang::He => he.to_owned(),
                },
                hue: t.hue(),
                articles: volumes
                    .iter()
                    .filter(|(v, _)| v == t)
                    .map(|(_, n)| *n)
                    .fold(0, u64::saturating_add),
            }
        })
        .collect();
    Ok(ListEnvelope {
        limit: count(data.len()),
        data,
        next_cursor: None,
        lang: p.lang,
        generated_at: now,
        extra: TopicsExtra { days: p.days },
    })
}

/// `GET /api/v1/people`: people named in the last 24 hours, most mentioned first.
pub fn list_people(
    ctx: &NewsContext<'_>,
    p: &LangParams,
) -> Result<ListEnvelope<Person>, NewsError> {
    let now = ctx.clock.now();
    let people = ctx
        .repo
        .people_mentioned(now - Duration::hours(PEOPLE_WINDOW_HOURS))?;
    let data: Vec<Person> = people.iter().map(|(r, n)| r.render(p.lang, *n)).collect();
    Ok(ListEnvelope {
        limit: count(data.len()),
        data,
        next_cursor: None,
        lang: p.lang,
        generated_at: now,
        extra: NoExtra {},
    })
}

/// `GET /api/v1/people/{id}`: 400 for a bad id, 404 for an unknown one (rule 12);
/// `recentCoverage` always null.
pub fn person_detail(
    ctx: &NewsContext<'_>,
    id: &str,
    p: &LangParams,
) -> Result<PersonDetail, NewsError> {
    let id = parse_id("id", id)?;
    let now = ctx.clock.now();
    let (record, mentions) = ctx
        .repo
        .person(id, now - Duration::hours(PEOPLE_WINDOW_HOURS))?
        .ok_or_else(|| NewsError::not_found(format!("person {id} not found")))?;
    Ok(record.render_detail(p.lang, mentions))
}

/// `GET /api/v1/brief`: 404 when no brief is available (rule 10).
pub fn brief(ctx: &NewsContext<'_>, p: &LangParams) -> Result<Brief, NewsError> {
    ctx.repo
        .brief()?
        .map(|b| b.render(p.lang))
        .ok_or_else(|| NewsError::not_found("no brief is available yet"))
}
