//! The authorization matrix: what each kind of caller gets from every operation.
//! Writes are sent with an empty JSON object: a caller who may use the route gets a
//! validation answer (past authorization), one who may not gets 401 or 403 before the
//! body is looked at. Records that must not be destroyed are addressed by an id that
//! does not exist, so the admin gets a 404, which is still past authorization.

use Expect::Forbidden as F;
use Expect::{NotFound as N, Ok as O, PastAuth as A, SameForAll as P, Unauthorized as U};

use crate::support::TestServer;

/// The callers, in the order of every row's expectations.
pub const IDENTITIES: [&str; 5] = ["anonymous", "customer A", "customer B", "staff", "owner"];

/// An id no record has.
const NO_SUCH_ID: u64 = 999_999;

#[derive(Debug, Clone, Copy)]
pub enum Expect {
    /// 2xx.
    Ok,
    Unauthorized,
    Forbidden,
    NotFound,
    /// Neither 401 nor 403, and no 5xx: the caller may use the route (the empty body
    /// or a missing record may still be refused).
    PastAuth,
    /// A public route: like `PastAuth`, and the same status for every caller.
    SameForAll,
}

pub enum Check {
    Http([Expect; 5]),
    /// A WebSocket: what it says first (`status`, `order`, `snapshot`, `error`) or
    /// `refused`; the board is signed in with the caller's token first.
    Socket {
        sign_in: bool,
        expected: [&'static str; 5],
    },
}

pub struct Row {
    pub method: &'static str,
    /// The path as the OpenAPI document writes it.
    pub template: &'static str,
    pub path: String,
    pub check: Check,
}

pub struct Fixtures {
    pub a_address: u64,
    /// A second address of A's, for the deletion.
    pub a_spare_address: u64,
    pub a_order: u64,
    pub guest_token: String,
}

fn http(
    method: &'static str,
    template: &'static str,
    path: impl Into<String>,
    expected: [Expect; 5],
) -> Row {
    Row {
        method,
        template,
        path: path.into(),
        check: Check::Http(expected),
    }
}

fn socket(
    template: &'static str,
    path: impl Into<String>,
    sign_in: bool,
    expected: [&'static str; 5],
) -> Row {
    Row {
        method: "GET",
        template,
        path: path.into(),
        check: Check::Socket { sign_in, expected },
    }
}

/// POST, PUT and DELETE of an admin-only catalog resource.
fn admin_writes(collection: &'static str, item: &'static str) -> Vec<Row> {
    let path = format!("{}/{NO_SUCH_ID}", collection);
    vec![
        http("POST", collection, collection, [U, F, F, F, A]),
        http("PUT", item, path.clone(), [U, F, F, F, A]),
        http("DELETE", item, path, [U, F, F, F, A]),
    ]
}

pub fn rows(f: &Fixtures) -> Vec<Row> {
    let order = f.a_order;
    let guest = &f.guest_token;
    let mut rows = vec![
        // Public reads.
        http("GET", "/healthz", "/healthz", [O, O, O, O, O]),
        // Answered to this machine itself whoever asks: the tests' client is on
        // loopback and not forwarded (`metrics.rs` checks the forwarded refusal).
        http("GET", "/metrics", "/metrics", [O, O, O, O, O]),
        http("GET", "/stores/{id}", "/stores/14", [O, O, O, O, O]),
        http(
            "GET",
            "/stores/{id}/slots",
            "/stores/14/slots?order_type=delivery",
            [O, O, O, O, O],
        ),
        http(
            "GET",
            "/categories",
            "/categories/?store_id=14",
            [O, O, O, O, O],
        ),
        http(
            "GET",
            "/products",
            "/products/?store_id=14",
            [O, O, O, O, O],
        ),
        http("GET", "/allergies", "/allergies/", [O, O, O, O, O]),
        http("GET", "/banners", "/banners/?store_id=14", [O, O, O, O, O]),
        http(
            "GET",
            "/postcodes/store/{id}",
            "/postcodes/store/14",
            [O, O, O, O, O],
        ),
        http("GET", "/discounts/{id}", "/discounts/14", [O, O, O, O, O]),
        http(
            "GET",
            "/images/{key}",
            "/images/no-such-image",
            [N, N, N, N, N],
        ),
        http(
            "GET",
            "/images/{key}/{file}",
            "/images/demopizza-640x480/128.webp",
            [O, O, O, O, O],
        ),
        // Accounts: open forms, and the signed-in account's own data.
        http("POST", "/login", "/login", [P, P, P, P, P]),
        http(
            "POST",
            "/register/customer",
            "/register/customer",
            [P, P, P, P, P],
        ),
        http(
            "POST",
            "/forgot-password",
            "/forgot-password",
            [P, P, P, P, P],
        ),
        http(
            "POST",
            "/reset-password",
            "/reset-password",
            [P, P, P, P, P],
        ),
        http("POST", "/support", "/support", [P, P, P, P, P]),
        http("GET", "/users/me", "/users/me", [U, O, O, O, O]),
        // Sent without the password: refused after authorization. (Admins are refused
        // with 403 even with their password: tests/account_deletion.rs.)
        http("DELETE", "/users/me", "/users/me", [U, A, A, A, A]),
        // For customers only: refused after authorization; admins are managed on the
        // command line (403).
        http("PUT", "/users/me", "/users/me", [U, A, A, F, F]),
        http(
            "POST",
            "/users/me/password",
            "/users/me/password",
            [U, A, A, F, F],
        ),
        http("GET", "/addresses", "/addresses/", [U, O, O, O, O]),
        http("POST", "/addresses", "/addresses/", [U, A, A, A, A]),
        http(
            "PUT",
            "/addresses/{id}",
            format!("/addresses/{}", f.a_address),
            [U, A, N, N, N],
        ),
        http(
            "DELETE",
            "/addresses/{id}",
            format!("/addresses/{}", f.a_spare_address),
            [U, O, N, N, N],
        ),
        // Orders: guests by the link's token, customers their own.
        http("POST", "/orders/guest", "/orders/guest", [P, P, P, P, P]),
        http(
            "POST",
            "/orders/guest/paypal",
            "/orders/guest/paypal",
            [P, P, P, P, P],
        ),
        http("POST", "/orders", "/orders/", [U, A, A, A, A]),
        http("POST", "/orders/paypal", "/orders/paypal", [U, A, A, A, A]),
        http(
            "POST",
            "/orders/guest/quote",
            "/orders/guest/quote",
            [P, P, P, P, P],
        ),
        http("POST", "/orders/quote", "/orders/quote", [U, A, A, A, A]),
        http("GET", "/orders", "/orders/", [U, O, O, O, O]),
        http(
            "GET",
            "/orders/{id}",
            format!("/orders/{order}"),
            [U, O, N, N, N],
        ),
        http(
            "GET",
            "/orders/track/{token}",
            format!("/orders/track/{guest}"),
            [O, O, O, O, O],
        ),
        http(
            "GET",
            "/orders/track/{token}",
            format!("/orders/track/{}", "0".repeat(64)),
            [N, N, N, N, N],
        ),
        http(
            "GET",
            "/orders/track/{token}",
            format!("/orders/track/{order}"),
            [N, N, N, N, N],
        ),
        // Web Push: the key is public; a status link's holder follows its order; staff
        // and the owner get the board's notifications.
        http("GET", "/push/key", "/push/key", [P, P, P, P, P]),
        http(
            "PUT",
            "/orders/track/{token}/push",
            format!("/orders/track/{guest}/push"),
            [P, P, P, P, P],
        ),
        http(
            "DELETE",
            "/orders/track/{token}/push",
            format!("/orders/track/{guest}/push"),
            [P, P, P, P, P],
        ),
        http("PUT", "/admin/push", "/admin/push", [U, F, F, A, A]),
        http("DELETE", "/admin/push", "/admin/push", [U, F, F, A, A]),
        socket(
            "/ws/orders/{token}",
            format!("/ws/orders/{guest}"),
            false,
            ["order"; 5],
        ),
        socket(
            "/ws/orders/{token}",
            format!("/ws/orders/{}", "0".repeat(64)),
            false,
            ["refused"; 5],
        ),
        socket(
            "/ws/store/{id}/status",
            "/ws/store/14/status",
            false,
            ["status"; 5],
        ),
        socket(
            "/ws/admin/orders",
            "/ws/admin/orders",
            true,
            ["error", "error", "error", "snapshot", "snapshot"],
        ),
        // The restaurant's.
        http("GET", "/admin/catalog", "/admin/catalog", [U, F, F, O, O]),
        http(
            "GET",
            "/admin/discounts",
            "/admin/discounts",
            [U, F, F, F, O],
        ),
        http("GET", "/admin/outbox", "/admin/outbox", [U, F, F, F, O]),
        http(
            "GET",
            "/admin/support-messages",
            "/admin/support-messages",
            [U, F, F, F, O],
        ),
        http("GET", "/admin/orders", "/admin/orders", [U, F, F, O, O]),
        http(
            "GET",
            "/admin/orders/summaries",
            "/admin/orders/summaries",
            [U, F, F, O, O],
        ),
        http("GET", "/admin/payments", "/admin/payments", [U, F, F, F, O]),
        http(
            "GET",
            "/admin/reports/revenue",
            "/admin/reports/revenue?from=2026-11-01&to=2026-11-30",
            [U, F, F, F, O],
        ),
        http(
            "GET",
            "/admin/exports/dsfinvk",
            "/admin/exports/dsfinvk?from=2026-11-01&to=2026-11-30",
            [U, F, F, F, O],
        ),
        http(
            "GET",
            "/admin/exports/tax",
            "/admin/exports/tax?month=2026-11&format=datev",
            [U, F, F, F, O],
        ),
        http(
            "GET",
            "/admin/readiness",
            "/admin/readiness",
            [U, F, F, F, O],
        ),
        http(
            "POST",
            "/admin/readiness/confirm",
            "/admin/readiness/confirm",
            [U, F, F, F, A],
        ),
        http("GET", "/admin/fiscal", "/admin/fiscal", [U, F, F, F, O]),
        http("PUT", "/admin/fiscal", "/admin/fiscal", [U, F, F, F, A]),
        http("GET", "/admin/closings", "/admin/closings", [U, F, F, F, O]),
        http(
            "GET",
            "/admin/closings/{number}",
            format!("/admin/closings/{NO_SUCH_ID}"),
            [U, F, F, F, N],
        ),
        http(
            "POST",
            "/admin/closings",
            "/admin/closings",
            [U, F, F, F, A],
        ),
        http(
            "POST",
            "/admin/fiscal/tse",
            "/admin/fiscal/tse",
            [U, F, F, F, A],
        ),
        http("GET", "/admin/printers", "/admin/printers", [U, F, F, O, O]),
        http(
            "POST",
            "/admin/printers/{id}/test",
            format!("/admin/printers/{NO_SUCH_ID}/test"),
            [U, F, F, A, A],
        ),
        http(
            "GET",
            "/admin/orders/open",
            "/admin/orders/open",
            [U, F, F, O, O],
        ),
        http(
            "GET",
            "/admin/orders/{id}",
            format!("/admin/orders/{order}"),
            [U, F, F, O, O],
        ),
        http(
            "POST",
            "/admin/orders/{id}/accept",
            format!("/admin/orders/{order}/accept"),
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/orders/accept-preorders",
            "/admin/orders/accept-preorders",
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/orders/{id}/reject",
            format!("/admin/orders/{order}/reject"),
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/orders/{id}/status",
            format!("/admin/orders/{order}/status"),
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/orders/{id}/print",
            format!("/admin/orders/{order}/print"),
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/orders/{id}/cancel",
            format!("/admin/orders/{order}/cancel"),
            [U, F, F, A, A],
        ),
        http(
            "PUT",
            "/admin/orders/{id}/lines",
            format!("/admin/orders/{order}/lines"),
            [U, F, F, A, A],
        ),
        http(
            "POST",
            "/admin/phone-orders",
            "/admin/phone-orders",
            [U, F, F, A, A],
        ),
        http(
            "GET",
            "/admin/phone-orders/slots",
            "/admin/phone-orders/slots?order_type=pickup",
            [U, F, F, O, O],
        ),
        // Customers and the order search: the staff take phone orders and look up
        // their callers.
        http(
            "GET",
            "/admin/customers",
            "/admin/customers",
            [U, F, F, O, O],
        ),
        http(
            "GET",
            "/admin/customers/callers",
            "/admin/customers/callers?phone=0305",
            [U, F, F, O, O],
        ),
        http(
            "GET",
            "/admin/customers/{id}",
            format!("/admin/customers/{NO_SUCH_ID}"),
            [U, F, F, N, N],
        ),
        http(
            "GET",
            "/admin/customers/{id}/orders",
            format!("/admin/customers/{NO_SUCH_ID}/orders"),
            [U, F, F, N, N],
        ),
        http(
            "GET",
            "/admin/orders/search",
            "/admin/orders/search?q=gina",
            [U, F, F, O, O],
        ),
        // Dining tables: the owner's alone; a QR code's lookup is public and answers
        // an unknown table alike for everyone.
        http("GET", "/admin/tables", "/admin/tables", [U, F, F, F, O]),
        http("POST", "/admin/tables", "/admin/tables", [U, F, F, F, A]),
        http(
            "PUT",
            "/admin/tables/{id}",
            format!("/admin/tables/{NO_SUCH_ID}"),
            [U, F, F, F, A],
        ),
        http(
            "DELETE",
            "/admin/tables/{id}",
            format!("/admin/tables/{NO_SUCH_ID}"),
            [U, F, F, F, N],
        ),
        http(
            "POST",
            "/admin/tables/{id}/secret",
            format!("/admin/tables/{NO_SUCH_ID}/secret"),
            [U, F, F, F, N],
        ),
        http(
            "GET",
            "/tables/{id}",
            format!("/tables/{NO_SUCH_ID}?key=guess"),
            [P, P, P, P, P],
        ),
        // Coupon codes: the owner's alone.
        http("GET", "/admin/coupons", "/admin/coupons", [U, F, F, F, O]),
        http("POST", "/admin/coupons", "/admin/coupons", [U, F, F, F, A]),
        http(
            "GET",
            "/admin/coupons/{id}",
            format!("/admin/coupons/{NO_SUCH_ID}"),
            [U, F, F, F, N],
        ),
        http(
            "PUT",
            "/admin/coupons/{id}",
            format!("/admin/coupons/{NO_SUCH_ID}"),
            [U, F, F, F, A],
        ),
        http("PUT", "/stores/{id}", "/stores/14", [U, F, F, F, A]),
        http(
            "PUT",
            "/stores/{id}/pause",
            "/stores/14/pause",
            [U, F, F, A, A],
        ),
        http(
            "PUT",
            "/discounts/{id}/{code}",
            "/discounts/14/DELIVERY_DISCOUNT",
            [U, F, F, F, A],
        ),
        http(
            "DELETE",
            "/discounts/{id}/{code}",
            "/discounts/14/NO_SUCH_DISCOUNT",
            [U, F, F, F, A],
        ),
        http(
            "PUT",
            "/products/{id}/image",
            format!("/products/{NO_SUCH_ID}/image"),
            [U, F, F, F, A],
        ),
        http(
            "DELETE",
            "/products/{id}/image",
            format!("/products/{NO_SUCH_ID}/image"),
            [U, F, F, F, A],
        ),
        http(
            "PUT",
            "/products/{id}/availability",
            format!("/products/{NO_SUCH_ID}/availability"),
            [U, F, F, A, A],
        ),
        http(
            "PUT",
            "/products/{id}/variants/{variant_id}/availability",
            format!("/products/{NO_SUCH_ID}/variants/{NO_SUCH_ID}/availability"),
            [U, F, F, A, A],
        ),
        http(
            "PUT",
            "/toppings/{id}/availability",
            format!("/toppings/{NO_SUCH_ID}/availability"),
            [U, F, F, A, A],
        ),
        http(
            "GET",
            "/admin/daily-stocks",
            "/admin/daily-stocks",
            [U, F, F, O, O],
        ),
        http("GET", "/admin/accounts", "/admin/accounts", [U, F, F, F, O]),
        http(
            "POST",
            "/admin/accounts",
            "/admin/accounts",
            [U, F, F, F, A],
        ),
        http(
            "PUT",
            "/admin/accounts/{id}/password",
            format!("/admin/accounts/{NO_SUCH_ID}/password"),
            [U, F, F, F, A],
        ),
        http(
            "DELETE",
            "/admin/accounts/{id}",
            format!("/admin/accounts/{NO_SUCH_ID}"),
            [U, F, F, F, N],
        ),
    ];
    for (collection, item) in [
        ("/taxes", "/taxes/{id}"),
        ("/categories", "/categories/{id}"),
        ("/products", "/products/{id}"),
        ("/toppings", "/toppings/{id}"),
        ("/topping-groups", "/topping-groups/{id}"),
        ("/group-items", "/group-items/{id}"),
        ("/product-groups", "/product-groups/{id}"),
        ("/allergies", "/allergies/{id}"),
        ("/item-allergies", "/item-allergies/{id}"),
        ("/banners", "/banners/{id}"),
        ("/postcodes", "/postcodes/{id}"),
        ("/admin/printers", "/admin/printers/{id}"),
    ] {
        rows.extend(admin_writes(collection, item));
    }
    rows
}

/// Routes outside the OpenAPI document, with the status every caller gets.
pub async fn non_api_routes(server: &TestServer, f: &Fixtures) -> Vec<(String, u16)> {
    let html = server.get("/order-online/").await.text().await.unwrap();
    let start = html.find("src=\"./assets/").expect("a hashed script") + 7;
    let end = start + html[start..].find('"').unwrap();
    let script = format!(
        "/order-online/{}",
        html[start..end].trim_start_matches("./")
    );
    vec![
        ("/".into(), 307),
        ("/openapi.json".into(), 200),
        ("/order-online/".into(), 200),
        ("/order-online/admin".into(), 200),
        (format!("/order-online/admin/orders/{}", f.a_order), 200),
        (format!("/order-online/orders/{}", f.guest_token), 200),
        (script, 200),
        ("/order-online/assets/no-such-file.js".into(), 404),
    ]
}
