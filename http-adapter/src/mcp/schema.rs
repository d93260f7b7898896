//! From the OpenAPI documents to MCP tool schemas.
//!
//! An MCP tool carries JSON Schemas (2020-12) that must stand alone: a client checks the
//! arguments and the result with nothing but the tool in hand. The OpenAPI documents keep
//! shared types under `#/components/schemas/`, so each tool schema takes the components it
//! reaches, transitively, as `$defs`, with every `$ref` rewritten to `#/$defs/Name`.
//!
//! - input of a POST: the operation's JSON request body;
//! - input of a GET or DELETE: an object whose properties are the path and query parameters
//!   (each with its parameter schema), `required` naming the required ones;
//! - output: the 200 JSON body. MCP wants an object type there; a body of another type would
//!   be wrapped as `{ "result": body }` ([`Output::wrapped`]); none of lashon's is.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

const COMPONENTS: &str = "#/components/schemas/";
const DEFS: &str = "#/$defs/";
/// How many `$ref`s deep a schema's top may alias before it is taken for a loop.
const MAX_ALIASES: usize = 16;

/// An OpenAPI schema that cannot become a tool schema. It is the document's shape, not any
/// request, that causes it; the unit tests build every tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError(pub String);

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SchemaError {}

fn err<T>(message: impl Into<String>) -> Result<T, SchemaError> {
    Err(SchemaError(message.into()))
}

/// An output schema, and whether the body was wrapped as `{ "result": body }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub schema: Map<String, Value>,
    pub wrapped: bool,
}

/// An OpenAPI document (serialized), read for one operation at a time.
pub struct Document<'a> {
    doc: &'a Value,
    components: Map<String, Value>,
}

impl<'a> Document<'a> {
    pub fn new(doc: &'a Value) -> Self {
        let components = doc
            .pointer("/components/schemas")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        Document { doc, components }
    }

