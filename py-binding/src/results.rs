//! The results of `analyze`, `wrap` and `detect` as Python classes built in Rust.
//!
//! Each class holds the Rust result as the library returned it; its attributes become Python
//! values only when read, and the runs and segments become `Run`/`Segment` objects only when
//! the list is read (a caller that only wants `wrap(...).output` never pays for them).
//! `to_dict()` serializes the Rust value with the same serde code as the HTTP adapter, so it
//! is the HTTP JSON by construction.

use std::ops::Range;

use lashon_bidi::{Format, LanguageShare as RustShare};
use lashon_core::direction::{
    self, AnalyzeResponse, DetectRequest, Detection as RustDetection, Wrapped as RustWrapped,
};
use lashon_vocab::{Dir, LangTag, Script, ServiceError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{json_of, to_py};
use crate::errors::raise;

fn dir_str<'py>(py: Python<'py>, dir: Dir) -> &'py Bound<'py, PyString> {
    match dir {
        Dir::Ltr => intern!(py, "ltr"),
        Dir::Rtl => intern!(py, "rtl"),
    }
}

/// `to_dict()` of a serializable Rust value: its HTTP JSON as dicts and lists.
fn dict_of<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = json_of(value).map_err(|e| raise(&e))?;
    to_py(py, &json)
}

/// A stretch of one direction and one script; a display run never splits. Offsets are
/// UTF-16 code units, `end` exclusive.
#[pyclass(module = "lashon", name = "Run", frozen, eq)]
#[derive(PartialEq)]
pub struct Run(pub lashon_bidi::Run);

#[pymethods]
impl Run {
    #[getter]
    fn text(&self) -> &str {
        &self.0.text
    }
    #[getter]
    fn dir<'py>(&self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        dir_str(py, self.0.dir)
    }
    #[getter]
    fn script(&self) -> &str {
        self.0.script.as_str()
    }
    #[getter]
    fn lang(&self) -> &str {
        self.0.lang.as_str()
    }
    #[getter]
    fn start(&self) -> usize {
        self.0.start
    }
    #[getter]
    fn end(&self) -> usize {
        self.0.end
    }
    /// The JSON object of the run, as in the HTTP responses.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.0)
    }
    fn __repr__(&self) -> String {
        format!(
            "Run(text={:?}, dir='{}', script='{}', lang='{}', start={}, end={})",
            self.0.text,
            self.0.dir.as_str(),
            self.0.script.as_str(),
            self.0.lang.as_str(),
            self.0.start,
            self.0.end
        )
    }
}

/// The runs as a list of `Run` objects, made when the list is read.
fn run_list<'py>(py: Python<'py>, runs: &[lashon_bidi::Run]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, runs.iter().map(|r| Run(r.clone())))
}

/// The direction analysis of one string: `dir` (paragraph direction), `mixed`, dominant
/// `lang`/`script`, the UBA's `runs` and the `display_runs` a renderer must keep whole.
#[pyclass(module = "lashon", name = "DirectionAnalysis", frozen, eq)]
#[derive(PartialEq)]
pub struct DirectionAnalysis(pub lashon_bidi::DirectionAnalysis);

#[pymethods]
impl DirectionAnalysis {
    #[getter]
    fn dir<'py>(&self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        dir_str(py, self.0.dir)
    }
    #[getter]
    fn mixed(&self) -> bool {
        self.0.mixed
    }
    #[getter]
    fn lang(&self) -> &str {
        self.0.lang.as_str()
    }
    #[getter]
    fn script(&self) -> &str {
        self.0.script.as_str()
    }
    #[getter]
    fn runs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        run_list(py, &self.0.runs)
    }
    #[getter]
    fn display_runs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        run_list(py, &self.0.display_runs)
    }
    /// The direction analysis block of the HTTP responses.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.0)
    }
    fn __repr__(&self) -> String {
        format!(
            "DirectionAnalysis(dir='{}', mixed={}, lang='{}', script='{}', runs=<{} runs>, display_runs=<{} runs>)",
            self.0.dir.as_str(),
            if self.0.mixed { "True" } else { "False" },
            self.0.lang.as_str(),
            self.0.script.as_str(),
            self.0.runs.len(),
            self.0.display_runs.len()
        )
    }
}

/// The `/v1/analyze` response: `analysis` for `text`, `fields` for `fields`.
#[pyclass(module = "lashon", name = "Analysis", frozen)]
pub struct Analysis {
    analysis: Option<Py<DirectionAnalysis>>,
    fields: Option<Vec<(String, Py<DirectionAnalysis>)>>,
}

