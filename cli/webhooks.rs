//! `lashon webhooks add|list|disable|enable|rotate-secret` (DESIGN.md: the spec's console is
//! this command). The signing secret is printed once, on `add` and `rotate-secret`. The rules
//! are `lashon_core::news::endpoints`'s.

use lashon_core::news::endpoints::{self, endpoint_id, signing_secret, NewEndpoint};

use crate::args::WebhooksCommand;
use crate::database::{now, open, random};

type CmdResult = Result<(), Box<dyn std::error::Error>>;

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
            let store = open(&db.db)?;
            let secret = signing_secret(&random()?);
            let (endpoint, account) = endpoints::add_endpoint(
                &store,
                &NewEndpoint {
                    url: &url,
                    topics: &topics,
                    events: &events,
                    account: account.as_deref(),
                    allow_loopback,
                },
                endpoint_id(&random()?),
                &secret,
                now(),
            )?;
            println!("{secret}");
            eprintln!(
                "webhook endpoint {} for {} ({}); the signing secret above is shown only this once",
                endpoint.id, account.name, endpoint.url
            );
        }
        WebhooksCommand::List { db } => {
            let store = open(&db.db)?;
            println!(
                "{:<26} {:<8} {:<24} {:<28} URL",
                "ID", "STATE", "EVENTS", "TOPICS"
            );
            for e in endpoints::list(&store)? {
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
        WebhooksCommand::Disable { id, db } => {
            endpoints::set_enabled(&open(&db.db)?, &id, false)?;
            println!("disabled {id}");
        }
        WebhooksCommand::Enable { id, db } => {
            endpoints::set_enabled(&open(&db.db)?, &id, true)?;
            println!("enabled {id}");
        }
        WebhooksCommand::RotateSecret { id, db } => {
            let store = open(&db.db)?;
            let secret = signing_secret(&random()?);
            endpoints::rotate_secret(&store, &id, &secret)?;
            println!("{secret}");
            eprintln!("new signing secret for {id}; shown only this once");
        }
    }
    Ok(())
}
