//! What a refusal looks like to whoever made the request. Every error a customer or
//! the owner can meet implements [`PublicError`]: a stable `code` (the UI's translation
//! key), the kind of answer it is ([`ErrorStatus`], an HTTP status in the HTTP layer),
//! the request field at fault, and the sentence shown. The HTTP layer maps any
//! `PublicError` in one place; the control socket and the CLI show its detail.

use std::fmt::Display;

pub use super::error_code::ErrorCode;

/// The kind of answer an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorStatus {
    /// The request is malformed or a field is invalid (400).
    BadRequest,
    /// The caller is not signed in (401).
    Unauthorized,
    /// The payment did not go through (402).
    PaymentRequired,
    /// The caller may not do this (403).
    Forbidden,
    /// The thing asked for does not exist (404).
    NotFound,
    /// The change conflicts with the current state (409).
    Conflict,
    /// The caller asks for too much at once (429).
    TooManyRequests,
    /// The server cannot answer right now; nothing was changed (503).
    Unavailable,
    /// A fault on the server: the caller learns nothing of it (500).
    Internal,
}

impl ErrorStatus {
    /// A fault of the server rather than of the request: logged with its cause.
    pub fn is_server_fault(self) -> bool {
        matches!(self, ErrorStatus::Unavailable | ErrorStatus::Internal)
    }
}

/// An error as the caller sees it. `Display` is the full description for the log;
/// [`PublicError::detail`] is what the caller is told.
pub trait PublicError: Display {
    /// Stable and machine-readable, e.g. `store_closed`.
    fn code(&self) -> ErrorCode;
    fn status(&self) -> ErrorStatus;
    /// The request field at fault, when there is one.
    fn field(&self) -> Option<&str> {
        None
    }
    /// The values the code's sentence names ([`ErrorCode::params`]), e.g. the product
    /// that is sold out. The field at fault need not be repeated here.
    fn params(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// The sentence shown to the caller.
    fn detail(&self) -> String {
        self.to_string()
    }
}

/// A refusal that is no more than its code, status, sentence and field: for the
/// checks a use case makes itself (a missing order, an invalid field).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct Refusal {
    pub status: ErrorStatus,
    pub code: ErrorCode,
    pub detail: String,
    pub field: Option<&'static str>,
}

impl Refusal {
    pub fn new(status: ErrorStatus, code: ErrorCode, detail: impl Into<String>) -> Refusal {
        Refusal {
            status,
            code,
            detail: detail.into(),
            field: None,
        }
    }

    /// A fault on the server; its cause is the caller's to log.
    pub fn internal() -> Refusal {
        Refusal::new(
            ErrorStatus::Internal,
            ErrorCode::InternalError,
            "Something went wrong on the server.",
        )
    }

    /// `invalid`, naming the field: "`field`: `problem`".
    pub fn invalid(field: &'static str, problem: &str) -> Refusal {
        Refusal {
            status: ErrorStatus::BadRequest,
            code: ErrorCode::Invalid,
            detail: format!("{field}: {problem}"),
            field: Some(field),
        }
    }

    pub fn on_field(mut self, field: &'static str) -> Refusal {
        self.field = Some(field);
        self
    }
}

impl PublicError for Refusal {
    fn code(&self) -> ErrorCode {
        self.code
    }

    fn status(&self) -> ErrorStatus {
        self.status
    }

    fn field(&self) -> Option<&str> {
        self.field
    }
}