impl Analysis {
    pub fn new(py: Python<'_>, response: AnalyzeResponse) -> PyResult<Analysis> {
        Ok(Analysis {
            analysis: response
                .analysis
                .map(|a| Py::new(py, DirectionAnalysis(a)))
                .transpose()?,
            fields: response
                .fields
                .map(|fields| {
                    fields
                        .into_iter()
                        .map(|(name, a)| Ok((name, Py::new(py, DirectionAnalysis(a))?)))
                        .collect::<PyResult<Vec<_>>>()
                })
                .transpose()?,
        })
    }
}

#[pymethods]
impl Analysis {
    #[getter]
    fn analysis(&self, py: Python<'_>) -> Option<Py<DirectionAnalysis>> {
        self.analysis.as_ref().map(|a| a.clone_ref(py))
    }
    #[getter]
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(fields) = &self.fields else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        for (name, a) in fields {
            dict.set_item(name, a.clone_ref(py))?;
        }
        Ok(Some(dict))
    }
    /// The `/v1/analyze` response JSON: `analysis` and/or `fields`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        if let Some(a) = &self.analysis {
            out.set_item(intern!(py, "analysis"), a.get().to_dict(py)?)?;
        }
        if let Some(fields) = &self.fields {
            let dict = PyDict::new(py);
            for (name, a) in fields {
                dict.set_item(name, a.get().to_dict(py)?)?;
            }
            out.set_item(intern!(py, "fields"), dict)?;
        }
        Ok(out)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Analysis>() else {
            return false;
        };
        let other = other.get();
        let same = |a: &Py<DirectionAnalysis>, b: &Py<DirectionAnalysis>| a.get() == b.get();
        let analysis = match (&self.analysis, &other.analysis) {
            (Some(a), Some(b)) => same(a, b),
            (None, None) => true,
            _ => false,
        };
        let fields = match (&self.fields, &other.fields) {
            (Some(a), Some(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((na, a), (nb, b))| na == nb && same(a, b))
            }
            (None, None) => true,
            _ => false,
        };
        analysis && fields
    }
    fn __repr__(&self) -> String {
        let analysis = match &self.analysis {
            Some(a) => a.get().__repr__(),
            None => "None".into(),
        };
        let fields = match &self.fields {
            Some(f) => format!("<{} fields>", f.len()),
            None => "None".into(),
        };
        format!("Analysis(analysis={analysis}, fields={fields})")
    }
}

/// The `/v1/wrap` response: `output` is the text with its direction made explicit, `runs`
/// the display runs it was built from.
#[pyclass(module = "lashon", name = "Wrapped", frozen, eq)]
#[derive(PartialEq)]
pub struct Wrapped(pub RustWrapped);

#[pymethods]
impl Wrapped {
    #[getter]
    fn dir<'py>(&self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        dir_str(py, self.0.dir)
    }
    #[getter]
    fn format<'py>(&self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        match self.0.format {
            Format::Html => intern!(py, "html"),
            Format::Isolate => intern!(py, "isolate"),
            Format::Marks => intern!(py, "marks"),
        }
    }
    #[getter]
    fn output(&self) -> &str {
        &self.0.output
    }
    #[getter]
    fn runs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        run_list(py, &self.0.runs)
    }
    /// The `/v1/wrap` response JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.0)
    }
    fn __repr__(&self) -> String {
        format!(
            "Wrapped(dir='{}', format='{}', output={:?}, runs=<{} runs>)",
            self.0.dir.as_str(),
            self.0.format.as_str(),
            self.0.output,
            self.0.runs.len()
        )
    }
}

/// A same-script stretch of the input (neutrals join the letters they follow).
#[pyclass(module = "lashon", name = "Segment", frozen, eq)]
#[derive(PartialEq)]
pub struct Segment {
    text: String,
    start: usize,
    end: usize,
    script: Script,
    lang: LangTag,
}

#[pymethods]
impl Segment {
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }
    #[getter]
    fn start(&self) -> usize {
        self.start
    }
    #[getter]
    fn end(&self) -> usize {
        self.end
    }
    #[getter]
    fn script(&self) -> &str {
        self.script.as_str()
    }
    #[getter]
    fn lang(&self) -> &str {
        self.lang.as_str()
    }
    /// The segment's JSON object, as in the `/v1/detect` response.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let segment = lashon_bidi::Segment {
            text: &self.text,
            start: self.start,
            end: self.end,
            script: self.script,
            lang: self.lang.clone(),
        };
        dict_of(py, &segment)
    }
    fn __repr__(&self) -> String {
        format!(
            "Segment(text={:?}, start={}, end={}, script='{}', lang='{}')",
            self.text,
            self.start,
            self.end,
            self.script.as_str(),
            self.lang.as_str()
        )
    }
}

