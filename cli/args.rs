//! The command line's arguments: every subcommand and flag (clap). The command modules read
//! these; nothing here runs a command.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::database::{parse_database, Database};
use lashon_core::account::Plan;

#[derive(Debug, Parser)]
#[command(
    name = "lashon",
    version,
    about = "Hebrew language and Israeli news services"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct DbArg {
    /// The database: a SQLite file, as a plain path or `sqlite:PATH` (created if missing), or
    /// PostgreSQL as `postgres://user@host:port/db` (for several servers on one database).
    #[arg(long, env = "LASHON_DB", default_value = "lashon.db", global = true, value_parser = parse_database)]
    pub db: Database,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the HTTP API.
    Serve(ServeArgs),
    /// Manage accounts.
    #[command(subcommand)]
    Accounts(AccountsCommand),
    /// Manage API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Store articles from JSON lines, then cluster them.
    Ingest(IngestArgs),
    /// Manage the newsroom registry.
    #[command(subcommand)]
    Sources(SourcesCommand),
    /// Crawl the newsrooms' RSS and Atom feeds (every 10 minutes, or `--once`).
    Crawl(CrawlArgs),
    /// Manage webhook endpoints (breaking and blindspot events).
    #[command(subcommand)]
    Webhooks(WebhooksCommand),
    /// Serve the MCP tools over stdin/stdout (`--stdio`) with the key in LASHON_API_KEY.
    Mcp(crate::mcp::McpArgs),
    /// Copy a SQLite deployment into PostgreSQL (resumable: run it again after an
    /// interruption), then compare the rows of every table.
    Migrate(MigrateArgs),
}

#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The SQLite deployment: `sqlite:PATH` or a plain path (opened read-only; it may be
    /// serving meanwhile).
    #[arg(long)]
    pub from: String,
    /// The PostgreSQL database: `postgres://user@host:port/db` (its schema is created).
    #[arg(long)]
    pub to: String,
    /// Rows per batch; each batch is one PostgreSQL transaction.
    #[arg(long, default_value_t = 5_000)]
    pub batch_size: usize,
    /// Copy even when the target already holds data not from a migration of this source.
    #[arg(long)]
    pub force: bool,
    /// Tests only: stop after this many batches, as if interrupted.
    #[arg(long, hide = true)]
    pub stop_after_batches: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "LASHON_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub db: DbArg,
    /// Requests per minute per account, replacing every plan's figure (600): for load tests and
    /// private deployments.
    #[arg(long, env = "LASHON_RATE_LIMIT")]
    pub rate_limit: Option<u32>,
    /// Nakdimon weights converted to safetensors (see scripts/fetch-nikud-model); without it,
    /// `/v1/nikud` answers 503 `not_configured`.
    #[arg(long, env = "LASHON_NIKUD_MODEL")]
    pub nikud_model: Option<PathBuf>,
    /// Create the `demo` account with a live and a sandbox key (printed once; a new pair on
    /// every start) and print a tour of the endpoints.
    #[arg(long)]
    pub demo: bool,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Minutes between crawls of the newsrooms' feeds while serving; 0 turns crawling off.
    #[arg(long, env = "LASHON_CRAWL_EVERY", default_value_t = 10)]
    pub crawl_every: u64,
    /// Tests only: seconds between crawls, replacing `--crawl-every`.
    #[arg(long, hide = true)]
    pub crawl_every_secs: Option<u64>,
    /// Tests only: deliver webhooks to http and loopback addresses.
    #[arg(long, hide = true)]
    pub allow_loopback: bool,
    /// Seconds a connection may take to send a request head, counted from its start or its
    /// previous response (idle keep-alive connections close after it too).
    #[arg(long, env = "LASHON_HEADER_TIMEOUT", default_value_t = 10)]
    pub header_timeout: u64,
    /// Seconds a request may take to answer before it gets 503 and its work is dropped.
    #[arg(long, env = "LASHON_REQUEST_TIMEOUT", default_value_t = 300)]
    pub request_timeout: u64,
    /// Most connections open at once (kept under the descriptor limit); more are answered 503.
    #[arg(long, env = "LASHON_MAX_CONNECTIONS", default_value_t = 4096)]
    pub max_connections: usize,
    /// Seconds the requests in flight may take to finish after a shutdown signal.
    #[arg(long, env = "LASHON_SHUTDOWN_TIMEOUT", default_value_t = 30)]
    pub shutdown_timeout: u64,
}

