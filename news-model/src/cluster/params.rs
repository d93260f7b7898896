//! The clusterer's parameters: how features are weighed ([`Weights`]) and when an article
//! joins a cluster or two clusters merge ([`Params`]). The defaults and how they were chosen
//! are in the crate documentation of [`super`].

/// How much each feature counts (see [`super::features`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// A word of this frequency in general text (centibels, see [`super::Background`]) or a
    /// more frequent one weighs nothing; rarer words weigh `(cB − floor) / 100`.
    pub floor_cb: f32,
    /// Words at least this rare also give a name skeleton (a Hebrew name meets its Latin
    /// spelling).
    pub name_cb: f32,
    /// A headline's features against a summary's (the headline states the event).
    pub headline: f32,
    /// A name skeleton against the word it comes from.
    pub name: f32,
    /// A number written with digits, as if a word of that rarity.
    pub number: f32,
    /// A person of the people registry, against the rarest word naming them.
    pub person: f32,
    /// The trigrams of a Hebrew word together, against the word.
    pub gram: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            floor_cb: 350.0,
            name_cb: 480.0,
            headline: 2.0,
            name: 0.5,
            number: 2.0,
            person: 1.5,
            gram: 0.5,
        }
    }
}

/// When an article joins a cluster, and when clusters merge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// An article joins the most similar open cluster when the cosine of its features and the
    /// cluster's centroid, times the time decay, reaches this.
    pub threshold: f32,
    /// Two open clusters merge when the cosine of their centroids reaches this.
    pub merge_threshold: f32,
    /// The stream's inverse document frequency multiplies each weight to this power (0: the
    /// background's rarity alone): words common in the stream's news weigh less.
    pub stream_idf: f32,
    /// How much of a match one feature may carry: the largest shared term's excess over all
    /// the others is discounted by this share (0 none, 1 all).
    pub robust: f32,
    /// Features an article must share with a cluster to join it, unless it shares a person
    /// or a number.
    pub min_shared: usize,
    /// An outlet's article joins the cluster of its own earlier article (an edited or
    /// repeated headline) when their cosine reaches this…
    pub edit_threshold: f32,
    /// …and they are at most this many hours apart.
    pub edit_hours: f32,
    /// Clusters whose newest article is older than this are closed.
    pub window_hours: f32,
    /// A cluster spans at most this many hours.
    pub max_span_hours: f32,
    /// Similarity decays as `exp(−Δh / decay_hours)` with the hours from the cluster's span.
    pub decay_hours: f32,
    /// A feature unseen this long, and in no open cluster, is forgotten; thirty days.
    pub vocabulary_hours: f32,
    pub weights: Weights,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            threshold: 0.3,
            merge_threshold: 0.5,
            stream_idf: 0.0,
            robust: 0.5,
            min_shared: 2,
            edit_threshold: 0.5,
            edit_hours: 12.0,
            window_hours: 24.0,
            max_span_hours: 36.0,
            decay_hours: 48.0,
            vocabulary_hours: 720.0,
            weights: Weights::default(),
        }
    }
}

impl Params {
    /// Sets the parameter named as its field (`threshold`, `weights.floor_cb`, …) from text:
    /// for tools that try other values.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let float = || {
            value
                .parse::<f32>()
                .map_err(|e| format!("{name}={value}: {e}"))
        };
        let w = &mut self.weights;
        match name {
            "threshold" => self.threshold = float()?,
            "merge_threshold" => self.merge_threshold = float()?,
            "robust" => self.robust = float()?,
            "stream_idf" => self.stream_idf = float()?,
            "min_shared" => {
                self.min_shared = value.parse().map_err(|e| format!("{name}={value}: {e}"))?
            }
            "edit_threshold" => self.edit_threshold = float()?,
            "edit_hours" => self.edit_hours = float()?,
            "window_hours" => self.window_hours = float()?,
            "max_span_hours" => self.max_span_hours = float()?,
            "decay_hours" => self.decay_hours = float()?,
            "vocabulary_hours" => self.vocabulary_hours = float()?,
            "weights.floor_cb" => w.floor_cb = float()?,
            "weights.name_cb" => w.name_cb = float()?,
            "weights.headline" => w.headline = float()?,
            "weights.name" => w.name = float()?,
            "weights.number" => w.number = float()?,
            "weights.person" => w.person = float()?,
            "weights.gram" => w.gram = float()?,
            _ => return Err(format!("no parameter {name}")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_by_name() {
        let mut p = Params::default();
        p.set("threshold", "0.25").unwrap();
        p.set("weights.floor_cb", "300").unwrap();
        p.set("min_shared", "3").unwrap();
        assert_eq!(
            (p.threshold, p.weights.floor_cb, p.min_shared),
            (0.25, 300.0, 3)
        );
        assert!(p.set("thresold", "1").is_err());
        assert!(p.set("threshold", "high").is_err());
    }
}
