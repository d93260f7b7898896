//! Nikud (vowel points) with a native port of Nakdimon (Gershuni & Pinter, 2022; MIT), the
//! character-level BiLSTM published as the PyPI package `nakdimon==0.1.2`.
//!
//! The weights are not part of this crate: `scripts/fetch-nikud-model` downloads the wheel,
//! converts `Nakdimon.h5` to safetensors and prints the path; services find it through
//! `LASHON_NIKUD_MODEL`. [`Nakdimon::from_safetensors`] loads from bytes (works in wasm);
//! [`Nakdimon::from_path`] reads a file (not on wasm).
//!
//! What [`Nakdimon::vocalize`] does, step by step as the reference `predict()` does it:
//! 1. Points already in the input are removed ([`strip_points`]); the model sees letters only.
//! 2. Each character is mapped to an input id (`hebrew.normalize`, [`tables::input_id`]).
//! 3. The text is cut into chunks of at most 9,999 characters after a space
//!    ([`chunk::split_by_length`]).
//! 4. Each chunk runs through the network ([`forward`]); each head's class is the argmax of its
//!    logits (first maximum on ties, like `numpy.argmax`).
//! 5. After each character the marks are written in the order of `merge_unconditional`: dagesh
//!    if the letter can take one, then shin/sin dot, then niqqud; RAFE and the mask class write
//!    nothing. Every other character (Latin, digits, punctuation, spaces) is copied unchanged.
//!
//! Unlike `predict()`, chunks are joined without an added space and double spaces are not
//! collapsed, so stripping the result gives back the stripped input exactly.
//!
//! Evidence (Nakdimon test set `tests/new`, 110 texts, 92,719 Hebrew letters; measured on a
//! 2-core Xeon VM, one thread each):
//! - agreement with TensorFlow 2.15 CPU `predict()` on the same weights: 100.00% of letters
//!   (`cargo test --release -p lashon-core --test nikud_model -- --nocapture`, reference outputs
//!   in `core/tests/data/nakdimon-reference.json` from `scripts/nikud_reference.py reference`);
//! - accuracy against the gold (macro average, `metrics.py`): DEC 97.91%, CHA 96.37%,
//!   WOR 89.75%, VOC 91.64% — identical to the outputs published in `tests/new/Nakdimon`;
//!   Dicta's published outputs score 97.95 / 96.77 / 94.11 / 94.92;
//! - speed on every 10th text (12,893 characters), CPU seconds (the VM is shared, wall time
//!   includes other work): this port about 2,350 chars/s (`perf stat -e task-clock` around the
//!   bench's first pass; `cargo bench -p lashon-core --bench nikud`); TensorFlow `predict()` as
//!   shipped (chunks padded to 10,000 steps) 92 chars/s (25× slower), on exact-length input
//!   487 chars/s (4.8× slower) (`scripts/nikud_reference.py timing`).

pub mod chunk;
mod forward;
pub mod tables;
mod weights;

pub use forward::Workspace;
pub use weights::LoadError;

use super::strip::strip_points;
use weights::Weights;

/// The loaded model. Immutable and `Sync`: share one across threads.
pub struct Nakdimon {
    weights: Weights,
}

/// The classes the three heads chose for one character.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    /// Index into [`tables::NIQQUD`].
    pub niqqud: u8,
    /// Index into [`tables::DAGESH`].
    pub dagesh: u8,
    /// Index into [`tables::SIN`].
    pub sin: u8,
    /// Smallest gap between the chosen logit and the runner-up over the three heads (how close
    /// the decision was; used to explain disagreements with the reference).
    pub margin: f32,
}

fn argmax(logits: &[f32]) -> (u8, f32) {
    let mut best = 0;
    for (i, &v) in logits.iter().enumerate() {
        if v > logits[best] {
            best = i;
        }
    }
    let runner_up = logits
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, &v)| v)
        .fold(f32::NEG_INFINITY, f32::max);
    (best as u8, logits[best] - runner_up)
}

