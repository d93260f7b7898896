//! People and brief records.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::localized::Localized;
use crate::reference::Lang;
use crate::types::{Alias, Brief, BriefItem, Person, PersonDetail};

/// A stored person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonRecord {
    /// Person id.
    pub id: i64,
    /// Wikidata id.
    pub wikidata_id: Option<String>,
    /// Name in English and Hebrew.
    pub name: Localized,
    /// Canonical name.
    pub canonical_name: Option<String>,
    /// Role.
    pub role: Option<String>,
    /// Avatar.
    pub avatar_url: Option<String>,
    /// Aliases.
    pub aliases: Vec<Alias>,
    /// Last change.
    pub updated_at: Option<DateTime<Utc>>,
}

impl PersonRecord {
    fn display_name(&self, lang: Lang) -> String {
        self.name
            .render(lang)
            .or_else(|| self.canonical_name.clone())
            .unwrap_or_default()
    }

    /// The list entry with `mentions` in the last 24 hours.
    pub fn render(&self, lang: Lang, mentions: u32) -> Person {
        Person {
            id: self.id,
            name: self.display_name(lang),
            canonical_name: self.canonical_name.clone(),
            role: self.role.clone(),
            avatar_url: self.avatar_url.clone(),
            mentions,
        }
    }

    /// The detail; `recentCoverage` is always null.
    pub fn render_detail(&self, lang: Lang, mentions: u32) -> PersonDetail {
        PersonDetail {
            id: self.id,
            wikidata_id: self.wikidata_id.clone(),
            name: self.display_name(lang),
            name_en: self.name.exact(Lang::En).map(str::to_owned),
            name_he: self.name.exact(Lang::He).map(str::to_owned),
            role: self.role.clone(),
            mentions,
            avatar_url: self.avatar_url.clone(),
            aliases: self.aliases.clone(),
            updated_at: self.updated_at,
            recent_coverage: None,
        }
    }
}

/// A stored brief item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BriefItemRecord {
    /// URL of the story.
    pub story_url: String,
    /// Headline.
    pub headline: Localized,
    /// Text.
    pub text: Localized,
}

/// A stored brief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BriefRecord {
    /// When written.
    pub generated_at: DateTime<Utc>,
    /// Intro.
    pub intro: Localized,
    /// Items.
    pub items: Vec<BriefItemRecord>,
}

impl BriefRecord {
    /// The brief in `lang`; `lang` of the payload is the language of the intro.
    pub fn render(&self, lang: Lang) -> Brief {
        let (intro, used) = match self.intro.pick(lang) {
            Some((t, used)) => (t.to_owned(), used),
            None => (String::new(), lang),
        };
        Brief {
            lang: used,
            generated_at: self.generated_at,
            intro,
            items: self
                .items
                .iter()
                .map(|i| BriefItem {
                    story_url: i.story_url.clone(),
                    headline: i.headline.render_required(lang),
                    text: i.text.render_required(lang),
                })
                .collect(),
        }
    }
}
