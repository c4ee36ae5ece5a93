//! `POST /login` (form fields `username` = email and `password`) and `GET /users/me`.

use std::time::Instant;

use poem::http::{HeaderMap, header};
use poem::web::RemoteAddr;
use poem_openapi::payload::{Form, Json};
use poem_openapi::{ApiRequest, ApiResponse, Multipart, Object, OpenApi};

use crate::auth::tokens::{TOKEN_LIFETIME_SECONDS, unix_now};
use crate::auth::{device_cookie, passwords};
use crate::domain::error::ErrorCode;
use crate::domain::user::{User, normalize_email};
use crate::http::AppState;
use crate::http::auth::UserAuth;
use crate::http::error::{ApiError, ErrorBody, body};
use crate::http::middleware::throttle::{Admission, Caller};
use crate::http::routes::accounts::deletion::{AccountDeleted, DeleteAccountBody, delete_account};
use crate::http::routes::accounts::profile::{
    PasswordChangeBody, PasswordChanged, ProfileBody, change_password, update_profile,
};

pub struct LoginApi {
    pub state: AppState,
}

#[derive(Debug, Object, serde::Deserialize)]
pub struct LoginFields {
    /// The account's email address.
    pub username: String,
    pub password: String,
}

#[derive(Debug, Multipart)]
pub struct LoginMultipart {
    pub username: String,
    pub password: String,
}

/// The same fields as a URL-encoded form or as multipart form data.
#[derive(Debug, ApiRequest)]
pub enum LoginRequest {
    Form(Form<LoginFields>),
    Multipart(LoginMultipart),
}

#[derive(Debug, Object)]
pub struct UserView {
    pub id: u64,
    pub email: String,
    /// The name shown in the header (its first word).
    pub customer_name: String,
    /// `owner`, `staff` (the restaurant's accounts) or `customer`.
    pub role: String,
    /// Digits only; may be empty for the restaurant's accounts.
    pub phone: String,
}

impl From<&User> for UserView {
    fn from(user: &User) -> Self {
        UserView {
            id: user.id,
            email: user.email.clone(),
            customer_name: user.name.clone(),
            role: user.role.as_str().into(),
            phone: user.phone.clone(),
        }
    }
}

#[derive(Debug, Object)]
pub struct LoginSuccess {
    /// Send as `Authorization: Bearer …`.
    pub access_token: String,
    /// Always `bearer`.
    pub token_type: String,
    /// Seconds until the token expires.
    pub expires_in: u64,
    pub user: UserView,
}

#[derive(Debug, Object)]
pub struct LoginFailure {
    pub detail: String,
    pub code: String,
    /// The text the login form shows.
    pub message: String,
}

