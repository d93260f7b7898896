//! Every news endpoint over the scripted corpus: exact field names (from
//! `news_vectors/fields.json`), filters, lookups (rule 12), language fallback, and the values
//! each rule computes.

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, Utc};
use lashon_core::news::{
    blindspots, brief, changes, list_people, list_sources, list_stories, list_threads, list_topics,
    person_detail, scripted_corpus, search, source, source_activity, story_detail, story_members,
    thread_detail, trending, MemoryNewsRepository, NewStory, NewsContext, NewsRepository,
};
use lashon_news::cursor::CursorCodec;
use lashon_news::params::{
    ActivityParams, BlindspotsParams, ChangesParams, LangParams, MembersParams, Query,
    SearchParams, StoriesParams, ThreadParams, ThreadsParams, TopicsParams, TrendingParams,
};
use lashon_news::record::ThreadRecord;
use lashon_news::{FixedClock, Lang, Localized, Side, StoryState, Topic};
use serde::Serialize;
use serde_json::Value;

fn now() -> DateTime<Utc> {
    "2026-03-10T09:00:00Z".parse().unwrap()
}

struct Fixture {
    repo: MemoryNewsRepository,
    clock: FixedClock,
    codec: CursorCodec,
}

impl Fixture {
    fn new() -> Self {
        Self {
            repo: scripted_corpus(now()).unwrap(),
            clock: FixedClock(now()),
            codec: CursorCodec::new(b"endpoint tests"),
        }
    }
    fn ctx(&self) -> NewsContext<'_> {
        NewsContext::new(&self.repo, &self.clock, &self.codec)
    }
}

fn q(pairs: &[(&str, &str)]) -> Query {
    Query::new(pairs.iter().copied())
}

fn he() -> LangParams {
    LangParams { lang: Lang::He }
}

fn en() -> LangParams {
    LangParams { lang: Lang::En }
}

fn fields() -> Value {
    serde_json::from_str(include_str!("news_vectors/fields.json")).unwrap()
}

/// Asserts the object's keys are exactly the listed ones.
fn keys(v: &Value, kind: &str) {
    let want: BTreeSet<String> = fields()[kind]
        .as_array()
        .unwrap_or_else(|| panic!("no field list {kind}"))
        .iter()
        .map(|k| k.as_str().unwrap().to_owned())
        .collect();
    let have: BTreeSet<String> = v
        .as_object()
        .unwrap_or_else(|| panic!("{kind} is not an object: {v}"))
        .keys()
        .cloned()
        .collect();
    assert_eq!(have, want, "{kind}");
}

fn json<T: Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap()
}

