//! Web Push: the browsers that subscribe (a customer on the order's status page, staff
//! on the orders board), and the notifications the shop sends them when an order is
//! answered, moves on or ends, and when a new order arrives. Notifications wait in a
//! bounded queue for one sender (`sender.rs`), so a slow push service never delays an
//! answer; when the queue is full the notification is dropped and logged.

mod sender;
pub mod vapid;

use std::sync::{Arc, Mutex};

use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::Shop;
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::order::{Order, OrderSource, OrderStatus};
use crate::domain::push::{
    PushLanguage, PushMessage, PushSubscription, StaffPush, SubscriptionRefusal, customer_message,
    new_order_message,
};
use crate::domain::user::User;
use crate::startup_error::StartupError;
use vapid::VapidKey;

/// How many notifications may wait for the sender.
const QUEUE: usize = 512;
/// How long a push service keeps a notification for a browser that is offline: news of
/// an order is stale after an hour, a new order after ten minutes (it is answered on
/// the board by then, or rejected).
const CUSTOMER_TTL_SECONDS: u32 = 60 * 60;
const STAFF_TTL_SECONDS: u32 = 10 * 60;

/// Whose subscription a notification goes to (to forget it when it is gone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PushTarget {
    Order(u64),
    Staff,
}

#[derive(Debug, Clone)]
pub(super) struct PushJob {
    subscription: PushSubscription,
    message: PushMessage,
    target: PushTarget,
    ttl_seconds: u32,
}

pub struct WebPush {
    vapid: VapidKey,
    /// The VAPID `sub`.
    contact: String,
    client: reqwest::Client,
    queue: mpsc::Sender<PushJob>,
    /// Taken by the sender when the background work starts.
    waiting: Mutex<Option<mpsc::Receiver<PushJob>>>,
}

impl WebPush {
    /// Web Push with the key from the data directory (made on first start); `None`
    /// when `push.services` is empty.
    pub(super) fn open(config: &crate::config::Config) -> Result<Option<WebPush>, StartupError> {
        if config.push.services.is_empty() {
            return Ok(None);
        }
        let vapid = VapidKey::load_or_create(&config.data_dir)
            .map_err(|error| StartupError::Serve(error.to_string()))?;
        let contact = if !config.push.contact.is_empty() {
            config.push.contact.clone()
        } else if let Some(origin) = &config.public_origin {
            origin.clone()
        } else {
            config
                .smtp
                .as_ref()
                .and_then(|smtp| mail_address(&smtp.from))
                .map(|address| format!("mailto:{address}"))
                .unwrap_or_else(|| "mailto:webpush@heimservice.invalid".to_string())
        };
        let (queue, waiting) = mpsc::channel(QUEUE);
        Ok(Some(WebPush {
            vapid,
            contact,
            client: sender::client(),
            queue,
            waiting: Mutex::new(Some(waiting)),
        }))
    }

    fn enqueue(&self, job: PushJob) {
        if let Err(error) = self.queue.try_send(job) {
            tracing::warn!(%error, "a Web Push notification was dropped: the queue is full");
        }
    }
}

/// `Name <a@b.example>` or `a@b.example` → `a@b.example`.
fn mail_address(from: &str) -> Option<String> {
    let address = match (from.find('<'), from.rfind('>')) {
        (Some(start), Some(end)) if start < end => &from[start + 1..end],
        _ => from,
    };
    let address = address.trim();
    address.contains('@').then(|| address.to_string())
}

fn push_off() -> Refusal {
    Refusal::new(
        ErrorStatus::NotFound,
        ErrorCode::PushOff,
        "This shop sends no push notifications.",
    )
}

fn refused(refusal: SubscriptionRefusal) -> Refusal {
    match refusal {
        SubscriptionRefusal::Invalid(field, problem) => Refusal::invalid(field, problem),
        SubscriptionRefusal::UnknownService(origin) => Refusal::new(
            ErrorStatus::BadRequest,
            ErrorCode::PushServiceUnknown,
            format!("{origin} is not a push service this shop sends to."),
        )
        .on_field("endpoint"),
    }
}

/// What a browser sends to subscribe.
#[derive(Debug, Clone)]
pub struct SubscriptionRequest {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub language: PushLanguage,
}

impl Shop {
    fn web_push(&self) -> Result<&WebPush, Refusal> {
        self.push.as_deref().ok_or_else(push_off)
    }

    fn subscription(&self, request: SubscriptionRequest) -> Result<PushSubscription, Refusal> {
        PushSubscription::new(
            request.endpoint,
            request.p256dh,
            request.auth,
            request.language,
            &self.config.push.services,
            self.clock.now().timestamp(),
        )
        .map_err(refused)
    }

    /// The public half of the shop's VAPID key, for the browser's `subscribe`.
    pub fn push_public_key(&self) -> Result<String, Refusal> {
        Ok(self.web_push()?.vapid.public_key().to_string())
    }

    /// A customer's browser follows the order behind `order`'s status link, until it
    /// ends.
    pub async fn follow_order_by_push(
        &self,
        order: &Order,
        request: SubscriptionRequest,
    ) -> Result<(), super::ShopError> {
        self.web_push()?;
        if !order.status.is_open() {
            return Err(Refusal::new(
                ErrorStatus::Conflict,
                ErrorCode::PushOrderEnded,
                "The order has ended: there is nothing more to tell about it.",
            )
            .into());
        }
        let subscription = self.subscription(request)?;
        self.db.follow_order_by_push(order.id, subscription).await?;
        Ok(())
    }

