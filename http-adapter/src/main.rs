//! `lashon`: the command-line entry point. See `lashon --help`.

use std::process::ExitCode;

use std::sync::Arc;

use clap::Parser;
use lashon_core::account::{KeyKind, NewAccount};
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_http::admin;
use lashon_http::cli::{AccountsCommand, Cli, Command, KeysCommand, ServeArgs};
use lashon_http::server::{self, AppState};
use lashon_http::store::Store;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("LASHON_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve(args),
        Command::Accounts(cmd) => accounts(cmd),
        Command::Keys(cmd) => keys(cmd),
        Command::Ingest(args) => lashon_http::cli_news::ingest(args),
        Command::Sources(cmd) => lashon_http::cli_news::sources(cmd),
        Command::Crawl(args) => lashon_http::cli_news::crawl(args),
        Command::Webhooks(cmd) => lashon_http::cli_webhooks::webhooks(cmd),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lashon: {e}");
            ExitCode::FAILURE
        }
    }
}

type CmdResult = Result<(), Box<dyn std::error::Error>>;

fn accounts(cmd: AccountsCommand) -> CmdResult {
    match cmd {
        AccountsCommand::Create {
            name,
            plan,
            clinical,
            char_quota,
            db,
        } => {
            let store = Store::open(&db.db)?;
            let account = admin::create_account(
                &store,
                &NewAccount {
                    name,
                    plan,
                    clinical,
                    char_quota,
                },
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

fn keys(cmd: KeysCommand) -> CmdResult {
    match cmd {
        KeysCommand::Create {
            account,
            scopes,
            sandbox,
            db,
        } => {
            let store = Store::open(&db.db)?;
            let kind = if sandbox {
                KeyKind::Sandbox
            } else {
                KeyKind::Live
            };
            let (key, record) = admin::create_key(&store, &account, scopes.as_deref(), kind)?;
            println!("{}", key.secret());
            eprintln!(
                "key {} for {account} ({}, scopes {}); it is shown only this once",
                record.id,
                kind.as_str(),
                record.scopes.to_list()
            );
        }
        KeysCommand::List { account, db } => {
            let store = Store::open(&db.db)?;
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
            let store = Store::open(&db.db)?;
            admin::revoke_key(&store, &id)?;
            println!("revoked {id}");
        }
    }
    Ok(())
}

fn serve(args: ServeArgs) -> CmdResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let store = Store::open(&args.db.db)?;
        // Load the model before listening, so a bad path fails before any key is printed.
        let nikud = match &args.nikud_model {
            Some(path) => {
                let model = Nakdimon::from_path(path)
                    .map_err(|e| format!("cannot load the nikud model {}: {e}", path.display()))?;
                tracing::info!(model = %path.display(), "nikud model loaded");
                Some(Arc::new(model))
            }
            None => None,
        };
        let model = match args.model.config() {
            Some(config) => {
                let client = lashon_http::model_client::ChatClient::new(config)?;
                tracing::info!(
                    balanced = client.config().model(lashon_core::translate::Tier::Balanced),
                    "translation model configured"
                );
                Some(Arc::new(client))
            }
            None => {
                tracing::info!("no translation model configured (LASHON_MODEL_URL): live keys get 503 not_configured on translation; sandbox keys work");
                None
            }
        };
        let demo = if args.demo {
            lashon_http::news_ingest::demo::load(&store)?;
            Some(admin::ensure_demo(&store)?)
        } else {
            None
        };
        let listener = TcpListener::bind(args.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
        let addr = listener.local_addr()?;
        tracing::info!(%addr, db = %args.db.db.display(), "lashon serving");
        if let Some(demo) = demo {
            print_tour(addr, &demo);
        }
        let state = AppState {
            rate_limit: args.rate_limit,
            nikud,
            model,
            ..AppState::new(store)
        };
        if args.crawl_every > 0 {
            let fetcher = lashon_http::crawler::Fetcher::new(Default::default())?;
            let store = state.store.clone();
            let every = std::time::Duration::from_secs(args.crawl_every * 60);
            tokio::spawn(async move {
                let mut first = true;
                loop {
                    let outcome = lashon_http::cli_news::crawl_and_cluster(&store, &fetcher)
                        .await
                        .map_err(|e| e.to_string());
                    match outcome {
                        Ok(r) if r.feeds > 0 => tracing::info!(
                            feeds = r.feeds,
                            new = r.new_articles,
                            updated = r.updated_articles,
                            errors = r.errors,
                            "crawl finished"
                        ),
                        // No feeds: states still move with time (breaking → developing →
                        // quiet → resolved), so stories are recomputed each period; not at
                        // start, where they were just computed.
                        Ok(_) if !first => {
                            let refreshed = lashon_http::cli_news::recluster(&store)
                                .await
                                .map_err(|e| e.to_string());
                            if let Err(e) = refreshed {
                                tracing::warn!(error = %e, "state refresh failed");
                            }
                        }
                        Ok(_) => {}
                        Err(e) => tracing::warn!(error = %e, "crawl failed"),
                    }
                    first = false;
                    tokio::time::sleep(every).await;
                }
            });
        }
        {
            // Webhook deliveries: due ones every two seconds; the queue survives restarts.
            let store = state.store.clone();
            let opts = lashon_http::webhooks::DeliveryOptions {
                allow_loopback: args.allow_loopback,
                ..Default::default()
            };
            tokio::spawn(async move {
                let resolver = lashon_http::webhooks::SystemResolver;
                loop {
                    if let Err(e) = lashon_http::webhooks::deliver_due(
                        &store,
                        &resolver,
                        &opts,
                        chrono::Utc::now(),
                    )
                    .await
                    {
                        tracing::warn!(error = %e, "webhook delivery pass failed");
                    }
                    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
                }
            });
        }
        server::serve(listener, state, server::shutdown_signal()).await?;
        tracing::info!("lashon stopped");
        Ok(())
    })
}

fn print_tour(addr: std::net::SocketAddr, demo: &admin::Demo) {
    let key = demo.sandbox.secret();
    println!(
        "lashon is listening on http://{addr}. Demo account `{}`:",
        demo.account.name
    );
    println!("  live key:    {}", demo.live.secret());
    println!("  sandbox key: {key}");
    println!("(shown once; `serve --demo` makes a new pair each start)");
    println!("Try:");
    println!("  curl -s http://{addr}/v1/health");
    println!(
        "  curl -s http://{addr}/v1/wrap -H 'Authorization: Bearer {key}' -H 'Content-Type: application/json' \\\n    -d '{{\"text\": \"Google הודיעה על מבצע של ₪1,200.50 עד 12/05/2026\", \"base\": \"rtl\"}}'"
    );
    println!(
        "  curl -s http://{addr}/v1/detect -H 'Authorization: Bearer {key}' -H 'Content-Type: application/json' -d '{{\"text\": \"שילמתי ב-PayPal\"}}'"
    );
    println!(
        "  curl -s http://{addr}/v1/translate -H 'Authorization: Bearer {key}' -H 'Content-Type: application/json' \\\n    -d '{{\"text\": \"Pay $1,200.50 by 03/05/2026. Do not call Dana Levi.\", \"target_lang\": \"he\", \"redact_terms\": [\"Dana Levi\"]}}'"
    );
    println!("  curl -s http://{addr}/v1/usage -H 'Authorization: Bearer {key}'");
}