impl Nakdimon {
    /// Loads the converted weights from the bytes of a safetensors file.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Nakdimon, LoadError> {
        Ok(Nakdimon {
            weights: Weights::from_safetensors(bytes)?,
        })
    }

    /// Reads and loads a safetensors file.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_path(path: impl AsRef<std::path::Path>) -> Result<Nakdimon, LoadError> {
        let path = path.as_ref();
        let bytes =
            std::fs::read(path).map_err(|e| LoadError::Io(format!("{}: {e}", path.display())))?;
        Nakdimon::from_safetensors(&bytes)
    }

    /// The heads' classes for every character of `chars` (steps 2–4; no stripping).
    pub fn predict(&self, chars: &[char]) -> Vec<Prediction> {
        let mut out = Vec::with_capacity(chars.len());
        let mut ws = Workspace::new(0);
        for range in chunk::split_by_length(chars, chunk::MAXLEN) {
            let ids: Vec<u8> = chars[range].iter().map(|&c| tables::input_id(c)).collect();
            forward::forward(&self.weights, &ids, &mut ws);
            for row in ws.logits().chunks_exact(weights::HEADS) {
                let (niqqud, mn) = argmax(&row[..16]);
                let (dagesh, md) = argmax(&row[16..19]);
                let (sin, ms) = argmax(&row[19..]);
                out.push(Prediction {
                    niqqud,
                    dagesh,
                    sin,
                    margin: mn.min(md).min(ms),
                });
            }
        }
        out
    }

    /// The marks the model puts after `c` (step 5), in reference order.
    pub fn marks(c: char, p: &Prediction) -> impl Iterator<Item = char> {
        let dagesh = tables::can_dagesh(c)
            .then(|| tables::DAGESH.get(usize::from(p.dagesh)).copied().flatten())
            .flatten();
        let sin = tables::can_sin(c)
            .then(|| tables::SIN.get(usize::from(p.sin)).copied().flatten())
            .flatten();
        let niqqud = tables::can_niqqud(c)
            .then(|| tables::NIQQUD.get(usize::from(p.niqqud)).copied().flatten())
            .flatten();
        dagesh.into_iter().chain(sin).chain(niqqud)
    }

    /// Vocalizes `text` (steps 1–5).
    ///
    /// ```no_run
    /// use lashon_core::hebrew::nikud::Nakdimon;
    ///
    /// let model = Nakdimon::from_path(std::env::var("LASHON_NIKUD_MODEL").unwrap()).unwrap();
    /// let out = model.vocalize("שלום עולם");
    /// assert_eq!(lashon_core::hebrew::strip_points(&out), "שלום עולם");
    /// ```
    pub fn vocalize(&self, text: &str) -> String {
        let bare = strip_points(text);
        let chars: Vec<char> = bare.chars().collect();
        let predictions = self.predict(&chars);
        let mut out = String::with_capacity(bare.len() * 2);
        for (&c, p) in chars.iter().zip(&predictions) {
            out.push(c);
            out.extend(Nakdimon::marks(c, p));
        }
        out
    }
}

impl core::fmt::Debug for Nakdimon {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Nakdimon { .. }")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argmax_takes_first_maximum() {
        assert_eq!(argmax(&[1.0, 3.0, 3.0, 2.0]), (1, 0.0));
        assert_eq!(argmax(&[5.0, 3.0]), (0, 2.0));
        assert!(argmax(&[f32::NAN, 1.0]).0 < 2);
    }

    #[test]
    fn marks_follow_reference_order() {
        let p = Prediction {
            niqqud: 10,
            dagesh: 2,
            sin: 2,
            margin: 1.0,
        };
        // shin: dagesh, shin dot, qamats.
        assert_eq!(
            Nakdimon::marks('ש', &p).collect::<String>(),
            "\u{05BC}\u{05C1}\u{05B8}"
        );
        // alef takes no dagesh; Latin takes nothing.
        assert_eq!(Nakdimon::marks('א', &p).collect::<String>(), "\u{05B8}");
        assert_eq!(Nakdimon::marks('a', &p).count(), 0);
        // final mem takes nothing (hebrew.can_niqqud has only final kaf and nun).
        assert_eq!(Nakdimon::marks('ם', &p).count(), 0);
    }

    #[test]
    fn bad_bytes_are_an_error() {
        assert!(matches!(
            Nakdimon::from_safetensors(b"nope"),
            Err(LoadError::Format(_))
        ));
        assert!(matches!(
            Nakdimon::from_safetensors(&[0u8; 8]),
            Err(LoadError::Format(_))
        ));
    }
}
