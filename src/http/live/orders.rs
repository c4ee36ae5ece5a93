//! Live orders over WebSocket: `/ws/orders/{token}` follows one order for its customer;
//! `/ws/admin/orders` feeds the restaurant's board. Browsers cannot put a bearer token
//! on a WebSocket request, so the board's first message carries it (never the URL,
//! which ends up in logs).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures_util::{SinkExt, StreamExt};
use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem::web::websocket::{Message, WebSocket, WebSocketStream};
use poem_openapi::OpenApi;
use poem_openapi::param::Path;
use poem_openapi::types::ToJSON;
use serde_json::json;
use tokio::sync::{broadcast, watch};

use crate::clock::Clock;
use crate::domain::fiscal::signing::TseOutage;
use crate::domain::order::Order;
use crate::http::AppState;
use crate::http::auth::user_of_token;
use crate::http::error::ApiError;
use crate::http::live::caps::{SocketKind, SocketSlot};
use crate::http::live::socket::{Liveness, Updates, Upgrade, admit_socket, follow, upgrade};
use crate::http::routes::orders::admin::DEFAULT_PAGE_SIZE;
use crate::http::routes::orders::order_by_token;
use crate::http::routes::orders::views::{AdminOrderView, OrderView, open_orders_view};
use crate::http::routes::printers::alarms_message;
use crate::shop::printing::PrinterAlarm;

/// How long the board may take to send its token.
const SIGN_IN_WITHIN: Duration = Duration::from_secs(10);

pub struct LiveOrdersApi {
    pub state: AppState,
}

fn customer_message(order: &Order) -> String {
    json!({ "type": "order", "order": OrderView::from(order).to_json() }).to_string()
}

/// Board messages carry the server's time, so countdowns to `auto_reject_at` hold
/// even when the kitchen tablet's clock is off, and the number of orders waiting for
/// an answer with its limit (left out when it could not be read).
fn admin_message(order: &Order, now: DateTime<Utc>, waiting: Option<u64>, limit: u32) -> String {
    let mut message = json!({
        "type": "order",
        "order": AdminOrderView::from(order).to_json(),
        "server_time": now,
    });
    if let Some(waiting) = waiting {
        message["waiting"] = json!(waiting);
        message["waiting_limit"] = json!(limit);
    }
    message.to_string()
}

fn error_message(detail: &str) -> String {
    json!({ "type": "error", "detail": detail }).to_string()
}

/// Every committed order change `render` accepts; when the socket fell behind, what
/// `resync` reads instead of the backlog. Ends when the shop closes or the state cannot
/// be read again.
struct OrderUpdates<R, S> {
    changes: broadcast::Receiver<Arc<Order>>,
    render: R,
    resync: S,
    /// Received and not yet sent: kept across a dropped `next`.
    pending: Option<Arc<Order>>,
    /// Fell behind and not yet sent the current state: kept across a dropped `next`.
    behind: bool,
}

