//! Webhook delivery: events queued in the store are POSTed, signed, to their endpoints on the
//! spec's schedule (`lashon_news::webhook::schedule`), from inside `lashon serve`.
//!
//! Before every attempt the endpoint's hostname is resolved again and every address checked
//! with `lashon_news::webhook::is_public`; the connection is then made to the address that was
//! vetted (the HTTP client is told to use it for that hostname), so DNS cannot point the
//! request elsewhere between the check and the connection. A hostname with no public address
//! is not connected to at all (the attempt counts as failed). Redirects are not followed;
//! each attempt has ten seconds.
//!
//! `allow_loopback` (the `--allow-loopback` flag of `serve` and `webhooks add`, for tests only,
//! off by default) also accepts `http` and loopback addresses.
//!
//! The queue is read and written through `lashon-core`'s news store port, so any backend
//! works. One delivery pass, as `lashon serve` runs it every two seconds:
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use lashon_webhook_delivery::{deliver_due, DeliveryOptions, SystemResolver};
//!
//! let dir = tempfile::tempdir()?;
//! let store = lashon_store::SqliteStore::open(dir.path().join("lashon.db"))?;
//! let attempted =
//!     deliver_due(&store, &SystemResolver, &DeliveryOptions::default(), chrono::Utc::now()).await?;
//! assert_eq!(attempted, 0); // nothing queued yet
//! # Ok(())
//! # }
//! ```

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;
use lashon_core::translate::BoxFuture;
use lashon_news::webhook::{is_public, next, sign, AttemptResult, Next};

use lashon_core::news::write::Delivery;
use lashon_core::news::NewsStore;

/// Settings of delivery.
#[derive(Debug, Clone, Copy)]
pub struct DeliveryOptions {
    /// Time limit of one attempt (the spec's ten seconds).
    pub timeout: Duration,
    /// Tests only: accept loopback addresses and `http`.
    pub allow_loopback: bool,
}

impl Default for DeliveryOptions {
    fn default() -> DeliveryOptions {
        DeliveryOptions {
            timeout: Duration::from_secs(10),
            allow_loopback: false,
        }
    }
}

/// Resolves a hostname to its addresses (the system resolver, or a test's).
pub trait Resolver: Send + Sync {
    fn resolve<'a>(
        &'a self,
        host: &'a str,
        port: u16,
    ) -> BoxFuture<'a, Result<Vec<IpAddr>, String>>;
}

/// The system's resolver.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemResolver;

impl Resolver for SystemResolver {
    fn resolve<'a>(
        &'a self,
        host: &'a str,
        port: u16,
    ) -> BoxFuture<'a, Result<Vec<IpAddr>, String>> {
        Box::pin(async move {
            tokio::net::lookup_host((host, port))
                .await
                .map(|addrs| addrs.map(|a| a.ip()).collect())
                .map_err(|e| format!("cannot resolve {host}: {e}"))
        })
    }
}

fn allowed(ip: IpAddr, opts: &DeliveryOptions) -> bool {
    is_public(ip) || (opts.allow_loopback && ip.is_loopback())
}

