//! `verify_webhook`: the receiver's check of a signed delivery (crate `lashon-news`,
//! `webhook::verify`). Returns `None` when the signature holds, else the reason
//! (`malformed`, `expired`, `mismatch`); the Python half raises `WebhookSignatureError`.

use lashon_news::webhook::{verify, VerifyError};
use pyo3::prelude::*;

#[pyfunction]
#[pyo3(signature = (secret, header, body, now, tolerance))]
fn verify_webhook(
    py: Python<'_>,
    secret: Vec<u8>,
    header: String,
    body: Vec<u8>,
    now: i64,
    tolerance: i64,
) -> Option<&'static str> {
    py.detach(
        move || match verify(&secret, &header, &body, now, tolerance) {
            Ok(()) => None,
            Err(VerifyError::Malformed) => Some("malformed"),
            Err(VerifyError::Expired) => Some("expired"),
            Err(VerifyError::Mismatch) => Some("mismatch"),
        },
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(verify_webhook, m)?)?;
    Ok(())
}
