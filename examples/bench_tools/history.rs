//! `history DATA_DIR FIRST_DAY DAYS PER_DAY ADMIN_EMAIL ADMIN_PASSWORD`: builds the
//! order history of a busy shop in DATA_DIR through the real write path. The server runs
//! in this process on 127.0.0.1 with a clock that starts at FIRST_DAY's lunchtime and
//! is moved on a day at a time; each day PER_DAY orders come in over HTTP (guests and
//! registered customers, delivery and pickup, one to four dishes, paid in cash or, one
//! in five, with PayPal) and the restaurant answers each over HTTP: about one in twenty
//! is rejected (a PayPal payment is then refunded), the others accepted and completed.
//! Mails go to an SMTP sink and PayPal is the tests' fake, both on 127.0.0.1.
//! The server is restarted every [`RESTART_EVERY_DAYS`] days, as after an update, so
//! its start-up erasure anonymises the guest orders that are due.
//!
//! The admin account must exist (`heimservice admin create`). Needs Node.js (the fake
//! PayPal). Prints one JSON line: the orders placed, paid online and refunded, and the
//! days and seconds it took.

// The tests' SMTP sink; it unwraps as tests do.
#[allow(clippy::unwrap_used)]
#[path = "../../tests/support/smtp_sink.rs"]
mod smtp_sink;

// How the tests run a fake of `ui/e2e/` as a Node child process.
#[allow(clippy::unwrap_used, dead_code)]
#[path = "../../tests/support/node_fake.rs"]
mod node_fake;

// The tests' fake PayPal (`ui/e2e/fake-paypal.mjs`); it unwraps as tests do.
#[allow(clippy::unwrap_used, dead_code)]
#[path = "../../tests/support/fake_paypal.rs"]
mod fake_paypal;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use futures_util::StreamExt;
use futures_util::stream;
use heimservice::clock::Clock;
use heimservice::config::{Config, FlagValues};
use heimservice::server::{self, RunningServer};
use serde_json::{Value, json};

use fake_paypal::FakePaypal;

const RESTART_EVERY_DAYS: u32 = 30;
/// Requests in flight at once: a busy evening's customers and the restaurant's board.
const IN_FLIGHT: usize = 16;
const CUSTOMERS: u64 = 200;
const STORE_ID: u64 = 14;
/// Orders arrive at 12:30 in the restaurant's time zone.
const ORDER_HOUR: u32 = 12;
const ORDER_MINUTE: u32 = 30;

