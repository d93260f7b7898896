//! People (spec, "People").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A person in the list of people named in the last 24 hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Person {
    /// Person id.
    pub id: i64,
    /// Name in the requested language (with fallback).
    pub name: String,
    /// Canonical name.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub canonical_name: Option<String>,
    /// Role.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub role: Option<String>,
    /// Avatar.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub avatar_url: Option<String>,
    /// Mentions in the last 24 hours.
    pub mentions: u32,
}

/// An alias of a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Alias {
    /// The alias as matched.
    pub alias: String,
    /// The alias as shown.
    pub display: String,
    /// Review status.
    pub status: String,
}

/// Person detail; `recentCoverage` is always null (spec, "Versioning" 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonDetail {
    /// Person id.
    pub id: i64,
    /// Wikidata id.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub wikidata_id: Option<String>,
    /// Name in the requested language (with fallback).
    pub name: String,
    /// English name.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub name_en: Option<String>,
    /// Hebrew name.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub name_he: Option<String>,
    /// Role.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub role: Option<String>,
    /// Mentions in the last 24 hours.
    pub mentions: u32,
    /// Avatar.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub avatar_url: Option<String>,
    /// Aliases.
    pub aliases: Vec<Alias>,
    /// Last change of the record.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub updated_at: Option<DateTime<Utc>>,
    /// Always null; exists so filling it later is additive.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub recent_coverage: Option<serde_json::Value>,
}
