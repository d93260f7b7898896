//! The crawler against feed servers on 127.0.0.1 serving RSS and Atom documents written for
//! the project: conditional GET (ETag, 304), a windows-1255 feed, broken XML, a feed that
//! answers too slowly, duplicate items under tracking parameters, an item edited later; then
//! the runs as `GET /api/v1/sources/{key}/activity` reports them, and an RSS file ingested
//! with `lashon ingest --source`.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use common::{lashon, temp_db, Server};

const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Ynet</title><link>https://feeds.test/</link>
<item><title>הכנסת אישרה את התקציב בקריאה ראשונה</title>
<link>https://www.ynet.test/news/1?utm_source=rss&amp;utm_medium=feed</link>
<description><![CDATA[<p>שרת האוצר: <b>61</b> תמכו.</p>]]></description>
<category>פוליטי</category><author>news@ynet.test (כתב פוליטי)</author>
<pubDate>{T1}</pubDate></item>
<item><title>שריפה גדולה בכרמל</title><link>https://www.ynet.test/news/2</link>
<description>כוחות כיבוי רבים פועלים במקום.</description><pubDate>{T2}</pubDate></item>
<item><title>הכנסת אישרה את התקציב בקריאה ראשונה</title>
<link>https://www.ynet.test/news/1?fbclid=abc#comments</link>
<description><![CDATA[<p>שרת האוצר: <b>61</b> תמכו.</p>]]></description>
<pubDate>{T1}</pubDate></item>
<item><title>No link here</title></item>
</channel></rss>"#;

const ATOM: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Times of Israel</title><id>urn:toi</id>
<updated>{A2}</updated>
<entry><title>Knesset passes budget in first reading</title><id>urn:toi:1</id>
<link rel="alternate" href="https://www.toi.test/budget-first-reading"/>
<published>{A3}</published><updated>{A3}</updated>
<author><name>Political correspondent</name></author>
<summary type="html">&lt;p&gt;The budget passed 61 to 52.&lt;/p&gt;</summary>
<category term="Politics"/></entry>
</feed>"#;

/// Encoded as windows-1255 when served.
const KAN_1255: &str = r#"<?xml version="1.0" encoding="windows-1255"?>
<rss version="2.0"><channel><title>כאן</title><link>https://kan.test/</link>
<item><title>גשם כבד צפוי בצפון הארץ</title><link>https://kan.test/item/77</link>
<description>התחזית: סערה וגשם עז בגליל ובגולן.</description>
<pubDate>{T4}</pubDate></item>
</channel></rss>"#;

/// The fixtures with their dates set a few hours before now (stories lists look back days).
fn dated(text: &str) -> String {
    // One base for every request of the run, so the same item keeps the same dates.
    static BASE: std::sync::OnceLock<chrono::DateTime<chrono::Utc>> = std::sync::OnceLock::new();
    let now = *BASE.get_or_init(chrono::Utc::now);
    let ago = |m: i64| now - chrono::Duration::minutes(m);
    text.replace("{T1}", &ago(300).to_rfc2822())
        .replace("{T2}", &ago(240).to_rfc2822())
        .replace("{T4}", &ago(360).to_rfc2822())
        .replace("{A2}", &ago(240).to_rfc3339())
        .replace("{A3}", &ago(270).to_rfc3339())
}

#[derive(Default)]
struct Feeds {
    ynet_requests: AtomicUsize,
    ynet_not_modified: AtomicUsize,
    /// The second version of the fire article (edited later).
    edited: Mutex<bool>,
}

