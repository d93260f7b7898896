//! `lashon webhooks add|list|disable|enable|rotate-secret` (DESIGN.md: the spec's console is
//! this command). The signing secret is printed once, on `add` and `rotate-secret`.

use clap::Subcommand;
use lashon_core::account::AccountStore;
use lashon_news::webhook::{check_destination, EventType};

use crate::cli::DbArg;
use crate::store::webhooks::Endpoint;
use crate::store::{random_id, Store};

type CmdResult = Result<(), Box<dyn std::error::Error>>;

#[derive(Debug, Subcommand)]
pub enum WebhooksCommand {
    /// Add an endpoint (enabled); prints its signing secret once.
    Add {
        /// Public HTTPS URL on port 443.
        url: String,
        /// Desks of interest, comma-separated (empty: every desk).
        #[arg(long, default_value = "")]
        topics: String,
        /// Event kinds: breaking, blindspot or both.
        #[arg(long, default_value = "breaking,blindspot")]
        events: String,
        /// The account (needed when there is more than one).
        #[arg(long)]
        account: Option<String>,
        /// Tests only: accept http and loopback addresses.
        #[arg(long, hide = true)]
        allow_loopback: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// List the endpoints (secrets are never shown).
    List {
        #[command(flatten)]
        db: DbArg,
    },
    /// Stop deliveries to an endpoint.
    Disable {
        id: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// Deliver to an endpoint again (five at most enabled per account).
    Enable {
        id: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// Replace an endpoint's signing secret; prints the new one once.
    RotateSecret {
        id: String,
        #[command(flatten)]
        db: DbArg,
    },
}

fn secret() -> Result<String, Box<dyn std::error::Error>> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|e| format!("random: {e}"))?;
    Ok(format!("whsec_{}", hex::encode(bytes)))
}

fn parse_events(s: &str) -> Result<Vec<EventType>, String> {
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

fn parse_topics(s: &str) -> Result<Vec<String>, String> {
    s.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            lashon_news::Topic::parse(t)
                .map(|t| t.as_str().to_string())
                .ok_or_else(|| format!("unknown topic {t:?}"))
        })
        .collect()
}

/// Runs a `lashon webhooks` command.
pub fn webhooks(cmd: WebhooksCommand) -> CmdResult {
    match cmd {
        WebhooksCommand::Add {
            url,
            topics,
            events,
            account,
            allow_loopback,
            db,
        } => {
            let store = Store::open(&db.db)?;
            let (url, host) = match check_destination(&url) {
                Ok(d) => (d.url, d.host),
                Err(e) if allow_loopback => {
                    let parsed = url::Url::parse(&url).map_err(|_| e.to_string())?;
                    let host = parsed.host_str().unwrap_or_default().to_string();
                    (parsed.to_string(), host)
                }
                Err(e) => return Err(format!("refused destination {url}: {e}").into()),
            };
            let account = match account {
                Some(name) => store
                    .account_by_name(&name)?
                    .ok_or_else(|| format!("no account {name:?}"))?,
                None => match store.account_names()?.as_slice() {
                    [one] => store
                        .account_by_name(one)?
                        .ok_or_else(|| format!("no account {one:?}"))?,
                    _ => return Err("say whose endpoint it is with --account NAME".into()),
                },
            };
            // Webhooks are an enterprise feature (spec, "Authentication": an enterprise scope).
            if account.plan != lashon_core::account::Plan::Enterprise {
                return Err(format!(
                    "webhooks need the enterprise plan; {} is on {}",
                    account.name, account.plan
                )
                .into());
            }
            let endpoint = Endpoint {
                id: random_id("whk")?,
                account_id: account.id.0.clone(),
                url,
                host,
                topics: parse_topics(&topics)?,
                events: parse_events(&events)?,
                enabled: true,
                created_at: chrono::Utc::now().timestamp(),
            };
            let secret = secret()?;
            store.write_news(|w| {
                w.add_endpoint(&endpoint, &secret)
                    .map_err(|e| lashon_core::news::RepoError::Internal(e.to_string()))
            })?;
            println!("{secret}");
            eprintln!(
                "webhook endpoint {} for {} ({}); the signing secret above is shown only this once",
                endpoint.id, account.name, endpoint.url
            );
        }
        WebhooksCommand::List { db } => {
            let store = Store::open(&db.db)?;
            println!(
                "{:<26} {:<8} {:<24} {:<28} URL",
                "ID", "STATE", "EVENTS", "TOPICS"
            );
            for e in store.webhook_endpoints()? {
                let events: Vec<&str> = e.events.iter().map(|k| k.as_str()).collect();
                println!(
                    "{:<26} {:<8} {:<24} {:<28} {}",
                    e.id,
                    if e.enabled { "enabled" } else { "disabled" },
                    events.join(","),
                    if e.topics.is_empty() {
                        "all".to_string()
                    } else {
                        e.topics.join(",")
                    },
                    e.url
                );
            }
        }
        WebhooksCommand::Disable { id, db } => set_enabled(&db, &id, false)?,
        WebhooksCommand::Enable { id, db } => set_enabled(&db, &id, true)?,
        WebhooksCommand::RotateSecret { id, db } => {
            let store = Store::open(&db.db)?;
            let secret = secret()?;
            store.write_news(|w| {
                w.set_secret(&id, &secret)
                    .map_err(|e| lashon_core::news::RepoError::Internal(e.to_string()))
            })?;
            println!("{secret}");
            eprintln!("new signing secret for {id}; shown only this once");
        }
    }
    Ok(())
}

fn set_enabled(db: &DbArg, id: &str, enabled: bool) -> CmdResult {
    let store = Store::open(&db.db)?;
    let mut refused = None;
    store.write_news(|w| {
        if let Err(e) = w.set_enabled(id, enabled) {
            refused = Some(e.to_string());
        }
        Ok(())
    })?;
    match refused {
        Some(why) => Err(why.into()),
        None => {
            println!("{} {id}", if enabled { "enabled" } else { "disabled" });
            Ok(())
        }
    }
}