struct Job {
    data_dir: PathBuf,
    first_day: NaiveDate,
    days: u32,
    per_day: u32,
    admin_email: String,
    admin_password: String,
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let job = Job {
        data_dir: super::arg(args, 0, "DATA_DIR")?.into(),
        first_day: super::arg(args, 1, "FIRST_DAY")?.parse()?,
        days: super::arg(args, 2, "DAYS")?.parse()?,
        per_day: super::arg(args, 3, "PER_DAY")?.parse()?,
        admin_email: super::arg(args, 4, "ADMIN_EMAIL")?.to_string(),
        admin_password: super::arg(args, 5, "ADMIN_PASSWORD")?.to_string(),
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(build(job))
}

/// When the orders of `day` come in, in UTC.
fn lunchtime(day: NaiveDate) -> anyhow::Result<DateTime<Utc>> {
    let local = day
        .and_hms_opt(ORDER_HOUR, ORDER_MINUTE, 0)
        .context("a valid time")?;
    Ok(chrono_tz::Europe::Berlin
        .from_local_datetime(&local)
        .earliest()
        .context("12:30 exists on every day")?
        .with_timezone(&Utc))
}

async fn start(
    data_dir: &Path,
    clock_start: DateTime<Utc>,
    smtp_port: u16,
    paypal: &FakePaypal,
) -> anyhow::Result<RunningServer> {
    let mut env: Vec<(String, String)> = [
        ("HEIMSERVICE_TESTING_CLOCK_START", clock_start.to_rfc3339()),
        ("HEIMSERVICE_CLOCK_TRUST", "always".into()),
        ("HEIMSERVICE_SMTP_HOST", "127.0.0.1".into()),
        ("HEIMSERVICE_SMTP_PORT", smtp_port.to_string()),
        ("HEIMSERVICE_SMTP_SECURITY", "none".into()),
        (
            "HEIMSERVICE_SMTP_FROM",
            "Bella Napoli <shop@example.com>".into(),
        ),
        // One process places a whole day's orders from one address.
        ("HEIMSERVICE_LIMITS_ORDERS_PER_IP", "1000000".into()),
        ("HEIMSERVICE_LIMITS_ORDERS_PER_CONTACT", "1000000".into()),
        ("HEIMSERVICE_LIMITS_MAILS_PER_ADDRESS", "1000000".into()),
        ("HEIMSERVICE_ORDERS_MAX_WAITING", "100000".into()),
        // The benchmark's shop books cash in its own POS (the fiscal mode is chosen).
        ("HEIMSERVICE_FISCAL_MODE", "pos".into()),
        ("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "Benchmark".into()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_string(), value))
    .collect();
    env.extend(
        paypal
            .server_env()
            .into_iter()
            .map(|(name, value)| (name.to_string(), value)),
    );
    let flags = FlagValues {
        listen: Some("127.0.0.1:0".into()),
        data_dir: Some(data_dir.to_path_buf()),
        ..FlagValues::default()
    };
    let config = Config::load_from(&flags, &env).context("the bench configuration")?;
    Ok(server::start(config).await?)
}

/// A client whose requests come from `source` (the login and registration throttles
/// count per address).
fn client_from(source: IpAddr) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .local_address(source)
        .redirect(reqwest::redirect::Policy::none())
        .build()?)
}

async fn checked(response: reqwest::Response, what: &str) -> anyhow::Result<Value> {
    let status = response.status();
    let body = response.text().await?;
    if !status.is_success() {
        bail!("{what}: {status} {body}");
    }
    Ok(serde_json::from_str(&body).unwrap_or(Value::Null))
}

async fn login(
    client: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<Option<String>> {
    let answer = client
        .post(format!("{base}/login"))
        .form(&[("username", email), ("password", password)])
        .send()
        .await?;
    if answer.status() == reqwest::StatusCode::UNAUTHORIZED {
        return Ok(None);
    }
    let body = checked(answer, "login").await?;
    Ok(body["access_token"].as_str().map(str::to_string))
}

/// A registered customer: the token and the saved address orders go to.
struct Customer {
    token: String,
    address_id: u64,
}

/// Logs the customers in, registering (with an address) those that do not exist yet.
async fn customers(base: &str) -> anyhow::Result<Vec<Customer>> {
    stream::iter(0..CUSTOMERS)
        .map(|index| customer(base, index))
        .buffered(4)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect()
}

async fn customer(base: &str, index: u64) -> anyhow::Result<Customer> {
    {
        let source = Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 1, 0, 1)) + index as u32);
        let client = client_from(IpAddr::V4(source))?;
        let email = format!("kunde{index}@example.com");
        let password = format!("kunden-passwort-{index}");
        let token = match login(&client, base, &email, &password).await? {
            Some(token) => token,
            None => {
                let register = json!({
                    "name": format!("Kunde {index}"), "email": email, "password": password,
                    "phone": format!("030 {:07}", 5_000_000 + index),
                });
                checked(
                    client
                        .post(format!("{base}/register/customer"))
                        .json(&register)
                        .send()
                        .await?,
                    "register",
                )
                .await?;
                login(&client, base, &email, &password)
                    .await?
                    .context("a registered customer cannot log in")?
            }
        };
        let addresses = checked(
            client
                .get(format!("{base}/addresses/"))
                .bearer_auth(&token)
                .send()
                .await?,
            "addresses",
        )
        .await?;
        let address_id = match addresses.as_array().and_then(|list| list.first()) {
            Some(address) => address["id"].as_u64().context("an address without id")?,
            None => {
                let address = json!({
                    "customer_name": format!("Kunde {index}"), "line1": format!("Torstraße {}", index + 1),
                    "city": "Berlin", "zip": "10115", "phone": format!("030 {:07}", 5_000_000 + index),
                    "email": format!("kunde{index}@example.com"),
                });
                let saved = checked(
                    client
                        .post(format!("{base}/addresses/"))
                        .bearer_auth(&token)
                        .json(&address)
                        .send()
                        .await?,
                    "address",
                )
                .await?;
                saved["id"].as_u64().context("a saved address without id")?
            }
        };
        Ok(Customer { token, address_id })
    }
}

