//! One error shape for every API answer: `{ "detail": "…", "code": "…" }`. The `code`
//! is stable (the UI uses it as its translation key); a 5xx logs its cause and tells the
//! client nothing of it.

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::store::StoreError;

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorBody {
    /// What went wrong, in plain words.
    pub detail: String,
    /// A stable machine-readable code, e.g. `store_not_found`.
    pub code: String,
}

/// Errors the typed handlers return; each becomes a JSON `ErrorBody`.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The request is malformed.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// The resource does not exist.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The server cannot answer right now (e.g. the database is unavailable).
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
    /// A fault on the server; the details are in the server log only.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
}

fn body(code: &str, detail: impl Into<String>) -> Json<ErrorBody> {
    Json(ErrorBody {
        detail: detail.into(),
        code: code.into(),
    })
}

impl ApiError {
    pub fn not_found(code: &str, detail: impl Into<String>) -> ApiError {
        ApiError::NotFound(body(code, detail))
    }

    pub fn bad_request(code: &str, detail: impl Into<String>) -> ApiError {
        ApiError::BadRequest(body(code, detail))
    }

    pub fn store_not_found(store_id: u64) -> ApiError {
        ApiError::not_found(
            "store_not_found",
            format!("There is no store with id {store_id}."),
        )
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        tracing::error!(%error, "database read failed");
        ApiError::Internal(body(
            "internal_error",
            "Something went wrong on the server.",
        ))
    }
}

/// Turns any error that escaped a handler (no such route, wrong method, unparsable
/// parameter, oversized body, a bug) into the JSON shape.
pub async fn into_json_response(error: poem::Error) -> Response {
    if error.is_from_response() {
        return error.into_response();
    }
    let status = error.status();
    let (code, detail) = match status {
        StatusCode::NOT_FOUND => ("not_found", "No such resource.".to_string()),
        StatusCode::METHOD_NOT_ALLOWED => (
            "method_not_allowed",
            "This method is not allowed here.".to_string(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            "payload_too_large",
            "The request body is too large.".to_string(),
        ),
        status if status.is_client_error() => ("bad_request", error.to_string()),
        _ => {
            tracing::error!(%error, %status, "request failed");
            (
                "internal_error",
                "Something went wrong on the server.".to_string(),
            )
        }
    };
    let status = if status.is_client_error() || status.is_server_error() {
        status
    } else {
        StatusCode::INTERNAL_SERVER_ERROR
    };
    json_response(status, code, &detail)
}

pub fn json_response(status: StatusCode, code: &str, detail: &str) -> Response {
    let body = serde_json::json!({ "detail": detail, "code": code });
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(body.to_string())
}
