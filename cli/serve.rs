//! `lashon serve`: the HTTP API on one address, with the crawler and the webhook delivery
//! worker running beside it, all over one store.

use std::sync::Arc;

use lashon_core::account::admin;
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_core::news::ingest::demo;
use lashon_core::ports::Translator;
use lashon_crawler::Fetcher;
use lashon_http::listener::{connections_that_fit, ServerLimits};
use lashon_http::server::{self, AppState};
use lashon_model_client::ChatClient;
use lashon_webhook_delivery::{deliver_due, DeliveryOptions, SystemResolver};
use tokio::net::TcpListener;

use crate::args::ServeArgs;
use crate::database::{now, open_for_serving, random};
use crate::news::{crawl_and_cluster, recluster};

type CmdResult = Result<(), Box<dyn std::error::Error>>;

/// `lashon serve`.
pub fn serve(args: ServeArgs) -> CmdResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let store = open_for_serving(&args.db.db)?;
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
                let client = ChatClient::new(config)?;
                tracing::info!(
                    balanced = client.config().model(lashon_core::translate::Tier::Balanced),
                    "translation model configured"
                );
                Some(Arc::new(client) as Arc<dyn Translator>)
            }
            None => {
                tracing::info!("no translation model configured (LASHON_MODEL_URL): live keys get 503 not_configured on translation; sandbox keys work");
                None
            }
        };
        let demo = if args.demo {
            demo::load_at(&store, chrono::Utc::now())?;
            Some(admin::ensure_demo(&store, &random()?, &random()?, now())?)
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
        let secs = |n: u64| std::time::Duration::from_secs(n.max(1));
        let limits = ServerLimits {
            header_read_timeout: secs(args.header_timeout),
            request_timeout: secs(args.request_timeout),
            max_connections: connections_that_fit(args.max_connections.max(1)),
            shutdown_timeout: secs(args.shutdown_timeout),
        };
        let state = AppState {
            limits,
            rate_limit: args.rate_limit,
            nikud,
            model,
            ..AppState::new(Arc::new(store.clone()))
        };
        if args.crawl_every > 0 {
            let fetcher = Fetcher::new(Default::default())?;
            let store = store.clone();
            let every = std::time::Duration::from_secs(args.crawl_every * 60);
            tokio::spawn(async move {
                let mut first = true;
                loop {
                    let outcome = crawl_and_cluster(&store, &fetcher)
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
                            let refreshed = recluster(&store)
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
            let store = store.clone();
            let opts = DeliveryOptions {
                allow_loopback: args.allow_loopback,
                ..Default::default()
            };
            tokio::spawn(async move {
                let resolver = SystemResolver;
                loop {
                    if let Err(e) = deliver_due(
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

/// What `serve --demo` prints: the keys (once) and a few commands to try.
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