/// What can be ordered without an age check: a line without its quantity, with the
/// choices its product requires.
async fn dishes(client: &reqwest::Client, base: &str) -> anyhow::Result<Vec<Value>> {
    let products = checked(
        client
            .get(format!("{base}/products/?store_id={STORE_ID}"))
            .send()
            .await?,
        "menu",
    )
    .await?;
    let dishes: Vec<Value> = products
        .as_array()
        .context("the menu is a list")?
        .iter()
        .filter(|product| product["age_restriction"].is_null() && product["available"] == true)
        .filter_map(|product| {
            let variant = product["variants"]
                .as_array()
                .and_then(|variants| variants.first())
                .and_then(|variant| variant["id"].as_u64());
            // The first choices of every group that asks for some (the pasta shape).
            let extras: Vec<Value> = product["enriched_topping_groups"]
                .as_array()?
                .iter()
                .flat_map(|group| {
                    let needed = group["min_selections"].as_u64().unwrap_or(0) as usize;
                    group["toppings"].as_array().into_iter().flatten().take(needed)
                })
                .map(|topping| json!({"topping_id": topping["id"], "quantity": 1}))
                .collect();
            Some(json!({"product_id": product["id"].as_u64()?, "variant_id": variant, "extras": extras}))
        })
        .collect();
    if dishes.is_empty() {
        bail!("the menu has nothing to order");
    }
    Ok(dishes)
}

/// splitmix64: the orders of a day are the same on every run.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Day<'a> {
    client: &'a reqwest::Client,
    base: &'a str,
    admin: &'a str,
    customers: &'a [Customer],
    dishes: &'a [Value],
    paypal: &'a FakePaypal,
}

/// What became of one order.
enum Outcome {
    Placed {
        online: bool,
        refunded: bool,
    },
    /// The shop refused it with this error code (a delivery below the minimum order
    /// value).
    Refused(String),
}

impl Day<'_> {
    /// Places order `seed` (paid with PayPal first when it is an online one) and has
    /// the restaurant answer it.
    async fn order(&self, seed: u64) -> anyhow::Result<Outcome> {
        let roll = mix(seed);
        let pickup = roll % 100 < 35;
        // A delivery has two to four dishes (it must reach the minimum order value), a
        // pickup one to three.
        let count = if pickup { 1 } else { 2 } + (roll >> 8) % 3;
        let lines: Vec<Value> = (0..count)
            .map(|line| {
                let mut dish =
                    self.dishes[(mix(roll ^ line) % self.dishes.len() as u64) as usize].clone();
                dish["quantity"] = json!(1 + (roll >> (16 + line)) % 2);
                dish
            })
            .collect();
        let online = (roll >> 56) % 100 < 20;
        let mut body = json!({
            "order_type": if pickup { "pickup" } else { "delivery" },
            "lines": lines, "payment_method": if online { "online" } else { "cash" },
            "preorder_at": null,
        });
        if (roll >> 24) % 100 < 15 {
            body["note"] = json!("Bitte klingeln, 2. Stock");
        }
        let customer = ((roll >> 32) % 100 < 30)
            .then(|| &self.customers[((roll >> 40) % self.customers.len() as u64) as usize]);
        let (path, token) = match customer {
            Some(customer) => {
                body["address_id"] = json!(customer.address_id);
                ("orders", Some(customer.token.as_str()))
            }
            None => {
                let guest = (roll >> 40) % 50_000;
                body["shipping_address"] = json!({
                    "type": "shipping", "customer_name": format!("Gast {guest}"), "line1": format!("Invalidenstraße {}", guest % 150 + 1),
                    "city": "Berlin", "zip": "10115", "country": "DE", "phone": format!("0151 {:08}", guest),
                    "email": format!("gast{guest}@example.com"),
                });
                ("orders/guest", None)
            }
        };
        let post = |path: String| {
            let request = self.client.post(format!("{}/{path}", self.base));
            match token {
                Some(token) => request.bearer_auth(token),
                None => request,
            }
        };
        if online {
            // The customer's PayPal checkout: the server creates the PayPal order for
            // the cart, the buyer approves it, and the order is placed with its id.
            let answer = post(format!("{path}/paypal")).json(&body).send().await?;
            if answer.status().is_client_error() {
                return refusal(answer).await;
            }
            let created = checked(answer, "PayPal order").await?;
            let paypal_order_id = created["paypal_order_id"]
                .as_str()
                .context("a PayPal order without id")?;
            self.paypal.approve(paypal_order_id).await;
            body["paypal_order_id"] = json!(paypal_order_id);
        }
        let answer = post(path.to_string()).json(&body).send().await?;
        if answer.status().is_client_error() {
            return refusal(answer).await;
        }
        let order = checked(answer, "order").await?;
        let id = order["id"].as_u64().context("an order without id")?;
        let admin = |path: String| {
            self.client
                .post(format!("{}/admin/orders/{id}/{path}", self.base))
                .bearer_auth(self.admin)
        };
        let rejected = (roll >> 48) % 100 < 5;
        if rejected {
            checked(
                admin("reject".into())
                    .json(&json!({"reason": "Zu viel los heute"}))
                    .send()
                    .await?,
                "reject",
            )
            .await?;
        } else {
            checked(
                admin("accept".into())
                    .json(&json!({"minutes": 30}))
                    .send()
                    .await?,
                "accept",
            )
            .await?;
            checked(
                admin("status".into())
                    .json(&json!({"status": "completed"}))
                    .send()
                    .await?,
                "complete",
            )
            .await?;
        }
        Ok(Outcome::Placed {
            online,
            refunded: online && rejected,
        })
    }
}

