//! From the bytes of an RSS or Atom document to articles: the encoding decided (BOM, then the
//! HTTP `charset`, then the XML declaration, else UTF-8 — Israeli feeds still ship
//! `windows-1255`), the feed parsed by `feed-rs`, HTML removed from titles and summaries, and
//! each link made canonical so the same article is stored once.

use chrono::{DateTime, Utc};
use encoding_rs::Encoding;

/// One item of a feed, as the crawler stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedItem {
    /// Canonical URL (tracking parameters and fragment removed).
    pub url: String,
    pub headline: String,
    pub summary: Option<String>,
    pub body: Option<String>,
    pub byline: Option<String>,
    /// The first category of the item.
    pub category: Option<String>,
    pub published_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A parsed feed: its items and how many entries were left out (no link or no title).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedFeed {
    pub items: Vec<FeedItem>,
    pub skipped: u64,
}

/// A document that is not a feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedError(pub String);

impl std::fmt::Display for FeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a readable RSS or Atom feed: {}", self.0)
    }
}

impl std::error::Error for FeedError {}

/// The `encoding="…"` of an XML declaration at the start of `bytes`.
fn declared_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    // The declaration is ASCII whatever the encoding of the rest.
    let head = &bytes[..bytes.len().min(200)];
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&head[..end])
        .ok()?
        .strip_prefix("<?xml")?;
    let at = decl.find("encoding")?;
    let rest = decl[at + "encoding".len()..]
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let quote = rest.chars().next()?;
    let value = rest.get(1..)?.split(quote).next()?;
    Encoding::for_label(value.as_bytes())
}

/// The `charset` of a `Content-Type` header.
fn header_charset(content_type: Option<&str>) -> Option<&'static Encoding> {
    let ct = content_type?;
    ct.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        (k.trim().eq_ignore_ascii_case("charset"))
            .then(|| Encoding::for_label(v.trim().trim_matches('"').as_bytes()))
            .flatten()
    })
}

/// The document as UTF-8 text, its XML declaration rewritten to say so.
pub fn decode(bytes: &[u8], content_type: Option<&str>) -> String {
    let (encoding, bom) = match Encoding::for_bom(bytes) {
        Some((e, len)) => (e, len),
        None => (
            header_charset(content_type)
                .or_else(|| declared_encoding(bytes))
                .unwrap_or(encoding_rs::UTF_8),
            0,
        ),
    };
    let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
    let text = text.into_owned();
    // feed-rs decodes by the declaration: it must now say UTF-8.
    match text
        .strip_prefix("<?xml")
        .and_then(|rest| rest.find("?>").map(|end| (rest, end)))
    {
        Some((rest, end)) => format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>{}",
            &rest[end + 2..]
        ),
        None => text,
    }
}

/// Tracking parameters removed from article links.
const TRACKING: &[&str] = &[
    "fbclid",
    "gclid",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",
    "yclid",
    "igshid",
    "mc_cid",
    "mc_eid",
    "_ga",
    "_gl",
    "ref_src",
    "ocid",
    "cmpid",
    "smid",
    "at_medium",
    "at_campaign",
];

/// The canonical form of a link: absolute (against `base`), http(s), without fragment or
/// tracking parameters (`utm_*` and the usual click ids).
pub fn canonical_url(raw: &str, base: Option<&str>) -> Option<String> {
    let raw = raw.trim();
    let mut url = match url::Url::parse(raw) {
        Ok(u) => u,
        Err(_) => url::Url::parse(base?).ok()?.join(raw).ok()?,
    };
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return None;
    }
    url.set_fragment(None);
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| {
            let k = k.to_ascii_lowercase();
            !k.starts_with("utm_") && !TRACKING.contains(&k.as_str())
        })
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if kept.is_empty() {
        url.set_query(None);
    } else {
        url.query_pairs_mut().clear().extend_pairs(kept);
    }
    Some(url.to_string())
}

