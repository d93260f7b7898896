//! `lashon serve`: the HTTP API on one address, with the crawler and the webhook delivery
//! worker running beside it, all over one store. Several nodes may serve one PostgreSQL
//! database: each delivers webhooks (claims keep deliveries apart), and the one holding the
//! crawl lease ([`crate::leader`]) crawls and refreshes the stories.

use std::sync::Arc;

use lashon_core::account::admin;
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_core::news::ingest::demo;
use lashon_core::news::NewsStore;
use lashon_core::ports::ServiceStore;
use lashon_core::ports::Translator;
use lashon_crawler::Fetcher;
use lashon_http::listener::{connections_that_fit, ServerLimits};
use lashon_http::server::{self, AppState};
use lashon_model_client::ChatClient;
use lashon_webhook_delivery::{deliver_due, DeliveryOptions, SystemResolver};
use tokio::net::TcpListener;

use crate::args::ServeArgs;
use crate::database::{now, open_for_serving, random};
use crate::leader::{self, Leadership, CRAWL_LEASE};
use crate::news::{crawl_and_cluster, recluster};

type CmdResult = Result<(), Box<dyn std::error::Error>>;

/// `lashon serve`.
pub fn serve(args: ServeArgs) -> CmdResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let opened = open_for_serving(&args.db.db)?;
        let store = opened.store.clone();
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
            demo::load_at(&*store, chrono::Utc::now())?;
            Some(admin::ensure_demo(&*store, &random()?, &random()?, now())?)
        } else {
            None
        };
        let listener = TcpListener::bind(args.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
        let addr = listener.local_addr()?;
        tracing::info!(%addr, db = %args.db.db, "lashon serving");
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
            limiter: opened.windows.clone(),
            ..AppState::new(store.clone())
        };
        let node = lashon_store::sqlite::random_id("node")?;
        let period = args.crawl_period();
        if !period.is_zero() {
            let fetcher = Fetcher::new(Default::default())?;
            let leadership = Leadership::new(node.clone(), period);
            tokio::spawn(leader::keep(store.clone(), leadership.clone()));
            let store = store.clone();
            tokio::spawn(async move {
                let mut first = true;
                let mut last: Option<std::time::Instant> = None;
                loop {
                    if !leadership.leading() {
                        // Led again later, this node crawls at once: the last leader's
                        // schedule died with it.
                        last = None;
                    } else if last.is_none_or(|t| t.elapsed() >= period) {
                        last = Some(std::time::Instant::now());
                        crawl_pass(&store, &fetcher, first).await;
                        first = false;
                    }
                    tokio::time::sleep(leadership.lease / 3).await;
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
        // Stopping cleanly: another node need not wait for the lease to end.
        if let Err(e) = store.release_lease(CRAWL_LEASE, &node) {
            tracing::warn!(error = %e, "could not give the crawl lease up");
        }
        tracing::info!("lashon stopped");
        Ok(())
    })
}

/// One crawl and clustering (or, with no feeds, the states recomputed: they move with time,
/// breaking → developing → quiet → resolved; not on the first pass, right after start,
/// where they were just computed).
async fn crawl_pass(store: &Arc<dyn ServiceStore>, fetcher: &Fetcher, first: bool) {
    let outcome = crawl_and_cluster(store, fetcher)
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
        Ok(_) if !first => {
            if let Err(e) = recluster(store).await.map_err(|e| e.to_string()) {
                tracing::warn!(error = %e, "state refresh failed");
            }
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "crawl failed"),
    }
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