/// One attempt of `d`: resolve, vet, connect to the vetted address, POST the signed body.
pub async fn attempt(
    d: &Delivery,
    resolver: &dyn Resolver,
    opts: &DeliveryOptions,
) -> (AttemptResult, String) {
    let Ok(url) = url::Url::parse(&d.endpoint.url) else {
        return (AttemptResult::NoConnection, "invalid endpoint URL".into());
    };
    let https = url.scheme() == "https";
    if !https && !opts.allow_loopback {
        return (AttemptResult::NoConnection, "not https".into());
    }
    let Some(host) = url
        .host_str()
        .map(|h| h.trim_matches(['[', ']']).to_string())
    else {
        return (AttemptResult::NoConnection, "no host".into());
    };
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs = match host.parse::<IpAddr>() {
        Ok(ip) => vec![ip],
        Err(_) => match resolver.resolve(&host, port).await {
            Ok(a) => a,
            Err(e) => return (AttemptResult::NoConnection, e),
        },
    };
    // Every address must be allowed: a name with one private address among public ones could
    // be steered to it.
    if addrs.is_empty() || !addrs.iter().all(|ip| allowed(*ip, opts)) {
        return (
            AttemptResult::NoConnection,
            format!("{host} does not resolve to public addresses only; not connected"),
        );
    }
    let vetted = SocketAddr::new(addrs[0], port);
    install_crypto_provider();
    let client = match reqwest::Client::builder()
        .resolve(&host, vetted)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(opts.timeout)
        .no_proxy()
        .build()
    {
        Ok(c) => c,
        Err(e) => return (AttemptResult::NoConnection, format!("client: {e}")),
    };
    let signature = sign(
        d.secret.as_bytes(),
        Utc::now().timestamp(),
        d.body.as_bytes(),
    );
    let sent = client
        .post(url)
        .header("content-type", "application/json")
        .header(
            "user-agent",
            concat!("lashon-webhooks/", env!("CARGO_PKG_VERSION")),
        )
        .header("x-service-event-id", &d.event_id)
        .header("x-service-signature", signature)
        .body(d.body.clone())
        .send()
        .await;
    match sent {
        Ok(res) => {
            let s = res.status().as_u16();
            (AttemptResult::Status(s), format!("HTTP {s}"))
        }
        Err(e) if e.is_timeout() => (AttemptResult::Timeout, "timeout".into()),
        Err(e) => (AttemptResult::NoConnection, format!("no connection: {e}")),
    }
}

/// Most deliveries one pass attempts.
const PASS_LIMIT: usize = 100;

/// How long a claim outlives the attempt's time limit: a node that claimed a delivery and
/// died leaves it to another node (or itself, restarted) this long after the limit.
const LEASE_MARGIN: Duration = Duration::from_secs(5);

/// Attempts every delivery due at `now` once (at most 100); returns how many were attempted.
///
/// Deliveries are claimed one at a time ([`WebhookWrites::claim_due`]) with a lease of the
/// attempt's time limit and a margin, counted from the moment of the claim: several nodes
/// running passes on one database each deliver a different event, and a delivery whose node
/// died mid-attempt is claimed again when its lease ends (at-least-once, same event id).
///
/// [`WebhookWrites::claim_due`]: lashon_core::news::write::WebhookWrites::claim_due
pub async fn deliver_due<S: NewsStore>(
    store: &S,
    resolver: &dyn Resolver,
    opts: &DeliveryOptions,
    now: DateTime<Utc>,
) -> Result<usize, RepoError> {
    let started = std::time::Instant::now();
    let lease = opts.timeout.saturating_add(LEASE_MARGIN);
    let mut attempted = 0;
    while attempted < PASS_LIMIT {
        // `now` is the pass's clock (injected in tests); time spent on earlier attempts is
        // added so a late claim's lease still covers its own attempt.
        let claimed_at = now + chrono::Duration::from_std(started.elapsed()).unwrap_or_default();
        let lease_until = claimed_at + chrono::Duration::from_std(lease).unwrap_or_default();
        let Some(d) = store
            .write_news(|w| w.claim_due(now, 1, lease_until))?
            .pop()
        else {
            break;
        };
        let (result, note) = attempt(&d, resolver, opts).await;
        let attempts = d.attempts + 1;
        let (state, next_at) = match next(attempts, result, now) {
            Next::Delivered => ("delivered", now),
            Next::RetryAt(t) => ("pending", t),
            Next::Failed => ("failed", now),
        };
        tracing::info!(event = %d.event_id, endpoint = %d.endpoint.id, attempts, state, result = %note, "webhook attempt");
        store.write_news(|w| w.record_attempt(d.id, attempts, &note, state, next_at))?;
        attempted += 1;
    }
    Ok(attempted)
}

/// Makes ring the process's TLS crypto provider (reqwest is built without one; each outbound
/// crate installs it so it works alone). Calling it again does nothing.
fn install_crypto_provider() {
    // `Err` means a provider is installed already, which is the goal.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