#[test]
fn field_names_are_exactly_the_specs() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let stories = json(&list_stories(&ctx, &StoriesParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&stories, "envelope");
    keys(&stories["data"][0], "story");
    keys(&stories["data"][0]["sides"], "sides");
    keys(&stories["data"][0]["lean"], "lean");
    let detail = json(&story_detail(&ctx, "101", &en()).unwrap());
    keys(&detail, "storyDetail");
    keys(&detail["thread"], "thread");
    keys(&detail["members"][0], "member");
    keys(&detail["members"][0]["framing"], "framing");
    keys(&detail["timeline"], "timeline");
    let members =
        json(&story_members(&ctx, "101", &MembersParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&members, "membersEnvelope");
    let threads = json(&list_threads(&ctx, &ThreadsParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&threads, "envelope");
    keys(&threads["data"][0], "threadSummary");
    keys(&threads["data"][0]["latest"], "story");
    keys(
        &json(&thread_detail(&ctx, "1", &ThreadParams::parse(&q(&[])).unwrap()).unwrap()),
        "threadDetail",
    );
    let tr = json(&trending(&ctx, &TrendingParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&tr, "trendingEnvelope");
    keys(&tr["data"][0], "trendingItem");
    let bs = json(&blindspots(&ctx, &BlindspotsParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&bs, "blindspotsEnvelope");
    keys(&bs["data"][0], "blindspotItem");
    keys(&bs["data"][0]["gaps"][0], "gap");
    let ch = json(
        &changes(
            &ctx,
            &ChangesParams::parse(&q(&[("since", "2026-03-09T00:00:00Z")])).unwrap(),
        )
        .unwrap(),
    );
    keys(&ch, "changesEnvelope");
    keys(&ch["data"][0], "changeItem");
    let so = json(&list_sources(&ctx, &en()).unwrap());
    keys(&so, "envelope");
    keys(&so["data"][0], "newsroom");
    keys(&json(&source(&ctx, "ynet").unwrap()), "newsroom");
    let act =
        json(&source_activity(&ctx, "ynet", &ActivityParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&act, "activity");
    keys(&act["crawl"], "crawl");
    keys(&act["behaviour"], "behaviour");
    let to = json(&list_topics(&ctx, &TopicsParams::parse(&q(&[])).unwrap()).unwrap());
    keys(&to, "topicsEnvelope");
    keys(&to["data"][0], "topic");
    let pe = json(&list_people(&ctx, &en()).unwrap());
    keys(&pe, "envelope");
    keys(&pe["data"][0], "person");
    let pd = json(&person_detail(&ctx, "1", &en()).unwrap());
    keys(&pd, "personDetail");
    keys(&pd["aliases"][0], "alias");
    let br = json(&brief(&ctx, &en()).unwrap());
    keys(&br, "brief");
    keys(&br["items"][0], "briefItem");
    let se = json(&search(&ctx, &SearchParams::parse(&q(&[("q", "budget")])).unwrap()).unwrap());
    keys(&se, "envelope");
    let err = json(&story_detail(&ctx, "0", &en()).unwrap_err().envelope());
    keys(&err, "error");
    keys(&err["error"], "errorBody");
}

#[test]
fn stories_filters_and_since() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let ids = |pairs: &[(&str, &str)]| -> Vec<i64> {
        list_stories(&ctx, &StoriesParams::parse(&q(pairs)).unwrap())
            .unwrap()
            .data
            .iter()
            .map(|s| s.id)
            .collect()
    };
    // Newest first by latestAt.
    assert_eq!(ids(&[]), vec![104, 103, 102, 101, 105, 106]);
    assert_eq!(ids(&[("topic", "politics")]), vec![103, 105, 106]);
    assert_eq!(
        ids(&[("topic", "politics"), ("topic", "tech")]),
        vec![104, 103, 105, 106]
    );
    assert_eq!(
        ids(&[("topic", "politics"), ("source", "hamodia")]),
        vec![103]
    );
    assert_eq!(
        ids(&[("source", "hamodia"), ("source", "vesti")]),
        vec![103, 102]
    );
    assert_eq!(ids(&[("topic", "astrology")]), Vec::<i64>::new());
    assert_eq!(ids(&[("state", "blindspot")]), vec![103]);
    assert_eq!(
        ids(&[("state", "nonsense")]).len(),
        6,
        "unknown state ignored"
    );
    // since=0 is today in Jerusalem (from 2026-03-09T22:00Z): 105 (25 h ago) and 106 are out.
    assert_eq!(ids(&[("since", "0")]), vec![104, 103, 102, 101]);
    assert_eq!(ids(&[("since", "1")]), vec![104, 103, 102, 101, 105]);
    assert_eq!(ids(&[("since", "99")]).len(), 6);
    let page = list_stories(
        &ctx,
        &StoriesParams::parse(&q(&[("limit", "1000")])).unwrap(),
    )
    .unwrap();
    assert_eq!(page.limit, 100, "clamped limit echoed");
    assert!(page.next_cursor.is_none());
    assert_eq!(page.generated_at, now());
}

#[test]
fn story_values_follow_the_spec() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let d = story_detail(&ctx, "101", &en()).unwrap();
    assert_eq!(d.members.len(), 6);
    assert_eq!(d.story.outlets, 6);
    assert_eq!(d.story.sides.centre, 1);
    assert_eq!(d.story.sides.haredi, 0);
    assert_eq!(
        d.story.missing_sides,
        vec![Side::Haredi, Side::Arab, Side::Russian]
    );
    assert_eq!(d.story.lean.right, 2);
    assert_eq!(d.story.lean.center, 2);
    assert_eq!(d.story.published_at, now() - Duration::minutes(300));
    assert_eq!(d.story.latest_at, now() - Duration::minutes(250));
    let t = d.timeline.unwrap();
    assert_eq!(t.first_site, "ynet");
    assert_eq!(t.spread_minutes, 50);
    assert_eq!(
        t.first_by_side.get(&Side::Left),
        Some(&(now() - Duration::minutes(290)))
    );
    assert_eq!(t.first_by_side.len(), 6);
    // Member side/lean from the registry; updatedAt only after 60 s.
    assert_eq!(d.members[0].side, Side::Centre);
    assert_eq!(
        d.members[0].updated_at,
        Some(d.members[0].published_at + Duration::minutes(5))
    );
    assert_eq!(d.members[1].updated_at, None);
    assert_eq!(
        d.story.thread.as_ref().map(|t| (t.id, t.days)),
        Some((1, 3))
    );
    // Rule 12.
    for bad in ["0", "-1", "abc", "1.5", ""] {
        assert_eq!(
            story_detail(&ctx, bad, &en()).unwrap_err().http_status(),
            400,
            "{bad}"
        );
    }
    assert_eq!(
        story_detail(&ctx, "424242", &en())
            .unwrap_err()
            .http_status(),
        404
    );
    assert_eq!(
        story_members(&ctx, "424242", &MembersParams::parse(&q(&[])).unwrap())
            .unwrap_err()
            .http_status(),
        404
    );
    assert_eq!(
        story_members(&ctx, "x", &MembersParams::parse(&q(&[])).unwrap())
            .unwrap_err()
            .http_status(),
        400
    );
    let lean = story_members(
        &ctx,
        "101",
        &MembersParams::parse(&q(&[("lean", "right")])).unwrap(),
    )
    .unwrap();
    let srcs: Vec<&str> = lean.data.iter().map(|m| m.source.as_str()).collect();
    assert_eq!(srcs, vec!["israelhayom", "inn"]);
}

/// A story id handed out before a late merge (in a list, a webhook, the change feed) answers
/// as the story it was merged into, through any number of merges; an id that never named a
/// story is still 404.
#[test]
fn a_merged_story_answers_as_the_story_it_joined() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let before = story_detail(&ctx, "101", &en()).unwrap();
    let joining = story_detail(&ctx, "102", &en()).unwrap();
    f.repo.merge_story(102, 101).unwrap();

    let d = story_detail(&ctx, "102", &en()).unwrap();
    assert_eq!(d.story.id, 101, "the answer carries the survivor's id");
    assert_eq!(
        d.members.len(),
        before.members.len() + joining.members.len()
    );
    assert_eq!(
        json(&d),
        json(&story_detail(&ctx, "101", &en()).unwrap()),
        "the same answer as the survivor's own"
    );
    let members = story_members(&ctx, "102", &MembersParams::parse(&q(&[])).unwrap()).unwrap();
    assert_eq!(members.extra.story_id, 101);
    assert_eq!(members.data.len(), d.members.len());

    // A chain of merges: 101 (holding 102) goes into 103.
    f.repo.merge_story(101, 103).unwrap();
    for old in ["101", "102", "103"] {
        assert_eq!(
            story_detail(&ctx, old, &en()).unwrap().story.id,
            103,
            "{old}"
        );
    }
    assert_eq!(
        story_detail(&ctx, "424242", &en())
            .unwrap_err()
            .http_status(),
        404
    );
}

#[test]
fn a_merged_story_answers_as_the_live_end_of_its_merges() {
    let f = Fixture::new();
    let ctx = f.ctx();
    // 102 into 101; 102 stored again (re-clustered); then 101 into 102: the ids lead to
    // each other, and each answers as the story that is stored now (however many other
    // merges there were: 106 into 105).
    f.repo.merge_story(106, 105).unwrap();
    f.repo.merge_story(102, 101).unwrap();
    let again = story_detail(&ctx, "101", &en()).unwrap();
    assert_eq!(again.story.id, 101);
    let mut member = f.repo.members(104, None, None).unwrap().remove(0);
    member.article_id = 9102;
    member.story_id = 102;
    f.repo
        .add_story(
            NewStory {
                id: 102,
                url: "https://lashon.example/stories/102".into(),
                headline: Localized::both("Heat wave", "גל חום"),
                summary: Localized::default(),
                topic: Topic::Weather,
                state: None,
                verdict: None,
                thread_id: None,
                framing_note: Localized::default(),
                entities: Vec::new(),
                updated_at: None,
            },
            vec![member],
        )
        .unwrap();
    f.repo.merge_story(101, 102).unwrap();
    for old in ["101", "102"] {
        assert_eq!(
            story_detail(&ctx, old, &en()).unwrap().story.id,
            102,
            "{old}"
        );
    }
}

#[test]
fn a_thread_that_went_on_under_another_id_still_answers() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let detail = |id: &str| thread_detail(&ctx, id, &ThreadParams::parse(&q(&[])).unwrap());
    let thread = |id: i64| ThreadRecord {
        id,
        ..f.repo.thread(1).unwrap().unwrap()
    };
    // Thread 103 (stories 103 and 104). Story 103 is merged into 101, of thread 1, and the
    // thread is recounted under 104, its first story now: 103 answers as thread 104, not as
    // the thread story 103's articles are in.
    f.repo.add_thread(thread(103));
    f.repo.set_story_thread(103, Some(103)).unwrap();
    f.repo.set_story_thread(104, Some(103)).unwrap();
    assert_eq!(detail("103").unwrap().id, 103);
    f.repo.merge_story(103, 101).unwrap();
    f.repo.remove_thread(103, Some(104));
    f.repo.add_thread(thread(104));
    f.repo.set_story_thread(104, Some(104)).unwrap();
    let d = detail("103").unwrap();
    assert_eq!(d.id, 104, "the answer carries the thread's id now");
    assert_eq!(json(&d), json(&detail("104").unwrap()));
    // Thread 104 merged into thread 1 since: both ids answer as thread 1.
    f.repo.remove_thread(104, Some(1));
    f.repo.set_story_thread(104, Some(1)).unwrap();
    assert_eq!(detail("103").unwrap().id, 1);
    assert_eq!(detail("104").unwrap().id, 1);
    // A story of thread 1 whose id never named a thread: 404 as ever.
    assert_eq!(detail("105").unwrap_err().http_status(), 404);

    // Thread 106 (stories 106 and 102) ends: 404 while story 106 is in no thread, and the
    // thread story 106 joins later once it does.
    f.repo.add_thread(thread(106));
    f.repo.set_story_thread(106, Some(106)).unwrap();
    f.repo.set_story_thread(102, Some(106)).unwrap();
    f.repo.remove_thread(106, None);
    f.repo.set_story_thread(106, None).unwrap();
    f.repo.set_story_thread(102, None).unwrap();
    assert_eq!(detail("106").unwrap_err().http_status(), 404);
    f.repo.set_story_thread(106, Some(1)).unwrap();
    assert_eq!(detail("106").unwrap().id, 1);
}

#[test]
fn hebrew_and_english_fall_back_field_by_field() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let he_page =
        list_stories(&ctx, &StoriesParams::parse(&q(&[("lang", "he")])).unwrap()).unwrap();
    let by_id = |id: i64| he_page.data.iter().find(|s| s.id == id).unwrap();
    // 102: Hebrew headline, English-only summary.
    assert_eq!(by_id(102).headline, "צפוי גל חום במישור החוף");
    assert_eq!(
        by_id(102).summary.as_deref(),
        Some("Temperatures may reach 40 degrees on Thursday.")
    );
    assert_eq!(by_id(102).lang, Lang::He);
    // 104: no summary in either language.
    assert_eq!(by_id(104).summary, None);
    assert_eq!(by_id(101).thread.as_ref().unwrap().title, "תקציב המדינה");
    // 103 in English: Hebrew-only headline falls back, and `lang` says so.
    let en_page =
        list_stories(&ctx, &StoriesParams::parse(&q(&[("lang", "fr")])).unwrap()).unwrap();
    let s103 = en_page.data.iter().find(|s| s.id == 103).unwrap();
    assert_eq!(s103.lang, Lang::He);
    assert_eq!(s103.headline, "עימות בוועדת החינוך על תקציב הישיבות");
    assert_eq!(en_page.lang, Lang::En);
    assert_eq!(
        en_page.data.iter().find(|s| s.id == 101).unwrap().lang,
        Lang::En
    );
    // Brief: Hebrew intro, English-only item text.
    let b = brief(&ctx, &he()).unwrap();
    assert_eq!(
        (b.lang, b.intro.as_str()),
        (Lang::He, "בוקר טוב. התקציב עבר הלילה.")
    );
    assert_eq!(b.items[0].headline, "הכנסת אישרה את תקציב המדינה");
    assert_eq!(
        b.items[0].text,
        "Six newsrooms across five camps covered the vote."
    );
    // People: Hebrew-only name in English.
    let p2 = person_detail(&ctx, "2", &en()).unwrap();
    assert_eq!(
        (
            p2.name.as_str(),
            p2.name_en.as_deref(),
            p2.name_he.as_deref()
        ),
        ("יוסי כהן", None, Some("יוסי כהן"))
    );
    let p1 = person_detail(&ctx, "1", &he()).unwrap();
    assert_eq!(p1.name, "דנה לוי");
    assert_eq!(p1.recent_coverage, None);
    assert!(json(&p1).get("recentCoverage").is_some_and(Value::is_null));
    // Topics labels.
    let t = list_topics(&ctx, &TopicsParams::parse(&q(&[("lang", "iw")])).unwrap()).unwrap();
    assert_eq!(
        t.data
            .iter()
            .find(|x| x.id == Topic::Economy)
            .unwrap()
            .label,
        "כלכלה"
    );
}