impl ServeArgs {
    /// Time between crawls; zero turns crawling off.
    pub fn crawl_period(&self) -> std::time::Duration {
        match self.crawl_every_secs {
            Some(secs) => std::time::Duration::from_secs(secs),
            None => std::time::Duration::from_secs(self.crawl_every.saturating_mul(60)),
        }
    }
}

/// The live translation model (OpenAI-compatible chat completions). Without a URL, live keys
/// get 503 `not_configured` on translation; sandbox keys never need a model.
#[derive(Debug, Clone, Args)]
pub struct ModelArgs {
    /// Base URL of an OpenAI-compatible API (the client posts to `{url}/chat/completions`).
    #[arg(long = "model-url", env = "LASHON_MODEL_URL")]
    pub url: Option<String>,
    /// Bearer token of the model API.
    #[arg(long = "model-key", env = "LASHON_MODEL_KEY", hide_env_values = true)]
    pub key: Option<String>,
    /// Model name of the `fast` tier.
    #[arg(long = "model-fast", env = "LASHON_MODEL_FAST")]
    pub fast: Option<String>,
    /// Model name of the `balanced` tier (also used for a tier without a name).
    #[arg(long = "model-balanced", env = "LASHON_MODEL_BALANCED")]
    pub balanced: Option<String>,
    /// Model name of the `smartest` tier (retries and strict reviews).
    #[arg(long = "model-smartest", env = "LASHON_MODEL_SMARTEST")]
    pub smartest: Option<String>,
    /// Time limit of one model call, in milliseconds.
    #[arg(
        long = "model-timeout-ms",
        env = "LASHON_MODEL_TIMEOUT_MS",
        default_value_t = 60_000
    )]
    pub timeout_ms: u64,
    /// Ask for JSON output (`response_format: json_object`); `false` for servers that refuse it.
    #[arg(long = "model-json-mode", env = "LASHON_MODEL_JSON_MODE", default_value_t = true, action = clap::ArgAction::Set)]
    pub json_mode: bool,
}

impl ModelArgs {
    /// The model settings, when a URL is given.
    pub fn config(&self) -> Option<lashon_model_client::ModelConfig> {
        let url = self.url.as_ref().filter(|u| !u.trim().is_empty())?;
        Some(lashon_model_client::ModelConfig {
            url: url.clone(),
            key: self.key.clone().filter(|k| !k.is_empty()),
            fast: self.fast.clone().filter(|m| !m.is_empty()),
            balanced: self.balanced.clone().filter(|m| !m.is_empty()),
            smartest: self.smartest.clone().filter(|m| !m.is_empty()),
            timeout: std::time::Duration::from_millis(self.timeout_ms.max(1)),
            json_mode: self.json_mode,
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum AccountsCommand {
    /// Create an account.
    Create {
        name: String,
        #[arg(long, default_value = "starter", value_parser = parse_plan)]
        plan: Plan,
        /// Enable clinical operations.
        #[arg(long)]
        clinical: bool,
        /// Monthly weighted characters, replacing the plan's figure.
        #[arg(long)]
        char_quota: Option<u64>,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create a key and print it once.
    Create {
        #[arg(long)]
        account: String,
        /// Comma-separated scopes (default: every scope but `medical`).
        #[arg(long)]
        scopes: Option<String>,
        /// A sandbox key (`lsk_test_…`): never calls a model.
        #[arg(long)]
        sandbox: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// List keys (ids only; keys are never shown again).
    List {
        #[arg(long)]
        account: Option<String>,
        #[command(flatten)]
        db: DbArg,
    },
    /// Revoke a key by id.
    Revoke {
        id: String,
        #[command(flatten)]
        db: DbArg,
    },
}

fn parse_plan(s: &str) -> Result<Plan, String> {
    s.parse()
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// JSON lines, one article per line (`source`, `url`, `headline`, `publishedAt`, ...), or
    /// an RSS or Atom document (with `--source`).
    pub file: PathBuf,
    /// The newsroom of an RSS or Atom file (its registry key).
    #[arg(long)]
    pub source: Option<String>,
    /// Store the articles without clustering them.
    #[arg(long)]
    pub no_cluster: bool,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(Debug, Subcommand)]
pub enum SourcesCommand {
    /// Import a newsroom registry (`[[newsroom]]` tables).
    Import {
        file: PathBuf,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Args)]
pub struct CrawlArgs {
    /// Crawl every newsroom once and exit.
    #[arg(long)]
    pub once: bool,
    /// Minutes between crawls (without `--once`).
    #[arg(long, default_value_t = 10)]
    pub every: u64,
    /// Time limit of one feed request, in seconds.
    #[arg(long, default_value_t = 20)]
    pub timeout: u64,
    #[command(flatten)]
    pub db: DbArg,
}

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
