//! `lashon accounts` and `lashon keys`: account and key administration (the rules are
//! `lashon_core::account::admin`'s).

use lashon_core::account::admin;
use lashon_core::account::{KeyKind, NewAccount};

use crate::args::{AccountsCommand, KeysCommand};
use crate::database::{now, open, random};

type CmdResult = Result<(), Box<dyn std::error::Error>>;

/// Runs a `lashon accounts` command.
pub fn accounts(cmd: AccountsCommand) -> CmdResult {
    match cmd {
        AccountsCommand::Create {
            name,
            plan,
            clinical,
            char_quota,
            db,
        } => {
            let store = open(&db.db)?;
            let account = admin::create_account(
                &store,
                &NewAccount {
                    name,
                    plan,
                    clinical,
                    char_quota,
                },
                now(),
            )?;
            println!(
                "created account {} ({}, plan {}, clinical {}, {} characters a month)",
                account.name,
                account.id,
                account.plan,
                account.clinical,
                account.monthly_chars()
            );
        }
    }
    Ok(())
}

/// Runs a `lashon keys` command.
pub fn keys(cmd: KeysCommand) -> CmdResult {
    match cmd {
        KeysCommand::Create {
            account,
            scopes,
            sandbox,
            db,
        } => {
            let store = open(&db.db)?;
            let kind = if sandbox {
                KeyKind::Sandbox
            } else {
                KeyKind::Live
            };
            let (key, record) =
                admin::create_key(&store, &account, scopes.as_deref(), kind, &random()?, now())?;
            println!("{}", key.secret());
            eprintln!(
                "key {} for {account} ({}, scopes {}); it is shown only this once",
                record.id,
                kind.as_str(),
                record.scopes.to_list()
            );
        }
        KeysCommand::List { account, db } => {
            let store = open(&db.db)?;
            println!(
                "{:<14} {:<16} {:<8} {:<10} SCOPES",
                "ID", "ACCOUNT", "KIND", "STATE"
            );
            for (key, name) in admin::list_keys(&store, account.as_deref())? {
                let state = if key.revoked_at.is_some() {
                    "revoked"
                } else {
                    "active"
                };
                println!(
                    "{:<14} {:<16} {:<8} {:<10} {}",
                    key.id,
                    name,
                    key.kind.as_str(),
                    state,
                    key.scopes.to_list()
                );
            }
        }
        KeysCommand::Revoke { id, db } => {
            let store = open(&db.db)?;
            admin::revoke_key(&store, &id, now())?;
            println!("revoked {id}");
        }
    }
    Ok(())
}
