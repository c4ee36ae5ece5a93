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
}

impl SocketCaps {
    pub fn new(total: usize, per_ip: usize) -> Arc<SocketCaps> {
        Arc::new(SocketCaps {
            total,
            per_ip,
            open: Mutex::new(OpenSockets::default()),
        })
    }

    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<SocketSlot, SocketRefusal> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if open.total >= self.total {
            return Err(SocketRefusal::Full);
        }
        let from_ip = open.by_ip.entry(ip).or_insert(0);
        if *from_ip >= self.per_ip {
            return Err(SocketRefusal::TooManyFromAddress);
        }
        *from_ip += 1;
        open.total += 1;
        Ok(SocketSlot {
            caps: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self
            .caps
            .open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        open.total = open.total.saturating_sub(1);
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
        let first = caps.admit(a).unwrap();
        let _second = caps.admit(a).unwrap();
        assert_eq!(caps.admit(a).err(), Some(SocketRefusal::TooManyFromAddress));
        let _third = caps.admit(b).unwrap();
        assert_eq!(caps.admit(b).err(), Some(SocketRefusal::Full));
        drop(first);
        assert!(caps.admit(a).is_ok(), "a closed socket frees its place");
    }
}
