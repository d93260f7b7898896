//! `lashon`: the command line of the language and news services. See `lashon --help`.
//!
//! A thin adapter: each subcommand parses its arguments ([`args`]), opens the store
//! ([`database`]) and calls `lashon-core`, `lashon-crawler`, `lashon-http`, ... Modules:
//! [`serve`], [`accounts`] (`accounts`, `keys`), [`news`] (`ingest`, `sources`, `crawl`),
//! [`webhooks`], [`mcp`] (`mcp --stdio`), [`migrate`] (SQLite into PostgreSQL); [`database`] picks the backend, [`leader`] the
//! node that crawls.

mod accounts;
mod args;
mod database;
mod leader;
mod mcp;
mod migrate;
mod news;
mod serve;
mod webhooks;

use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

use crate::args::{Cli, Command};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let filter = EnvFilter::try_from_env("LASHON_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    // The MCP SDK logs whole requests (a tool's arguments: the text to translate) at debug;
    // request text is never logged, whatever LASHON_LOG asks.
    let filter = match "rmcp=info".parse() {
        Ok(directive) => filter.add_directive(directive),
        Err(_) => filter,
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve::serve(args),
        Command::Accounts(cmd) => accounts::accounts(cmd),
        Command::Keys(cmd) => accounts::keys(cmd),
        Command::Ingest(args) => news::ingest(args),
        Command::Sources(cmd) => news::sources(cmd),
        Command::Crawl(args) => news::crawl(args),
        Command::Webhooks(cmd) => webhooks::webhooks(cmd),
        Command::Mcp(args) => mcp::mcp(args),
        // Its own exit codes: 2 for a refusal, 1 for a failure or counts that differ.
        Command::Migrate(args) => return migrate::migrate(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lashon: {e}");
            ExitCode::FAILURE
        }
    }
}
