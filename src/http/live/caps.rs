//! Caps on open live sockets: in all (503 beyond it) and per client address (429), so
//! one visitor cannot take the sockets every other visitor's page needs.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

pub struct SocketCaps {
    total: usize,
    per_ip: usize,
    open: Mutex<OpenSockets>,
}

#[derive(Default)]
struct OpenSockets {
    total: usize,
    by_ip: HashMap<IpAddr, usize>,
    /// By [`SocketKind::ALL`], for `/metrics`.
    by_kind: [usize; 3],
}

/// What a live socket follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SocketKind {
    /// The restaurant's orders board.
    Board,
    /// One order's status page.
    OrderStatus,
    /// The storefront's open/closed status.
    StoreStatus,
}

impl SocketKind {
    pub const ALL: [SocketKind; 3] = [
        SocketKind::Board,
        SocketKind::OrderStatus,
        SocketKind::StoreStatus,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SocketKind::Board => "board",
            SocketKind::OrderStatus => "order_status",
            SocketKind::StoreStatus => "store_status",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SocketRefusal {
    /// The server holds as many sockets as it may.
    Full,
    /// This address holds as many sockets as one address may.
    TooManyFromAddress,
}

/// A socket's place in the counts; released when dropped.
pub struct SocketSlot {
    caps: Arc<SocketCaps>,
    ip: IpAddr,
    kind: SocketKind,
}

impl SocketCaps {
    pub fn new(total: usize, per_ip: usize) -> Arc<SocketCaps> {
        Arc::new(SocketCaps {
            total,
            per_ip,
            open: Mutex::new(OpenSockets::default()),
        })
    }

    pub fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        kind: SocketKind,
    ) -> Result<SocketSlot, SocketRefusal> {
        let mut open = self.open();
        if open.total >= self.total {
            return Err(SocketRefusal::Full);
        }
        let from_ip = open.by_ip.entry(ip).or_insert(0);
        if *from_ip >= self.per_ip {
            return Err(SocketRefusal::TooManyFromAddress);
        }
        *from_ip += 1;
        open.total += 1;
        open.by_kind[kind as usize] += 1;
        Ok(SocketSlot {
            caps: Arc::clone(self),
            ip,
            kind,
        })
    }

    /// The sockets open now, by [`SocketKind::ALL`].
    pub fn open_by_kind(&self) -> [usize; 3] {
        self.open().by_kind
    }

    fn open(&self) -> std::sync::MutexGuard<'_, OpenSockets> {
        self.open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self.caps.open();
        open.total = open.total.saturating_sub(1);
        let of_kind = &mut open.by_kind[self.kind as usize];
        *of_kind = of_kind.saturating_sub(1);
        if let Some(count) = open.by_ip.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.by_ip.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_and_the_whole_server_have_a_cap() {
        let caps = SocketCaps::new(3, 2);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = caps.admit(a, SocketKind::Board).unwrap();
        let _second = caps.admit(a, SocketKind::Board).unwrap();
        assert_eq!(
            caps.admit(a, SocketKind::Board).err(),
            Some(SocketRefusal::TooManyFromAddress)
        );
        let _third = caps.admit(b, SocketKind::StoreStatus).unwrap();
        assert_eq!(
            caps.admit(b, SocketKind::StoreStatus).err(),
            Some(SocketRefusal::Full)
        );
        drop(first);
        assert_eq!(caps.open_by_kind(), [1, 0, 1]);
        let again = caps.admit(a, SocketKind::Board);
        assert!(again.is_ok(), "a closed socket frees its place");
        assert_eq!(caps.open_by_kind(), [2, 0, 1]);
        drop(again);
        assert_eq!(caps.open_by_kind(), [1, 0, 1]);
    }
}
