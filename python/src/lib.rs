//! The utf8scope engine for Python: the native half of the `utf8scope`
//! package. Each function here takes plain Python values and gives back
//! plain ones (strings, tuples, lists); `utf8scope/__init__.py` wraps them
//! in documented functions and dataclasses. Batches let go of the GIL and
//! run on the threads the caller allows. Nothing is made at import: every
//! call makes the engine values it needs, so the module is safe under
//! `fork` and in worker processes.

mod convert;
mod texts;

use pyo3::exceptions::{PyLookupError, PyTypeError, PyUnicodeDecodeError, PyValueError};
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use texts::{Joined, batch, char_offsets, repaired_lines, repairer};
use utf8scope::model::Encoding;
use utf8scope::model::encoding::{Extent, detect};
use utf8scope::model::findings::with_repairs;

/// The allocator the program uses too (see `Cargo.toml`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `text` with its mojibake repaired, as `utf8scope fix` repairs a line:
/// the same object when nothing changes.
#[pyfunction]
fn fix<'py>(text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyString>> {
    let plain = text.to_cow()?;
    let runs = repairer(1).find(&plain);
    if runs.iter().all(|run| run.repair().is_none()) {
        return Ok(text.clone());
    }
    Ok(PyString::new(text.py(), &with_repairs(&plain, &runs)))
}

/// `text` itself: what a call into the module costs, for the benchmark.
#[pyfunction]
fn noop<'py>(text: &Bound<'py, PyString>) -> Bound<'py, PyString> {
    text.clone()
}

/// Each text repaired, on up to `threads` threads (0: every core), without
/// the GIL; a text with nothing to repair comes back as the same object.
#[pyfunction]
#[pyo3(signature = (texts, threads = 0))]
fn fix_texts<'py>(
    py: Python<'py>,
    texts: Bound<'py, PyAny>,
    threads: usize,
) -> PyResult<Vec<Bound<'py, PyString>>> {
    // Each value is checked and its UTF-8 copied into one text here, in
    // one pass, rather than by a loop in Python first.
    let mut joined = Joined::default();
    let texts = texts
        .try_iter()?
        .map(|value| {
            let value = value?;
            let text = value.cast_into::<PyString>().map_err(|error| {
                match error.into_inner().get_type().name() {
                    Ok(name) => {
                        PyTypeError::new_err(format!("fix_texts takes str values, not {name}"))
                    }
                    Err(error) => error,
                }
            })?;
            // (Python 3.9's stable ABI lends no UTF-8 view of a str: it is
            // made as bytes, copied into the joined text, and dropped.)
            joined.push(text.encode_utf8()?.as_bytes());
            Ok(text)
        })
        .collect::<PyResult<Vec<_>>>()?;
    let repaired: Vec<Option<String>> = py.detach(|| repaired_lines(&joined, threads))?;
    Ok(texts
        .iter()
        .zip(repaired)
        .map(|(text, repaired)| match repaired {
            Some(repaired) => PyString::new(py, &repaired),
            None => text.clone(),
        })
        .collect())
}

/// Whether the engine finds mojibake in `text` (repaired or not).
#[pyfunction]
fn is_mojibake(text: &str) -> bool {
    !repairer(1).find(text).is_empty()
}

/// `text` repaired, and each run of mojibake as a tuple: char start and
/// end, byte start and end, the text seen, the repair (`None` when no
/// reading is clearly right), its chain in words, its steps, and every
/// reading as (text, chain).
#[pyfunction]
fn explain(text: &str) -> (String, Vec<convert::RunTuple>) {
    let runs = repairer(1).find(text);
    let fixed = with_repairs(text, &runs);
    let mut offsets = char_offsets(text);
    let tuples = runs
        .iter()
        .map(|run| convert::run_tuple(text, run, &mut offsets))
        .collect();
    (fixed, tuples)
}

/// Every finding `check --findings` makes of `text`, as tuples (see
/// [`convert::finding_tuple`]).
#[pyfunction]
fn findings(text: &str) -> Vec<convert::FindingTuple> {
    texts::findings_of(text, &Arc::new(repairer(1)))
}

/// [`findings`] of each text, on up to `threads` threads, without the GIL.
#[pyfunction]
#[pyo3(signature = (texts, threads = 0))]
fn findings_batch(
    py: Python<'_>,
    texts: Vec<String>,
    threads: usize,
) -> Vec<Vec<convert::FindingTuple>> {
    py.detach(|| {
        let repairer = Arc::new(repairer(1));
        batch(&texts, threads, |text| texts::findings_of(text, &repairer))
    })
}

