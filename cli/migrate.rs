//! `lashon migrate --from sqlite:PATH --to postgres://…`: copies a SQLite deployment into
//! PostgreSQL through [`lashon_store::migrate`] and prints the rows of every table on both
//! sides. Exits 2 when it refuses (the source is not SQLite, the target not PostgreSQL or
//! holding other data), 1 when a database fails or the counts differ.

use std::io::Write;
use std::process::ExitCode;

use lashon_store::migrate::{sqlite_to_postgres, MigrateError, MigrateOptions, NOT_COPIED};

use crate::args::MigrateArgs;
use crate::database::{parse_database, Database};

const REFUSED: u8 = 2;

pub fn migrate(args: MigrateArgs) -> ExitCode {
    let refuse = |why: String| {
        eprintln!("lashon migrate: {why}");
        ExitCode::from(REFUSED)
    };
    let from = match parse_database(&args.from) {
        Ok(Database::Sqlite(path)) => path,
        Ok(Database::Postgres(_)) => {
            return refuse("--from must name a SQLite file (a plain path or sqlite:PATH)".into())
        }
        Err(e) => return refuse(format!("--from: {e}")),
    };
    let to = match parse_database(&args.to) {
        Ok(Database::Postgres(url)) => url,
        Ok(Database::Sqlite(_)) => {
            return refuse(
                "--to must name a PostgreSQL database (postgres://user@host:port/db)".into(),
            )
        }
        Err(e) => return refuse(format!("--to: {e}")),
    };
    let target = Database::Postgres(to.clone());
    eprintln!("lashon migrate: copying {} into {target}", from.display());
    let options = MigrateOptions {
        batch_size: args.batch_size.max(1),
        force: args.force,
        stop_after_batches: args.stop_after_batches,
    };
    let mut progress = |table: &str, copied: i64| {
        tracing::info!(table, copied, "batch copied");
    };
    match sqlite_to_postgres(&from, &to, &options, &mut progress) {
        Ok(report) => {
            print_counts(&report.counts);
            if report.already_complete {
                eprintln!(
                    "lashon migrate: this source was migrated already; nothing copied, every table's rows equal"
                );
                return ExitCode::SUCCESS;
            }
            eprintln!(
                "lashon migrate: done{}: {} rows copied by this run, every table's rows equal",
                if report.resumed {
                    " (continued an earlier run)"
                } else {
                    ""
                },
                report.copied
            );
            for (table, why) in NOT_COPIED {
                eprintln!("  not copied: {table} ({why})");
            }
            ExitCode::SUCCESS
        }
        Err(MigrateError::Refused(why)) => refuse(why),
        Err(e @ (MigrateError::Mismatch(_) | MigrateError::Changed(_))) => {
            if let MigrateError::Mismatch(counts) | MigrateError::Changed(counts) = &e {
                print_counts(counts);
            }
            eprintln!("lashon migrate: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("lashon migrate: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print_counts(counts: &[lashon_store::migrate::TableCount]) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{:<20} {:>12} {:>14}",
        "table", "sqlite_rows", "postgres_rows"
    );
    for c in counts {
        let mark = if c.sqlite == c.postgres {
            ""
        } else {
            "  DIFFERS"
        };
        let _ = writeln!(
            out,
            "{:<20} {:>12} {:>14}{mark}",
            c.table, c.sqlite, c.postgres
        );
    }
}
