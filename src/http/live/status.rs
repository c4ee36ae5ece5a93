//! `/ws/store/{id}/status`: the live open/closed status (spec §4, §7). A message on
//! connect and on every change; client messages are ignored. The rules every live
//! socket follows are in `socket.rs`.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem::web::websocket::{Message, WebSocket};
use poem_openapi::OpenApi;
use poem_openapi::param::Path;
use tokio::sync::watch;

use crate::http::AppState;
use crate::http::error::ApiError;
use crate::http::live::caps::SocketKind;
use crate::http::live::socket::{Liveness, Updates, Upgrade, admit_socket, follow, upgrade};
use crate::shop::hubs::store_status::{PublishedStatus, StatusHub};

pub struct LiveStatusApi {
    pub state: AppState,
}

/// Every change of the published status, as its message.
struct StatusUpdates {
    changes: watch::Receiver<Arc<PublishedStatus>>,
    hub: Arc<StatusHub>,
}

impl Updates for StatusUpdates {
    async fn next(&mut self) -> Option<Vec<String>> {
        self.changes.changed().await.ok()?;
        let status = self.changes.borrow_and_update().clone();
        Some(vec![self.hub.message(&status)])
    }
}

#[OpenApi]
impl LiveStatusApi {
    /// Live open/closed status of a store (WebSocket). Messages: `today_hours`,
    /// `local_time` (`yyyy-MM-dd HH:mm:ss`), `timezone`, `is_open`, `paused`, `error`.
    #[oai(path = "/ws/store/:id/status", method = "get")]
    async fn status(
        &self,
        #[oai(name = "id")] id: Path<u64>,
        websocket: WebSocket,
        headers: &HeaderMap,
        remote: &RemoteAddr,
    ) -> Result<Upgrade, ApiError> {
        let slot = admit_socket(&self.state, headers, remote, SocketKind::StoreStatus)?;
        let hub = self.state.shop.status().clone();
        let liveness = Liveness::of(&self.state);
        let unknown_store = (id.0 != self.state.config.store_id)
            .then(|| format!("There is no store with id {}.", id.0));
        Ok(upgrade(websocket, slot, move |socket, slot| async move {
            let _slot = slot;
            let (mut sink, incoming) = socket.split();
            if let Some(detail) = unknown_store {
                let _ = sink.send(Message::Text(hub.error_message(detail))).await;
                let _ = sink.close().await;
                return;
            }
            let mut changes = hub.subscribe();
            let current = changes.borrow_and_update().clone();
            if sink
                .send(Message::Text(hub.message(&current)))
                .await
                .is_err()
            {
                return;
            }
            let updates = StatusUpdates { changes, hub };
            follow(liveness, sink, incoming, updates).await;
        }))
    }
}
