//! The tools as MCP serves them: each [`ToolSpec`] with its input and output schemas taken
//! from the OpenAPI document of its service ([`crate::openapi`], [`crate::news_openapi`]),
//! and the gate that decides which keys see it listed.
//!
//! Built once per router. Paged news tools take a `cursor` beside their parameters: the news
//! document describes the cursor in words rather than listing it (only values the server
//! issued are valid), so the tool schema adds it as an opaque string.

use std::str::FromStr;
use std::sync::Arc;

use lashon_core::account::{AuthContext, Scope};
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::Value;
use utoipa::OpenApi;

use super::schema::{Document, SchemaError};
use super::tools::{Effect, Service, ToolSpec, TOOLS};

/// Which keys may call a tool (and so see it in `tools/list`). The route enforces the same
/// rule on every call; this only keeps a key from being offered what it would be refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Any valid key.
    AnyKey,
    /// An account with clinical enabled and a key with the `medical` scope.
    Clinical,
    /// A key with this scope (the news endpoints).
    Scope(Scope),
}

impl Gate {
    pub fn admits(self, ctx: &AuthContext) -> bool {
        match self {
            Gate::AnyKey => true,
            Gate::Clinical => ctx.require_clinical().is_ok(),
            Gate::Scope(scope) => ctx.key.scopes.contains(scope),
        }
    }
}

/// One servable tool.
#[derive(Debug, Clone)]
pub struct Entry {
    pub spec: ToolSpec,
    pub tool: Tool,
    pub gate: Gate,
    /// The 200 body is not an object and comes back as `{ "result": body }`.
    pub wrapped: bool,
}

impl Entry {
    /// The argument names the input schema allows.
    pub fn argument_names(&self) -> impl Iterator<Item = &str> {
        self.tool
            .input_schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|p| p.keys().map(String::as_str))
    }
}

/// Every tool, in the table's order.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    entries: Vec<Entry>,
}

impl Catalog {
    /// Every tool; one whose schemas cannot be built is left out and logged (the unit tests
    /// build them all, so this happens only to a broken build).
    pub fn build() -> Catalog {
        let docs = Documents::new();
        let mut entries = Vec::new();
        for spec in TOOLS {
            match docs.entry(spec) {
                Ok(entry) => entries.push(entry),
                Err(e) => tracing::error!(tool = spec.name, error = %e, "MCP tool left out"),
            }
        }
        Catalog { entries }
    }

    /// Every tool, or the first that cannot be built.
    pub fn try_build() -> Result<Catalog, SchemaError> {
        let docs = Documents::new();
        let entries = TOOLS
            .iter()
            .map(|spec| {
                docs.entry(spec)
                    .map_err(|e| SchemaError(format!("{}: {e}", spec.name)))
            })
            .collect::<Result<_, _>>()?;
        Ok(Catalog { entries })
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.spec.name == name)
    }

    /// The tools `ctx` may call.
    pub fn tools_for(&self, ctx: &AuthContext) -> Vec<Tool> {
        self.entries
            .iter()
            .filter(|e| e.gate.admits(ctx))
            .map(|e| e.tool.clone())
            .collect()
    }
}

/// Both documents, serialized, and what the news one says of each endpoint.
struct Documents {
    language: Value,
    news: Value,
    /// Path under `/api/v1`, scope, paged.
    access: Vec<(&'static str, Option<&'static str>, bool)>,
}

impl Documents {
    fn new() -> Self {
        Documents {
            language: serde_json::to_value(crate::openapi::LanguageApi::openapi())
                .unwrap_or_default(),
            news: serde_json::to_value(crate::news_openapi::news_document()).unwrap_or_default(),
            access: crate::news_openapi::endpoint_access(),
        }
    }

    fn entry(&self, spec: &ToolSpec) -> Result<Entry, SchemaError> {
        let (doc, gate) = match spec.service {
            Service::Language => (Document::new(&self.language), Gate::AnyKey),
            Service::Clinical => (Document::new(&self.language), Gate::Clinical),
            Service::News => {
                let path = spec.path.strip_prefix("/api/v1").unwrap_or(spec.path);
                let Some((_, scope, _)) = self.access.iter().find(|(p, ..)| *p == path) else {
                    return Err(SchemaError(format!("no news endpoint {path}")));
                };
                let scope = scope
                    .ok_or_else(|| SchemaError(format!("{path} needs no key")))
                    .and_then(|s| Scope::from_str(s).map_err(SchemaError))?;
                (Document::new(&self.news), Gate::Scope(scope))
            }
        };
        let op = doc.operation(spec.verb.openapi(), spec.path)?;
        // A paged route declares its `cursor` in the document: the tool takes it from there.
        let input = doc.input(op, &[])?;
        let output = doc.output(op)?;
        let tool = Tool::new(spec.name, spec.description, Arc::new(input))
            .with_title(spec.title)
            .with_raw_output_schema(Arc::new(output.schema))
            .with_annotations(annotations(spec));
        Ok(Entry {
            spec: *spec,
            tool,
            gate,
            wrapped: output.wrapped,
        })
    }
}

