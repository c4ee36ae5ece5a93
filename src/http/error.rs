//! One error shape for every API answer: `{ "detail": "…", "code": "…", "field": … }`.
//! The `code` is stable (the UI uses it as its translation key); `field` names the
//! request field at fault, so a form can show the message next to it. A 5xx logs its
//! cause and tells the client nothing of it.

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::domain::error::{ErrorStatus, PublicError};

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorBody {
    /// What went wrong, in plain words.
    pub detail: String,
    /// A stable machine-readable code, e.g. `store_not_found`.
    pub code: String,
    /// The request field at fault, when there is one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// Errors the typed handlers return; each becomes a JSON `ErrorBody`.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The request is malformed or a field is invalid.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// No valid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// The payment did not go through.
    #[oai(status = 402)]
    PaymentRequired(Json<ErrorBody>),
    /// The token's role may not do this.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// The resource does not exist.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The change conflicts with existing data (in use, duplicate).
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// The upload is too large.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// The upload is not a supported image.
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// This client holds or asks for too much at once (e.g. live connections).
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>),
    /// The server cannot answer right now (e.g. the database is unavailable).
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
    /// A fault on the server; the details are in the server log only.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
}

/// Body fields are optional in the schema so that a missing one is reported like any
/// other invalid field, by name.
pub fn required<T>(field: &str, value: Option<T>) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::invalid(field, "is required"))
}

/// An error body naming the request field at fault.
pub fn field_body(code: &str, detail: impl Into<String>, field: &str) -> Json<ErrorBody> {
    Json(ErrorBody {
        detail: detail.into(),
        code: code.into(),
        field: Some(field.into()),
    })
}

pub fn body(code: &str, detail: impl Into<String>) -> Json<ErrorBody> {
    Json(ErrorBody {
        detail: detail.into(),
        code: code.into(),
        field: None,
    })
}

impl ApiError {
    pub fn not_found(code: &str, detail: impl Into<String>) -> ApiError {
        ApiError::NotFound(body(code, detail))
    }

    /// 400 `invalid` naming the field.
    pub fn invalid(field: &str, message: &str) -> ApiError {
        ApiError::BadRequest(Json(ErrorBody {
            detail: format!("{field}: {message}"),
            code: "invalid".into(),
            field: Some(field.into()),
        }))
    }

    pub fn unauthorized() -> ApiError {
        ApiError::Unauthorized(body(
            "unauthorized",
            "Please log in: this needs a valid access token.",
        ))
    }

    pub fn forbidden() -> ApiError {
        ApiError::Forbidden(body(
            "forbidden",
            "Only the restaurant's admins may do this.",
        ))
    }

    pub fn internal() -> ApiError {
        ApiError::Internal(body(
            "internal_error",
            "Something went wrong on the server.",
        ))
    }
}

/// The one mapping from a refusal to an answer: its status, code, field and sentence.
/// A server fault logs its cause and tells the client nothing of it.
impl<E: PublicError> From<E> for ApiError {
    fn from(error: E) -> Self {
        let status = error.status();
        if status.is_server_fault() {
            tracing::error!(%error, code = error.code(), "request failed");
        }
        let body = Json(ErrorBody {
            detail: error.detail(),
            code: error.code().to_string(),
            field: error.field().map(str::to_string),
        });
        match status {
            ErrorStatus::BadRequest => ApiError::BadRequest(body),
            ErrorStatus::Unauthorized => ApiError::Unauthorized(body),
            ErrorStatus::PaymentRequired => ApiError::PaymentRequired(body),
            ErrorStatus::Forbidden => ApiError::Forbidden(body),
            ErrorStatus::NotFound => ApiError::NotFound(body),
            ErrorStatus::Conflict => ApiError::Conflict(body),
            ErrorStatus::TooManyRequests => ApiError::TooManyRequests(body),
            ErrorStatus::Unavailable => ApiError::Unavailable(body),
            ErrorStatus::Internal => ApiError::Internal(body),
        }
    }
}

/// Turns any error that escaped a handler (no such route, wrong method, unparsable
/// parameter or body, missing token, a bug) into the JSON shape.
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
        StatusCode::UNAUTHORIZED => (
            "unauthorized",
            "Please log in: this needs a valid access token.".to_string(),
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported_media_type", error.to_string()),
        // A plain request to a socket address: poem only says "invalid protocol".
        _ if matches!(
            error.downcast_ref::<poem::error::WebSocketError>(),
            Some(poem::error::WebSocketError::InvalidProtocol)
        ) =>
        {
            (
                "websocket_required",
                "This address takes WebSocket connections only (a GET with `Upgrade: websocket`)."
                    .to_string(),
            )
        }
        // poem-openapi names path parameters by position (`param0`), which helps nobody.
        status
            if status.is_client_error()
                && error.to_string().starts_with("failed to parse path") =>
        {
            (
                "bad_request",
                "The address contains an id that is not a whole number.".to_string(),
            )
        }
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
