//! What every endpoint function is handed: the store, the clock and the cursor codec.

use std::collections::HashMap;

use lashon_news::cursor::{Binding, CursorCodec, Keyset};
use lashon_news::types::Newsroom;
use lashon_news::{Clock, NewsError};

use super::repository::NewsRepository;

/// The dependencies of the news endpoints. Cheap to build per request.
#[derive(Clone, Copy)]
pub struct NewsContext<'a> {
    /// The store.
    pub repo: &'a dyn NewsRepository,
    /// "Now".
    pub clock: &'a dyn Clock,
    /// Signs and checks cursors; keep its key stable across restarts and nodes, or open
    /// walks fail with 400.
    pub cursors: &'a CursorCodec,
}

impl<'a> NewsContext<'a> {
    /// A context over the three dependencies.
    pub fn new(
        repo: &'a dyn NewsRepository,
        clock: &'a dyn Clock,
        cursors: &'a CursorCodec,
    ) -> Self {
        Self {
            repo,
            clock,
            cursors,
        }
    }

    /// Decodes the cursor of a request, if one was sent.
    pub(crate) fn after<K: Keyset>(
        &self,
        cursor: Option<&str>,
        binding: &Binding,
    ) -> Result<Option<K>, NewsError> {
        cursor
            .map(|c| self.cursors.decode::<K>(c, binding))
            .transpose()
    }

    /// The registry keyed by newsroom key.
    pub(crate) fn registry(&self) -> Result<HashMap<String, Newsroom>, NewsError> {
        Ok(self
            .repo
            .newsrooms()?
            .into_iter()
            .map(|n| (n.key.clone(), n))
            .collect())
    }
}

/// Splits a fetch of `limit + 1` rows into the page and whether another page exists.
pub(crate) fn split_page<T>(mut rows: Vec<T>, limit: usize) -> (Vec<T>, bool) {
    let more = rows.len() > limit;
    rows.truncate(limit);
    (rows, more)
}

/// `limit` as a row count.
pub(crate) fn rows(limit: u32) -> usize {
    usize::try_from(limit).unwrap_or(usize::MAX)
}
