//! Caps on open TCP connections: in all, and per client address. At the total cap the
//! listener stops accepting until a connection closes (new clients wait in the
//! kernel's queue; the header timeout frees stalled connections within seconds). An
//! address over its own cap gets a few connections answered 503 and then none at all,
//! so one client can neither take every connection nor make the server work for it.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Connections of an address over its cap that are still answered (503) rather than
/// closed unanswered.
const REFUSALS_PER_IP: usize = 16;
/// Descriptors kept free for the database, the control socket, mail and PayPal.
const RESERVED_FILES: usize = 64;
/// How long to wait after `accept` failed (e.g. out of descriptors) before trying again.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

pub struct ConnectionLimits {
    total: Arc<Semaphore>,
    per_ip: usize,
    /// Reverse proxies: every client behind one shares its address.
    exempt: Vec<IpAddr>,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// What to do with an accepted connection.
pub enum Admission {
    Serve(ConnectionSlot),
    /// Over its address's cap: answer 503 and close.
    Refuse(ConnectionSlot),
}

/// A connection's place in the counts; released when dropped.
pub struct ConnectionSlot {
    limits: Arc<ConnectionLimits>,
    ip: IpAddr,
    _total: OwnedSemaphorePermit,
}

impl ConnectionLimits {
    pub fn new(total: usize, per_ip: usize, exempt: Vec<IpAddr>) -> Arc<ConnectionLimits> {
        Arc::new(ConnectionLimits {
            total: Arc::new(Semaphore::new(total)),
            per_ip,
            exempt,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// Waits until a connection may be accepted.
    async fn room(&self) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.total).acquire_owned().await.ok()
    }

    /// Counts a connection from `ip` in; `None` when it is to be closed unanswered.
    fn admit(self: &Arc<Self>, ip: IpAddr, total: OwnedSemaphorePermit) -> Option<Admission> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let count = open.entry(ip).or_insert(0);
        let serve = *count < self.per_ip || self.exempt.contains(&ip);
        if !serve && *count >= self.per_ip + REFUSALS_PER_IP {
            return None;
        }
        *count += 1;
        let slot = ConnectionSlot {
            limits: Arc::clone(self),
            ip,
            _total: total,
        };
        Some(if serve {
            Admission::Serve(slot)
        } else {
            Admission::Refuse(slot)
        })
    }

    /// The next connection the caps let in: waits while the total cap is reached,
    /// closes those of an address far over its cap, and backs off when `accept` fails
    /// (out of descriptors) instead of spinning.
    pub async fn accept(
        self: &Arc<Self>,
        listener: &TcpListener,
    ) -> (TcpStream, SocketAddr, Admission) {
        loop {
            let Some(room) = self.room().await else {
                // The semaphore is never closed; wait rather than spin all the same.
                std::future::pending::<()>().await;
                continue;
            };
            match listener.accept().await {
                Ok((tcp, remote)) => {
                    if let Some(admission) = self.admit(remote.ip(), room) {
                        return (tcp, remote, admission);
                    }
                    tracing::debug!(%remote, "connection closed: too many from this address");
                }
                Err(error) => {
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(ACCEPT_RETRY).await;
                }
            }
        }
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self
            .limits
            .open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// The connection cap the process can keep: `wanted`, or less when the open-files
/// limit would be reached first (then accepting would fail instead of waiting).
pub fn fit_to_open_files(wanted: usize) -> usize {
    match open_files_limit() {
        Some(files) if files < wanted + RESERVED_FILES => {
            let fitted = files.saturating_sub(RESERVED_FILES).max(16);
            tracing::info!(
                wanted,
                open_files = files,
                connections = fitted,
                "connections capped below the open-files limit (systemd: LimitNOFILE)"
            );
            fitted
        }
        _ => wanted,
    }
}

/// The soft limit on open files, from `/proc/self/limits` (Linux).
fn open_files_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn permit(limits: &ConnectionLimits) -> OwnedSemaphorePermit {
        Arc::clone(&limits.total).try_acquire_owned().unwrap()
    }

    #[test]
    fn an_address_over_its_cap_is_refused_then_dropped_and_others_still_get_in() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let limits = ConnectionLimits::new(100, 2, vec![proxy]);
        let busy: IpAddr = "192.0.2.1".parse().unwrap();
        let mut held = Vec::new();
        for _ in 0..2 {
            held.push(limits.admit(busy, permit(&limits)).unwrap());
            assert!(matches!(held.last(), Some(Admission::Serve(_))));
        }
        for _ in 0..REFUSALS_PER_IP {
            held.push(limits.admit(busy, permit(&limits)).unwrap());
            assert!(matches!(held.last(), Some(Admission::Refuse(_))));
        }
        assert!(limits.admit(busy, permit(&limits)).is_none());
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        assert!(matches!(
            limits.admit(other, permit(&limits)),
            Some(Admission::Serve(_))
        ));
        for _ in 0..5 {
            held.push(limits.admit(proxy, permit(&limits)).unwrap());
            assert!(
                matches!(held.last(), Some(Admission::Serve(_))),
                "proxies are exempt"
            );
        }
        held.clear();
        assert!(matches!(
            limits.admit(busy, permit(&limits)),
            Some(Admission::Serve(_))
        ));
        assert!(
            limits.open.lock().unwrap().len() <= 1,
            "counts are released"
        );
    }

    #[test]
    fn the_open_files_limit_is_read() {
        if cfg!(target_os = "linux") {
            assert!(open_files_limit().is_some_and(|files| files > 0));
        }
        assert_eq!(fit_to_open_files(10), 10, "far below any open-files limit");
    }
}
