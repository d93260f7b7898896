//! Clustering quality against gold labels: the measures ([`bcubed`], [`pairwise`]), gold
//! articles read from JSON lines ([`read_gold`]), a clusterer run over them as a service
//! would ([`cluster_stream`]), the report per window with the worst merges and splits
//! ([`evaluate`]), what the features allow ([`feature_ceiling`]) and the naive baseline
//! to compare with ([`naive_baseline`]), and the scores' spread over orders of simultaneous
//! articles ([`tie_order_spread`]). The example `evaluate`
//! prints them for a file:
//!
//! ```text
//! cargo run -p lashon-news --release --example evaluate -- FILE.jsonl
//! ```
//!
//! ```
//! use lashon_news::cluster::eval::{cluster_stream, evaluate, read_gold};
//! use lashon_news::cluster::{Clusterer, Concepts, Params};
//!
//! let gold = read_gold(concat!(
//!     r#"{"id": "1", "source": "kan", "publishedAt": "2026-03-01T08:00:00Z", "headline": "Knesset passes 2026 budget in first reading, 61 to 52", "story": "budget"}"#, "\n",
//!     r#"{"id": "2", "source": "ynet", "publishedAt": "2026-03-01T08:30:00Z", "headline": "התקציב לשנת 2026 אושר בקריאה ראשונה ברוב של 61 מול 52", "story": "budget"}"#, "\n",
//!     r#"{"id": "3", "source": "kan", "publishedAt": "2026-03-01T09:00:00Z", "headline": "Heavy rain floods roads in the Negev", "story": "floods"}"#,
//! )).unwrap();
//! let mut c = Clusterer::new(Concepts::builtin(), Params::default());
//! let e = evaluate(&gold, &cluster_stream(&gold, &mut c));
//! assert_eq!(e.overall.bcubed.f1, 1.0);
//! print!("{}", e.summary());
//! ```

mod baseline;
mod ceiling;
mod gold;
mod orders;
mod report;
mod run;
mod scores;

pub use baseline::{naive_baseline, NAIVE_THRESHOLD, NAIVE_WINDOW_HOURS};
pub use ceiling::feature_ceiling;
pub use gold::{read_gold, GoldArticle, GoldError};
pub use orders::{permute_ties, tie_order_spread, Spread, WindowSpread};
pub use report::{
    evaluate, Evaluation, Figures, Mistake, Part, Shown, WindowFigures, WINDOW_GAP_HOURS,
};
#[cfg(test)]
pub(crate) use run::cluster_written;
pub use run::{cluster_stream, windows};
pub use scores::{bcubed, pairwise, Scores};
