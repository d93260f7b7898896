//! Strict JSON shapes for request bodies.
//!
//! serde's derived `Deserialize` for a struct also accepts a JSON array of its fields in
//! order (`["text", "html"]` for `{text, format}`), and `Option` fields accept `null` as
//! "absent". The API's schema says objects are objects and optional fields are either absent
//! or of their type, so these helpers reject the other forms with a message that says what was
//! expected.

use serde::de::{DeserializeOwned, Error};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

/// An optional field that, when present, must not be `null`.
pub fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// An optional field holding a JSON object or `null` (not an array).
pub fn nullable_object<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    match Option::<Map<String, Value>>::deserialize(d)? {
        Some(map) => T::deserialize(Value::Object(map))
            .map(Some)
            .map_err(D::Error::custom),
        None => Ok(None),
    }
}

/// An array of JSON objects.
pub fn objects<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Vec::<Map<String, Value>>::deserialize(d)?
        .into_iter()
        .enumerate()
        .map(|(i, map)| {
            T::deserialize(Value::Object(map))
                .map_err(|e| D::Error::custom(format!("item {i}: {e}")))
        })
        .collect()
}
