//! The restaurant's customers as their orders show them. Everyone who ordered is one
//! customer: a registered customer by their account, a guest (online or on the phone)
//! by their phone number, else by their e-mail address, so a guest's orders under the
//! same number are one customer. The database keeps one record per customer, changed
//! in the transaction of each of their orders (`db/customer_index.rs`); this module
//! decides what a record holds, which of its words are searched, and what a search
//! means.
//!
//! What a customer's figures count: `orders` and `total_cents` are their orders not
//! rejected (a rejected order's payment is refunded), the same rule as the day's
//! revenue (`Order::is_sale`); `rejected` counts the others. An anonymised order (see
//! `erasure`) belongs to nobody any more: it leaves its customer's figures and list,
//! and a customer without orders leaves the index.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::error::{ErrorCode, ErrorStatus, PublicError};
use super::order::{Order, OrderType};

/// The longest search text accepted.
pub const MAX_SEARCH_CHARS: usize = 100;
/// The words of a name that are searched (a name has at most 100 characters).
const MAX_NAME_WORDS: usize = 8;

/// The key the customer of `order` is kept under: `user:<id>`, `phone:<number>` (see
/// [`phone_key`]) or `email:<address>`; `None` for an anonymised order.
pub fn customer_key(order: &Order) -> Option<String> {
    if order.anonymised_at.is_some() {
        return None;
    }
    if let Some(user_id) = order.user_id {
        return Some(format!("user:{user_id}"));
    }
    let phone = phone_key(&order.customer.phone);
    if !phone.is_empty() {
        return Some(format!("phone:{phone}"));
    }
    let email = order.customer.email.trim().to_lowercase();
    (!email.is_empty()).then(|| format!("email:{email}"))
}

/// A phone number as it is compared: its digits, with a leading `+` (or `00`) kept as
/// `+`; a German number written internationally (`+49 30 …`, `0049 30 …`) is the
/// national one (`030 …`), so the caller is the same whichever way it was typed.
pub fn phone_key(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let international = if phone.trim_start().starts_with('+') {
        Some(digits.as_str())
    } else {
        digits.strip_prefix("00")
    };
    match international {
        Some(rest) => match rest.strip_prefix("49") {
            Some(national) => format!("0{national}"),
            None => format!("+{rest}"),
        },
        None => digits,
    }
}

/// The words of a name as they are searched: lower case, the common accents and
/// umlauts taken off (`Müller` is `muller`, `Groß` is `gross`), split at anything
/// that is not a letter or digit.
pub fn search_words(text: &str) -> Vec<String> {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ą' => folded.push('a'),
            'æ' => folded.push_str("ae"),
            'ç' | 'ć' | 'č' => folded.push('c'),
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => folded.push('e'),
            'ì' | 'í' | 'î' | 'ï' | 'ı' => folded.push('i'),
            'ł' => folded.push('l'),
            'ñ' | 'ń' | 'ň' => folded.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ő' => folded.push('o'),
            'œ' => folded.push_str("oe"),
            'ř' => folded.push('r'),
            'ß' => folded.push_str("ss"),
            'ś' | 'š' | 'ş' => folded.push('s'),
            'ù' | 'ú' | 'û' | 'ü' | 'ů' | 'ű' => folded.push('u'),
            'ý' | 'ÿ' => folded.push('y'),
            'ź' | 'ż' | 'ž' => folded.push('z'),
            c if c.is_alphanumeric() => folded.push(c),
            _ => folded.push(' '),
        }
    }
    folded.split_whitespace().map(str::to_string).collect()
}

/// The customer's newest order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastOrder {
    pub id: u64,
    pub number: u32,
    pub created_at: DateTime<Utc>,
    pub business_date: NaiveDate,
}

/// The address of the customer's newest delivery, for the next one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomerAddress {
    /// The order it is taken from.
    pub order_id: u64,
    pub line1: String,
    pub zip: String,
    pub city: String,
    #[serde(default)]
    pub notes: String,
}

/// One customer: who they are by their newest order, and their figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomerRecord {
    /// Given by the index; a customer who leaves it and orders again gets a new one.
    pub id: u64,
    /// See [`customer_key`].
    pub key: String,
    /// The account, for a registered customer.
    pub user_id: Option<u64>,
    /// Name and phone as the newest order has them.
    pub name: String,
    pub phone: String,
    /// The e-mail address of the newest order that had one.
    pub email: String,
    /// The order the e-mail address is taken from.
    pub email_order_id: Option<u64>,
    pub address: Option<CustomerAddress>,
    /// Orders not rejected, and the sum of their totals (without tips: what they
    /// bought).
    pub orders: u32,
    pub total_cents: i64,
    pub rejected: u32,
    pub last_order: LastOrder,
}

