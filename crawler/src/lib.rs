//! The feed crawler: every newsroom's RSS and Atom feeds fetched (by `lashon crawl --once`, or
//! on a schedule inside `lashon serve`), new and edited articles stored, each newsroom's run
//! recorded for its `activity`.
//!
//! - Conditional GET: the `ETag` and `Last-Modified` a feed answered are sent back as
//!   `If-None-Match` / `If-Modified-Since`; a 304 stores nothing.
//! - Politeness: one request at a time per host, at least [`CrawlOptions::per_host_interval`]
//!   apart; a time limit per request.
//! - Parsing ([`parse`]): encodings (`windows-1255` included), HTML removed, canonical links so
//!   an article is stored once, whatever tracking parameters its links carry.
//! - Edits: an item whose headline, summary or body changed is stored again with `updatedAt`
//!   (the feed's `updated`, else the crawl time); the story shows it when the change came more
//!   than 60 s after publication.
//! - Runs: each newsroom's run is written `running` when it starts, then `ok` (at least one
//!   feed read) or `error` (every feed failed), with links discovered, items read
//!   (`scraped`), new articles and errors; a run the process did not live to finish is marked
//!   `aborted` when the newsroom is crawled next.
//!
//! Articles are written through `lashon-core`'s news store port
//! ([`NewsStore`]), so any backend works; the feed parser is
//! usable alone:
//!
//! ```
//! let rss = r#"<?xml version="1.0" encoding="UTF-8"?>
//! <rss version="2.0"><channel><title>Ynet</title>
//!   <item>
//!     <title>&lt;b&gt;הכנסת&lt;/b&gt; אישרה את התקציב</title>
//!     <link>https://www.ynet.co.il/news/article/abc?utm_source=rss#top</link>
//!     <pubDate>Tue, 10 Mar 2026 08:00:00 GMT</pubDate>
//!   </item>
//! </channel></rss>"#
//! .as_bytes();
//! let feed = lashon_crawler::parse::parse(rss, Some("application/rss+xml"), None).unwrap();
//! assert_eq!(feed.items.len(), 1);
//! assert_eq!(feed.items[0].headline, "הכנסת אישרה את התקציב");
//! assert_eq!(feed.items[0].url, "https://www.ynet.co.il/news/article/abc");
//! ```

pub mod parse;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;
use lashon_news::record::{CrawlOutcome, CrawlRun};
use tokio::sync::Mutex;

use lashon_core::news::write::ArticleInput;
use lashon_core::news::NewsStore;
use parse::FeedItem;

/// Settings of a crawl.
#[derive(Debug, Clone, Copy)]
pub struct CrawlOptions {
    /// Time limit of one request.
    pub timeout: Duration,
    /// Least time between two requests to one host.
    pub per_host_interval: Duration,
}

impl Default for CrawlOptions {
    fn default() -> CrawlOptions {
        CrawlOptions {
            timeout: Duration::from_secs(20),
            per_host_interval: Duration::from_secs(1),
        }
    }
}

/// What one crawl did, over every newsroom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CrawlReport {
    pub newsrooms: u64,
    pub feeds: u64,
    pub not_modified: u64,
    pub discovered: u64,
    pub new_articles: u64,
    pub updated_articles: u64,
    pub errors: u64,
}

impl CrawlReport {
    /// True when articles were stored or changed (stories need clustering again).
    pub fn changed(&self) -> bool {
        self.new_articles + self.updated_articles > 0
    }
}

/// An HTTP fetcher with per-host politeness.
#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    options: CrawlOptions,
    hosts: Arc<Mutex<HashMap<String, Instant>>>,
}

/// A feed's answer.
pub enum Fetched {
    NotModified,
    Document {
        bytes: Vec<u8>,
        content_type: Option<String>,
        etag: Option<String>,
        last_modified: Option<String>,
    },
}

