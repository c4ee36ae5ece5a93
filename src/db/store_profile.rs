//! The restaurant's own record (contact, Impressum, hours, closures, pause, pre-order
//! settings), its delivery postcodes and its discounts. An admin's change may name the
//! version it was made on (`domain::edit_version`); it is compared with the stored
//! record inside the change's transaction, and a different one writes nothing.

use redb::{ReadTransaction, ReadableTable};

use super::tables::{
    DISCOUNT_CODE_TO_DISCOUNT, META_NEXT_POSTCODE_ID, POSTCODE_ID_TO_POSTCODE, STORE_ID_TO_PROFILE,
};
use super::{Db, DbError, next_id, record};
use crate::domain::delivery::{
    Discount, DiscountCode, Postcode, PostcodeError, PostcodeInput, check_postcode,
};
use crate::domain::edit_version::{self, EditConflict, EditRefusal, Precondition};
use crate::domain::store_profile::StoreProfile;

/// Why the pause switch changed nothing.
enum PauseRefused {
    NoStore,
    Conflict(EditConflict),
}

impl Db {
    /// The profile of `store_id`, or `None` for a store this shop does not have.
    pub async fn store_profile(&self, store_id: u64) -> Result<Option<StoreProfile>, DbError> {
        self.read(move |txn| read_profile(txn, store_id)).await
    }

