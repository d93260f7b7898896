//! Key scopes.
//!
//! The language spec names one scope, `medical`, which gates clinical operations. The news
//! service gates its endpoints by `stories`, `sources`, `search`, `people`, `brief` and
//! `export`. A key created without `--scopes` gets every scope except `medical`, which must
//! be asked for.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    Medical,
    Stories,
    Sources,
    Search,
    People,
    Brief,
    Export,
}

impl Scope {
    pub const ALL: [Scope; 7] = [
        Scope::Medical,
        Scope::Stories,
        Scope::Sources,
        Scope::Search,
        Scope::People,
        Scope::Brief,
        Scope::Export,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Medical => "medical",
            Scope::Stories => "stories",
            Scope::Sources => "sources",
            Scope::Search => "search",
            Scope::People => "people",
            Scope::Brief => "brief",
            Scope::Export => "export",
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl FromStr for Scope {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scope::ALL
            .into_iter()
            .find(|scope| scope.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
                format!("unknown scope {s:?}; scopes are {}", names.join(", "))
            })
    }
}

/// A set of scopes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScopeSet(u16);

impl ScopeSet {
    pub const EMPTY: ScopeSet = ScopeSet(0);

    pub fn contains(self, scope: Scope) -> bool {
        self.0 & scope.bit() != 0
    }

    pub fn with(self, scope: Scope) -> ScopeSet {
        ScopeSet(self.0 | scope.bit())
    }

    pub fn iter(self) -> impl Iterator<Item = Scope> {
        Scope::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// Parses a comma-separated list (`medical,stories`); spaces around names are ignored.
    pub fn parse_list(list: &str) -> Result<ScopeSet, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .try_fold(ScopeSet::EMPTY, |set, name| Ok(set.with(name.parse()?)))
    }

    /// The comma-separated form, in a fixed order.
    pub fn to_list(self) -> String {
        self.iter().map(Scope::as_str).collect::<Vec<_>>().join(",")
    }
}

impl Default for ScopeSet {
    /// Every scope but `medical`.
    fn default() -> Self {
        Scope::ALL
            .into_iter()
            .filter(|s| *s != Scope::Medical)
            .fold(ScopeSet::EMPTY, ScopeSet::with)
    }
}

impl fmt::Debug for ScopeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScopeSet({})", self.to_list())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_round_trip() {
        let set = ScopeSet::parse_list("medical, stories").unwrap();
        assert!(set.contains(Scope::Medical));
        assert!(!set.contains(Scope::Export));
        assert_eq!(set.to_list(), "medical,stories");
        assert_eq!(ScopeSet::parse_list(&set.to_list()).unwrap(), set);
        assert!(ScopeSet::parse_list("medical,typo").is_err());
        assert!(!ScopeSet::default().contains(Scope::Medical));
        assert!(ScopeSet::default().contains(Scope::Export));
    }
}
