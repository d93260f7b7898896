//! Account terms: names kept exactly in every protected translation, with an optional
//! rendering per target language. `GET /v1/terms`, `POST /v1/terms` (upsert),
//! `DELETE /v1/terms/{id}`.

use serde::{Deserialize, Serialize, Serializer};

use lashon_vocab::{ErrorCode, ServiceError};

use crate::limits::char_count;

/// Most terms in one upsert.
pub const UPSERT_MAX: usize = 2_000;
/// Longest term or rendering, in characters.
pub const TERM_CHARS: usize = 200;
/// Longest note, in characters.
pub const NOTE_CHARS: usize = 500;

/// Required renderings per target language (only `he`, `en`, `ru`).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermTranslations {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 200))]
    pub he: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 200))]
    pub en: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 200))]
    pub ru: Option<String>,
}

/// A stored account term.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AccountTerm {
    pub id: String,
    pub term: String,
    pub translations: TermTranslations,
    pub note: Option<String>,
    /// Unix seconds; serialized as an RFC 3339 timestamp.
    #[serde(serialize_with = "rfc3339")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub created_at: i64,
}

/// Each account's terms in the form protected translation matches them, compiled once per
/// version of the list: the store hands out the same `Arc` until the terms change, and while it
/// does the compiled set (and its automaton, built on first use) is reused by every request of
/// the account. At most [`COMPILED_ACCOUNTS`] accounts are kept.
#[derive(Debug, Default)]
pub struct CompiledTerms {
    entries: std::sync::Mutex<std::collections::HashMap<String, CompiledEntry>>,
}

/// The list a compiled set was made from (to know it is still current), and the set.
type CompiledEntry = (
    std::sync::Arc<Vec<AccountTerm>>,
    std::sync::Arc<lashon_protect::spans::AccountTerms>,
);

/// Accounts whose compiled terms are kept at most.
pub const COMPILED_ACCOUNTS: usize = 256;

impl CompiledTerms {
    /// The compiled form of `terms`, the current list of `account`.
    pub fn get(
        &self,
        account: &str,
        terms: std::sync::Arc<Vec<AccountTerm>>,
    ) -> std::sync::Arc<lashon_protect::spans::AccountTerms> {
        use std::sync::Arc;
        if let Ok(entries) = self.entries.lock() {
            if let Some((list, compiled)) = entries.get(account) {
                if Arc::ptr_eq(list, &terms) {
                    return compiled.clone();
                }
            }
        }
        let compiled = Arc::new(lashon_protect::spans::AccountTerms::new(
            terms.iter().map(AccountTerm::for_protection).collect(),
        ));
        if let Ok(mut entries) = self.entries.lock() {
            if entries.len() >= COMPILED_ACCOUNTS {
                entries.clear();
            }
            entries.insert(account.to_string(), (terms, compiled.clone()));
        }
        compiled
    }
}

impl AccountTerm {
    /// The term as protected translation matches and renders it.
    pub fn for_protection(&self) -> lashon_protect::spans::AccountTerm {
        lashon_protect::spans::AccountTerm {
            term: self.term.clone(),
            translations: lashon_protect::spans::TermTranslations {
                he: self.translations.he.clone(),
                en: self.translations.en.clone(),
                ru: self.translations.ru.clone(),
            },
        }
    }

    /// The term as the clinical query reads it (a record term, maybe with a Hebrew rendering).
    pub fn for_query(&self) -> crate::clinical::KnownTerm {
        crate::clinical::KnownTerm {
            term: self.term.clone(),
            hebrew: self.translations.he.clone(),
        }
    }
}

fn rfc3339<S: Serializer>(secs: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::time::rfc3339(*secs))
}

/// One term of an upsert request.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 200))]
    pub term: String,
    #[serde(default, deserialize_with = "crate::strict_json::nullable_object")]
    pub translations: Option<TermTranslations>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub note: Option<String>,
}

/// `POST /v1/terms`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpsertRequest {
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 2000))]
    #[serde(deserialize_with = "crate::strict_json::objects")]
    pub terms: Vec<TermInput>,
}

/// `GET /v1/terms` response.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Serialize)]
pub struct ListResponse {
    pub terms: Vec<AccountTerm>,
    pub limit: usize,
}

/// `POST /v1/terms` response.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Serialize)]
pub struct UpsertResponse {
    pub terms: Vec<AccountTerm>,
    pub count: usize,
}

impl UpsertRequest {
    /// Checks every limit of the spec: 1 to 2,000 terms, each term 1 to 200 characters, each
    /// rendering 1 to 200, a note up to 500.
    pub fn validate(&self) -> Result<(), ServiceError> {
        if self.terms.is_empty() || self.terms.len() > UPSERT_MAX {
            return Err(ServiceError::invalid(format!(
                "terms must hold 1 to {UPSERT_MAX} items (got {})",
                self.terms.len()
            )));
        }
        for (i, t) in self.terms.iter().enumerate() {
            check_len(&format!("terms[{i}].term"), &t.term, TERM_CHARS)?;
            if let Some(tr) = &t.translations {
                for (lang, value) in [("he", &tr.he), ("en", &tr.en), ("ru", &tr.ru)] {
                    if let Some(v) = value {
                        check_len(&format!("terms[{i}].translations.{lang}"), v, TERM_CHARS)?;
                    }
                }
            }
            if let Some(note) = &t.note {
                if char_count(note, NOTE_CHARS) > NOTE_CHARS {
                    return Err(ServiceError::invalid(format!(
                        "terms[{i}].note is longer than {NOTE_CHARS} characters"
                    )));
                }
            }
        }
        Ok(())
    }
}

