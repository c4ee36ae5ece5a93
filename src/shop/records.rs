//! The records staff and customers keep without further effect on the shop: delivery
//! zones and discounts, a customer's account and saved addresses. Each change is one
//! durable transaction; a refused change leaves nothing behind.

use super::Shop;
use crate::db::{DbError, NewUser, UserError};
use crate::domain::address::{Address, AddressInput};
use crate::domain::delivery::{Discount, DiscountCode, Postcode, PostcodeError, PostcodeInput};
use crate::domain::store_profile::SettingError;
use crate::domain::user::User;

impl Shop {
    /// Adds a delivery zone (`id` `None`) or changes one; `None` when there is no such
    /// zone.
    pub async fn save_postcode(
        &self,
        id: Option<u64>,
        input: PostcodeInput,
    ) -> Result<Result<Option<Postcode>, PostcodeError>, DbError> {
        self.db.save_postcode(id, input).await
    }

    /// Whether there was such a zone.
    pub async fn delete_postcode(&self, id: u64) -> Result<bool, DbError> {
        self.db.delete_postcode(id).await
    }

    pub async fn set_discount(&self, discount: Discount) -> Result<(), DbError> {
        self.db.set_discount(discount).await
    }

    /// Whether there was such a discount.
    pub async fn delete_discount(&self, code: DiscountCode) -> Result<bool, DbError> {
        self.db.delete_discount(code).await
    }

    /// A new account (its email checked unique), or why not.
    pub async fn register(&self, new: NewUser) -> Result<Result<User, UserError>, DbError> {
        self.db.create_user(new).await
    }

    /// Adds an address to the customer's account (`id` `None`) or changes one of
    /// theirs; `None` when they have no such address.
    pub async fn save_address(
        &self,
        user_id: u64,
        id: Option<u64>,
        input: AddressInput,
    ) -> Result<Result<Option<Address>, SettingError>, DbError> {
        self.db.save_address(user_id, id, input).await
    }

    /// Whether the customer had such an address.
    pub async fn delete_address(&self, user_id: u64, id: u64) -> Result<bool, DbError> {
        self.db.delete_address(user_id, id).await
    }
}
