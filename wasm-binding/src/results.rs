//! The results of `wrap` and `detect`, handed to JavaScript in one call each.
//!
//! A plain result object costs one JavaScript object per run or segment, each with its text
//! decoded from UTF-8 again, and a wasm-bindgen class keeps its Rust allocations alive until
//! the garbage collector gets to it. Instead, the result is encoded here as one array of
//! numbers (codes, UTF-16 offsets, shares, and the character codes of the few distinct script
//! and language names), and `results.js` builds a `Wrapped` or `Detection` from it, with the
//! output decoded once and the caller's own string (`input`) to slice run and segment texts
//! from. Nothing stays in wasm memory after the call.

use lashon_bidi::Format;
use lashon_core::direction::{Detection, Wrapped};
use lashon_vocab::Dir;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/results.js")]
extern "C" {
    /// `codes` are the `len` u32 at byte `ptr` of `memory`, read before the call returns.
    #[wasm_bindgen(js_name = makeWrapped)]
    fn make_wrapped(input: &JsValue, output: &str, memory: &JsValue, ptr: u32, len: u32)
        -> JsValue;

    /// `codes` are the `len` f64 at byte `ptr` of `memory`, read before the call returns.
    #[wasm_bindgen(js_name = makeDetection)]
    fn make_detection(input: &JsValue, memory: &JsValue, ptr: u32, len: u32) -> JsValue;
}

thread_local! {
    /// The module's memory, handed to `results.js` so it reads the codes in place.
    static MEMORY: JsValue = wasm_bindgen::memory();
}

/// What `results.js` separates names with.
const NAME_SEPARATOR: u16 = 0x1F;

/// The distinct names (scripts, languages) of a result, numbered in order of appearance. A
/// result holds a handful, so a scan beats any map.
#[derive(Default)]
struct Names<'a> {
    list: Vec<&'a str>,
}

impl<'a> Names<'a> {
    fn index(&mut self, name: &'a str) -> u32 {
        let i = match self.list.iter().position(|&known| known == name) {
            Some(i) => i,
            None => {
                self.list.push(name);
                self.list.len() - 1
            }
        };
        i as u32
    }

    /// The names as UTF-16 code units, separated by U+001F, appended to `out`.
    fn append_to<T: From<u16>>(&self, out: &mut Vec<T>) {
        for (i, name) in self.list.iter().enumerate() {
            if i > 0 {
                out.push(NAME_SEPARATOR.into());
            }
            out.extend(name.encode_utf16().map(T::from));
        }
    }
}

fn dir_code(dir: Dir) -> u32 {
    match dir {
        Dir::Ltr => 0,
        Dir::Rtl => 1,
    }
}

fn format_code(format: Format) -> u32 {
    match format {
        Format::Html => 0,
        Format::Isolate => 1,
        Format::Marks => 2,
    }
}

/// The JavaScript `Wrapped` of a wrap of `input`: the codes `[dir, format, run count,
/// [start, end, dir, script, lang] per run, names]` and the output.
pub fn wrapped(input: &JsValue, w: &Wrapped) -> JsValue {
    let mut names = Names::default();
    let mut codes = Vec::with_capacity(3 + 5 * w.runs.len());
    codes.extend([dir_code(w.dir), format_code(w.format), w.runs.len() as u32]);
    for run in &w.runs {
        codes.extend([
            run.start as u32,
            run.end as u32,
            dir_code(run.dir),
            names.index(run.script.as_str()),
            names.index(run.lang.as_str()),
        ]);
    }
    names.append_to(&mut codes);
    MEMORY.with(|memory| {
        make_wrapped(
            input,
            &w.output,
            memory,
            codes.as_ptr() as u32,
            codes.len() as u32,
        )
    })
}

/// The JavaScript `Detection` of `input`: the numbers `[lang, script, dir, confidence,
/// segment count, [start, end, script, lang] per segment, language count, [lang, share] per
/// language, names]`.
pub fn detection(input: &JsValue, d: &Detection<'_>) -> JsValue {
    let mut names = Names::default();
    let mut codes = Vec::with_capacity(24 + 4 * d.segments.len() + 2 * d.languages.len());
    codes.extend([
        f64::from(names.index(d.lang.as_str())),
        f64::from(names.index(d.script.as_str())),
        f64::from(dir_code(d.dir)),
        d.confidence,
        d.segments.len() as f64,
    ]);
    for s in &d.segments {
        codes.extend([
            s.start as f64,
            s.end as f64,
            f64::from(names.index(s.script.as_str())),
            f64::from(names.index(s.lang.as_str())),
        ]);
    }
    codes.push(d.languages.len() as f64);
    for l in &d.languages {
        codes.extend([f64::from(names.index(l.lang.as_str())), l.share]);
    }
    names.append_to(&mut codes);
    MEMORY.with(|memory| make_detection(input, memory, codes.as_ptr() as u32, codes.len() as u32))
}
