//! A JSON answer written straight from its view by serde, for the lists of whole orders
//! (a day's history, the board, a customer's orders). poem-openapi's `Json` first turns
//! every field into a `serde_json::Value` tree and then writes the tree: for a day's
//! page of 100 orders that was half of the answer's time, spent allocating, writing and
//! freeing some ten thousand values. The schema in the API document is the view's own,
//! and the tests in `routes/orders/views` check that both ways write the same JSON.

use chrono::{DateTime, NaiveDate, Utc};
use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::payload::{Json, Payload};
use poem_openapi::registry::{MetaMediaType, MetaResponse, MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::Type;
use serde::{Serialize, Serializer};

const CONTENT_TYPE: &str = "application/json; charset=utf-8";

/// Answers `T` as JSON with status 200, documented as `T`'s schema.
#[derive(Debug, Clone)]
pub struct DirectJson<T>(pub T);

impl<T: Type + Serialize> Payload for DirectJson<T> {
    const CONTENT_TYPE: &'static str = CONTENT_TYPE;

    fn check_content_type(content_type: &str) -> bool {
        Json::<T>::check_content_type(content_type)
    }

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: Serialize + Send> IntoResponse for DirectJson<T> {
    fn into_response(self) -> Response {
        match serde_json::to_vec(&self.0) {
            Ok(body) => Response::builder().content_type(CONTENT_TYPE).body(body),
            // Views hold strings, numbers and dates only; nothing here can fail.
            Err(error) => {
                tracing::error!(%error, "an answer could not be written as JSON");
                StatusCode::INTERNAL_SERVER_ERROR.into_response()
            }
        }
    }
}

impl<T: Type + Serialize> ApiResponse for DirectJson<T> {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: vec![MetaResponse {
                description: "",
                status: Some(200),
                status_range: None,
                content: vec![MetaMediaType {
                    content_type: Self::CONTENT_TYPE,
                    schema: Self::schema_ref(),
                }],
                headers: vec![],
            }],
        }
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

/// A time as poem-openapi writes it: RFC 3339 with `+00:00`.
pub fn rfc3339<S: Serializer>(at: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&at.to_rfc3339())
}

/// [`rfc3339`] or null.
pub fn optional_rfc3339<S: Serializer>(
    at: &Option<DateTime<Utc>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => rfc3339(at, serializer),
        None => serializer.serialize_none(),
    }
}

/// A date as poem-openapi writes it: `YYYY-MM-DD`.
pub fn date<S: Serializer>(day: &NaiveDate, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(day)
}
