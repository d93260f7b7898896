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
//! 4. Each chunk runs through the network (`packed`, `recurrent`); each head's class is the
//!    argmax of its logits (first maximum on ties, like `numpy.argmax`).
//! 5. After each character the marks are written in the order of `merge_unconditional`: dagesh
//!    if the letter can take one, then shin/sin dot, then niqqud; RAFE and the mask class write
//!    nothing. Every other character (Latin, digits, punctuation, spaces) is copied unchanged.
//!
//! Unlike `predict()`, chunks are joined without an added space and double spaces are not
//! collapsed, so stripping the result gives back the stripped input exactly.
//!
//! Many texts at once: [`Nakdimon::vocalize_many`] (and [`Nakdimon::predict_many`]) run every
//! chunk of every text as one batch: the sequences advance through each BiLSTM step together,
//! so the recurrent products are matrix–matrix products, and sequences of different lengths are
//! packed without padding (`packed`). Each result equals the call on its text alone, bit for
//! bit: the batched pass computes every value by the operations, in the order, of the first
//! port (kept as the tests' oracle in `reference`). [`Threads`] says whether a call may use the
//! rayon pool or only the calling thread (the default in wasm). On the pool, one or two
//! sequences share each step between two threads, half of the recurrent kernel each
//! (`step_sharing`); more run the two directions of each layer, and groups of sequences, side
//! by side.
//!
//! Evidence (Nakdimon test set `tests/new`, 110 texts, 92,719 Hebrew letters):
//! - agreement with TensorFlow 2.15 CPU `predict()` on the same weights: 100.0000% of letters
//!   (`cargo test --release -p lashon-core --test nikud_model -- --nocapture`, reference outputs
//!   in `core/tests/data/nakdimon-reference.json` from `scripts/nikud_reference.py reference`);
//!   the same test shows `vocalize_many` equal to `vocalize` one by one on all 110 texts and
//!   on their 1,749 lines;
//! - accuracy against the gold (macro average, `metrics.py`): DEC 97.91%, CHA 96.37%,
//!   WOR 89.75%, VOC 91.64% — identical to the outputs published in `tests/new/Nakdimon`;
//!   Dicta's published outputs score 97.95 / 96.77 / 94.11 / 94.92 (the release run of the
//!   test asserts these figures, the letter count and the agreement, to the hundredth);
//! - speed: `cargo bench -p lashon-core --bench nikud` (with `LASHON_NIKUD_TF` it runs
//!   `scripts/nikud_reference.py timing` in the same run and prints the ratios to TensorFlow
//!   per line and batched; figures in the issue-23 notes of `core/benches/nikud.rs`).

pub mod chunk;
mod math;
mod packed;
mod recurrent;
#[cfg(test)]
mod reference;
mod step_sharing;
pub mod tables;
mod threads;
mod weights;

pub use threads::Threads;
pub use weights::LoadError;

use super::strip::strip_points;
use weights::Weights;

/// Characters [`Nakdimon::vocalize_many`] runs through the network at a time: bounds the
/// memory of a call on a whole book (logits and predictions are kept per window).
const WINDOW_CHARS: usize = 65_536;