/// Which of a record's details came from an order that left it: they are taken again
/// from the customer's other orders, newest first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stale {
    pub newest: bool,
    pub address: bool,
    pub email: bool,
}

impl Stale {
    pub fn any(self) -> bool {
        self.newest || self.address || self.email
    }
}

fn last_order(order: &Order) -> LastOrder {
    LastOrder {
        id: order.id,
        number: order.number,
        created_at: order.created_at,
        business_date: order.business_date,
    }
}

impl CustomerRecord {
    /// A new customer whose first order (for the index) is `order`.
    pub fn new(id: u64, key: String, order: &Order) -> CustomerRecord {
        let mut record = CustomerRecord {
            id,
            key,
            user_id: order.user_id,
            name: order.customer.customer_name.clone(),
            phone: order.customer.phone.clone(),
            email: String::new(),
            email_order_id: None,
            address: None,
            orders: 0,
            total_cents: 0,
            rejected: 0,
            last_order: last_order(order),
        };
        record.add(order);
        record
    }

    /// Counts `order` in (`sign` 1) or out (-1).
    fn count(&mut self, order: &Order, sign: i64) {
        let step = |value: u32| {
            if sign > 0 {
                value.saturating_add(1)
            } else {
                value.saturating_sub(1)
            }
        };
        if order.is_sale() {
            self.orders = step(self.orders);
            self.total_cents += sign * order.totals.sale_cents();
        } else {
            self.rejected = step(self.rejected);
        }
    }

    /// Adds one of the customer's orders: its figures, and its name, phone, e-mail and
    /// delivery address where it is the newest to have them.
    pub fn add(&mut self, order: &Order) {
        self.count(order, 1);
        if order.id >= self.last_order.id {
            self.take_newest(order);
        }
        self.offer_details(order);
    }

    /// The same order changed (its status): its figures out, the new ones in.
    pub fn follow(&mut self, before: &Order, after: &Order) {
        self.count(before, -1);
        self.count(after, 1);
    }

    /// Whether a change of an order moves its customer's figures.
    pub fn differ(before: &Order, after: &Order) -> bool {
        before.is_sale() != after.is_sale()
            || before.totals.sale_cents() != after.totals.sale_cents()
    }

    /// Takes `order` (as it was stored before it left) out of the figures; answers
    /// which details came from it.
    pub fn remove(&mut self, order: &Order) -> Stale {
        self.count(order, -1);
        let stale = Stale {
            newest: self.last_order.id == order.id,
            address: self
                .address
                .as_ref()
                .is_some_and(|address| address.order_id == order.id),
            email: self.email_order_id == Some(order.id),
        };
        if stale.address {
            self.address = None;
        }
        if stale.email {
            self.email.clear();
            self.email_order_id = None;
        }
        stale
    }

    /// Name, phone and account as `order`, the customer's newest, has them.
    pub fn take_newest(&mut self, order: &Order) {
        self.user_id = order.user_id;
        self.name = order.customer.customer_name.clone();
        self.phone = order.customer.phone.clone();
        self.last_order = last_order(order);
    }

    /// Takes the e-mail address and delivery address of `order` where it has them and
    /// is newer than the orders they came from.
    pub fn offer_details(&mut self, order: &Order) {
        let customer = &order.customer;
        if !customer.email.trim().is_empty() && self.email_order_id.is_none_or(|id| id < order.id) {
            self.email = customer.email.trim().to_string();
            self.email_order_id = Some(order.id);
        }
        let delivered = order.order_type == OrderType::Delivery && !customer.line1.is_empty();
        if delivered
            && self
                .address
                .as_ref()
                .is_none_or(|address| address.order_id < order.id)
        {
            self.address = Some(CustomerAddress {
                order_id: order.id,
                line1: customer.line1.clone(),
                zip: customer.zip.clone(),
                city: customer.city.clone(),
                notes: customer.notes.clone(),
            });
        }
    }

    /// Whether the details still missing after [`CustomerRecord::remove`] were found.
    pub fn refilled(&self, stale: Stale) -> bool {
        (!stale.address || self.address.is_some())
            && (!stale.email || self.email_order_id.is_some())
    }

