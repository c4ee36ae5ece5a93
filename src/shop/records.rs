//! The records staff and customers keep without further effect on the shop: delivery
//! zones and discounts, a customer's account and saved addresses. Each change is one
//! durable transaction; a refused change leaves nothing behind. An admin's change of a
//! zone or a discount may name the version it was made on; a stale one is refused.

use super::Shop;
use crate::db::{DbError, NewUser, UserError};
use crate::domain::address::{Address, AddressInput};
use crate::domain::delivery::{Discount, DiscountCode, Postcode, PostcodeError, PostcodeInput};
use crate::domain::edit_version::{EditConflict, EditRefusal, Precondition};
use crate::domain::store_profile::SettingError;
use crate::domain::user::User;

impl Shop {
    /// Adds a delivery zone (`id` `None`) or changes one that meets `precondition`;
    /// `None` when there is no such zone.
    pub async fn save_postcode(
        &self,
        id: Option<u64>,
        input: PostcodeInput,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<Postcode>, EditRefusal<PostcodeError>>, DbError> {
        self.db.save_postcode(id, input, precondition).await
    }

    /// Removes a zone that meets `precondition`; whether there was such a zone.
    pub async fn delete_postcode(
        &self,
        id: u64,
        precondition: Option<Precondition>,
    ) -> Result<Result<bool, EditConflict>, DbError> {
        self.db.delete_postcode(id, precondition).await
    }

    /// Sets a discount when the stored one (or its absence) meets `precondition`.
    pub async fn set_discount(
        &self,
        discount: Discount,
        precondition: Option<Precondition>,
    ) -> Result<Result<(), EditConflict>, DbError> {
        self.db.set_discount(discount, precondition).await
    }

    /// Removes a discount that meets `precondition`; whether there was such a discount.
    pub async fn delete_discount(
        &self,
        code: DiscountCode,
        precondition: Option<Precondition>,
    ) -> Result<Result<bool, EditConflict>, DbError> {
        self.db.delete_discount(code, precondition).await
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