    /// A browser stops following an order.
    pub async fn unfollow_order_by_push(
        &self,
        order: &Order,
        endpoint: String,
    ) -> Result<(), super::ShopError> {
        if !self
            .db
            .unfollow_order_by_push(order.id, Some(endpoint))
            .await?
        {
            return Err(Refusal::new(
                ErrorStatus::NotFound,
                ErrorCode::PushSubscriptionNotFound,
                "This browser does not follow the order.",
            )
            .into());
        }
        Ok(())
    }

    /// A staff member's browser hears of new orders.
    pub async fn add_board_push(
        &self,
        user: &User,
        request: SubscriptionRequest,
    ) -> Result<(), super::ShopError> {
        self.web_push()?;
        let subscription = self.subscription(request)?;
        self.db
            .add_staff_push(StaffPush {
                user_id: user.id,
                subscription,
            })
            .await?;
        Ok(())
    }

    /// A staff member's browser stops hearing of new orders.
    pub async fn remove_board_push(
        &self,
        user: &User,
        endpoint: String,
    ) -> Result<(), super::ShopError> {
        if !self.db.remove_staff_push(endpoint, Some(user.id)).await? {
            return Err(Refusal::new(
                ErrorStatus::NotFound,
                ErrorCode::PushSubscriptionNotFound,
                "This browser does not get the board's notifications.",
            )
            .into());
        }
        Ok(())
    }

    /// Tells the browsers following `order` what changed (when it is news to the
    /// customer); when the order ended, they follow it no more.
    pub(super) fn push_order_news(&self, order: &Order) {
        let Some(push) = self.push.clone() else {
            return;
        };
        let shop = self.clone();
        let order = order.clone();
        tokio::spawn(async move {
            let subscriptions = match shop.db.order_push_subscriptions(order.id).await {
                Ok(subscriptions) => subscriptions,
                Err(error) => {
                    tracing::warn!(%error, "could not read who follows an order");
                    return;
                }
            };
            if subscriptions.is_empty() {
                return;
            }
            let time = (order.status == OrderStatus::Accepted)
                .then_some(order.estimated_ready_at)
                .flatten()
                .map(|at| {
                    match super::order_mail::promised_time(
                        at,
                        shop.clock.now(),
                        shop.config.timezone,
                    ) {
                        (Some(date), time) => format!("{date} {time}"),
                        (None, time) => time,
                    }
                });
            let status_url = format!("orders/{}", order.token);
            for subscription in subscriptions {
                let Some(message) = customer_message(
                    &order,
                    &shop.config.brand,
                    subscription.language,
                    time.as_deref(),
                    &status_url,
                ) else {
                    continue;
                };
                push.enqueue(PushJob {
                    subscription,
                    message,
                    target: PushTarget::Order(order.id),
                    ttl_seconds: CUSTOMER_TTL_SECONDS,
                });
            }
            if !order.status.is_open()
                && let Err(error) = shop.db.unfollow_order_by_push(order.id, None).await
            {
                tracing::warn!(%error, "could not forget who followed an ended order");
            }
        });
    }

    /// Tells the staff's browsers of a new online order (one taken on the phone is
    /// already on the board of whoever took it).
    pub(super) fn push_new_order(&self, order: &Order) {
        let Some(push) = self.push.clone() else {
            return;
        };
        if order.source != OrderSource::Online {
            return;
        }
        let shop = self.clone();
        let order = order.clone();
        tokio::spawn(async move {
            let staff = match shop.db.staff_pushes().await {
                Ok(staff) => staff,
                Err(error) => {
                    tracing::warn!(%error, "could not read the board's push subscriptions");
                    return;
                }
            };
            for StaffPush {
                user_id,
                subscription,
            } in staff
            {
                // An account removed or made a customer hears nothing more.
                match shop.db.user(user_id).await {
                    Ok(Some(user)) if user.role.is_restaurant() => {}
                    Ok(_) => {
                        let _ = shop
                            .db
                            .remove_staff_push(subscription.endpoint.clone(), None)
                            .await;
                        continue;
                    }
                    Err(_) => continue,
                }
                let message = new_order_message(&order, subscription.language, "admin/home");
                push.enqueue(PushJob {
                    subscription,
                    message,
                    target: PushTarget::Staff,
                    ttl_seconds: STAFF_TTL_SECONDS,
                });
            }
        });
    }
}

/// Starts the sender (once; `None` without Web Push or when it runs already).
pub(super) fn spawn(shop: &Shop, finishing: watch::Receiver<bool>) -> Option<JoinHandle<()>> {
    let push = Arc::clone(shop.push.as_ref()?);
    let queue = push.waiting.lock().ok()?.take()?;
    Some(sender::spawn(
        push,
        queue,
        shop.db.clone(),
        shop.config.push.services.clone(),
        finishing,
    ))
}

#[cfg(test)]
mod tests {
    use super::mail_address;

    #[test]
    fn the_contact_is_the_senders_address() {
        assert_eq!(
            mail_address("Bella Napoli <bestellung@bella.example>").as_deref(),
            Some("bestellung@bella.example")
        );
        assert_eq!(mail_address("a@b.example").as_deref(), Some("a@b.example"));
        assert_eq!(mail_address("nobody"), None);
    }
}
