//! The feed parser as a fuzz target (issue 19): a feed is outside input. Random bytes, real
//! RSS and Atom documents cut anywhere, with bytes changed or inserted, in other encodings:
//! `parse` answers a feed or an error, never panics, and every item it keeps has a link and a
//! headline.

use lashon_crawler::parse::parse;
use proptest::prelude::*;

const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Ynet</title>
<item><title>&lt;b&gt;הכנסת&lt;/b&gt; אישרה את התקציב</title>
<link>https://www.ynet.co.il/news/article/abc?utm_source=rss#top</link>
<description><![CDATA[<p>שר האוצר <a href="x">הציג</a> את התקציב.</p>]]></description>
<pubDate>Tue, 10 Mar 2026 08:00:00 GMT</pubDate><category>חדשות</category><author>כתב</author></item>
<item><title>Second item</title><link>https://example.com/b</link></item>
</channel></rss>"#;

const ATOM: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Times</title>
<entry><title type="html">Strike &amp;amp; talks</title><link href="https://example.com/s"/>
<id>urn:1</id><updated>2026-03-10T08:00:00Z</updated><summary>Port strike ends.</summary></entry>
</feed>"#;

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(feed) = parse(bytes, None, Some("https://feeds.example.com/rss")) {
        for item in &feed.items {
            prop_assert!(!item.url.is_empty());
            prop_assert!(!item.headline.is_empty());
        }
    }
    Ok(())
}

proptest! {

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2_000)) {
        check(&bytes)?;
    }

    #[test]
    fn real_feeds_cut_changed_and_grown(
        atom in any::<bool>(),
        cut in 0usize..2_000,
        edits in proptest::collection::vec((0usize..2_000, any::<u8>(), any::<bool>()), 0..8),
    ) {
        let mut bytes = if atom { ATOM } else { RSS }.as_bytes().to_vec();
        for (at, byte, insert) in edits {
            let i = at % (bytes.len() + 1);
            if insert || i == bytes.len() {
                bytes.insert(i, byte);
            } else {
                bytes[i] = byte;
            }
        }
        bytes.truncate(cut.max(1).min(bytes.len()));
        check(&bytes)?;
    }
}

#[test]
fn declared_encodings_that_lie_are_read_or_refused() {
    for declared in ["windows-1255", "iso-8859-8", "utf-16", "no-such-encoding"] {
        let doc = RSS.replace("UTF-8", declared);
        let _ = parse(
            doc.as_bytes(),
            Some(&format!("text/xml; charset={declared}")),
            None,
        );
    }
}
