//! `GET /v1/usage`: the month's usage of the caller's account.

use serde::Serialize;

use crate::account::{AuthContext, KeyKind, Usage};

/// The month's usage. Live and sandbox characters are counted apart; `chars_limit` applies to
/// each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UsageResponse {
    /// `YYYY-MM`, UTC.
    pub month: String,
    pub plan: &'static str,
    /// Weighted characters used by live keys this month.
    pub chars_used: u64,
    /// Weighted characters used by sandbox keys this month.
    pub sandbox_chars_used: u64,
    /// The monthly allowance.
    pub chars_limit: u64,
    /// Charged requests this month.
    pub requests: u64,
    pub rate_limit_per_minute: u32,
    /// The kind of key that asked (`live` or `sandbox`).
    pub key_kind: &'static str,
}

impl UsageResponse {
    /// `rate_limit` is the per-minute limit in force for the account.
    pub fn new(ctx: &AuthContext, month: String, usage: Usage, rate_limit: u32) -> Self {
        UsageResponse {
            month,
            plan: ctx.account.plan.as_str(),
            chars_used: usage.chars(KeyKind::Live),
            sandbox_chars_used: usage.chars(KeyKind::Sandbox),
            chars_limit: ctx.account.monthly_chars(),
            requests: usage.requests,
            rate_limit_per_minute: rate_limit,
            key_kind: ctx.key.kind.as_str(),
        }
    }
}
