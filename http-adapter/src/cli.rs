//! The `lashon` command line.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
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
    /// SQLite file (created if missing).
    #[arg(long, env = "LASHON_DB", default_value = "lashon.db", global = true)]
    pub db: PathBuf,
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
    Ingest(crate::cli_news::IngestArgs),
    /// Manage the newsroom registry.
    #[command(subcommand)]
    Sources(crate::cli_news::SourcesCommand),
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