#[derive(ApiResponse)]
pub enum LoginResponse {
    /// Logged in. The answer sets (or renews) the device cookie that lets this browser
    /// in without the slow-down an account under attack imposes on unknown callers.
    #[oai(status = 200)]
    Ok(
        Json<LoginSuccess>,
        #[oai(header = "Set-Cookie")] Option<String>,
    ),
    /// The fields are missing or empty.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Wrong email or password (the same answer either way).
    #[oai(status = 401)]
    Unauthorized(Json<LoginFailure>),
    /// The body is larger than the server accepts.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// The body is neither a URL-encoded form nor multipart form data.
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// Too many failed attempts from this client address.
    #[oai(status = 429)]
    TooManyAttempts(Json<LoginFailure>, #[oai(header = "Retry-After")] u64),
    /// A fault on the server; the details are in the server log only.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
}

fn internal() -> LoginResponse {
    LoginResponse::Internal(body(
        ErrorCode::InternalError,
        "Something went wrong on the server.",
    ))
}

const INVALID_CREDENTIALS: &str = "Invalid credentials";

/// The browser's device cookie for `account`, if it brings a valid one.
fn known_device(state: &AppState, headers: &HeaderMap, account: &str) -> Caller {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .filter_map(device_cookie::from_cookie_header)
        .find_map(|value| state.tokens.devices.verify(value, account))
        .map_or(Caller::Unknown, Caller::Device)
}

/// `Set-Cookie` for a device cookie naming `account`, kept for a year, sent back only to
/// the login (`Path=/login`), never readable by scripts, and over HTTPS only when the
/// shop's links are https.
fn device_cookie(state: &AppState, headers: &HeaderMap, account: &str) -> Option<String> {
    if let Caller::Device(_) = known_device(state, headers, account) {
        return None;
    }
    let value = match state.tokens.devices.issue(account) {
        Ok(value) => value,
        Err(error) => {
            tracing::error!(%error, "login: cannot make a device cookie");
            return None;
        }
    };
    let secure = if state.link_origin().starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    Some(format!(
        "{}={value}; Path=/login; Max-Age={}; HttpOnly; SameSite=Strict{secure}",
        device_cookie::DEVICE_COOKIE,
        device_cookie::DEVICE_COOKIE_MAX_AGE_SECONDS
    ))
}

#[OpenApi]
impl LoginApi {
    /// Log in with email and password; answers a bearer token.
    #[oai(path = "/login", method = "post")]
    async fn login(
        &self,
        request: LoginRequest,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> LoginResponse {
        let (username, password) = match request {
            LoginRequest::Form(Form(fields)) => (fields.username, fields.password),
            LoginRequest::Multipart(fields) => (fields.username, fields.password),
        };
        if username.trim().is_empty() || password.is_empty() {
            return LoginResponse::BadRequest(body(
                ErrorCode::MissingCredentials,
                "Please enter email and password.",
            ));
        }
        let client = self.state.client_ip(remote, headers);
        let account = username.trim().to_lowercase();
        let caller = known_device(&self.state, headers, &account);
        match self
            .state
            .login_throttle
            .admit(client, &account, caller, Instant::now())
        {
            Admission::Refuse(wait) => {
                let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
                let text = format!("Too many login attempts. Please wait {seconds} seconds.");
                tracing::warn!(%client, "login throttled");
                return LoginResponse::TooManyAttempts(
                    Json(LoginFailure {
                        detail: text.clone(),
                        code: ErrorCode::TooManyAttempts.as_str().into(),
                        message: text,
                    }),
                    seconds,
                );
            }
            Admission::Check { slow_down } if !slow_down.is_zero() => {
                tracing::warn!(%client, "login slowed down: the account failed often lately");
                tokio::time::sleep(slow_down).await;
            }
            Admission::Check { .. } => {}
        }
        let user = match normalize_email(&username) {
            Ok(email) => match self.state.shop.db().user_by_email(email).await {
                Ok(user) => user,
                Err(error) => {
                    tracing::error!(%error, "login: cannot read the account");
                    return internal();
                }
            },
            Err(_) => None,
        };
        let stored_hash = user.as_ref().map(|u| u.password_hash.clone());
        let matches = match passwords::verify(password, stored_hash).await {
            Ok(matches) => matches,
            Err(error) => {
                tracing::error!(%error, "login: password check failed");
                return internal();
            }
        };
        let Some(user) = user.filter(|_| matches) else {
            self.state
                .login_throttle
                .record_failure(client, &account, caller, Instant::now());
            return LoginResponse::Unauthorized(Json(LoginFailure {
                detail: INVALID_CREDENTIALS.into(),
                code: ErrorCode::InvalidCredentials.as_str().into(),
                message: INVALID_CREDENTIALS.into(),
            }));
        };
        let access_token = match self.state.tokens.issue(&user, unix_now()) {
            Ok(token) => token,
            Err(error) => {
                tracing::error!(%error, "login: cannot issue a token");
                return internal();
            }
        };
        self.state.login_throttle.record_success(&account, caller);
        tracing::info!(user = user.id, role = user.role.as_str(), "login");
        LoginResponse::Ok(
            Json(LoginSuccess {
                access_token,
                token_type: "bearer".into(),
                expires_in: TOKEN_LIFETIME_SECONDS,
                user: UserView::from(&user),
            }),
            device_cookie(&self.state, headers, &account),
        )
    }

    /// The signed-in account.
    #[oai(path = "/users/me", method = "get")]
    async fn me(&self, auth: UserAuth) -> Result<Json<UserView>, ApiError> {
        Ok(Json(UserView::from(&auth.0)))
    }

    /// Change the signed-in customer's name and phone.
    #[oai(path = "/users/me", method = "put")]
    async fn update_me(
        &self,
        auth: UserAuth,
        body: Json<ProfileBody>,
    ) -> Result<Json<UserView>, ApiError> {
        update_profile(&self.state, auth.0, body.0).await
    }

    /// Change the signed-in customer's password with the current one. Every other
    /// session ends; the answer carries this session's new token.
    #[oai(path = "/users/me/password", method = "post")]
    async fn change_my_password(
        &self,
        auth: UserAuth,
        body: Json<PasswordChangeBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<PasswordChanged, ApiError> {
        change_password(&self.state, auth.0, body.0, remote, headers).await
    }

    /// Delete the signed-in customer's account. Needs the current password; refused
    /// (409 `open_order`) while one of their orders is not finished.
    #[oai(path = "/users/me", method = "delete")]
    async fn delete_me(
        &self,
        auth: UserAuth,
        body: Json<DeleteAccountBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<AccountDeleted, ApiError> {
        delete_account(&self.state, auth.0, body.0, remote, headers).await
    }
}
