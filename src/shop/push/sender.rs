//! Sends the queued notifications, one at a time, each encrypted for its browser
//! (RFC 8291, `aes128gcm`) and signed for its push service (VAPID). A push service that
//! says the subscription is gone (404, 410) has it removed; any other failure is
//! logged and the notification dropped: a notification is a courtesy, the status page
//! and the mail carry the news too.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::{PushJob, PushTarget, WebPush};
use crate::db::Db;
use crate::domain::push::{PushServices, PushSubscription, origin_of};

/// How long one push service may take to answer.
const TIMEOUT: Duration = Duration::from_secs(10);

/// What became of one notification.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Delivery {
    Sent,
    /// The browser unsubscribed or the subscription expired.
    Gone,
    Failed(String),
}

pub(super) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(TIMEOUT)
        // The endpoint was checked against the push services; a redirect could lead
        // anywhere.
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap_or_default()
}

/// The encrypted body of a notification for `subscription`.
fn encrypt(subscription: &PushSubscription, payload: &[u8]) -> Result<Vec<u8>, String> {
    let key = URL_SAFE_NO_PAD
        .decode(&subscription.p256dh)
        .map_err(|error| error.to_string())?;
    let public = p256::PublicKey::from_sec1_bytes(&key)
        .map_err(|_| "the browser's key is not a P-256 point".to_string())?;
    let auth = URL_SAFE_NO_PAD
        .decode(&subscription.auth)
        .map_err(|error| error.to_string())?;
    if auth.len() != 16 {
        return Err("the browser's secret is not 16 bytes".into());
    }
    let auth = web_push_native::Auth::clone_from_slice(&auth);
    web_push_native::encrypt(payload.to_vec(), &public, &auth).map_err(|error| error.to_string())
}

impl WebPush {
    /// Posts one notification to its push service.
    pub(super) async fn deliver(
        &self,
        job: &PushJob,
        services: &PushServices,
        now: i64,
    ) -> Delivery {
        let subscription = &job.subscription;
        // The list may have shrunk since the browser subscribed.
        if !services.allows(&subscription.endpoint) {
            return Delivery::Failed(format!(
                "{} is not one of the push services",
                origin_of(&subscription.endpoint).unwrap_or_default()
            ));
        }
        let payload = match serde_json::to_vec(&job.message) {
            Ok(payload) => payload,
            Err(error) => return Delivery::Failed(error.to_string()),
        };
        let body = match encrypt(subscription, &payload) {
            Ok(body) => body,
            Err(error) => return Delivery::Failed(error),
        };
        let audience = origin_of(&subscription.endpoint).unwrap_or_default();
        let answer = self
            .client
            .post(&subscription.endpoint)
            .header("TTL", job.ttl_seconds.to_string())
            .header("Urgency", "high")
            .header("Topic", &job.message.tag)
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header(
                "Authorization",
                self.vapid.authorization(audience, &self.contact, now),
            )
            .body(body)
            .send()
            .await;
        match answer {
            Ok(answer) if answer.status().is_success() => Delivery::Sent,
            Ok(answer) if matches!(answer.status().as_u16(), 404 | 410) => Delivery::Gone,
            Ok(answer) => {
                Delivery::Failed(format!("the push service answered {}", answer.status()))
            }
            Err(error) => Delivery::Failed(error.to_string()),
        }
    }
}

/// Forgets a subscription its push service says is gone.
async fn forget(db: &Db, job: &PushJob) {
    let endpoint = job.subscription.endpoint.clone();
    let removed = match job.target {
        PushTarget::Order(order_id) => db.unfollow_order_by_push(order_id, Some(endpoint)).await,
        PushTarget::Staff => db.remove_staff_push(endpoint, None).await,
    };
    if let Err(error) = removed {
        tracing::warn!(%error, "could not remove a Web Push subscription that is gone");
    }
}

/// Sends what is queued until `finishing` turns true.
pub(super) fn spawn(
    push: std::sync::Arc<WebPush>,
    mut queue: mpsc::Receiver<PushJob>,
    db: Db,
    services: PushServices,
    mut finishing: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let job = tokio::select! {
                job = queue.recv() => job,
                _ = finishing.wait_for(|finishing| *finishing) => None,
            };
            let Some(job) = job else { break };
            // The token's expiry is read by the push service's clock: the real time,
            // whatever the shop's own clock says.
            let now = crate::auth::tokens::unix_now() as i64;
            match push.deliver(&job, &services, now).await {
                Delivery::Sent => {}
                Delivery::Gone => forget(&db, &job).await,
                Delivery::Failed(reason) => {
                    tracing::warn!(%reason, tag = %job.message.tag, "a Web Push notification was not delivered");
                }
            }
        }
    })
}