fn check_len(name: &str, value: &str, max: usize) -> Result<(), ServiceError> {
    crate::limits::check_text(name, value, max)
}

/// An upsert that would grow the list past its capacity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpsertError {
    pub capacity: usize,
    pub would_hold: usize,
}

impl From<UpsertError> for ServiceError {
    fn from(e: UpsertError) -> Self {
        ServiceError::new(
            ErrorCode::TermsLimit,
            format!(
                "the account may keep {} terms; this upsert would make {}",
                e.capacity, e.would_hold
            ),
        )
    }
}

/// The outcome of merging an upsert into the stored terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// Terms to write (new or changed), each once.
    pub changed: Vec<AccountTerm>,
    /// The stored form of every input term, in input order.
    pub result: Vec<AccountTerm>,
}

/// Merges `inputs` into `existing`: a term whose text equals a stored term's updates it (its
/// translations and note are replaced; its id and creation time kept), any other is new. A
/// term repeated in the request takes its last version. Refuses to exceed `capacity`.
pub fn merge_terms(
    existing: &[AccountTerm],
    inputs: &[TermInput],
    capacity: usize,
    now: i64,
    new_id: &mut dyn FnMut() -> String,
) -> Result<Merged, UpsertError> {
    let mut changed: Vec<AccountTerm> = Vec::new();
    let mut result = Vec::with_capacity(inputs.len());
    let mut added = 0;
    for input in inputs {
        let translations = input.translations.clone().unwrap_or_default();
        let term = if let Some(slot) = changed.iter_mut().find(|t| t.term == input.term) {
            slot.translations = translations;
            slot.note = input.note.clone();
            slot.clone()
        } else {
            let base = match existing.iter().find(|t| t.term == input.term) {
                Some(stored) => stored.clone(),
                None => {
                    added += 1;
                    AccountTerm {
                        id: new_id(),
                        term: input.term.clone(),
                        translations: TermTranslations::default(),
                        note: None,
                        created_at: now,
                    }
                }
            };
            let term = AccountTerm {
                translations,
                note: input.note.clone(),
                ..base
            };
            changed.push(term.clone());
            term
        };
        result.push(term);
    }
    // Later duplicates changed the shared slot; report every input with its final version.
    for r in &mut result {
        if let Some(last) = changed.iter().find(|t| t.id == r.id) {
            *r = last.clone();
        }
    }
    let would_hold = existing.len() + added;
    if would_hold > capacity {
        return Err(UpsertError {
            capacity,
            would_hold,
        });
    }
    Ok(Merged { changed, result })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(term: &str, he: Option<&str>) -> TermInput {
        TermInput {
            term: term.into(),
            translations: he.map(|h| TermTranslations {
                he: Some(h.into()),
                ..Default::default()
            }),
            note: None,
        }
    }

    #[test]
    fn merge_updates_by_text_and_checks_capacity() {
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("term_{n}")
        };
        let first = merge_terms(&[], &[input("Aspirin", None)], 10, 1, &mut ids).unwrap();
        assert_eq!(first.result[0].id, "term_1");
        let stored = first.changed;
        let second = merge_terms(
            &stored,
            &[
                input("Aspirin", Some("אספירין")),
                input("Advil", None),
                input("Advil", Some("אדוויל")),
            ],
            10,
            2,
            &mut ids,
        )
        .unwrap();
        assert_eq!(second.changed.len(), 2);
        assert_eq!(second.result[0].id, "term_1");
        assert_eq!(second.result[0].created_at, 1);
        assert_eq!(second.result[0].translations.he.as_deref(), Some("אספירין"));
        assert_eq!(second.result[1].translations.he.as_deref(), Some("אדוויל"));
        assert_eq!(second.result[1], second.result[2]);
        let err = merge_terms(
            &stored,
            &[input("A", None), input("B", None)],
            2,
            3,
            &mut ids,
        )
        .unwrap_err();
        assert_eq!(err.would_hold, 3);
    }

    #[test]
    fn validation_limits() {
        let ok = UpsertRequest {
            terms: vec![input(&"x".repeat(200), Some(&"י".repeat(200)))],
        };
        assert!(ok.validate().is_ok());
        let long = UpsertRequest {
            terms: vec![input(&"x".repeat(201), None)],
        };
        assert!(long.validate().is_err());
        assert!(UpsertRequest { terms: vec![] }.validate().is_err());
        let bad_lang: Result<UpsertRequest, _> =
            serde_json::from_str(r#"{"terms": [{"term": "a", "translations": {"fr": "b"}}]}"#);
        assert!(bad_lang.is_err());
        let note = UpsertRequest {
            terms: vec![TermInput {
                note: Some("n".repeat(501)),
                ..input("a", None)
            }],
        };
        assert!(note.validate().is_err());
    }
}
