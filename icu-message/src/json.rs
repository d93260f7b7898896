//! A JSON form of the message tree, shared by the test vectors and the bindings.
//!
//! - literal text → a JSON string;
//! - `#` → `{"pound": true}`;
//! - `{name}` → `{"arg": "name"}`; `{n, number, ::percent}` →
//!   `{"arg": "n", "format": "number", "style": "::percent"}` (no `style` when absent);
//! - plural → `{"arg": "n", "plural": [["one", [...]], ["other", [...]]]}` with `"offset": N`
//!   when not 0; selectordinal uses the key `"selectordinal"`, select the key `"select"`;
//! - tag → `{"tag": "b", "children": [...]}`, self-closing `{"tag": "br"}`.

use serde_json::{json, Map, Value};

use crate::ast::{Element, Message, PluralKind};

impl Message {
    /// The message tree as JSON (see the [module docs](crate::json)).
    ///
    /// ```
    /// let m = lashon_icu::parse("Hi {name}").unwrap();
    /// assert_eq!(m.to_json().to_string(), r#"["Hi ",{"arg":"name"}]"#);
    /// ```
    pub fn to_json(&self) -> Value {
        elements_json(&self.elements)
    }
}

fn elements_json(elements: &[Element]) -> Value {
    Value::Array(elements.iter().map(element_json).collect())
}

fn element_json(element: &Element) -> Value {
    match element {
        Element::Literal(text) => Value::String(text.clone()),
        Element::Pound => json!({ "pound": true }),
        Element::Argument(name) => json!({ "arg": name }),
        Element::Formatted(f) => {
            let mut map = Map::new();
            map.insert("arg".into(), json!(f.name));
            map.insert("format".into(), json!(f.format.as_str()));
            if let Some(style) = &f.style {
                map.insert("style".into(), json!(style));
            }
            Value::Object(map)
        }
        Element::Plural(p) => {
            let branches: Vec<Value> = p
                .branches
                .iter()
                .map(|b| json!([b.key.to_key_string(), elements_json(&b.message)]))
                .collect();
            let mut map = Map::new();
            map.insert("arg".into(), json!(p.name));
            let key = match p.kind {
                PluralKind::Cardinal => "plural",
                PluralKind::Ordinal => "selectordinal",
            };
            map.insert(key.into(), Value::Array(branches));
            if p.offset != 0 {
                map.insert("offset".into(), json!(p.offset));
            }
            Value::Object(map)
        }
        Element::Select(s) => {
            let branches: Vec<Value> = s
                .branches
                .iter()
                .map(|b| json!([b.key, elements_json(&b.message)]))
                .collect();
            json!({ "arg": s.name, "select": branches })
        }
        Element::Tag(t) => match &t.children {
            None => json!({ "tag": t.name }),
            Some(children) => json!({ "tag": t.name, "children": elements_json(children) }),
        },
    }
}