/// The loaded model. Immutable and `Sync`: share one across threads.
pub struct Nakdimon {
    weights: Weights,
    threads: Threads,
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

impl Prediction {
    /// Step 4: the class of each head from one character's 23 logits.
    fn from_logits(row: &[f32]) -> Prediction {
        let (niqqud, mn) = argmax(&row[..16]);
        let (dagesh, md) = argmax(&row[16..19]);
        let (sin, ms) = argmax(&row[19..]);
        Prediction {
            niqqud,
            dagesh,
            sin,
            margin: mn.min(md).min(ms),
        }
    }
}

impl Nakdimon {
    /// Loads the converted weights from the bytes of a safetensors file.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Nakdimon, LoadError> {
        Ok(Nakdimon {
            weights: Weights::from_safetensors(bytes)?,
            threads: Threads::default(),
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

    /// The same model using `threads` for its calls (default [`Threads::Pool`], in wasm
    /// [`Threads::One`]). Outputs do not depend on it.
    pub fn with_threads(mut self, threads: Threads) -> Nakdimon {
        self.threads = threads;
        self
    }

    /// The threads the calls use.
    pub fn threads(&self) -> Threads {
        self.threads
    }

    /// The heads' classes for every character of `chars` (steps 2–4; no stripping).
    pub fn predict(&self, chars: &[char]) -> Vec<Prediction> {
        self.predict_many(&[chars]).pop().unwrap_or_default()
    }

    /// [`predict`](Nakdimon::predict) for several texts in one batched pass: every chunk of
    /// every text is a sequence of the batch. Each result equals `predict` on its own.
    pub fn predict_many(&self, texts: &[&[char]]) -> Vec<Vec<Prediction>> {
        let mut owner = Vec::new(); // text of each sequence
        let mut seqs: Vec<Vec<u8>> = Vec::new();
        for (i, chars) in texts.iter().enumerate() {
            for range in chunk::split_by_length(chars, chunk::MAXLEN) {
                owner.push(i);
                seqs.push(chars[range].iter().map(|&c| tables::input_id(c)).collect());
            }
        }
        let refs: Vec<&[u8]> = seqs.iter().map(Vec::as_slice).collect();
        let logits = packed::logits(&self.weights, &refs, self.threads);
        let mut out: Vec<Vec<Prediction>> = texts
            .iter()
            .map(|chars| Vec::with_capacity(chars.len()))
            .collect();
        for (i, logits) in owner.into_iter().zip(logits) {
            let rows = logits.chunks_exact(weights::HEADS);
            out[i].extend(rows.map(Prediction::from_logits));
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
        self.vocalize_many(&[text]).pop().unwrap_or_default()
    }

    /// Vocalizes every text of `texts` in batched passes (steps 1–5 for each): the result
    /// `i` equals `vocalize(texts[i])`, computed several texts at a time. Texts are taken a
    /// window of about 64K characters at a time, so memory stays bounded on a whole book.
    ///
    /// ```no_run
    /// use lashon_core::hebrew::nikud::Nakdimon;
    ///
    /// let model = Nakdimon::from_path(std::env::var("LASHON_NIKUD_MODEL").unwrap()).unwrap();
    /// let lines = ["שלום עולם", "מה שלומך?"];
    /// let out = model.vocalize_many(&lines);
    /// assert_eq!(out[1], model.vocalize(lines[1]));
    /// ```
    pub fn vocalize_many<S: AsRef<str>>(&self, texts: &[S]) -> Vec<String> {
        let mut out = Vec::with_capacity(texts.len());
        let mut window: Vec<Vec<char>> = Vec::new();
        let mut chars = 0;
        for text in texts {
            let bare: Vec<char> = strip_points(text.as_ref()).chars().collect();
            chars += bare.len();
            window.push(bare);
            if chars >= WINDOW_CHARS {
                self.vocalize_window(&window, &mut out);
                window.clear();
                chars = 0;
            }
        }
        self.vocalize_window(&window, &mut out);
        out
    }

    /// Steps 2–5 for stripped texts, appended to `out`.
    fn vocalize_window(&self, window: &[Vec<char>], out: &mut Vec<String>) {
        if window.is_empty() {
            return;
        }
        let refs: Vec<&[char]> = window.iter().map(Vec::as_slice).collect();
        for (chars, predictions) in window.iter().zip(self.predict_many(&refs)) {
            let mut text = String::with_capacity(chars.len() * 4);
            for (&c, p) in chars.iter().zip(&predictions) {
                text.push(c);
                text.extend(Nakdimon::marks(c, p));
            }
            out.push(text);
        }
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
