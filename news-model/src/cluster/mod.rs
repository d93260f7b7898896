//! Story clustering: articles of the Israeli press in Hebrew and English grouped into stories,
//! online and incrementally ([`online`]), over language-neutral features ([`features`]:
//! concepts from [`concepts`], name skeletons from [`skeleton`], numbers), with quality
//! measured against gold labels ([`eval`]); its state can be saved between runs
//! ([`snapshot`]).
//!
//! ```
//! use chrono::{TimeZone, Utc};
//! use lashon_news::cluster::{Clusterer, Concepts, Params};
//!
//! let mut c = Clusterer::new(Concepts::builtin(), Params::default());
//! let t = Utc.with_ymd_and_hms(2026, 3, 1, 20, 0, 0).unwrap();
//! let a = c.add(1, t, "Knesset passes 2026 budget in first reading, 61 to 52",
//!     "Finance Minister Yael Carmon said the budget passed with 61 votes.");
//! let b = c.add(2, t + chrono::Duration::minutes(30),
//!     "התקציב לשנת 2026 אושר בקריאה ראשונה ברוב של 61 מול 52",
//!     "שרת האוצר יעל כרמון: התקציב עבר ברוב של 61 חברי כנסת.");
//! let other = c.add(3, t + chrono::Duration::minutes(40),
//!     "Heavy rain floods roads in the Negev", "Flash floods closed Route 40 near Mitzpe Ramon.");
//! assert!(a.opened);
//! assert_eq!(b.cluster, a.cluster);
//! assert_ne!(other.cluster, a.cluster);
//! ```

pub mod background;
pub mod concepts;
pub mod eval;
pub mod features;
pub mod numbers;
pub mod online;
pub mod params;
pub mod skeleton;
pub mod snapshot;
pub mod stem;
pub mod stopwords;

pub use background::Background;
pub use concepts::Concepts;
pub use features::Lexicons;
pub use online::{Assignment, Clusterer};
pub use params::{Params, Weights};
pub use snapshot::{Snapshot, SnapshotError};