/// The encoding of `data`: (name, confidence, evidence, runners-up, bytes
/// of byte order mark).
#[pyfunction]
fn detect_encoding(data: &[u8]) -> convert::DetectionTuple {
    convert::detection_tuple(&detect(data, Extent::Whole))
}

/// [`detect_encoding`] of each byte string, on up to `threads` threads.
#[pyfunction]
#[pyo3(signature = (data, threads = 0))]
fn detect_batch(
    py: Python<'_>,
    data: Vec<Vec<u8>>,
    threads: usize,
) -> Vec<convert::DetectionTuple> {
    py.detach(|| {
        batch(&data, threads, |bytes| {
            convert::detection_tuple(&detect(bytes, Extent::Whole))
        })
    })
}

/// Why decoding failed.
enum DecodeError {
    /// No such encoding.
    Unknown(String),
    /// An undefined or cut sequence at this byte offset (strict only).
    Invalid(Encoding, usize, usize),
    /// `auto` found two encodings that read the bytes to different text,
    /// as plausibly: this says which and why.
    Ambiguous(String),
}

impl DecodeError {
    /// The Python exception.
    fn into_py(self, py: Python<'_>, data: &[u8]) -> PyErr {
        match self {
            DecodeError::Unknown(label) => PyLookupError::new_err(format!(
                "unknown encoding: {label:?} (any WHATWG label, utf-32le, utf-32be, cp437, \
                 cp850, or \"auto\")"
            )),
            DecodeError::Ambiguous(why) => PyValueError::new_err(format!(
                "{why}; name the encoding (decode(data, \"windows-1252\"))"
            )),
            DecodeError::Invalid(encoding, at, len) => {
                match PyUnicodeDecodeError::new(
                    py,
                    c"utf8scope",
                    data,
                    at..at + len,
                    &std::ffi::CString::new(format!("invalid in {}", encoding.name()))
                        .unwrap_or_default(),
                ) {
                    Ok(error) => PyErr::from_value(error.into_any()),
                    Err(error) => error,
                }
            }
        }
    }
}

/// `data` decoded as `fix --from` reads it: in `encoding` (a label, or
/// `auto` to detect it), without a byte order mark; undefined bytes raise
/// (`errors="strict"`) or become U+FFFD (`"replace"`).
#[pyfunction]
#[pyo3(signature = (data, encoding = "auto", errors = "strict"))]
fn decode(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    encoding: &str,
    errors: &str,
) -> PyResult<String> {
    let strict = texts::strict_errors(errors)?;
    let bytes = data.as_bytes();
    texts::decode(bytes, encoding, strict).map_err(|error| error.into_py(py, bytes))
}

/// [`decode`] of each byte string, on up to `threads` threads.
#[pyfunction]
#[pyo3(signature = (data, encoding = "auto", errors = "strict", threads = 0))]
fn decode_batch(
    py: Python<'_>,
    data: Vec<Vec<u8>>,
    encoding: &str,
    errors: &str,
    threads: usize,
) -> PyResult<Vec<String>> {
    let strict = texts::strict_errors(errors)?;
    let decoded = py.detach(|| {
        batch(&data, threads, |bytes| {
            texts::decode(bytes, encoding, strict)
        })
    });
    decoded
        .into_iter()
        .zip(&data)
        .map(|(result, bytes)| result.map_err(|error| error.into_py(py, bytes)))
        .collect()
}

/// The invalid UTF-8 spans of `data`: (byte offset, length, kind, line,
/// column), as `utf8scope check` reports them.
#[pyfunction]
fn check_bytes(py: Python<'_>, data: &[u8]) -> Vec<(u64, u8, &'static str, u64, u64)> {
    py.detach(|| texts::invalid_spans(data))
}

/// The native module.
#[pymodule]
fn _utf8scope(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(fix, module)?)?;
    module.add_function(wrap_pyfunction!(fix_texts, module)?)?;
    module.add_function(wrap_pyfunction!(noop, module)?)?;
    module.add_function(wrap_pyfunction!(is_mojibake, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(findings, module)?)?;
    module.add_function(wrap_pyfunction!(findings_batch, module)?)?;
    module.add_function(wrap_pyfunction!(detect_encoding, module)?)?;
    module.add_function(wrap_pyfunction!(detect_batch, module)?)?;
    module.add_function(wrap_pyfunction!(decode, module)?)?;
    module.add_function(wrap_pyfunction!(decode_batch, module)?)?;
    module.add_function(wrap_pyfunction!(check_bytes, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
