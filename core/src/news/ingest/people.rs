//! The people registry the service matches: the bundled one of `lashon-news`
//! ([`lashon_news::people::builtin`], real public figures with Wikidata ids) added to the store
//! once, beside any person stored otherwise (the demo's, or an edited record, which is kept).

use crate::news::RepoError;
use lashon_news::record::PersonRecord;

use crate::news::write::{write_news, NewsStore};

/// Adds the bundled people the store lacks; returns the store's whole registry.
pub fn registry<S: NewsStore + ?Sized>(store: &S) -> Result<Vec<PersonRecord>, RepoError> {
    write_news(store, |w| {
        for p in lashon_news::people::builtin() {
            w.add_person_if_absent(&p)?;
        }
        Ok(())
    })?;
    store.people()
}
