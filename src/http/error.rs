//! One error shape for every API answer:
//! `{ "detail": "…", "code": "…", "field": …, "params": { … } }`. The `code` is stable
//! and one of [`ErrorCode`] (the UI's translation key); `params` holds the values its
//! sentence names (the product, the postcode, the field); `field` names the request
//! field at fault, so a form can show the message next to it. `detail` is the English
//! sentence. A 5xx logs its cause and tells the client nothing of it.

use std::collections::BTreeMap;

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorBody {
    /// What went wrong, in plain English words.
    pub detail: String,
    /// A stable machine-readable code, e.g. `store_not_found`: one of the values listed
    /// here (`x-params` names the parameters each one's answer gives).
    pub code: String,
    /// The request field at fault, when there is one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The values the code's sentence names, e.g. `{"product": "Bruschetta"}`.
    pub params: BTreeMap<String, String>,
}

impl ErrorBody {
    /// The answer for `code`; a code whose sentence names the field gets it as
    /// `params.field`.
    pub fn new(
        code: ErrorCode,
        detail: impl Into<String>,
        field: Option<&str>,
        params: Vec<(&'static str, String)>,
    ) -> ErrorBody {
        let mut named: BTreeMap<String, String> = params
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect();
        if let Some(field) = field
            && code.params().contains(&"field")
        {
            named.insert("field".into(), field.to_string());
        }
        ErrorBody {
            detail: detail.into(),
            code: code.as_str().to_string(),
            field: field.map(str::to_string),
            params: named,
        }
    }
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
    /// The change conflicts with existing data (in use, duplicate), or the record
    /// changed since the version named in `If-Match` (`edit_conflict`).
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
pub fn field_body(code: ErrorCode, detail: impl Into<String>, field: &str) -> Json<ErrorBody> {
    Json(ErrorBody::new(code, detail, Some(field), Vec::new()))
}

pub fn body(code: ErrorCode, detail: impl Into<String>) -> Json<ErrorBody> {
    Json(ErrorBody::new(code, detail, None, Vec::new()))
}

impl ApiError {
    pub fn not_found(code: ErrorCode, detail: impl Into<String>) -> ApiError {
        ApiError::NotFound(body(code, detail))
    }

    /// 400 `invalid` naming the field.
    pub fn invalid(field: &str, message: &str) -> ApiError {
        ApiError::BadRequest(field_body(
            ErrorCode::Invalid,
            format!("{field}: {message}"),
            field,
        ))
    }

    pub fn unauthorized() -> ApiError {
        ApiError::Unauthorized(body(
            ErrorCode::Unauthorized,
            "Please log in: this needs a valid access token.",
        ))
    }

    pub fn forbidden() -> ApiError {
        ApiError::Forbidden(body(
            ErrorCode::Forbidden,
            "Only the restaurant's admins may do this.",
        ))
    }

    pub fn internal() -> ApiError {
        ApiError::Internal(body(
            ErrorCode::InternalError,
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
            tracing::error!(%error, code = error.code().as_str(), "request failed");
        }
        let body = Json(ErrorBody::new(
            error.code(),
            error.detail(),
            error.field(),
            error.params(),
        ));
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
/// parameter or body, missing token, a bug) into the JSON shape. The route that
/// refused it stays noted on the answer, for `/metrics`.
pub async fn into_json_response(error: poem::Error) -> Response {
    if error.is_from_response() {
        return error.into_response();
    }
    let pattern = error.data::<poem::PathPattern>().cloned();
    let mut response = json_answer(&error);
    if let Some(pattern) = pattern {
        response.set_data(pattern);
    }
    response
}

fn json_answer(error: &poem::Error) -> Response {
    let status = error.status();
    let (code, detail) = match status {
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "No such resource.".to_string()),
        StatusCode::METHOD_NOT_ALLOWED => (
            ErrorCode::MethodNotAllowed,
            "This method is not allowed here.".to_string(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            ErrorCode::PayloadTooLarge,
            "The request body is too large.".to_string(),
        ),
        StatusCode::UNAUTHORIZED => (
            ErrorCode::Unauthorized,
            "Please log in: this needs a valid access token.".to_string(),
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (ErrorCode::UnsupportedMediaType, error.to_string()),
        // A plain request to a socket address: poem only says "invalid protocol".
        _ if matches!(
            error.downcast_ref::<poem::error::WebSocketError>(),
            Some(poem::error::WebSocketError::InvalidProtocol)
        ) =>
        {
            (
                ErrorCode::WebsocketRequired,
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
                ErrorCode::BadRequest,
                "The address contains an id that is not a whole number.".to_string(),
            )
        }
        status if status.is_client_error() => (ErrorCode::BadRequest, error.to_string()),
        _ => {
            tracing::error!(%error, %status, "request failed");
            (
                ErrorCode::InternalError,
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

pub fn json_response(status: StatusCode, code: ErrorCode, detail: &str) -> Response {
    let body = serde_json::json!({ "detail": detail, "code": code.as_str(), "params": {} });
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(body.to_string())
}