    /// What the index finds the customer by: the words of the name (`n:`), the phone
    /// number (`p:`, as [`phone_key`] writes it) and the e-mail address (`e:`).
    pub fn search_terms(&self) -> Vec<String> {
        let mut terms: Vec<String> = search_words(&self.name)
            .into_iter()
            .take(MAX_NAME_WORDS)
            .map(|word| format!("n:{word}"))
            .collect();
        let phone = phone_key(&self.phone);
        if !phone.is_empty() {
            terms.push(format!("p:{phone}"));
        }
        let email = self.email.to_lowercase();
        if !email.is_empty() {
            terms.push(format!("e:{email}"));
        }
        terms.sort();
        terms.dedup();
        terms
    }
}

/// What the restaurant searches its customers (and their orders) for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerSearch {
    /// The beginning of a phone number, as [`phone_key`] writes it.
    Phone(String),
    /// The beginning of an e-mail address, lower case.
    Email(String),
    /// Words each of which begins a word of the name (see [`search_words`]).
    Name(Vec<String>),
}

/// Why a search was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchRefusal {
    #[error("{field}: the search may be at most {MAX_SEARCH_CHARS} characters long")]
    TooLong { field: &'static str },
}

impl PublicError for SearchRefusal {
    fn code(&self) -> ErrorCode {
        ErrorCode::SearchTooLong
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::BadRequest
    }

    fn field(&self) -> Option<&str> {
        match self {
            SearchRefusal::TooLong { field } => Some(field),
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        vec![("max_chars", MAX_SEARCH_CHARS.to_string())]
    }
}

impl CustomerSearch {
    /// What `text` (the `field` of the request) searches for: a phone number when it
    /// has digits and no letters, an e-mail address when it has an `@`, else the words
    /// of a name. `None` for a text with nothing to search for.
    pub fn parse(text: &str, field: &'static str) -> Result<Option<CustomerSearch>, SearchRefusal> {
        if text.chars().count() > MAX_SEARCH_CHARS {
            return Err(SearchRefusal::TooLong { field });
        }
        let text = text.trim();
        let phone_like = text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || " +-/().".contains(c));
        Ok(if phone_like {
            Some(CustomerSearch::Phone(phone_key(text)))
        } else if text.contains('@') {
            Some(CustomerSearch::Email(text.to_lowercase()))
        } else {
            let mut words = search_words(text);
            words.truncate(MAX_NAME_WORDS);
            (!words.is_empty()).then_some(CustomerSearch::Name(words))
        })
    }

    /// The search term the index is read from: every term that matches begins with it.
    pub fn prefix(&self) -> String {
        match self {
            CustomerSearch::Phone(phone) => format!("p:{phone}"),
            CustomerSearch::Email(email) => format!("e:{email}"),
            CustomerSearch::Name(words) => {
                // The longest word narrows the search most; of equals, the first.
                let longest = words
                    .iter()
                    .rev()
                    .max_by_key(|word| word.len())
                    .map_or("", String::as_str);
                format!("n:{longest}")
            }
        }
    }