impl<R, S, G, F> Updates for OrderUpdates<R, S>
where
    R: Fn(Arc<Order>) -> G + Send,
    G: Future<Output = Option<String>> + Send,
    S: Fn() -> F + Send,
    F: Future<Output = Option<Vec<String>>> + Send,
{
    async fn next(&mut self) -> Option<Vec<String>> {
        if self.pending.is_none() && !self.behind {
            match self.changes.recv().await {
                Ok(order) => self.pending = Some(order),
                Err(broadcast::error::RecvError::Lagged(_)) => self.behind = true,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
        if let Some(order) = self.pending.clone() {
            let message = (self.render)(order).await;
            self.pending = None;
            return Some(message.into_iter().collect());
        }
        // Send the current state again instead of the backlog.
        let current = (self.resync)().await?;
        self.behind = false;
        Some(current)
    }
}

/// The board's updates: its orders, each change of the printer alarms as
/// `{ "type": "printers", "alarms": […] }` and of the TSE's outage as
/// `{ "type": "tse", "outage": {…} | null }`.
struct BoardUpdates<O> {
    orders: O,
    alarms: watch::Receiver<Vec<PrinterAlarm>>,
    alarms_open: bool,
    outage: watch::Receiver<Option<TseOutage>>,
    outage_open: bool,
    clock: Clock,
}

/// The TSE's outage as the board shows it: since when, why, and the orders it missed.
fn outage_json(outage: Option<&TseOutage>) -> serde_json::Value {
    match outage {
        Some(outage) => json!({
            "started_at": outage.started_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "reason": outage.reason,
            "missed_orders": outage.missed_orders,
        }),
        None => serde_json::Value::Null,
    }
}

impl<O: Updates> Updates for BoardUpdates<O> {
    fn next(&mut self) -> impl Future<Output = Option<Vec<String>>> + Send {
        let BoardUpdates {
            orders,
            alarms,
            alarms_open,
            outage,
            outage_open,
            clock,
        } = self;
        async move {
            tokio::select! {
                batch = orders.next() => batch,
                changed = alarms.changed(), if *alarms_open => match changed {
                    Ok(()) => Some(vec![alarms_message(&alarms.borrow_and_update(), clock.now())]),
                    Err(_) => {
                        *alarms_open = false;
                        Some(Vec::new())
                    }
                },
                changed = outage.changed(), if *outage_open => match changed {
                    Ok(()) => {
                        let message = json!({
                            "type": "tse",
                            "outage": outage_json(outage.borrow_and_update().as_ref()),
                        });
                        Some(vec![message.to_string()])
                    }
                    Err(_) => {
                        *outage_open = false;
                        Some(Vec::new())
                    }
                },
            }
        }
    }
}

/// The token from the board's first message, `{"token": "…"}`.
fn token_of(message: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(message).ok()?;
    value["token"].as_str().map(str::to_string)
}

async fn board_session(state: AppState, socket: WebSocketStream, _slot: SocketSlot) {
    let (mut sink, mut incoming) = socket.split();
    let first = tokio::time::timeout(SIGN_IN_WITHIN, incoming.next()).await;
    let token = match first {
        Ok(Some(Ok(Message::Text(text)))) => token_of(&text),
        _ => None,
    };
    let admin = match token {
        Some(token) => user_of_token(&state, &token).await.ok(),
        None => None,
    };
    if !admin.is_some_and(|user| user.role.is_restaurant()) {
        let detail = "Please log in again as the restaurant's owner or staff to see the orders.";
        let _ = sink.send(Message::Text(error_message(detail))).await;
        let _ = sink.close().await;
        return;
    }
    let clock = state.shop.clock();
    let liveness = Liveness::of(&state);
    // Subscribe before reading, so no order placed (or printer failing) in between is
    // missed.
    let changes = state.shop.order_changes();
    let alarms = state.shop.printing().watch_alarms();
    let outage = state.shop.watch_tse_outage();
    let waiting_limit = state.config.orders.max_waiting;
    // The first page of the open orders (the board loads the others as asked).
    let snapshot = |state: AppState| async move {
        let page = state
            .shop
            .db()
            .open_orders_page(None, DEFAULT_PAGE_SIZE)
            .await
            .ok()?;
        let mut message = open_orders_view(&page, waiting_limit).to_json()?;
        message["type"] = json!("snapshot");
        message["printer_alarms"] = json!(state.shop.printing().alarms());
        message["tse_outage"] = outage_json(state.shop.watch_tse_outage().borrow().as_ref());
        message["server_time"] = json!(state.shop.clock().now());
        Some(vec![message.to_string()])
    };
    let Some(first) = snapshot(state.clone()).await else {
        return;
    };
    for message in first {
        if sink.send(Message::Text(message)).await.is_err() {
            return;
        }
    }
    let db = state.shop.db().clone();
    let orders = OrderUpdates {
        changes,
        render: move |order: Arc<Order>| {
            let db = db.clone();
            async move {
                let waiting = db.waiting_orders().await.ok();
                Some(admin_message(&order, clock.now(), waiting, waiting_limit))
            }
        },
        resync: move || snapshot(state.clone()),
        pending: None,
        behind: false,
    };
    let updates = BoardUpdates {
        orders,
        alarms,
        alarms_open: true,
        outage,
        outage_open: true,
        clock,
    };
    follow(liveness, sink, incoming, updates).await;
}

async fn customer_session(
    state: AppState,
    order: Order,
    socket: WebSocketStream,
    _slot: SocketSlot,
) {
    let (mut sink, incoming) = socket.split();
    let changes = state.shop.order_changes();
    // Read again after subscribing: a change made meanwhile is not lost.
    let current = state
        .shop
        .db()
        .order(order.id)
        .await
        .ok()
        .flatten()
        .unwrap_or(order);
    if sink
        .send(Message::Text(customer_message(&current)))
        .await
        .is_err()
    {
        return;
    }
    let id = current.id;
    let db = state.shop.db().clone();
    let updates = OrderUpdates {
        changes,
        render: move |changed: Arc<Order>| {
            std::future::ready((changed.id == id).then(|| customer_message(&changed)))
        },
        resync: move || {
            let db = db.clone();
            async move {
                let order = db.order(id).await.ok().flatten()?;
                Some(vec![customer_message(&order)])
            }
        },
        pending: None,
        behind: false,
    };
    follow(Liveness::of(&state), sink, incoming, updates).await;
}

#[OpenApi]
impl LiveOrdersApi {
    /// Live status of one order (WebSocket), for the customer holding its link:
    /// `{ "type": "order", "order": … }` on connect and after every change.
    #[oai(path = "/ws/orders/:token", method = "get")]
    async fn order_updates(
        &self,
        #[oai(name = "token")] token: Path<String>,
        websocket: WebSocket,
        headers: &HeaderMap,
        remote: &RemoteAddr,
    ) -> Result<Upgrade, ApiError> {
        let slot = admit_socket(&self.state, headers, remote, SocketKind::OrderStatus)?;
        let order = order_by_token(&self.state, token.0).await?;
        let state = self.state.clone();
        Ok(upgrade(websocket, slot, move |socket, slot| {
            customer_session(state, order, socket, slot)
        }))
    }

    /// The restaurant's live orders (WebSocket). Send `{ "token": "<admin token>" }`
    /// first; then `{ "type": "snapshot", "orders": […], "next_after": …, "waiting": …,
    /// "waiting_limit": …, "printer_alarms": […] }` (the first page of
    /// `GET /admin/orders/open`), `{ "type": "order", "order": …, "waiting": …,
    /// "waiting_limit": … }` for every new or changed order and
    /// `{ "type": "printers", "alarms": […] }` whenever a printer fails or recovers.
    #[oai(path = "/ws/admin/orders", method = "get")]
    async fn board_updates(
        &self,
        websocket: WebSocket,
        headers: &HeaderMap,
        remote: &RemoteAddr,
    ) -> Result<Upgrade, ApiError> {
        let slot = admit_socket(&self.state, headers, remote, SocketKind::Board)?;
        let state = self.state.clone();
        Ok(upgrade(websocket, slot, move |socket, slot| {
            board_session(state, socket, slot)
        }))
    }
}
