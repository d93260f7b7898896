//! The raw parameter list and the reading of single and repeated parameters.

use crate::error::NewsError;

/// Query parameters as `(name, value)` pairs, in the order received.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// Builds a query from any pairs of strings.
    pub fn new<K, V, I>(pairs: I) -> Self
    where
        K: Into<String>,
        V: Into<String>,
        I: IntoIterator<Item = (K, V)>,
    {
        Self {
            pairs: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        }
    }

    /// The pairs.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// Whether `name` was sent at all.
    pub fn has(&self, name: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == name)
    }

    /// Every value of a repeatable parameter, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.pairs
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The value of a parameter that may appear once; 400 when it appears twice.
    pub fn single(&self, name: &str) -> Result<Option<&str>, NewsError> {
        let mut values = self.pairs.iter().filter(|(k, _)| k == name);
        let first = values.next().map(|(_, v)| v.as_str());
        if values.next().is_some() {
            return Err(NewsError::bad_request(format!(
                "{name} may be given only once"
            )));
        }
        Ok(first)
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for Query {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Query::new(iter)
    }
}
