//! Online orders per client address and per contact (phone number, e-mail address,
//! account): a flood of orders from one place, or in one name, is refused with 429 and
//! `Retry-After` before anything is priced, charged or mailed. Staff's phone orders do
//! not pass here. The allowances are `limits.orders_per_ip` (then one per 30 s) and
//! `limits.orders_per_contact` (then one per 10 minutes).

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::config::Limits;
use crate::http::middleware::throttle::ClientBuckets;

const CLIENT_REFILL: Duration = Duration::from_secs(30);
const CONTACT_REFILL: Duration = Duration::from_secs(10 * 60);

pub struct OrderThrottle {
    clients: ClientBuckets,
    contacts: ClientBuckets<String>,
}

/// Who an order is for, as the throttle counts it.
pub enum Contact<'a> {
    Account(u64),
    Phone(&'a str),
    Email(&'a str),
}

impl Contact<'_> {
    fn key(&self) -> String {
        match self {
            Contact::Account(id) => format!("account:{id}"),
            Contact::Phone(phone) => format!(
                "phone:{}",
                phone
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect::<String>()
            ),
            Contact::Email(email) => format!("email:{}", email.trim().to_lowercase()),
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            Contact::Account(_) => false,
            Contact::Phone(phone) => !phone.chars().any(|c| c.is_ascii_digit()),
            Contact::Email(email) => email.trim().is_empty(),
        }
    }
}

impl OrderThrottle {
    pub fn new(limits: &Limits) -> OrderThrottle {
        OrderThrottle {
            clients: ClientBuckets::new(limits.orders_per_ip, CLIENT_REFILL),
            contacts: ClientBuckets::new(limits.orders_per_contact, CONTACT_REFILL),
        }
    }

    /// Takes one order from the client's allowance and from each contact's; `Some(wait)`
    /// when one of them is used up (the others are not charged for the refused order).
    pub fn take(&self, client: IpAddr, contacts: &[Contact], now: Instant) -> Option<Duration> {
        let keys: Vec<String> = contacts
            .iter()
            .filter(|contact| !contact.is_empty())
            .map(Contact::key)
            .collect();
        let wait = keys
            .iter()
            .filter_map(|key| self.contacts.wait(key.clone(), now))
            .chain(self.clients.wait(client, now))
            .max();
        if wait.is_some() {
            return wait;
        }
        // Two orders at the same instant may both pass the check above; `take` keeps
        // the client's count exact, the contacts' may go one over.
        if let Some(wait) = self.clients.take(client, now) {
            return Some(wait);
        }
        for key in keys {
            self.contacts.spend(key, now);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throttle(per_ip: u32, per_contact: u32) -> OrderThrottle {
        OrderThrottle {
            clients: ClientBuckets::new(per_ip, CLIENT_REFILL),
            contacts: ClientBuckets::new(per_contact, CONTACT_REFILL),
        }
    }

    #[test]
    fn one_address_and_one_phone_get_their_allowance_then_wait() {
        let throttle = throttle(3, 2);
        let now = Instant::now();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let anna = [
            Contact::Phone("0171 1234567"),
            Contact::Email("Anna@Example.com"),
        ];
        assert_eq!(throttle.take(a, &anna, now), None);
        assert_eq!(throttle.take(b, &anna, now), None);
        // The same phone written otherwise, from a third address: its allowance is used.
        let wait = throttle
            .take(
                "192.0.2.3".parse().unwrap(),
                &[Contact::Phone("01711234567")],
                now,
            )
            .expect("the phone waits");
        assert!(wait > Duration::from_secs(9 * 60) && wait <= CONTACT_REFILL);
        let wait = throttle
            .take(b, &[Contact::Email("anna@example.com ")], now)
            .expect("the e-mail waits");
        assert!(wait <= CONTACT_REFILL);
        // Address a: two more orders in other names, then it waits.
        assert_eq!(throttle.take(a, &[Contact::Account(7)], now), None);
        assert_eq!(throttle.take(a, &[Contact::Account(8)], now), None);
        let wait = throttle
            .take(a, &[Contact::Account(9)], now)
            .expect("the address waits");
        assert!(wait <= CLIENT_REFILL);
        assert_eq!(
            throttle.take(a, &[Contact::Account(9)], now + CLIENT_REFILL),
            None,
            "refilled; account 9 was not charged for the refused order"
        );
        // An empty phone is nobody's.
        assert_eq!(throttle.take(b, &[Contact::Phone("")], now), None);
    }
}