/// The share (0 to 1) of the letters written in `lang`.
#[pyclass(module = "lashon", name = "LanguageShare", frozen, eq)]
#[derive(PartialEq)]
pub struct LanguageShare(RustShare);

#[pymethods]
impl LanguageShare {
    #[getter]
    fn lang(&self) -> &str {
        self.0.lang.as_str()
    }
    #[getter]
    fn share(&self) -> f64 {
        self.0.share
    }
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.0)
    }
    fn __repr__(&self) -> String {
        format!(
            "LanguageShare(lang='{}', share={})",
            self.0.lang.as_str(),
            self.0.share
        )
    }
}

/// A segment of a detection, located in the detection's own copy of the text.
#[derive(PartialEq)]
struct SegmentSpan {
    bytes: Range<usize>,
    start: usize,
    end: usize,
    script: Script,
    lang: LangTag,
}

/// The `/v1/detect` response: the dominant `lang`/`script`/`dir`, `confidence`, the
/// same-script `segments` and the `languages` by share.
#[pyclass(module = "lashon", name = "Detection", frozen, eq)]
#[derive(PartialEq)]
pub struct Detection {
    text: String,
    lang: LangTag,
    script: Script,
    dir: Dir,
    confidence: f64,
    segments: Vec<SegmentSpan>,
    languages: Vec<RustShare>,
}

impl Detection {
    /// Detects the language of `text` (checked against the service's limits) and keeps the
    /// result together with the text its segments are slices of.
    pub fn detect(text: String) -> Result<Detection, ServiceError> {
        let req = DetectRequest { text };
        let d = direction::detect(&req)?;
        // The segments tile the input in order: each starts where the one before ended.
        let mut byte = 0;
        let segments = d
            .segments
            .into_iter()
            .map(|s| {
                let bytes = byte..byte + s.text.len();
                byte = bytes.end;
                SegmentSpan {
                    bytes,
                    start: s.start,
                    end: s.end,
                    script: s.script,
                    lang: s.lang,
                }
            })
            .collect();
        let (lang, script, dir, confidence, languages) =
            (d.lang, d.script, d.dir, d.confidence, d.languages);
        Ok(Detection {
            text: req.text,
            lang,
            script,
            dir,
            confidence,
            segments,
            languages,
        })
    }

    fn segment_text(&self, s: &SegmentSpan) -> &str {
        self.text.get(s.bytes.clone()).unwrap_or_default()
    }

    /// The library's value again (segments borrowing the text), for serialization.
    fn as_rust(&self) -> RustDetection<'_> {
        RustDetection {
            lang: self.lang.clone(),
            script: self.script,
            dir: self.dir,
            confidence: self.confidence,
            segments: self
                .segments
                .iter()
                .map(|s| lashon_bidi::Segment {
                    text: self.segment_text(s),
                    start: s.start,
                    end: s.end,
                    script: s.script,
                    lang: s.lang.clone(),
                })
                .collect(),
            languages: self.languages.clone(),
        }
    }
}

#[pymethods]
impl Detection {
    #[getter]
    fn lang(&self) -> &str {
        self.lang.as_str()
    }
    #[getter]
    fn script(&self) -> &str {
        self.script.as_str()
    }
    #[getter]
    fn dir<'py>(&self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        dir_str(py, self.dir)
    }
    #[getter]
    fn confidence(&self) -> f64 {
        self.confidence
    }
    #[getter]
    fn segments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.segments.iter().map(|s| Segment {
                text: self.segment_text(s).to_owned(),
                start: s.start,
                end: s.end,
                script: s.script,
                lang: s.lang.clone(),
            }),
        )
    }
    #[getter]
    fn languages<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.languages.iter().cloned().map(LanguageShare))
    }
    /// The `/v1/detect` response JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.as_rust())
    }
    fn __repr__(&self) -> String {
        format!(
            "Detection(lang='{}', script='{}', dir='{}', confidence={}, segments=<{} segments>, languages=<{} languages>)",
            self.lang.as_str(),
            self.script.as_str(),
            self.dir.as_str(),
            self.confidence,
            self.segments.len(),
            self.languages.len()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Run>()?;
    m.add_class::<DirectionAnalysis>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Wrapped>()?;
    m.add_class::<Segment>()?;
    m.add_class::<LanguageShare>()?;
    m.add_class::<Detection>()?;
    Ok(())
}