async fn refusal(answer: reqwest::Response) -> anyhow::Result<Outcome> {
    let refusal: Value = answer.json().await.unwrap_or(Value::Null);
    Ok(Outcome::Refused(
        refusal["code"].as_str().unwrap_or("unknown").to_string(),
    ))
}

async fn build(job: Job) -> anyhow::Result<()> {
    let mut sink = smtp_sink::SmtpSink::start().await;
    // The mails are sent and forgotten, as by a real mail server.
    tokio::spawn(async move { while sink.mails.recv().await.is_some() {} });
    let paypal = FakePaypal::start().await;
    let client = client_from(IpAddr::V4(Ipv4Addr::LOCALHOST))?;
    let started = Instant::now();
    let (mut placed, mut online, mut refunded) = (0u64, 0u64, 0u64);
    let mut refused: BTreeMap<String, u64> = BTreeMap::new();
    let mut day = 0;
    while day < job.days {
        let running = start(
            &job.data_dir,
            lunchtime(job.first_day + Duration::days(i64::from(day)))?,
            sink.port,
            &paypal,
        )
        .await?;
        // The fake keeps every PayPal order it saw; the ones before are finished.
        paypal.reset().await;
        let base = format!("http://{}", running.addr);
        let admin = login(&client, &base, &job.admin_email, &job.admin_password)
            .await?
            .context("the admin account does not exist or has another password")?;
        let customers = customers(&base).await?;
        let dishes = dishes(&client, &base).await?;
        let until = (day + RESTART_EVERY_DAYS).min(job.days);
        while day < until {
            let date = job.first_day + Duration::days(i64::from(day));
            move_clock(&running.clock, lunchtime(date)?);
            let today = Day {
                client: &client,
                base: &base,
                admin: &admin,
                customers: &customers,
                dishes: &dishes,
                paypal: &paypal,
            };
            let seeds = (0..u64::from(job.per_day))
                .map(|index| (date.num_days_from_ce() as u64) << 20 | index);
            let results: Vec<anyhow::Result<Outcome>> = stream::iter(seeds)
                .map(|seed| today.order(seed))
                .buffer_unordered(IN_FLIGHT)
                .collect()
                .await;
            for result in results {
                match result? {
                    Outcome::Placed {
                        online: paid_online,
                        refunded: paid_back,
                    } => {
                        placed += 1;
                        online += u64::from(paid_online);
                        refunded += u64::from(paid_back);
                    }
                    Outcome::Refused(code) => *refused.entry(code).or_default() += 1,
                }
            }
            day += 1;
        }
        running.stop().await?;
    }
    println!(
        "{}",
        json!({"days": job.days, "orders": placed, "online": online, "refunded": refunded, "refused": refused, "seconds": started.elapsed().as_secs_f64()})
    );
    Ok(())
}

fn move_clock(clock: &Clock, to: DateTime<Utc>) {
    let by = to - clock.now();
    if by > Duration::zero() {
        clock.advance(by);
    }
}