/// Text of an HTML fragment: tags removed, entities decoded, white space collapsed. Written
/// here because feed summaries need only this, not an HTML parser.
pub fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        match rest[lt..].find('>') {
            Some(gt) => {
                let tag = &rest[lt + 1..lt + gt];
                // Block-level tags separate words.
                if tag.starts_with(['p', 'P', 'b', 'B', 'd', 'D', 'l', 'L', 'h', 'H', '/']) {
                    out.push(' ');
                }
                rest = &rest[lt + gt + 1..];
            }
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let decoded = decode_entities(&out);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after.find(';').filter(|e| *e <= 10);
        let decoded = end.and_then(|e| {
            let name = &after[..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "ndash" => Some('–'),
                "mdash" => Some('—'),
                "rsquo" | "lsquo" => Some('\''),
                "rdquo" | "ldquo" => Some('"'),
                "hellip" => Some('…'),
                n if n.starts_with("#x") || n.starts_with("#X") => u32::from_str_radix(&n[2..], 16)
                    .ok()
                    .and_then(char::from_u32),
                n if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            }?;
            Some((c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn text_of(t: &feed_rs::model::Text) -> String {
    html_text(&t.content)
}

/// Parses a feed document.
pub fn parse(
    bytes: &[u8],
    content_type: Option<&str>,
    feed_url: Option<&str>,
) -> Result<ParsedFeed, FeedError> {
    let text = decode(bytes, content_type);
    let mut parser = feed_rs::parser::Builder::new();
    if let Some(base) = feed_url {
        parser = parser.base_uri(Some(base));
    }
    let feed = parser
        .build()
        .parse(text.as_bytes())
        .map_err(|e| FeedError(e.to_string()))?;
    let mut out = ParsedFeed::default();
    for e in feed.entries {
        let link = e
            .links
            .iter()
            .find(|l| l.rel.as_deref().is_none_or(|r| r == "alternate"))
            .or(e.links.first())
            .map(|l| l.href.clone())
            // An RSS guid that is a permalink serves as the link.
            .or_else(|| e.id.starts_with("http").then(|| e.id.clone()));
        let url = link.and_then(|l| canonical_url(&l, feed_url));
        let headline = e.title.as_ref().map(text_of).unwrap_or_default();
        let (Some(url), false) = (url, headline.is_empty()) else {
            out.skipped += 1;
            continue;
        };
        let summary = e.summary.as_ref().map(text_of).filter(|s| !s.is_empty());
        let body = e
            .content
            .as_ref()
            .and_then(|c| c.body.as_deref())
            .map(html_text)
            .filter(|s| !s.is_empty());
        let byline = e
            .authors
            .iter()
            .filter_map(|a| a.name.as_deref())
            .map(str::trim)
            .find(|n| !n.is_empty())
            .map(str::to_string);
        let category = e
            .categories
            .iter()
            .map(|c| c.label.clone().unwrap_or_else(|| c.term.clone()))
            .map(|c| c.trim().to_string())
            .find(|c| !c.is_empty());
        out.items.push(FeedItem {
            url,
            headline,
            summary,
            body,
            byline,
            category,
            published_at: e.published.or(e.updated),
            updated_at: e.updated,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_canonical() {
        assert_eq!(
            canonical_url(
                "https://WWW.Ynet.co.il/news/article/abc?utm_source=rss&id=7&fbclid=x#top",
                None
            )
            .as_deref(),
            Some("https://www.ynet.co.il/news/article/abc?id=7")
        );
        assert_eq!(
            canonical_url(
                "/news/1?utm_medium=feed",
                Some("https://example.co.il/rss.xml")
            )
            .as_deref(),
            Some("https://example.co.il/news/1")
        );
        assert_eq!(canonical_url("mailto:a@b.c", None), None);
        assert_eq!(canonical_url("", None), None);
    }

    #[test]
    fn html_and_entities() {
        assert_eq!(
            html_text("<p>Price &amp; tax: &#8362;5&nbsp;<b>now</b></p><img src=x>"),
            "Price & tax: ₪5 now"
        );
        assert_eq!(html_text("a &unknown; b & c"), "a &unknown; b & c");
    }

    #[test]
    fn encodings_from_the_header_or_the_declaration() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1255
            .encode("<?xml version=\"1.0\" encoding=\"windows-1255\"?><x>שלום</x>");
        assert_eq!(
            decode(&bytes, None),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><x>שלום</x>"
        );
        let (bytes, _, _) = encoding_rs::WINDOWS_1255.encode("<x>שלום</x>");
        assert_eq!(
            decode(&bytes, Some("application/rss+xml; charset=windows-1255")),
            "<x>שלום</x>"
        );
        assert_eq!(decode("\u{feff}<x/>".as_bytes(), None), "<x/>");
    }
}