    /// Replaces the profile (already validated), durably, when the stored one meets
    /// `precondition`.
    pub async fn set_store_profile(
        &self,
        store_id: u64,
        profile: StoreProfile,
        precondition: Option<Precondition>,
    ) -> Result<Result<(), EditConflict>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(STORE_ID_TO_PROFILE)?;
            let current = table
                .get(store_id)?
                .map(|bytes| record::decode::<StoreProfile>(bytes.value()))
                .transpose()?;
            if let Err(conflict) = edit_version::check(precondition.as_ref(), current.as_ref()) {
                return Ok(Err(conflict));
            }
            table.insert(store_id, record::encode(&profile)?.as_slice())?;
            drop(table);
            super::guards::clear_when_resumed(txn, store_id, &profile)?;
            Ok(Ok(()))
        })
        .await
    }

    /// Changes only the pause switch, when the stored profile meets `precondition`;
    /// answers the new profile, `None` for no such store.
    pub async fn set_paused(
        &self,
        store_id: u64,
        paused: bool,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<StoreProfile>, EditConflict>, DbError> {
        let changed = self
            .write(move |txn| {
                let mut table = txn.open_table(STORE_ID_TO_PROFILE)?;
                let current = table
                    .get(store_id)?
                    .map(|bytes| record::decode::<StoreProfile>(bytes.value()))
                    .transpose()?;
                let Some(mut profile) = current else {
                    return Ok(Err(PauseRefused::NoStore));
                };
                if let Err(conflict) = edit_version::check(precondition.as_ref(), Some(&profile)) {
                    return Ok(Err(PauseRefused::Conflict(conflict)));
                }
                profile.paused = paused;
                table.insert(store_id, record::encode(&profile)?.as_slice())?;
                drop(table);
                super::guards::clear_when_resumed(txn, store_id, &profile)?;
                Ok(Ok(profile))
            })
            .await?;
        Ok(match changed {
            Ok(profile) => Ok(Some(profile)),
            Err(PauseRefused::NoStore) => Ok(None),
            Err(PauseRefused::Conflict(conflict)) => Err(conflict),
        })
    }

    /// Every delivery postcode, sorted by postcode.
    pub async fn postcodes(&self) -> Result<Vec<Postcode>, DbError> {
        self.read(|txn| {
            let mut postcodes = Vec::new();
            for entry in txn.open_table(POSTCODE_ID_TO_POSTCODE)?.iter()? {
                let (_, bytes) = entry?;
                postcodes.push(record::decode::<Postcode>(bytes.value())?);
            }
            postcodes.sort_by(|a, b| a.postcode.cmp(&b.postcode));
            Ok(postcodes)
        })
        .await
    }

    /// Creates (`id` = `None`) or replaces a postcode (when it meets `precondition`).
    /// `Ok(Ok(None))`: no such id.
    pub async fn save_postcode(
        &self,
        id: Option<u64>,
        input: PostcodeInput,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<Postcode>, EditRefusal<PostcodeError>>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(POSTCODE_ID_TO_POSTCODE)?;
            let mut others = Vec::new();
            for entry in table.iter()? {
                let (_, bytes) = entry?;
                others.push(record::decode::<Postcode>(bytes.value())?);
            }
            let id = match id {
                Some(id) => match others.iter().find(|p| p.id == id) {
                    Some(current) => {
                        if let Err(conflict) =
                            edit_version::check(precondition.as_ref(), Some(current))
                        {
                            return Ok(Err(conflict.into()));
                        }
                        id
                    }
                    None => return Ok(Ok(None)),
                },
                None => next_id(txn, META_NEXT_POSTCODE_ID)?,
            };
            match check_postcode(id, input, &others) {
                Ok(postcode) => {
                    table.insert(id, record::encode(&postcode)?.as_slice())?;
                    Ok(Ok(Some(postcode)))
                }
                Err(refused) => Ok(Err(EditRefusal::Invalid(refused))),
            }
        })
        .await
    }

    /// Removes a postcode that meets `precondition`; whether it existed.
    pub async fn delete_postcode(
        &self,
        id: u64,
        precondition: Option<Precondition>,
    ) -> Result<Result<bool, EditConflict>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(POSTCODE_ID_TO_POSTCODE)?;
            let current = table
                .get(id)?
                .map(|bytes| record::decode::<Postcode>(bytes.value()))
                .transpose()?;
            let Some(current) = current else {
                return Ok(Ok(false));
            };
            if let Err(conflict) = edit_version::check(precondition.as_ref(), Some(&current)) {
                return Ok(Err(conflict));
            }
            table.remove(id)?;
            Ok(Ok(true))
        })
        .await
    }

    pub async fn discounts(&self) -> Result<Vec<Discount>, DbError> {
        self.read(|txn| {
            let mut discounts = Vec::new();
            for entry in txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?.iter()? {
                let (_, bytes) = entry?;
                discounts.push(record::decode::<Discount>(bytes.value())?);
            }
            discounts.sort_by_key(|discount| discount.code);
            Ok(discounts)
        })
        .await
    }

    /// Sets a discount (new or replaced) when the stored one, or its absence, meets
    /// `precondition`.
    pub async fn set_discount(
        &self,
        discount: Discount,
        precondition: Option<Precondition>,
    ) -> Result<Result<(), EditConflict>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?;
            let current = table
                .get(discount.code.as_str())?
                .map(|bytes| record::decode::<Discount>(bytes.value()))
                .transpose()?;
            if let Err(conflict) = edit_version::check(precondition.as_ref(), current.as_ref()) {
                return Ok(Err(conflict));
            }
            table.insert(
                discount.code.as_str(),
                record::encode(&discount)?.as_slice(),
            )?;
            Ok(Ok(()))
        })
        .await
    }

    /// Removes a discount that meets `precondition`; whether it existed.
    pub async fn delete_discount(
        &self,
        code: DiscountCode,
        precondition: Option<Precondition>,
    ) -> Result<Result<bool, EditConflict>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?;
            let current = table
                .get(code.as_str())?
                .map(|bytes| record::decode::<Discount>(bytes.value()))
                .transpose()?;
            let Some(current) = current else {
                return Ok(Ok(false));
            };
            if let Err(conflict) = edit_version::check(precondition.as_ref(), Some(&current)) {
                return Ok(Err(conflict));
            }
            table.remove(code.as_str())?;
            Ok(Ok(true))
        })
        .await
    }
}

fn read_profile(txn: &ReadTransaction, store_id: u64) -> Result<Option<StoreProfile>, DbError> {
    let table = txn.open_table(STORE_ID_TO_PROFILE)?;
    table
        .get(store_id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}