impl Fetcher {
    pub fn new(options: CrawlOptions) -> Result<Fetcher, String> {
        install_crypto_provider();
        let client = reqwest::Client::builder()
            .timeout(options.timeout)
            .connect_timeout(options.timeout)
            .user_agent(concat!("lashon-crawler/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::limited(5))
            .build()
            .map_err(|e| format!("cannot build the crawler's client: {e}"))?;
        Ok(Fetcher {
            client,
            options,
            hosts: Arc::new(Mutex::new(HashMap::new())),
        })
    }

    /// Waits until the host may be asked again.
    async fn polite(&self, url: &str) {
        let host = url::Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
            .unwrap_or_default();
        let wait = {
            let mut hosts = self.hosts.lock().await;
            let now = Instant::now();
            let next = hosts
                .get(&host)
                .map(|last| *last + self.options.per_host_interval)
                .filter(|t| *t > now);
            let at = next.unwrap_or(now);
            hosts.insert(host, at);
            at.saturating_duration_since(now)
        };
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }

    /// Fetches `url` with its validators.
    pub async fn fetch(
        &self,
        url: &str,
        etag: Option<&str>,
        last_modified: Option<&str>,
    ) -> Result<Fetched, String> {
        self.polite(url).await;
        let mut req = self.client.get(url);
        if let Some(e) = etag {
            req = req.header(reqwest::header::IF_NONE_MATCH, e);
        }
        if let Some(m) = last_modified {
            req = req.header(reqwest::header::IF_MODIFIED_SINCE, m);
        }
        let res = req.send().await.map_err(|e| {
            if e.is_timeout() {
                "timeout".to_string()
            } else {
                format!("request failed: {e}")
            }
        })?;
        let status = res.status();
        if status == reqwest::StatusCode::NOT_MODIFIED {
            return Ok(Fetched::NotModified);
        }
        if !status.is_success() {
            return Err(format!("HTTP {}", status.as_u16()));
        }
        let header = |name: reqwest::header::HeaderName| {
            res.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let content_type = header(reqwest::header::CONTENT_TYPE);
        let etag = header(reqwest::header::ETAG);
        let last_modified = header(reqwest::header::LAST_MODIFIED);
        let bytes = res
            .bytes()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    "timeout".to_string()
                } else {
                    format!("body: {e}")
                }
            })?
            .to_vec();
        Ok(Fetched::Document {
            bytes,
            content_type,
            etag,
            last_modified,
        })
    }
}

/// What storing one item did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    New,
    Updated,
    Unchanged,
    /// Not storable (a field past its limit): the reason.
    Refused(String),
}

/// Stores a feed item of newsroom `source`: new, edited (with `updatedAt`), or unchanged.
pub fn store_item<S: NewsStore>(
    store: &S,
    source: &str,
    item: &FeedItem,
    now: DateTime<Utc>,
) -> Result<Stored, RepoError> {
    store.write_news(|w| {
        let rooms = w.newsrooms()?;
        let Some(room) = rooms.get(source) else {
            return Err(RepoError::Internal(format!("unknown newsroom {source:?}")));
        };
        let existing = w.article_input(&item.url)?;
        let mut input = ArticleInput {
            source: source.to_string(),
            url: item.url.clone(),
            headline: item.headline.clone(),
            published_at: item.published_at.unwrap_or(now).min(now),
            language: None,
            summary: item.summary.clone(),
            body: item.body.clone(),
            byline: item.byline.clone(),
            category: item.category.clone(),
            updated_at: None,
        };
        if let Err(why) = input.check() {
            return Ok(Stored::Refused(why));
        }
        let outcome = match &existing {
            None => Stored::New,
            Some(old) => {
                let same = old.headline == input.headline
                    && old.summary == input.summary
                    && old.body == input.body;
                if same {
                    return Ok(Stored::Unchanged);
                }
                // First publication stays; the edit is dated.
                input.published_at = old.published_at;
                // The feed's own update time when it gives one apart from the publication time
                // (RSS gives only `pubDate`); else the time the crawl saw the change.
                let stated = item
                    .updated_at
                    .filter(|u| Some(*u) != item.published_at && *u > old.published_at);
                input.updated_at = Some(stated.unwrap_or(now));
                Stored::Updated
            }
        };
        w.ingest(&input, room.language)?;
        Ok(outcome)
    })
}

