//! The served API document (`/openapi.json`): poem-openapi's, with every error code
//! listed on `ErrorBody.code` (`enum`) and the parameters each one's answer names
//! (`x-params`), so a client can check it has a sentence for each.

use poem::http::StatusCode;
use poem::{Endpoint, Request, Response};
use serde_json::{Value, json};

use crate::domain::error::ErrorCode;

/// `spec` (poem-openapi's JSON) with the error codes added.
pub fn with_error_codes(spec: &str) -> String {
    let Ok(mut document) = serde_json::from_str::<Value>(spec) else {
        return spec.to_string();
    };
    if let Some(code) = document.pointer_mut("/components/schemas/ErrorBody/properties/code") {
        code["enum"] = ErrorCode::ALL.iter().map(|code| code.as_str()).collect();
        code["x-params"] = ErrorCode::ALL
            .iter()
            .map(|code| (code.as_str().to_string(), json!(code.params())))
            .collect::<serde_json::Map<String, Value>>()
            .into();
    }
    document.to_string()
}

/// Serves the document, made once at startup.
pub struct ApiDocument(pub bytes::Bytes);

impl Endpoint for ApiDocument {
    type Output = Response;

    async fn call(&self, _request: Request) -> poem::Result<Response> {
        Ok(Response::builder()
            .status(StatusCode::OK)
            .content_type("application/json; charset=utf-8")
            .body(self.0.clone()))
    }
}
