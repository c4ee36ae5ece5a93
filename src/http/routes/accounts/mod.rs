//! Customer accounts (spec §7): registration, addresses and the contact form; plus the
//! admin's view of the outbox and the contact messages. Password reset is in
//! `password_reset`.

pub mod deletion;
pub mod login;
pub mod password_check;
pub mod password_reset;
pub mod profile;

use std::time::Instant;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::db::{NewUser, SupportMessage};
use crate::domain::address::{Address, AddressInput};
use crate::domain::error::ErrorCode;
use crate::domain::user::{Role, check_name, check_password, normalize_email, normalize_phone};
use crate::http::AppState;
use crate::http::auth::{OwnerAuth, UserAuth};
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::routes::accounts::login::UserView;
use crate::http::routes::catalog::{Created, Deleted};

/// Mails or messages per page of the admin's lists.
const ADMIN_PAGE: usize = 50;

pub struct AccountsApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Registered {
    /// The new account.
    #[oai(status = 201)]
    Created(Json<UserView>),
    /// Too many registrations from this client; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct RegisterBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub email: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_secret")]
    pub password: Option<String>,
    /// Digits only (others are removed), at most 15.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
}

#[derive(Debug, Object)]
pub struct AddressView {
    pub id: u64,
    /// Always `shipping`.
    #[oai(rename = "type")]
    pub kind: String,
    pub customer_name: String,
    /// Street and house number.
    pub line1: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    pub phone: String,
    pub email: String,
    pub notes: String,
}