/// Crawls one newsroom's feeds and records its run.
async fn crawl_newsroom<S: NewsStore>(
    store: &S,
    fetcher: &Fetcher,
    key: &str,
    feeds: &[String],
    report: &mut CrawlReport,
) -> Result<(), RepoError> {
    let started_at = Utc::now();
    let mut run = CrawlRun {
        started_at,
        finished_at: None,
        outcome: CrawlOutcome::Running,
        discovered: 0,
        scraped: 0,
        new_articles: 0,
        errors: 0,
    };
    let run_id = store.write_news(|w| {
        w.abort_running_runs(key, started_at)?;
        w.add_crawl_run(key, &run)
    })?;
    let mut failed_feeds = 0;
    for feed in feeds {
        report.feeds += 1;
        let (etag, modified) = store.write_news(|w| w.feed_validators(feed))?;
        let answer = fetcher
            .fetch(feed, etag.as_deref(), modified.as_deref())
            .await;
        let now = Utc::now();
        match answer {
            Ok(Fetched::NotModified) => report.not_modified += 1,
            Ok(Fetched::Document {
                bytes,
                content_type,
                etag,
                last_modified,
            }) => match parse::parse(&bytes, content_type.as_deref(), Some(feed)) {
                Ok(parsed) => {
                    run.discovered += parsed.items.len() as u64 + parsed.skipped;
                    for item in &parsed.items {
                        run.scraped += 1;
                        match store_item(store, key, item, now)? {
                            Stored::New => run.new_articles += 1,
                            Stored::Updated => report.updated_articles += 1,
                            Stored::Unchanged => {}
                            Stored::Refused(why) => {
                                tracing::warn!(newsroom = key, feed, reason = %why, "item not stored");
                                run.errors += 1;
                            }
                        }
                    }
                    store.write_news(|w| {
                        w.set_feed_validators(feed, etag.as_deref(), last_modified.as_deref(), now)
                    })?;
                }
                Err(e) => {
                    tracing::warn!(newsroom = key, feed, error = %e, "feed not readable");
                    run.errors += 1;
                    failed_feeds += 1;
                }
            },
            Err(e) => {
                tracing::warn!(newsroom = key, feed, error = %e, "feed not fetched");
                run.errors += 1;
                failed_feeds += 1;
            }
        }
    }
    run.finished_at = Some(Utc::now());
    run.outcome = if !feeds.is_empty() && failed_feeds == feeds.len() {
        CrawlOutcome::Error
    } else {
        CrawlOutcome::Ok
    };
    report.discovered += run.discovered;
    report.new_articles += run.new_articles;
    report.errors += run.errors;
    store.write_news(|w| w.update_crawl_run(run_id, &run))?;
    Ok(())
}

/// Crawls every newsroom with feeds once. Newsrooms on different hosts are crawled at the same
/// time (up to eight at once); each host is asked politely.
pub async fn crawl_once<S: NewsStore + Clone + 'static>(
    store: &S,
    fetcher: &Fetcher,
) -> Result<CrawlReport, RepoError> {
    let rooms: Vec<(String, Vec<String>)> = store
        .write_news(|w| w.feeds())?
        .into_iter()
        .filter(|(_, feeds)| !feeds.is_empty())
        .collect();
    let mut report = CrawlReport {
        newsrooms: rooms.len() as u64,
        ..CrawlReport::default()
    };
    let semaphore = Arc::new(tokio::sync::Semaphore::new(8));
    let mut tasks = tokio::task::JoinSet::new();
    for (key, feeds) in rooms {
        let (store, fetcher, semaphore) = (store.clone(), fetcher.clone(), semaphore.clone());
        tasks.spawn(async move {
            let _permit = semaphore.acquire_owned().await;
            let mut r = CrawlReport::default();
            crawl_newsroom(&store, &fetcher, &key, &feeds, &mut r)
                .await
                .map(|()| r)
        });
    }
    while let Some(done) = tasks.join_next().await {
        let r = done.map_err(|e| RepoError::Internal(format!("crawl task: {e}")))??;
        report.feeds += r.feeds;
        report.not_modified += r.not_modified;
        report.discovered += r.discovered;
        report.new_articles += r.new_articles;
        report.updated_articles += r.updated_articles;
        report.errors += r.errors;
    }
    Ok(report)
}

/// Makes ring the process's TLS crypto provider (reqwest is built without one; each outbound
/// crate installs it so it works alone). Calling it again does nothing.
fn install_crypto_provider() {
    // `Err` means a provider is installed already, which is the goal.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