#[test]
fn search_matches_titles_summaries_and_entities() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let ids = |pairs: &[(&str, &str)]| -> Vec<i64> {
        search(&ctx, &SearchParams::parse(&q(pairs)).unwrap())
            .unwrap()
            .data
            .iter()
            .map(|s| s.id)
            .collect()
    };
    assert_eq!(ids(&[("q", "budget")]), vec![101, 105, 106]);
    assert_eq!(ids(&[("q", "תקציב")]), vec![103, 101, 105, 106]);
    assert_eq!(
        ids(&[("q", "בתקציב")]),
        vec![103, 101, 105, 106],
        "one-letter prefix"
    );
    assert_eq!(ids(&[("q", "Meteorological")]), vec![102], "entities");
    assert_eq!(ids(&[("q", "all-night")]), vec![101], "summary");
    assert_eq!(ids(&[("q", "budget"), ("topic", "economy")]), vec![101]);
    assert_eq!(ids(&[("q", "budget"), ("state", "quiet")]), vec![106]);
    assert!(ids(&[("q", "zzzz")]).is_empty());
}

#[test]
fn threads_trending_blindspots() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let th = list_threads(&ctx, &ThreadsParams::parse(&q(&[])).unwrap()).unwrap();
    assert_eq!(th.data.len(), 1);
    assert_eq!(
        (th.data[0].nodes, th.data[0].days, th.data[0].latest.id),
        (3, 3, 101)
    );
    assert!(list_threads(
        &ctx,
        &ThreadsParams::parse(&q(&[("minNodes", "4")])).unwrap()
    )
    .unwrap()
    .data
    .is_empty());
    let arc = thread_detail(
        &ctx,
        "1",
        &ThreadParams::parse(&q(&[("limit", "2")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        arc.arc.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![101, 105]
    );
    assert_eq!(
        thread_detail(&ctx, "2", &ThreadParams::parse(&q(&[])).unwrap())
            .unwrap_err()
            .http_status(),
        404
    );
    assert_eq!(
        thread_detail(&ctx, "zero", &ThreadParams::parse(&q(&[])).unwrap())
            .unwrap_err()
            .http_status(),
        400
    );

    // Trending by heat = id - 100: 106 first; ranks 1..; window echoed.
    let tr = trending(
        &ctx,
        &TrendingParams::parse(&q(&[("metric", "heat"), ("window", "5")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        tr.data.iter().map(|i| i.story_id).collect::<Vec<_>>(),
        vec![106, 105, 104, 103, 102, 101]
    );
    assert_eq!(
        tr.data.iter().map(|i| i.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    assert_eq!(tr.extra.window_minutes, 15);
    assert_eq!(tr.data[0].thread_id, Some(1));
    // Rows computed 10 minutes ago: outside a window that ends earlier is impossible (15 min
    // minimum), so move the clock instead.
    let later = FixedClock(now() + Duration::hours(2));
    let late_ctx = NewsContext::new(&f.repo, &later, &f.codec);
    assert!(trending(
        &late_ctx,
        &TrendingParams::parse(&q(&[("window", "60")])).unwrap()
    )
    .unwrap()
    .data
    .is_empty());
    assert_eq!(
        trending(&late_ctx, &TrendingParams::parse(&q(&[])).unwrap())
            .unwrap()
            .data
            .len(),
        6
    );

    let bs = blindspots(&ctx, &BlindspotsParams::parse(&q(&[])).unwrap()).unwrap();
    assert_eq!(
        bs.data.iter().map(|i| i.story_id).collect::<Vec<_>>(),
        vec![104, 103]
    );
    assert_eq!(
        bs.extra.states,
        vec![StoryState::Blindspot, StoryState::Undercovered]
    );
    let only = blindspots(
        &ctx,
        &BlindspotsParams::parse(&q(&[("state", "blindspot")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        only.data.iter().map(|i| i.story_id).collect::<Vec<_>>(),
        vec![103]
    );
    // 103 was run by haaretz (left) and hamodia (haredi): not missing left.
    let side = blindspots(
        &ctx,
        &BlindspotsParams::parse(&q(&[("side", "left")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        side.data.iter().map(|i| i.story_id).collect::<Vec<_>>(),
        vec![104]
    );
    assert_eq!(side.extra.side, Some(Side::Left));
}

#[test]
fn registry_people_brief_changes() {
    let f = Fixture::new();
    let ctx = f.ctx();
    let so = list_sources(&ctx, &en()).unwrap();
    assert_eq!(so.data.len(), 9);
    assert!(so.next_cursor.is_none());
    let sides: BTreeSet<Side> = so.data.iter().map(|n| n.side).collect();
    assert_eq!(sides.len(), 9);
    assert_eq!(source(&ctx, "nope").unwrap_err().http_status(), 404);
    assert_eq!(
        source_activity(&ctx, "nope", &ActivityParams { days: 7 })
            .unwrap_err()
            .http_status(),
        404
    );
    // Activity over 2 days: runs at 1 h (running), 2 h (ok), 26 h (error); 50 h is outside.
    let a = source_activity(
        &ctx,
        "ynet",
        &ActivityParams::parse(&q(&[("days", "2")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        (a.window_days, a.crawl.runs, a.crawl.running_runs),
        (2, 3, 1)
    );
    assert_eq!(a.crawl.success_rate, Some(0.5));
    let a30 = source_activity(
        &ctx,
        "ynet",
        &ActivityParams::parse(&q(&[("days", "90")])).unwrap(),
    )
    .unwrap();
    assert_eq!((a30.window_days, a30.crawl.runs), (30, 4));
    assert_eq!(
        source_activity(&ctx, "haaretz", &ActivityParams { days: 7 })
            .unwrap()
            .behaviour,
        None
    );
    // Topics: articles of the last day per desk (105 and 106 are older).
    let t = list_topics(&ctx, &TopicsParams::parse(&q(&[])).unwrap()).unwrap();
    assert_eq!(t.data.len(), 10);
    assert_eq!(t.extra.days, 1);
    let vol = |topic: Topic| t.data.iter().find(|x| x.id == topic).unwrap().articles;
    assert_eq!(
        (
            vol(Topic::Economy),
            vol(Topic::Politics),
            vol(Topic::Weather),
            vol(Topic::Sports)
        ),
        (6, 2, 2, 0)
    );
    let t7 = list_topics(&ctx, &TopicsParams::parse(&q(&[("days", "70")])).unwrap()).unwrap();
    assert_eq!(t7.extra.days, 7);
    assert_eq!(
        t7.data
            .iter()
            .find(|x| x.id == Topic::Politics)
            .unwrap()
            .articles,
        5
    );
    // People in the last 24 h, most mentioned first; the mention 30 h ago does not count.
    let pe = list_people(&ctx, &en()).unwrap();
    assert_eq!(
        pe.data
            .iter()
            .map(|p| (p.id, p.mentions))
            .collect::<Vec<_>>(),
        vec![(1, 3), (2, 1)]
    );
    assert_eq!(
        person_detail(&ctx, "3", &en()).unwrap_err().http_status(),
        404
    );
    assert_eq!(
        person_detail(&ctx, "-3", &en()).unwrap_err().http_status(),
        400
    );
    // Brief: 404 when none.
    let empty = MemoryNewsRepository::new();
    let empty_ctx = NewsContext::new(&empty, &f.clock, &f.codec);
    let e = brief(&empty_ctx, &en()).unwrap_err();
    assert_eq!((e.http_status(), e.code().as_str()), (404, "not_found"));
    // Changes: since older than seven days is raised; checkpoint is the last changedAt.
    let ch = changes(
        &ctx,
        &ChangesParams::parse(&q(&[("since", "2020-01-01T00:00:00Z")])).unwrap(),
    )
    .unwrap();
    assert_eq!(ch.extra.since, now() - Duration::days(7));
    assert_eq!(ch.data.len(), 6);
    assert_eq!(ch.extra.checkpoint, ch.data.last().unwrap().changed_at);
    let recent = changes(
        &ctx,
        &ChangesParams::parse(&q(&[("since", "2026-03-10T04:00:00Z")])).unwrap(),
    )
    .unwrap();
    assert_eq!(
        recent.data.iter().map(|c| c.story_id).collect::<Vec<_>>(),
        vec![101, 102, 103, 104]
    );
    assert_eq!(
        recent.extra.since,
        "2026-03-10T04:00:00Z".parse::<DateTime<Utc>>().unwrap()
    );
}