async fn ynet(State(feeds): State<Arc<Feeds>>, headers: HeaderMap) -> Response {
    feeds.ynet_requests.fetch_add(1, Ordering::SeqCst);
    let edited = *feeds.edited.lock().unwrap();
    let etag = if edited { "\"v2\"" } else { "\"v1\"" };
    if headers.get("if-none-match").and_then(|v| v.to_str().ok()) == Some(etag) {
        feeds.ynet_not_modified.fetch_add(1, Ordering::SeqCst);
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let body = if edited {
        dated(RSS).replace(
            "כוחות כיבוי רבים פועלים במקום.",
            "השריפה נבלמה אחרי לילה של מאמצים.",
        )
    } else {
        dated(RSS)
    };
    (
        [("content-type", "application/rss+xml"), ("etag", etag)],
        body,
    )
        .into_response()
}

async fn toi() -> Response {
    ([("content-type", "application/atom+xml")], dated(ATOM)).into_response()
}

async fn kan() -> Response {
    let text = dated(KAN_1255);
    let (bytes, _, _) = encoding_rs::WINDOWS_1255.encode(&text);
    (
        [("content-type", "application/rss+xml; charset=windows-1255")],
        bytes.into_owned(),
    )
        .into_response()
}

async fn broken() -> Response {
    (
        [("content-type", "application/rss+xml")],
        "<rss><channel><item><title>oops",
    )
        .into_response()
}

async fn slow() -> Response {
    tokio::time::sleep(Duration::from_secs(4)).await;
    ([("content-type", "application/rss+xml")], dated(RSS)).into_response()
}

async fn start_feeds(feeds: Arc<Feeds>) -> String {
    let app = Router::new()
        .route("/ynet.xml", get(ynet))
        .route("/toi.xml", get(toi))
        .route("/kan.xml", get(kan))
        .route("/broken.xml", get(broken))
        .route("/slow.xml", get(slow))
        .with_state(feeds);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{addr}")
}

fn registry(base: &str) -> String {
    format!(
        r#"
[[newsroom]]
key = "ynet"
name = "Ynet"
language = "he"
side = "centre"
lean = "center"
place = "Rishon LeZion"
feeds = ["{base}/ynet.xml"]

[[newsroom]]
key = "timesofisrael"
name = "The Times of Israel"
language = "en"
side = "centre"
lean = "center"
place = "Jerusalem"
feeds = ["{base}/toi.xml", "{base}/broken.xml"]

[[newsroom]]
key = "kan"
name = "Kan"
language = "he"
side = "official"
lean = "unrated"
place = "Jerusalem"
feeds = ["{base}/kan.xml"]

[[newsroom]]
key = "slow"
name = "Slow News"
language = "en"
side = "business"
lean = "unrated"
place = "Tel Aviv"
feeds = ["{base}/slow.xml"]
"#
    )
}

/// An account and a key with every news scope.
fn key(db: &std::path::Path) -> String {
    assert!(lashon(
        db,
        &["accounts", "create", "reader", "--plan", "enterprise"]
    )
    .status
    .success());
    let out = lashon(
        db,
        &[
            "keys",
            "create",
            "--account",
            "reader",
            "--scopes",
            "stories,sources,search",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

fn run_crawl(db: &std::path::Path) -> String {
    let out = lashon(db, &["crawl", "--once", "--timeout", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn crawl_conditional_get_encodings_failures_edits_and_activity() {
    let feeds = Arc::new(Feeds::default());
    let base = start_feeds(feeds.clone()).await;
    let (dir, db) = temp_db();
    let reg = dir.path().join("registry.toml");
    std::fs::write(&reg, registry(&base)).unwrap();
    let out = lashon(&db, &["sources", "import", reg.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // First crawl: ynet 2 articles (the duplicate under other tracking parameters is one, the
    // item without a link is skipped), the Atom entry, the windows-1255 item; broken XML and
    // the slow feed are errors.
    let first = tokio::task::spawn_blocking({
        let db = db.clone();
        move || run_crawl(&db)
    })
    .await
    .unwrap();
    assert!(
        first.contains(
            "crawled 4 newsrooms, 5 feeds (0 not modified): 6 items, 4 new, 0 updated, 2 errors"
        ),
        "{first}"
    );

    // Second crawl: ynet answers 304 to its ETag; nothing new.
    let second = tokio::task::spawn_blocking({
        let db = db.clone();
        move || run_crawl(&db)
    })
    .await
    .unwrap();
    assert!(
        second.contains("(1 not modified)") && second.contains("0 new, 0 updated"),
        "{second}"
    );
    assert_eq!(feeds.ynet_not_modified.load(Ordering::SeqCst), 1);

    // The fire article is edited: a new ETag, the article updated, not duplicated.
    *feeds.edited.lock().unwrap() = true;
    let third = tokio::task::spawn_blocking({
        let db = db.clone();
        move || run_crawl(&db)
    })
    .await
    .unwrap();
    assert!(third.contains("0 new, 1 updated"), "{third}");

    let s = Server::start_plain(&db, &key(&db));
    // Articles as stored: canonical URLs, HTML removed, Hebrew from windows-1255 intact.
    let stories = s.get("/api/v1/stories?limit=100&since=30").await;
    assert_eq!(stories.status, 200, "{}", stories.body);
    let all = stories.body.to_string();
    assert!(all.contains("גשם כבד צפוי בצפון הארץ"), "{all}");
    assert!(
        !all.contains("utm_source") && !all.contains("fbclid"),
        "{all}"
    );
    let search = s
        .get("/api/v1/search?q=%D7%A9%D7%A8%D7%99%D7%A4%D7%94")
        .await;
    let fire = &search.body["data"][0];
    assert_eq!(
        fire["url"], "https://www.ynet.test/news/2",
        "{}",
        search.body
    );
    assert!(
        fire["updatedAt"].is_string(),
        "an edit hours later shows: {fire}"
    );
    // The Hebrew and English budget reports are one story.
    let budget = s.get("/api/v1/search?q=budget").await;
    assert_eq!(budget.body["data"][0]["outlets"], 2, "{}", budget.body);

    // Activity from the real runs.
    let a = s.get("/api/v1/sources/timesofisrael/activity").await;
    let crawl = &a.body["crawl"];
    assert_eq!(crawl["runs"], 3, "{}", a.body);
    assert_eq!(crawl["okRuns"], 3); // the Atom feed was read each time
    assert_eq!(crawl["errors"], 3); // the broken feed, three times
    assert_eq!(crawl["newArticles"], 1);
    assert_eq!(crawl["successRate"], 1.0);
    // Behaviour measured from the stored articles: one story, with a byline, 30 minutes after
    // ynet's Hebrew report of it.
    let b = &a.body["behaviour"];
    assert_eq!(b["stories"], 1, "{}", a.body);
    assert_eq!(b["bylineRate"], 1.0);
    assert_eq!(b["originalRate"], 0.0);
    assert_eq!(b["medianLagMinutes"], 30.0);
    let room = s.get("/api/v1/sources/timesofisrael").await;
    assert_eq!(room.body["profile"]["articles"], 1, "{}", room.body);
    let slow = s.get("/api/v1/sources/slow/activity").await;
    assert_eq!(slow.body["crawl"]["errorRuns"], 3, "{}", slow.body);
    assert_eq!(slow.body["crawl"]["successRate"], 0.0);
    let ynet = s.get("/api/v1/sources/ynet/activity").await;
    assert_eq!(ynet.body["crawl"]["newArticles"], 2, "{}", ynet.body);
    // Four entries read on the first and third crawls; the second was a 304.
    assert_eq!(ynet.body["crawl"]["discovered"], 8);
    s.stop();

    // An RSS file ingested by hand: the same articles again are not duplicated.
    let file = dir.path().join("ynet.xml");
    std::fs::write(&file, dated(RSS)).unwrap();
    let out = lashon(&db, &["ingest", file.to_str().unwrap(), "--source", "ynet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("ingested 0 new"), "{stdout}");
    // Without --source, a feed file is refused with a clear message.
    let out = lashon(&db, &["ingest", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--source"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_run_cut_short_is_aborted_at_the_next_crawl() {
    let feeds = Arc::new(Feeds::default());
    let base = start_feeds(feeds).await;
    let (dir, db) = temp_db();
    let reg = dir.path().join("registry.toml");
    std::fs::write(&reg, registry(&base)).unwrap();
    assert!(lashon(&db, &["sources", "import", reg.to_str().unwrap()])
        .status
        .success());
    // Kill a crawl while the slow feed keeps it running.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args(["crawl", "--once", "--timeout", "30", "--db"])
        .arg(&db)
        .spawn()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    child.kill().unwrap();
    child.wait().unwrap();
    let db2 = db.clone();
    tokio::task::spawn_blocking(move || run_crawl(&db2))
        .await
        .unwrap();
    let s = Server::start_plain(&db, &key(&db));
    let slow = s.get("/api/v1/sources/slow/activity").await;
    let c = &slow.body["crawl"];
    assert_eq!(c["abortedRuns"], 1, "{}", slow.body);
    assert_eq!(c["runningRuns"], 0);
}