    /// The operation `method` (lower case, as OpenAPI spells it) on `path`.
    pub fn operation(&self, method: &str, path: &str) -> Result<&'a Value, SchemaError> {
        match self.doc.get("paths").and_then(|p| p.get(path)) {
            Some(item) => match item.get(method) {
                Some(op) => Ok(op),
                None => err(format!("the document has no {method} {path}")),
            },
            None => err(format!("the document has no path {path}")),
        }
    }

    /// The input schema of an operation: its JSON request body, or else an object of its
    /// path and query parameters with `extra` properties beside them.
    pub fn input(
        &self,
        op: &Value,
        extra: &[(&str, Value)],
    ) -> Result<Map<String, Value>, SchemaError> {
        match op.pointer("/requestBody/content/application~1json/schema") {
            Some(body) => {
                if !extra.is_empty() {
                    return err("extra properties go with parameters, not with a body");
                }
                let mut schema = self.standalone(body)?;
                // The adapter reads every body as a JSON object (`ApiJson`).
                if !self.as_object_type(&mut schema) {
                    return err(format!("a request body that is not an object: {body}"));
                }
                Ok(schema)
            }
            None => self.parameters(op, extra),
        }
    }

    /// The output schema of an operation: its 200 JSON body.
    pub fn output(&self, op: &Value) -> Result<Output, SchemaError> {
        let Some(body) = op.pointer("/responses/200/content/application~1json/schema") else {
            return err("the operation has no JSON 200 body");
        };
        let mut schema = self.standalone(body)?;
        if self.as_object_type(&mut schema) {
            return Ok(Output {
                schema,
                wrapped: false,
            });
        }
        let defs = schema.remove("$defs");
        let mut properties = Map::new();
        properties.insert("result".into(), Value::Object(schema));
        let mut wrapper = Map::new();
        wrapper.insert("type".into(), Value::from("object"));
        wrapper.insert("properties".into(), Value::Object(properties));
        wrapper.insert("required".into(), Value::from(vec!["result"]));
        if let Some(defs) = defs {
            wrapper.insert("$defs".into(), defs);
        }
        Ok(Output {
            schema: wrapper,
            wrapped: true,
        })
    }

    /// An object of the operation's path and query parameters, closed to other names.
    fn parameters(
        &self,
        op: &Value,
        extra: &[(&str, Value)],
    ) -> Result<Map<String, Value>, SchemaError> {
        let mut properties = Map::new();
        let mut required = Vec::new();
        let params = op.get("parameters").and_then(Value::as_array);
        for p in params.into_iter().flatten() {
            let Some(name) = p.get("name").and_then(Value::as_str) else {
                return err(format!("a parameter without a name: {p}"));
            };
            match p.get("in").and_then(Value::as_str) {
                Some("path" | "query") => {}
                other => return err(format!("parameter {name} is in {other:?}")),
            }
            let mut schema = p
                .get("schema")
                .cloned()
                .unwrap_or(Value::Object(Map::new()));
            if let (Some(description), Some(obj)) = (p.get("description"), schema.as_object_mut()) {
                obj.entry("description").or_insert(description.clone());
            }
            if p.get("required").and_then(Value::as_bool) == Some(true) {
                required.push(Value::from(name));
            }
            if properties.insert(name.to_string(), schema).is_some() {
                return err(format!("parameter {name} is listed twice"));
            }
        }
        for (name, schema) in extra {
            if properties
                .insert((*name).to_string(), schema.clone())
                .is_some()
            {
                return err(format!("extra property {name} is already a parameter"));
            }
        }
        let mut object = Map::new();
        object.insert("type".into(), Value::from("object"));
        object.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            object.insert("required".into(), Value::Array(required));
        }
        object.insert("additionalProperties".into(), Value::Bool(false));
        self.standalone(&Value::Object(object))
    }

    /// `schema` with the components it reaches as `$defs` and its references rewritten; a
    /// schema that is only a reference is replaced by the component it names.
    pub fn standalone(&self, schema: &Value) -> Result<Map<String, Value>, SchemaError> {
        let mut root = self.unalias(schema)?;
        let mut names = BTreeSet::new();
        let mut queue = Vec::new();
        references(&root, &mut queue)?;
        while let Some(name) = queue.pop() {
            if names.insert(name.clone()) {
                references(self.component(&name)?, &mut queue)?;
            }
        }
        rewrite(&mut root);
        let Value::Object(mut map) = root else {
            return err("a schema that is not an object");
        };
        if names.is_empty() {
            return Ok(map);
        }
        if map.contains_key("$defs") {
            return err("a schema with $defs of its own");
        }
        let mut defs = Map::new();
        for name in names {
            let mut component = self.component(&name)?.clone();
            rewrite(&mut component);
            defs.insert(name, component);
        }
        map.insert("$defs".into(), Value::Object(defs));
        Ok(map)
    }

    /// True when `schema` describes objects only, saying so with `"type": "object"` when it
    /// had no `type` (an `allOf` with an object part, an `anyOf`/`oneOf` of objects): MCP
    /// wants the keyword at the top of an output schema, and it changes nothing there.
    fn as_object_type(&self, schema: &mut Map<String, Value>) -> bool {
        let objects = self.objects_only(&Value::Object(schema.clone()), 0);
        if objects && !schema.contains_key("type") {
            schema.insert("type".into(), Value::from("object"));
        }
        objects
    }

    fn objects_only(&self, schema: &Value, depth: usize) -> bool {
        if depth > MAX_ALIASES {
            return false;
        }
        let Ok(Value::Object(map)) = self.unalias_defs(schema) else {
            return false;
        };
        if let Some(t) = map.get("type") {
            return t == "object";
        }
        let parts = |key: &str| map.get(key).and_then(Value::as_array);
        if let Some(all) = parts("allOf") {
            return all.iter().any(|s| self.objects_only(s, depth + 1));
        }
        match parts("anyOf").or_else(|| parts("oneOf")) {
            Some(any) => !any.is_empty() && any.iter().all(|s| self.objects_only(s, depth + 1)),
            None => false,
        }
    }

    /// A schema with a bare reference (to a component or, once rewritten, to a `$defs`
    /// entry) replaced by its target; others as they are.
    fn unalias_defs(&self, schema: &Value) -> Result<Value, SchemaError> {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix(DEFS) {
                Some(name) => self.component(name).cloned(),
                None => self.unalias(schema),
            },
            None => Ok(schema.clone()),
        }
    }

    fn component(&self, name: &str) -> Result<&Value, SchemaError> {
        self.components
            .get(name)
            .map_or_else(|| err(format!("no component schema {name}")), Ok)
    }

    /// The schema, or the component a bare `$ref` names (its sibling keywords laid over it).
    fn unalias(&self, schema: &Value) -> Result<Value, SchemaError> {
        let mut current = schema.clone();
        for _ in 0..MAX_ALIASES {
            let Value::Object(map) = &current else {
                return err(format!("a schema that is not an object: {current}"));
            };
            let Some(reference) = map.get("$ref").and_then(Value::as_str) else {
                return Ok(current);
            };
            let Some(name) = reference.strip_prefix(COMPONENTS) else {
                return err(format!("a reference outside the components: {reference}"));
            };
            let mut target = self.component(name)?.clone();
            if let Some(obj) = target.as_object_mut() {
                for (k, v) in map.iter().filter(|(k, _)| *k != "$ref") {
                    obj.insert(k.clone(), v.clone());
                }
            }
            current = target;
        }
        err("a chain of references that does not end")
    }
}

