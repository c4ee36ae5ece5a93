use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::db::Db;
use crate::domain::error::ErrorCode;
use crate::http::error::ErrorBody;

pub struct HealthApi {
    pub db: Db,
}

#[derive(Debug, Object)]
pub struct Health {
    /// `ok` when the database answers.
    pub status: String,
    pub schema_version: u64,
}

#[derive(ApiResponse)]
pub enum HealthResponse {
    /// The server and its database work.
    #[oai(status = 200)]
    Ok(Json<Health>),
    /// The database does not answer, or refuses writes since a storage failure.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
}

#[OpenApi]
impl HealthApi {
    /// Liveness and database check, for monitoring and systemd.
    #[oai(path = "/healthz", method = "get")]
    async fn healthz(&self) -> HealthResponse {
        match self.db.schema_version().await {
            Ok(_) if self.db.storage_failed() => HealthResponse::Unavailable(Json(ErrorBody::new(
                ErrorCode::StorageUnavailable,
                "The database refuses writes since a storage failure (disk full?); orders cannot be saved.",
                None,
                Vec::new(),
            ))),
            Ok(schema_version) => HealthResponse::Ok(Json(Health {
                status: "ok".into(),
                schema_version,
            })),
            Err(error) => {
                tracing::error!(%error, "health check: database unavailable");
                HealthResponse::Unavailable(Json(ErrorBody::new(
                    ErrorCode::DatabaseUnavailable,
                    "The database is unavailable.",
                    None,
                    Vec::new(),
                )))
            }
        }
    }
}
