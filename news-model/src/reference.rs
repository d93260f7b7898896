//! Reference values (spec, "Reference values"): press sides, lean, desk topics, story states,
//! trending metrics, and the output language.
//!
//! The spelling is `centre` for sides and `center` for lean; both are kept exactly.

use serde::{Deserialize, Serialize};

// `$wire` is a `tt` rather than a `literal`: a `literal` fragment reaches the derives wrapped
// in an invisible group, which serde reads but utoipa's `ToSchema` does not (it would fall back
// to the variant names); as a `tt` the string literal is passed through as written.
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $wire:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $wire)] $variant),+
        }

        impl $name {
            /// Every value, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire),+ }
            }

            /// Parses the exact wire spelling; `None` for anything else.
            pub fn parse(s: &str) -> Option<Self> {
                match s { $($wire => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

wire_enum!(
    /// A press camp.
    Side {
        /// Left-leaning press.
        Left = "left",
        /// Centre press (British spelling, as the spec writes it).
        Centre = "centre",
        /// Right-leaning press.
        Right = "right",
        /// Haredi (ultra-Orthodox) press.
        Haredi = "haredi",
        /// National-religious press.
        Religious = "religious",
        /// Arab-language and Arab-community press.
        Arab = "arab",
        /// Russian-language press.
        Russian = "russian",
        /// Business press.
        Business = "business",
        /// Official and government outlets.
        Official = "official",
    }
);

wire_enum!(
    /// Political lean of a newsroom.
    Lean {
        /// Left.
        Left = "left",
        /// Center (American spelling, as the spec writes it).
        Center = "center",
        /// Right.
        Right = "right",
        /// Not rated.
        Unrated = "unrated",
    }
);

wire_enum!(
    /// A desk id.
    Topic {
        /// Politics.
        Politics = "politics",
        /// Economy.
        Economy = "economy",
        /// Technology.
        Tech = "tech",
        /// Security and defence.
        Security = "security",
        /// Health.
        Health = "health",
        /// Culture.
        Culture = "culture",
        /// Sports.
        Sports = "sports",
        /// World news.
        World = "world",
        /// Weather.
        Weather = "weather",
        /// Everything else.
        General = "general",
    }
);

wire_enum!(
    /// A cluster state.
    StoryState {
        /// Breaking.
        Breaking = "breaking",
        /// Developing.
        Developing = "developing",
        /// Covered across camps.
        Consensus = "consensus",
        /// Some camp ran nothing.
        Blindspot = "blindspot",
        /// Covered thinly.
        Undercovered = "undercovered",
        /// A new instalment of a running thread.
        ThreadUpdate = "thread_update",
        /// Quiet.
        Quiet = "quiet",
        /// Resolved.
        Resolved = "resolved",
    }
);

wire_enum!(
    /// The signal that orders a trending page (rule 4).
    Metric {
        /// Change of velocity; the default (DESIGN.md).
        Acceleration = "acceleration",
        /// Articles per unit of time.
        Velocity = "velocity",
        /// Decayed volume.
        Heat = "heat",
        /// Editorial importance.
        Importance = "importance",
    }
);

impl Metric {
    /// The default metric (DESIGN.md: `acceleration`).
    pub const DEFAULT: Metric = Metric::Acceleration;
}

impl StoryState {
    /// The states a blindspot list accepts (rule 5).
    pub const BLINDSPOT_STATES: &'static [StoryState] =
        &[StoryState::Blindspot, StoryState::Undercovered];
}

/// Fixed labels and hues of the desks, for the topics register.
impl Topic {
    /// English and Hebrew label of the desk.
    pub fn labels(self) -> (&'static str, &'static str) {
        match self {
            Topic::Politics => ("Politics", "פוליטיקה"),
            Topic::Economy => ("Economy", "כלכלה"),
            Topic::Tech => ("Tech", "טכנולוגיה"),
            Topic::Security => ("Security", "ביטחון"),
            Topic::Health => ("Health", "בריאות"),
            Topic::Culture => ("Culture", "תרבות"),
            Topic::Sports => ("Sports", "ספורט"),
            Topic::World => ("World", "עולם"),
            Topic::Weather => ("Weather", "מזג אוויר"),
            Topic::General => ("General", "כללי"),
        }
    }

    /// A hue in degrees (0..360) used by clients to colour the desk.
    pub fn hue(self) -> u16 {
        match self {
            Topic::Politics => 220,
            Topic::Economy => 140,
            Topic::Tech => 265,
            Topic::Security => 0,
            Topic::Health => 175,
            Topic::Culture => 300,
            Topic::Sports => 30,
            Topic::World => 200,
            Topic::Weather => 50,
            Topic::General => 0,
        }
    }
}

/// The output language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Lang {
    /// English, the default.
    #[default]
    #[serde(rename = "en")]
    En,
    /// Hebrew.
    #[serde(rename = "he")]
    He,
}

impl Lang {
    /// Reads the `lang` parameter: `he` or `iw` is Hebrew, any other value (or none) is English
    /// (spec, "Language").
    pub fn from_param(value: Option<&str>) -> Lang {
        match value {
            Some("he") | Some("iw") => Lang::He,
            _ => Lang::En,
        }
    }

    /// Strict reading for export (rule 11): `en`, `he` or `iw`, anything else is `None`.
    pub fn parse_strict(value: &str) -> Option<Lang> {
        match value {
            "en" => Some(Lang::En),
            "he" | "iw" => Some(Lang::He),
            _ => None,
        }
    }

    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::He => "he",
        }
    }

    /// The other language, the one a missing field falls back to.
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::He,
            Lang::He => Lang::En,
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip() {
        assert_eq!(Side::ALL.len(), 9);
        assert_eq!(Side::parse("centre"), Some(Side::Centre));
        assert_eq!(Side::parse("center"), None);
        assert_eq!(Lean::parse("center"), Some(Lean::Center));
        assert_eq!(Lean::parse("centre"), None);
        assert_eq!(Topic::ALL.len(), 10);
        assert_eq!(StoryState::ALL.len(), 8);
        assert_eq!(Metric::ALL.len(), 4);
        for s in StoryState::ALL {
            let json = serde_json::to_string(s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.as_str()));
            assert_eq!(StoryState::parse(s.as_str()), Some(*s));
        }
        assert_eq!(StoryState::parse("Breaking"), None);
    }

    #[test]
    fn lang_reading() {
        assert_eq!(Lang::from_param(Some("he")), Lang::He);
        assert_eq!(Lang::from_param(Some("iw")), Lang::He);
        for other in ["en", "fr", "HE", "", "hebrew"] {
            assert_eq!(Lang::from_param(Some(other)), Lang::En, "{other}");
        }
        assert_eq!(Lang::from_param(None), Lang::En);
        assert_eq!(Lang::parse_strict("fr"), None);
        assert_eq!(Lang::parse_strict("iw"), Some(Lang::He));
    }
}