/// Pushes the component name of every `$ref` in `schema`.
fn references(schema: &Value, out: &mut Vec<String>) -> Result<(), SchemaError> {
    match schema {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => match r.strip_prefix(COMPONENTS) {
                        Some(name) => out.push(name.to_string()),
                        None => return err(format!("a reference outside the components: {r}")),
                    },
                    _ => references(v, out)?,
                }
            }
            Ok(())
        }
        Value::Array(items) => items.iter().try_for_each(|v| references(v, out)),
        _ => Ok(()),
    }
}

/// Rewrites every `#/components/schemas/X` reference to `#/$defs/X`.
fn rewrite(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => {
                        if let Some(name) = r.strip_prefix(COMPONENTS) {
                            *r = format!("{DEFS}{name}");
                        }
                    }
                    (_, v) => rewrite(v),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(rewrite),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc() -> Value {
        json!({
            "paths": {
                "/a": {
                    "post": {
                        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Req"}}}},
                        "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Res"}}}}}
                    },
                    "get": {
                        "parameters": [
                            {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}},
                            {"name": "lang", "in": "query", "required": false, "description": "output language", "schema": {"$ref": "#/components/schemas/Lang"}}
                        ],
                        "responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Res"}}}}}}
                    },
                    "delete": {
                        "parameters": [{"name": "h", "in": "header", "schema": {"type": "string"}}],
                        "responses": {"200": {"content": {"text/csv": {"schema": {"type": "string"}}}}}
                    }
                }
            },
            "components": {"schemas": {
                "Req": {"type": "object", "properties": {"tree": {"$ref": "#/components/schemas/Tree"}}},
                "Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}, "lang": {"$ref": "#/components/schemas/Lang"}}},
                "Lang": {"type": "string", "enum": ["en", "he"]},
                "Res": {"type": "object", "properties": {"ok": {"type": "boolean"}}},
                "Unused": {"type": "string"}
            }}
        })
    }

    #[test]
    fn a_body_takes_what_it_reaches_as_defs() {
        let doc = doc();
        let d = Document::new(&doc);
        let op = d.operation("post", "/a").unwrap();
        let input = d.input(op, &[]).unwrap();
        assert_eq!(
            Value::Object(input),
            json!({
                "type": "object",
                "properties": {"tree": {"$ref": "#/$defs/Tree"}},
                "$defs": {
                    "Lang": {"type": "string", "enum": ["en", "he"]},
                    // A recursive type refers to itself through its definition.
                    "Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}, "lang": {"$ref": "#/$defs/Lang"}}}
                }
            })
        );
        let out = d.output(op).unwrap();
        assert!(!out.wrapped);
        assert_eq!(
            Value::Object(out.schema),
            json!({"type": "object", "properties": {"ok": {"type": "boolean"}}})
        );
    }

    #[test]
    fn parameters_become_a_closed_object() {
        let doc = doc();
        let d = Document::new(&doc);
        let op = d.operation("get", "/a").unwrap();
        let input = d
            .input(op, &[("cursor", json!({"type": "string"}))])
            .unwrap();
        assert_eq!(
            Value::Object(input),
            json!({
                "type": "object",
                "properties": {
                    "id": {"type": "integer", "minimum": 1},
                    "lang": {"$ref": "#/$defs/Lang", "description": "output language"},
                    "cursor": {"type": "string"}
                },
                "required": ["id"],
                "additionalProperties": false,
                "$defs": {"Lang": {"type": "string", "enum": ["en", "he"]}}
            })
        );
        // A second `cursor` is a conflict, not a silent overwrite.
        assert!(d.input(op, &[("id", json!({}))]).is_err());
    }

    #[test]
    fn a_body_that_is_not_an_object_is_wrapped() {
        let doc = doc();
        let d = Document::new(&doc);
        let out = d.output(d.operation("get", "/a").unwrap()).unwrap();
        assert!(out.wrapped);
        assert_eq!(
            Value::Object(out.schema),
            json!({
                "type": "object",
                "properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/Res"}}},
                "required": ["result"],
                "$defs": {"Res": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}
            })
        );
    }

    #[test]
    fn parts_of_objects_are_an_object() {
        let doc = json!({"components": {"schemas": {
            "A": {"type": "object", "properties": {"a": {"type": "string"}}},
            "B": {"allOf": [{"$ref": "#/components/schemas/A"}, {"properties": {"b": {}}}]},
            "N": {"type": ["string", "null"]}
        }}});
        let d = Document::new(&doc);
        let mut b = d
            .standalone(&json!({"$ref": "#/components/schemas/B"}))
            .unwrap();
        assert!(d.as_object_type(&mut b));
        assert_eq!(b["type"], "object");
        let mut one = d
            .standalone(&json!({"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]}))
            .unwrap();
        assert!(d.as_object_type(&mut one));
        let mut maybe = d
            .standalone(&json!({"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/N"}]}))
            .unwrap();
        assert!(!d.as_object_type(&mut maybe));
        assert!(maybe.get("type").is_none());
    }

    #[test]
    fn what_cannot_be_a_tool_schema_is_an_error() {
        let doc = doc();
        let d = Document::new(&doc);
        let op = d.operation("delete", "/a").unwrap();
        assert!(d.input(op, &[]).unwrap_err().0.contains("header"));
        assert!(d.output(op).unwrap_err().0.contains("JSON 200"));
        assert!(d.operation("put", "/a").is_err());
        assert!(d.operation("get", "/b").is_err());
        assert!(d
            .standalone(&json!({"$ref": "#/components/schemas/Missing"}))
            .is_err());
        assert!(d
            .standalone(&json!({"$ref": "https://example.invalid/x.json"}))
            .is_err());
        let looped = json!({"components": {"schemas": {"A": {"$ref": "#/components/schemas/A"}}}});
        let l = Document::new(&looped);
        assert!(l
            .standalone(&json!({"$ref": "#/components/schemas/A"}))
            .unwrap_err()
            .0
            .contains("does not end"));
    }
}
