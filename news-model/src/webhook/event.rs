//! The event body (spec, "Delivery"): `id` (UUID), `type`, `storyId`, `state`, `topic`,
//! `headline`, `url`, `observedAt`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{StoryState, Topic};

/// The two event kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventType {
    #[serde(rename = "story.breaking")]
    Breaking,
    #[serde(rename = "story.blindspot")]
    Blindspot,
}

impl EventType {
    /// The event a state change raises, if any: `breaking` and `blindspot` only.
    pub fn of(state: StoryState) -> Option<EventType> {
        match state {
            StoryState::Breaking => Some(EventType::Breaking),
            StoryState::Blindspot => Some(EventType::Blindspot),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Breaking => "story.breaking",
            EventType::Blindspot => "story.blindspot",
        }
    }
}

/// A webhook event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEvent {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: EventType,
    pub story_id: String,
    pub state: StoryState,
    pub topic: Topic,
    pub headline: String,
    pub url: String,
    pub observed_at: DateTime<Utc>,
}

/// A version-4 UUID from 16 random bytes (the caller draws them).
pub fn uuid_v4(mut bytes: [u8; 16]) -> String {
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let h = hex::encode(bytes);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_and_ids() {
        let id = uuid_v4([0xab; 16]);
        assert_eq!(id, "abababab-abab-4bab-abab-abababababab");
        let e = WebhookEvent {
            id,
            kind: EventType::Blindspot,
            story_id: "42".into(),
            state: StoryState::Blindspot,
            topic: Topic::Politics,
            headline: "h".into(),
            url: "https://x.test/s/42".into(),
            observed_at: DateTime::UNIX_EPOCH,
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["type"], "story.blindspot");
        assert_eq!(v["storyId"], "42");
        assert_eq!(v["observedAt"], "1970-01-01T00:00:00Z");
        assert_eq!(EventType::of(StoryState::Quiet), None);
    }
}
