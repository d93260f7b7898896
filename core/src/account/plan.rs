//! Plans: the per-account limits.
//!
//! The spec fixes the request rate (600 per minute per account on every plan) and leaves the
//! monthly characters and the account-term capacity to the plan; these are our figures.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Starter,
    Team,
    Enterprise,
}

impl Plan {
    pub fn as_str(self) -> &'static str {
        match self {
            Plan::Starter => "starter",
            Plan::Team => "team",
            Plan::Enterprise => "enterprise",
        }
    }

    /// Requests per minute per account, across all its keys.
    pub fn requests_per_minute(self) -> u32 {
        600
    }

    /// Weighted characters per calendar month (UTC).
    pub fn monthly_chars(self) -> u64 {
        match self {
            Plan::Starter => 500_000,
            Plan::Team => 5_000_000,
            Plan::Enterprise => 50_000_000,
        }
    }

    /// How many account terms the account may keep.
    pub fn terms_capacity(self) -> usize {
        match self {
            Plan::Starter => 1_000,
            Plan::Team => 10_000,
            Plan::Enterprise => 50_000,
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Plan {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "starter" => Ok(Plan::Starter),
            "team" => Ok(Plan::Team),
            "enterprise" => Ok(Plan::Enterprise),
            other => Err(format!(
                "plan must be starter, team or enterprise (got {other:?})"
            )),
        }
    }
}