fn annotations(spec: &ToolSpec) -> ToolAnnotations {
    let hints = ToolAnnotations::with_title(spec.title);
    match spec.effect {
        Effect::Reads => hints.read_only(true).open_world(false),
        Effect::CallsModel => hints.read_only(true).open_world(true),
        Effect::Upserts => hints
            .read_only(false)
            .destructive(false)
            .idempotent(true)
            .open_world(false),
        Effect::Deletes => hints
            .read_only(false)
            .destructive(true)
            .idempotent(true)
            .open_world(false),
    }
}

#[cfg(test)]
mod tests {
    use lashon_core::account::{
        Account, AccountId, KeyHash, KeyId, KeyKind, KeyRecord, Plan, ScopeSet,
    };

    use super::*;

    #[test]
    fn every_tool_builds() {
        let catalog = Catalog::try_build().unwrap();
        assert_eq!(catalog.entries().len(), TOOLS.len());
        for e in catalog.entries() {
            assert_eq!(e.tool.input_schema["type"], "object", "{}", e.spec.name);
            let out = e.tool.output_schema.as_ref().unwrap();
            assert_eq!(out["type"], "object", "{}", e.spec.name);
            // Every lashon answer is an object: nothing is wrapped.
            assert!(!e.wrapped, "{}", e.spec.name);
        }
        let names = |e: &Entry| e.argument_names().map(str::to_string).collect::<Vec<_>>();
        let stories = catalog.entry("stories_list").unwrap();
        assert!(names(stories).contains(&"cursor".to_string()));
        assert_eq!(stories.gate, Gate::Scope(Scope::Stories));
        let sources = catalog.entry("sources_list").unwrap();
        assert!(!names(sources).contains(&"cursor".to_string()));
        assert_eq!(
            catalog.entry("search").unwrap().gate,
            Gate::Scope(Scope::Search)
        );
        assert_eq!(
            catalog.entry("brief").unwrap().gate,
            Gate::Scope(Scope::Brief)
        );
        assert_eq!(
            catalog.entry("clinical_verify").unwrap().gate,
            Gate::Clinical
        );
        assert_eq!(names(catalog.entry("delete_term").unwrap()), ["id"]);
        assert_eq!(catalog.entry("usage").unwrap().gate, Gate::AnyKey);
    }

    fn context(scopes: &[Scope], clinical: bool) -> AuthContext {
        AuthContext {
            account: Account {
                id: AccountId("acct_1".into()),
                name: "acme".into(),
                plan: Plan::Team,
                clinical,
                char_quota: None,
                created_at: 0,
            },
            key: KeyRecord {
                id: KeyId("k".into()),
                account_id: AccountId("acct_1".into()),
                kind: KeyKind::Sandbox,
                hash: KeyHash(String::new()),
                scopes: scopes.iter().fold(ScopeSet::EMPTY, |s, x| s.with(*x)),
                created_at: 0,
                revoked_at: None,
            },
        }
    }

    #[test]
    fn a_key_sees_what_its_scopes_admit() {
        let catalog = Catalog::try_build().unwrap();
        let listed = |ctx: &AuthContext| -> Vec<String> {
            catalog
                .tools_for(ctx)
                .into_iter()
                .map(|t| t.name.into_owned())
                .collect()
        };
        let bare = listed(&context(&[], false));
        assert_eq!(bare.len(), 13, "{bare:?}");
        assert!(bare.contains(&"translate".into()) && !bare.contains(&"clinical_translate".into()));
        let stories = listed(&context(&[Scope::Stories], false));
        assert_eq!(stories.len(), 13 + 8, "{stories:?}");
        assert!(stories.contains(&"changes".into()) && !stories.contains(&"search".into()));
        // The medical scope alone is not enough: the account must have clinical enabled.
        assert_eq!(listed(&context(&[Scope::Medical], false)).len(), 13);
        assert_eq!(listed(&context(&[Scope::Medical], true)).len(), 16);
        assert_eq!(listed(&context(&Scope::ALL, true)).len(), TOOLS.len());
    }
}
