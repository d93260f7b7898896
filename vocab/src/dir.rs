//! Text direction as the API spells it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A resolved direction: left-to-right or right-to-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Ltr,
    Rtl,
}

impl Dir {
    /// `"ltr"` or `"rtl"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Ltr => "ltr",
            Dir::Rtl => "rtl",
        }
    }

    /// The other direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Ltr => Dir::Rtl,
            Dir::Rtl => Dir::Ltr,
        }
    }

    /// The direction of a UBA embedding level: even levels are LTR, odd are RTL.
    pub fn from_level(level: u8) -> Dir {
        if level % 2 == 0 {
            Dir::Ltr
        } else {
            Dir::Rtl
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The paragraph base a caller asks for: `auto` (the Unicode first-strong rule, P2–P3),
/// or a forced `ltr`/`rtl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum BaseDir {
    #[default]
    Auto,
    Ltr,
    Rtl,
}

impl BaseDir {
    /// The forced direction, or `None` for `auto`.
    pub fn forced(self) -> Option<Dir> {
        match self {
            BaseDir::Auto => None,
            BaseDir::Ltr => Some(Dir::Ltr),
            BaseDir::Rtl => Some(Dir::Rtl),
        }
    }

    /// `"auto"`, `"ltr"` or `"rtl"`.
    pub fn as_str(self) -> &'static str {
        match self {
            BaseDir::Auto => "auto",
            BaseDir::Ltr => "ltr",
            BaseDir::Rtl => "rtl",
        }
    }
}

/// The error of parsing a [`BaseDir`] from a string other than `auto`, `ltr` or `rtl`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseBaseDirError(pub String);

impl fmt::Display for ParseBaseDirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "base must be one of auto, ltr, rtl (got {:?})", self.0)
    }
}

impl std::error::Error for ParseBaseDirError {}

impl FromStr for BaseDir {
    type Err = ParseBaseDirError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(BaseDir::Auto),
            "ltr" => Ok(BaseDir::Ltr),
            "rtl" => Ok(BaseDir::Rtl),
            other => Err(ParseBaseDirError(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_map_to_directions() {
        assert_eq!(Dir::from_level(0), Dir::Ltr);
        assert_eq!(Dir::from_level(1), Dir::Rtl);
        assert_eq!(Dir::from_level(2), Dir::Ltr);
        assert_eq!(Dir::Rtl.opposite(), Dir::Ltr);
    }

    #[test]
    fn base_parses_and_serializes() {
        assert_eq!("rtl".parse::<BaseDir>(), Ok(BaseDir::Rtl));
        assert!("RTL".parse::<BaseDir>().is_err());
        assert_eq!(serde_json::to_string(&BaseDir::Auto).unwrap(), "\"auto\"");
        assert_eq!(serde_json::to_string(&Dir::Rtl).unwrap(), "\"rtl\"");
        let err = serde_json::from_str::<BaseDir>("\"up\"");
        assert!(err.is_err());
    }
}
