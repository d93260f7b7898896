//! Webhook endpoints as the console manages them (news spec, "Events" → "Setup"; DESIGN.md:
//! the console is `lashon webhooks`): destinations checked on save, endpoints only for
//! enterprise accounts, at most [`MAX_ENABLED_ENDPOINTS`](super::write::MAX_ENABLED_ENDPOINTS) enabled per account, the signing
//! secret made once.
//!
//! The caller supplies the time and the random bytes of ids and secrets, as everywhere in
//! this crate.

use lashon_news::webhook::{check_destination, EventType};
use lashon_news::Topic;

use super::write::{write_news, Endpoint, NewsStore};
use crate::account::{Account, AccountStore, Plan};

/// What `lashon webhooks add` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEndpoint<'a> {
    /// Public HTTPS URL on port 443.
    pub url: &'a str,
    /// Desks of interest, comma-separated (empty: every desk).
    pub topics: &'a str,
    /// Event kinds, comma-separated: `breaking`, `blindspot`.
    pub events: &'a str,
    /// The account's name; may be left out when there is one account.
    pub account: Option<&'a str>,
    /// Tests only: accept `http` and loopback addresses.
    pub allow_loopback: bool,
}

/// A signing secret (`whsec_` and 48 hex digits) from 24 random bytes.
pub fn signing_secret(random: &[u8; 24]) -> String {
    format!("whsec_{}", hex::encode(random))
}

/// An endpoint id (`whk_` and 20 hex digits) from 10 random bytes.
pub fn endpoint_id(random: &[u8; 10]) -> String {
    format!("whk_{}", hex::encode(random))
}

/// Event kinds from a comma-separated list (`breaking`, `blindspot`, or their event names);
/// at least one.
pub fn parse_events(s: &str) -> Result<Vec<EventType>, String> {
    let mut out = Vec::new();
    for e in s.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let kind = match e {
            "breaking" | "story.breaking" => EventType::Breaking,
            "blindspot" | "story.blindspot" => EventType::Blindspot,
            other => {
                return Err(format!(
                    "unknown event kind {other:?}: use breaking, blindspot"
                ))
            }
        };
        if !out.contains(&kind) {
            out.push(kind);
        }
    }
    if out.is_empty() {
        return Err("name at least one event kind: breaking, blindspot".into());
    }
    Ok(out)
}

/// Desk ids from a comma-separated list; empty means every desk.
pub fn parse_topics(s: &str) -> Result<Vec<String>, String> {
    s.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            Topic::parse(t)
                .map(|t| t.as_str().to_string())
                .ok_or_else(|| format!("unknown topic {t:?}"))
        })
        .collect()
}

/// The URL and host an endpoint is saved with: a public HTTPS hostname (rule 3), or with
/// `allow_loopback` any http(s) URL.
fn destination(url: &str, allow_loopback: bool) -> Result<(String, String), String> {
    match check_destination(url) {
        Ok(d) => Ok((d.url, d.host)),
        Err(e) if allow_loopback => {
            let parsed = url::Url::parse(url.trim()).map_err(|_| e.to_string())?;
            if !matches!(parsed.scheme(), "http" | "https") {
                return Err(format!("refused destination {url}: {e}"));
            }
            let host = parsed.host_str().unwrap_or_default().to_string();
            Ok((parsed.to_string(), host))
        }
        Err(e) => Err(format!("refused destination {url}: {e}")),
    }
}

/// The account an endpoint belongs to: the one named, or the only one.
fn owner<S: AccountStore + ?Sized>(store: &S, name: Option<&str>) -> Result<Account, String> {
    let name = match name {
        Some(name) => name.to_string(),
        None => match store.account_names().map_err(|e| e.to_string())?.as_slice() {
            [one] => one.clone(),
            _ => return Err("say whose endpoint it is with --account NAME".into()),
        },
    };
    store
        .account_by_name(&name)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no account {name:?}"))
}

/// Adds an enabled endpoint with its signing secret. Refused for a destination that is not a
/// public HTTPS hostname on 443, for an account below the enterprise plan (webhooks are an
/// enterprise scope), and when the account has five enabled endpoints.
pub fn add_endpoint<S>(
    store: &S,
    new: &NewEndpoint<'_>,
    id: String,
    secret: &str,
    now: i64,
) -> Result<(Endpoint, Account), String>
where
    S: AccountStore + NewsStore + ?Sized,
{
    let (url, host) = destination(new.url, new.allow_loopback)?;
    let account = owner(store, new.account)?;
    if account.plan != Plan::Enterprise {
        return Err(format!(
            "webhooks need the enterprise plan; {} is on {}",
            account.name, account.plan
        ));
    }
    let endpoint = Endpoint {
        id,
        account_id: account.id.0.clone(),
        url,
        host,
        topics: parse_topics(new.topics)?,
        events: parse_events(new.events)?,
        enabled: true,
        created_at: now,
    };
    let mut refused = None;
    write_news(store, |w| {
        refused = w.add_endpoint(&endpoint, secret).err();
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    match refused {
        Some(e) => Err(e.to_string()),
        None => Ok((endpoint, account)),
    }
}

/// Enables or disables an endpoint; enabling one past [`MAX_ENABLED_ENDPOINTS`](super::write::MAX_ENABLED_ENDPOINTS) is refused.
pub fn set_enabled<S: NewsStore + ?Sized>(
    store: &S,
    id: &str,
    enabled: bool,
) -> Result<(), String> {
    let mut refused = None;
    write_news(store, |w| {
        refused = w.set_enabled(id, enabled).err();
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    refused.map_or(Ok(()), |e| Err(e.to_string()))
}

/// Replaces an endpoint's signing secret.
pub fn rotate_secret<S: NewsStore + ?Sized>(
    store: &S,
    id: &str,
    secret: &str,
) -> Result<(), String> {
    let mut refused = None;
    write_news(store, |w| {
        refused = w.set_secret(id, secret).err();
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    refused.map_or(Ok(()), |e| Err(e.to_string()))
}

/// Every endpoint (secrets left out), oldest first.
pub fn list<S: NewsStore + ?Sized>(store: &S) -> Result<Vec<Endpoint>, String> {
    write_news(store, |w| w.endpoints()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::news::write::MAX_ENABLED_ENDPOINTS;

    #[test]
    fn events_and_topics_parse_with_clear_refusals() {
        assert_eq!(
            parse_events("breaking, story.blindspot,breaking").unwrap(),
            vec![EventType::Breaking, EventType::Blindspot]
        );
        assert!(parse_events(" , ").unwrap_err().contains("at least one"));
        assert!(parse_events("breaking,weather")
            .unwrap_err()
            .contains("weather"));
        assert_eq!(parse_topics("").unwrap(), Vec::<String>::new());
        assert_eq!(
            parse_topics("politics, health").unwrap(),
            vec!["politics", "health"]
        );
        assert!(parse_topics("politics,gossip")
            .unwrap_err()
            .contains("gossip"));
    }

    #[test]
    fn destinations_are_checked_unless_loopback_is_allowed() {
        assert!(destination("http://127.0.0.1:9000/hook", false).is_err());
        assert_eq!(
            destination("http://127.0.0.1:9000/hook", true).unwrap().1,
            "127.0.0.1"
        );
        assert!(destination("ftp://127.0.0.1/x", true).is_err());
        assert_eq!(
            destination("https://hooks.example.com/in", false)
                .unwrap()
                .1,
            "hooks.example.com"
        );
        assert_eq!(MAX_ENABLED_ENDPOINTS, 5);
    }
}