impl From<Address> for AddressView {
    fn from(address: Address) -> Self {
        AddressView {
            id: address.id,
            kind: "shipping".into(),
            customer_name: address.customer_name,
            line1: address.line1,
            city: address.city,
            zip: address.zip,
            country: address.country,
            phone: address.phone,
            email: address.email,
            notes: address.notes,
        }
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct AddressBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub customer_name: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub line1: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub city: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub zip: Option<String>,
    /// Defaults to the shop's country.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub country: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub email: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub notes: Option<String>,
}

#[derive(Debug, Object)]
pub struct Notice {
    pub detail: String,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct SupportBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub email: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub message: Option<String>,
}

#[derive(Debug, Object)]
pub struct SupportView {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    /// Unix seconds.
    pub received_at: i64,
}

#[derive(Debug, Object)]
pub struct MailView {
    pub id: u64,
    pub to: String,
    pub subject: String,
    pub body: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Always false: these mails were not sent.
    pub sent: bool,
}

#[derive(ApiResponse)]
pub enum NoticeCreated {
    /// Received.
    #[oai(status = 201)]
    Created(Json<Notice>),
    /// Too many messages from this client; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

fn field<T>(name: &str, checked: Result<T, String>) -> Result<T, ApiError> {
    checked.map_err(|message| ApiError::invalid(name, &message))
}

impl AccountsApi {
    fn address_input(&self, body: AddressBody) -> AddressInput {
        AddressInput {
            customer_name: body.customer_name.unwrap_or_default(),
            line1: body.line1.unwrap_or_default(),
            city: body.city.unwrap_or_default(),
            zip: body.zip.unwrap_or_default(),
            country: body
                .country
                .unwrap_or_else(|| self.state.config.country.clone()),
            phone: body.phone.unwrap_or_default(),
            email: body.email.unwrap_or_default(),
            notes: body.notes.unwrap_or_default(),
        }
    }
}

#[OpenApi]
impl AccountsApi {
    /// Register a customer account. The answer is the account; log in with
    /// `POST /login` afterwards.
    #[oai(path = "/register/customer", method = "post")]
    async fn register(
        &self,
        body: Json<RegisterBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<Registered, ApiError> {
        // Before anything is hashed: every registration costs an argon2 hash.
        let client = self.state.client_ip(remote, headers);
        if let Some(wait) = self.state.register_throttle.take(client, Instant::now()) {
            let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
            tracing::warn!(%client, "registration throttled");
            return Ok(Registered::TooMany(
                error::body(
                    ErrorCode::TooManyAttempts,
                    format!(
                        "Too many registrations from this address. Please wait {seconds} seconds."
                    ),
                ),
                seconds,
            ));
        }
        let body = body.0;
        let name = field("name", check_name(&required("name", body.name)?))?;
        let email = field("email", normalize_email(&required("email", body.email)?))?;
        let password = required("password", body.password)?;
        field("password", check_password(&password))?;
        let phone = field("phone", normalize_phone(&required("phone", body.phone)?))?;
        let password_hash = passwords::hash(password).await.map_err(|error| {
            tracing::error!(%error, "register: hashing failed");
            ApiError::internal()
        })?;
        let created = self
            .state
            .shop
            .register(NewUser {
                email,
                name,
                role: Role::Customer,
                password_hash,
                created_at: unix_now() as i64,
                phone,
            })
            .await?;
        match created {
            Ok(user) => {
                tracing::info!(user = user.id, "customer registered");
                Ok(Registered::Created(Json(UserView::from(&user))))
            }
            Err(refused) => Err(refused.into()),
        }
    }

    /// The signed-in customer's addresses.
    #[oai(path = "/addresses/", method = "get")]
    async fn list_addresses(&self, auth: UserAuth) -> Result<Json<Vec<AddressView>>, ApiError> {
        let addresses = self.state.shop.db().addresses_of(auth.0.id).await?;
        Ok(Json(addresses.into_iter().map(AddressView::from).collect()))
    }

    /// Add an address to the signed-in customer's account.
    #[oai(path = "/addresses/", method = "post")]
    async fn create_address(
        &self,
        auth: UserAuth,
        body: Json<AddressBody>,
    ) -> Result<Created<AddressView>, ApiError> {
        let input = self.address_input(body.0);
        let saved = self.state.shop.save_address(auth.0.id, None, input).await?;
        let address = saved?.ok_or_else(ApiError::internal)?;
        Ok(Created::Created(Json(address.into())))
    }

    /// Change one of the signed-in customer's addresses (another's id answers 404).
    #[oai(path = "/addresses/:id", method = "put")]
    async fn update_address(
        &self,
        auth: UserAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<AddressBody>,
    ) -> Result<Json<AddressView>, ApiError> {
        let input = self.address_input(body.0);
        let saved = self
            .state
            .shop
            .save_address(auth.0.id, Some(id.0), input)
            .await?;
        let address = saved?.ok_or_else(|| {
            ApiError::not_found(
                ErrorCode::NotFound,
                format!("There is no address with id {}.", id.0),
            )
        })?;
        Ok(Json(address.into()))
    }

    /// Delete one of the signed-in customer's addresses.
    #[oai(path = "/addresses/:id", method = "delete")]
    async fn delete_address(
        &self,
        auth: UserAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Deleted, ApiError> {
        if !self.state.shop.delete_address(auth.0.id, id.0).await? {
            return Err(ApiError::not_found(
                ErrorCode::NotFound,
                format!("There is no address with id {}.", id.0),
            ));
        }
        Ok(Deleted::NoContent)
    }

    /// The contact form: stored for the admin, and mailed to the shop when SMTP is set.
    #[oai(path = "/support", method = "post")]
    async fn support(
        &self,
        body: Json<SupportBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<NoticeCreated, ApiError> {
        let body = body.0;
        let name = field("name", check_name(&required("name", body.name)?))?;
        let email = field("email", normalize_email(&required("email", body.email)?))?;
        let phone = match body.phone.filter(|phone| !phone.trim().is_empty()) {
            Some(phone) => field("phone", normalize_phone(&phone))?,
            None => String::new(),
        };
        let message = required("message", body.message)?.trim().to_string();
        if message.is_empty() || message.chars().count() > 5000 {
            return Err(ApiError::invalid("message", "must be 1 to 5000 characters"));
        }
        // Counted once the message is valid: a visitor who mistyped a field is not
        // locked out for it.
        let client = self.state.client_ip(remote, headers);
        if let Some(wait) = self.state.contact_throttle.take(client, Instant::now()) {
            let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
            tracing::warn!(%client, "contact form throttled");
            return Ok(NoticeCreated::TooMany(
                error::body(
                    ErrorCode::TooManyAttempts,
                    format!(
                        "Too many messages from this address. Please wait {seconds} seconds or call the restaurant."
                    ),
                ),
                seconds,
            ));
        }
        self.state
            .shop
            .contact(SupportMessage {
                id: 0,
                name,
                email,
                phone,
                message,
                received_at: self.state.shop.clock().now().timestamp(),
            })
            .await?;
        Ok(NoticeCreated::Created(Json(Notice {
            detail: "Thank you! We will get back to you soon.".into(),
        })))
    }

    /// Contact-form messages, newest first (admin), a page at a time: a page shorter
    /// than `limit` is the last.
    #[oai(path = "/admin/support-messages", method = "get")]
    async fn support_messages(
        &self,
        _admin: OwnerAuth,
        /// Messages per page, 1–200 (default 50).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The id of the last message of the page before: the messages received before it.
        before: Query<Option<u64>>,
    ) -> Result<Json<Vec<SupportView>>, ApiError> {
        let limit = limit.0.map_or(ADMIN_PAGE, |limit| limit as usize);
        let messages = self
            .state
            .shop
            .db()
            .support_messages(before.0, limit)
            .await?;
        Ok(Json(
            messages
                .into_iter()
                .map(|m| SupportView {
                    id: m.id,
                    name: m.name,
                    email: m.email,
                    phone: m.phone,
                    message: m.message,
                    received_at: m.received_at,
                })
                .collect(),
        ))
    }

    /// Mails that were kept instead of sent, newest first (admin), a page at a time: a
    /// page shorter than `limit` is the last.
    #[oai(path = "/admin/outbox", method = "get")]
    async fn outbox(
        &self,
        _admin: OwnerAuth,
        /// Mails per page, 1–200 (default 50).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The id of the last mail of the page before: the mails kept before it.
        before: Query<Option<u64>>,
    ) -> Result<Json<Vec<MailView>>, ApiError> {
        let limit = limit.0.map_or(ADMIN_PAGE, |limit| limit as usize);
        let mails = self.state.shop.db().outbox(before.0, limit).await?;
        Ok(Json(
            mails
                .into_iter()
                .map(|mail| MailView {
                    id: mail.id,
                    to: mail.to,
                    subject: mail.subject,
                    body: mail.body,
                    created_at: mail.created_at,
                    sent: false,
                })
                .collect(),
        ))
    }
}
