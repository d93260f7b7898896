//! Character weights: what an operation charges against the monthly quota.
//!
//! The spec: protected translation at balanced quality counts 2x; vowel points and clinical
//! operations 3x; the smartest tier up to 5x; direction analysis, detection and wrap are free.
//! The rest is ours: unprotected translation counts 1x (3x on the smartest tier), protected
//! translation 1x on the fast tier and 5x on the smartest, and the Hebrew text tools that run
//! no model (transliteration, strip points) are free like the other text tools.

use lashon_vocab::ServiceError;

use crate::limits::char_count;

/// An operation that may be charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// Analysis, wrap, detect, transliterate, strip points, terms, usage: no model.
    Free,
    /// Translation; `protected` and the tier decide the weight.
    Translate { protected: bool, tier: Tier },
    /// Adding vowel points (the nikud model).
    Nikud,
    /// Clinical translate, query and verify.
    Clinical,
}

/// Translation quality tier (request `quality`).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Fast,
    #[default]
    Balanced,
    Smartest,
}

impl Tier {
    /// The tier a failed sentence is retried on: the next stronger one (smartest stays).
    pub fn stronger(self) -> Tier {
        match self {
            Tier::Fast => Tier::Balanced,
            Tier::Balanced | Tier::Smartest => Tier::Smartest,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Fast => "fast",
            Tier::Balanced => "balanced",
            Tier::Smartest => "smartest",
        }
    }
}

impl Operation {
    /// The multiplier applied to the characters of the request.
    pub fn weight(self) -> u64 {
        match self {
            Operation::Free => 0,
            Operation::Translate {
                protected: false,
                tier,
            } => match tier {
                Tier::Fast | Tier::Balanced => 1,
                Tier::Smartest => 3,
            },
            Operation::Translate {
                protected: true,
                tier,
            } => match tier {
                Tier::Fast => 1,
                Tier::Balanced => 2,
                Tier::Smartest => 5,
            },
            Operation::Nikud | Operation::Clinical => 3,
        }
    }
}

/// What one request costs: its characters and the weighted total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charge {
    pub characters: u64,
    pub weighted: u64,
}

impl Charge {
    pub const FREE: Charge = Charge {
        characters: 0,
        weighted: 0,
    };

    /// The charge of `operation` on `texts` (characters are Unicode scalar values).
    pub fn of<'a>(operation: Operation, texts: impl IntoIterator<Item = &'a str>) -> Charge {
        let characters: u64 = texts
            .into_iter()
            .map(|t| char_count(t, usize::MAX - 1) as u64)
            .sum();
        Charge {
            characters,
            weighted: characters.saturating_mul(operation.weight()),
        }
    }

    /// Checks the charge fits the month: `used` of `limit` weighted characters spent.
    pub fn check_quota(self, used: u64, limit: u64) -> Result<(), ServiceError> {
        if self.weighted == 0 || used.saturating_add(self.weighted) <= limit {
            return Ok(());
        }
        Err(self.exceeded(used, limit))
    }

    /// The 429 `quota_exceeded` refusal of this charge when `used` of `limit` are spent.
    pub fn exceeded(self, used: u64, limit: u64) -> ServiceError {
        ServiceError::new(
            lashon_vocab::ErrorCode::Plain(lashon_vocab::ErrorType::QuotaExceeded),
            format!(
                "monthly character quota exceeded: {used} of {limit} used, this request needs {}",
                self.weighted
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_follow_the_spec() {
        let protected = Operation::Translate {
            protected: true,
            tier: Tier::Balanced,
        };
        assert_eq!(Charge::of(protected, ["שלום"]).weighted, 8);
        assert_eq!(Charge::of(Operation::Nikud, ["ab", "c"]).weighted, 9);
        assert_eq!(Charge::of(Operation::Free, ["abc"]).weighted, 0);
        let smartest = Operation::Translate {
            protected: true,
            tier: Tier::Smartest,
        };
        assert_eq!(smartest.weight(), 5);
    }

    #[test]
    fn quota_checks() {
        let c = Charge::of(Operation::Nikud, ["abcd"]);
        assert!(c.check_quota(0, 12).is_ok());
        let err = c.check_quota(1, 12).unwrap_err();
        assert_eq!(err.http_status(), 429);
        assert_eq!(err.code.as_str(), "quota_exceeded");
        assert!(Charge::FREE.check_quota(100, 10).is_ok());
    }
}
