//! The restaurant's own record (contact, Impressum, hours, closures, pause, pre-order
//! settings), its delivery postcodes and its discounts.

use redb::{ReadTransaction, ReadableTable};

use super::tables::{
    DISCOUNT_CODE_TO_DISCOUNT, META_NEXT_POSTCODE_ID, POSTCODE_ID_TO_POSTCODE, STORE_ID_TO_PROFILE,
};
use super::{Db, DbError, next_id, record};
use crate::domain::delivery::{
    Discount, DiscountCode, Postcode, PostcodeError, PostcodeInput, check_postcode,
};
use crate::domain::store_profile::StoreProfile;

impl Db {
    /// The profile of `store_id`, or `None` for a store this shop does not have.
    pub async fn store_profile(&self, store_id: u64) -> Result<Option<StoreProfile>, DbError> {
        self.read(move |txn| read_profile(txn, store_id)).await
    }

    /// Replaces the profile (already validated), durably.
    pub async fn set_store_profile(
        &self,
        store_id: u64,
        profile: StoreProfile,
    ) -> Result<(), DbError> {
        self.commit(move |txn| {
            txn.open_table(STORE_ID_TO_PROFILE)?
                .insert(store_id, record::encode(&profile)?.as_slice())?;
            super::guards::clear_when_resumed(txn, store_id, &profile)?;
            Ok(())
        })
        .await
    }

    /// Changes only the pause switch; answers the new profile, `None` for no such store.
    pub async fn set_paused(
        &self,
        store_id: u64,
        paused: bool,
    ) -> Result<Option<StoreProfile>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(STORE_ID_TO_PROFILE)?;
            let current = table
                .get(store_id)?
                .map(|bytes| record::decode::<StoreProfile>(bytes.value()))
                .transpose()?;
            let Some(mut profile) = current else {
                return Ok(Err(()));
            };
            profile.paused = paused;
            table.insert(store_id, record::encode(&profile)?.as_slice())?;
            drop(table);
            super::guards::clear_when_resumed(txn, store_id, &profile)?;
            Ok(Ok(profile))
        })
        .await
        .map(Result::ok)
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

    /// Creates (`id` = `None`) or replaces a postcode. `Ok(Ok(None))`: no such id.
    pub async fn save_postcode(
        &self,
        id: Option<u64>,
        input: PostcodeInput,
    ) -> Result<Result<Option<Postcode>, PostcodeError>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(POSTCODE_ID_TO_POSTCODE)?;
            let mut others = Vec::new();
            for entry in table.iter()? {
                let (_, bytes) = entry?;
                others.push(record::decode::<Postcode>(bytes.value())?);
            }
            let id = match id {
                Some(id) if others.iter().any(|p| p.id == id) => id,
                Some(_) => return Ok(Ok(None)),
                None => next_id(txn, META_NEXT_POSTCODE_ID)?,
            };
            match check_postcode(id, input, &others) {
                Ok(postcode) => {
                    table.insert(id, record::encode(&postcode)?.as_slice())?;
                    Ok(Ok(Some(postcode)))
                }
                Err(refused) => Ok(Err(refused)),
            }
        })
        .await
    }

    /// Whether the postcode existed.
    pub async fn delete_postcode(&self, id: u64) -> Result<bool, DbError> {
        self.commit(move |txn| {
            let removed = txn
                .open_table(POSTCODE_ID_TO_POSTCODE)?
                .remove(id)?
                .is_some();
            Ok(removed)
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

    pub async fn set_discount(&self, discount: Discount) -> Result<(), DbError> {
        self.commit(move |txn| {
            txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?.insert(
                discount.code.as_str(),
                record::encode(&discount)?.as_slice(),
            )?;
            Ok(())
        })
        .await
    }

    /// Whether the discount existed.
    pub async fn delete_discount(&self, code: DiscountCode) -> Result<bool, DbError> {
        self.commit(move |txn| {
            Ok(txn
                .open_table(DISCOUNT_CODE_TO_DISCOUNT)?
                .remove(code.as_str())?
                .is_some())
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