    /// Whether `record`, found under its search term `term` (which begins with
    /// [`CustomerSearch::prefix`]), is a hit there. A customer two of whose name words
    /// begin with the prefix is a hit at the first of them only, so that each customer
    /// is found once.
    pub fn hit(&self, term: &str, record: &CustomerRecord) -> bool {
        let CustomerSearch::Name(words) = self else {
            return true;
        };
        let prefix = self.prefix();
        let names = search_words(&record.name);
        let names = &names[..names.len().min(MAX_NAME_WORDS)];
        let first = names
            .iter()
            .filter(|name| prefix.get(2..).is_some_and(|start| name.starts_with(start)))
            .min();
        first.is_some_and(|first| term.get(2..) == Some(first.as_str()))
            && words
                .iter()
                .all(|word| names.iter().any(|name| name.starts_with(word.as_str())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::erasure::sample_order;
    use crate::domain::order::OrderStatus;

    fn at(minute: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 11, 23, 11, minute, 0).unwrap()
    }

    fn guest(id: u64, phone: &str) -> Order {
        let mut order = sample_order(id, at(id as u32));
        order.user_id = None;
        order.customer.phone = phone.into();
        order
    }

    #[test]
    fn a_customer_is_their_account_else_their_phone_else_their_email() {
        let registered = sample_order(1, at(1));
        assert_eq!(customer_key(&registered).as_deref(), Some("user:9"));
        assert_eq!(
            customer_key(&guest(2, "+49 30 555-1234")).as_deref(),
            Some("phone:0305551234")
        );
        let mut mail_only = guest(3, "");
        mail_only.customer.email = " Gina@Example.com".into();
        assert_eq!(
            customer_key(&mail_only).as_deref(),
            Some("email:gina@example.com")
        );
        let mut anonymised = registered.clone();
        anonymised.anonymise(at(5));
        assert_eq!(customer_key(&anonymised), None);
    }

    #[test]
    fn phone_numbers_compare_by_their_digits_and_the_german_prefix() {
        assert_eq!(phone_key("030 555 1234"), "0305551234");
        assert_eq!(phone_key("+49 (30) 555-1234"), "0305551234");
        assert_eq!(phone_key("0049305551234"), "0305551234");
        assert_eq!(phone_key("+43 1 234"), "+431234");
        assert_eq!(phone_key("0043 1 234"), "+431234");
        assert_eq!(phone_key(""), "");
    }

    #[test]
    fn a_record_counts_orders_not_rejected_and_keeps_the_newest_details() {
        let first = guest(1, "0305551234");
        let mut record = CustomerRecord::new(7, "phone:0305551234".into(), &first);
        let mut second = guest(2, "0305551234");
        second.customer.customer_name = "Gina Neu".into();
        second.customer.email.clear();
        second.order_type = OrderType::Pickup;
        record.add(&second);
        assert_eq!(
            record.name, "Gina Neu",
            "the newest order names the customer"
        );
        let mut rejected = guest(3, "0305551234");
        rejected.status = OrderStatus::Rejected;
        record.add(&rejected);
        assert_eq!((record.orders, record.rejected), (2, 1));
        assert_eq!(record.total_cents, 2 * 1710);
        assert_eq!(record.name, "Gina Gast");
        assert_eq!(record.last_order.id, 3);
        // The pickup and the rejection had no street; the e-mail is the first order's.
        assert_eq!(record.address.as_ref().map(|a| a.order_id), Some(3));
        assert_eq!(record.email_order_id, Some(3));

        // An accepted order that is rejected later leaves the total.
        let before = second.clone();
        second.status = OrderStatus::Rejected;
        assert!(CustomerRecord::differ(&before, &second));
        record.follow(&before, &second);
        assert_eq!((record.orders, record.rejected), (1, 2));
        assert_eq!(record.total_cents, 1710);

        let stale = record.remove(&rejected);
        assert!(stale.newest && stale.address && stale.email);
        assert_eq!(record.address, None);
        assert!(!record.refilled(stale));
        record.offer_details(&first);
        assert!(record.refilled(stale));
    }

    fn named(name: &str, phone: &str) -> CustomerRecord {
        let mut order = guest(1, phone);
        order.customer.customer_name = name.into();
        CustomerRecord::new(1, "phone:x".into(), &order)
    }

    #[test]
    fn search_terms_are_the_name_words_the_phone_and_the_email() {
        let record = named("Jürgen  Groß-Müller", "+49 30 1234");
        assert_eq!(
            record.search_terms(),
            [
                "e:gina@example.com",
                "n:gross",
                "n:jurgen",
                "n:muller",
                "p:0301234"
            ]
        );
    }

    #[test]
    fn a_search_is_a_phone_number_an_email_or_the_words_of_a_name() {
        let parse = |text: &str| CustomerSearch::parse(text, "q").unwrap();
        assert_eq!(
            parse("+49 30 55"),
            Some(CustomerSearch::Phone("03055".into()))
        );
        assert_eq!(
            parse(" Gina@Ex"),
            Some(CustomerSearch::Email("gina@ex".into()))
        );
        assert_eq!(
            parse("Müller g"),
            Some(CustomerSearch::Name(vec!["muller".into(), "g".into()]))
        );
        assert_eq!(parse("  - "), None);
        assert_eq!(
            CustomerSearch::parse(&"x".repeat(MAX_SEARCH_CHARS + 1), "q"),
            Err(SearchRefusal::TooLong { field: "q" })
        );
        assert!(CustomerSearch::parse(&"ü".repeat(MAX_SEARCH_CHARS), "q").is_ok());
    }

    #[test]
    fn a_name_search_finds_each_customer_once_with_every_word() {
        let search = CustomerSearch::parse("mar", "q").unwrap().unwrap();
        assert_eq!(search.prefix(), "n:mar");
        let maria = named("Maria Martinez", "1");
        assert!(search.hit("n:maria", &maria), "the first matching word");
        assert!(!search.hit("n:martinez", &maria), "found once");

        let both = CustomerSearch::parse("gina gast", "q").unwrap().unwrap();
        assert_eq!(
            both.prefix(),
            "n:gina",
            "the longest word, the first of equals"
        );
        assert!(both.hit("n:gina", &named("Gina Gast", "1")));
        assert!(!both.hit("n:gina", &named("Gina Müller", "1")));
    }
}
