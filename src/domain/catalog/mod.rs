//! The menu as the restaurant defines it, and the rules every change must keep.
//!
//! A [`Catalog`] is the whole menu in memory (a restaurant's menu is hundreds of rows,
//! not millions). Changes go through [`Catalog::create`], [`Catalog::update`] and
//! [`Catalog::delete`], which validate input and references; the store persists the
//! result in one transaction, so a refused change leaves nothing behind.

mod entities;
mod menu;
pub mod menu_csv;
pub mod menu_document;
mod precondition;
pub mod price_labels;
mod sold_out;
pub mod stock;
mod types;
mod validate;

use crate::domain::edit_version::EditConflict;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use std::collections::BTreeMap;

pub use entities::Entity;
pub use menu::{
    MenuGroup, MenuProduct, MenuTopping, allergy_order, menu_product, menu_products,
    visible_categories,
};
pub use precondition::RecordPrecondition;
pub use price_labels::{ContentUnit, NetContent};
pub use sold_out::{Sale, sells_at, until_tomorrow};
pub use stock::StockLevels;
pub use types::*;

/// Why a catalog change was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// A field of the input is wrong; `field` is the input's field name.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("there is no {kind} with id {id}")]
    NotFound { kind: &'static str, id: u64 },
    /// Deleting would leave something pointing at nothing.
    #[error("{0}")]
    InUse(String),
    /// The same link or code exists already.
    #[error("{0}")]
    Duplicate(String),
    /// Someone else changed the record after the caller loaded it.
    #[error(transparent)]
    Conflict(#[from] EditConflict),
}

impl CatalogError {
    pub(crate) fn invalid(field: &'static str, message: impl Into<String>) -> CatalogError {
        CatalogError::Invalid {
            field,
            message: message.into(),
        }
    }
}

/// Every entity of the menu, keyed by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    pub taxes: BTreeMap<u64, Tax>,
    pub categories: BTreeMap<u64, Category>,
    pub products: BTreeMap<u64, Product>,
    pub toppings: BTreeMap<u64, Topping>,
    pub topping_groups: BTreeMap<u64, ToppingGroup>,
    pub group_items: BTreeMap<u64, GroupItem>,
    pub product_groups: BTreeMap<u64, ProductGroup>,
    pub allergies: BTreeMap<u64, Allergy>,
    pub item_allergies: BTreeMap<u64, ItemAllergy>,
    pub banners: BTreeMap<u64, Banner>,
    /// The next id to hand out. Ids are never reused, so a deleted product's id in an
    /// old cart can never point at a different product.
    pub next_id: u64,
}

impl Catalog {
    /// A fresh id, unique across all entities (variants included).
    pub fn allocate_id(&mut self) -> u64 {
        let floor = self.highest_id() + 1;
        self.next_id = self.next_id.max(floor);
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn highest_id(&self) -> u64 {
        let variant_ids = self
            .products
            .values()
            .flat_map(|product| product.variants.iter().map(|variant| variant.id));
        [
            self.taxes.keys().last(),
            self.categories.keys().last(),
            self.products.keys().last(),
            self.toppings.keys().last(),
            self.topping_groups.keys().last(),
            self.group_items.keys().last(),
            self.product_groups.keys().last(),
            self.allergies.keys().last(),
            self.item_allergies.keys().last(),
            self.banners.keys().last(),
        ]
        .into_iter()
        .flatten()
        .copied()
        .chain(variant_ids)
        .max()
        .unwrap_or(0)
    }

    pub fn create<E: Entity>(&mut self, input: E::Input) -> Result<E, CatalogError> {
        let id = self.allocate_id();
        let record = E::build(self, id, input, None)?;
        E::collection_mut(self).insert(id, record.clone());
        Ok(record)
    }

    pub fn update<E: Entity>(&mut self, id: u64, input: E::Input) -> Result<E, CatalogError> {
        let previous = E::collection(self)
            .get(&id)
            .cloned()
            .ok_or(CatalogError::NotFound { kind: E::KIND, id })?;
        let record = E::build(self, id, input, Some(previous))?;
        E::collection_mut(self).insert(id, record.clone());
        Ok(record)
    }

    /// Deletes `id`, with what belongs only to it; refuses while others use it.
    pub fn delete<E: Entity>(&mut self, id: u64) -> Result<E, CatalogError> {
        if !E::collection(self).contains_key(&id) {
            return Err(CatalogError::NotFound { kind: E::KIND, id });
        }
        E::before_delete(self, id)?;
        E::collection_mut(self)
            .remove(&id)
            .ok_or(CatalogError::NotFound { kind: E::KIND, id })
    }

    pub fn get<E: Entity>(&self, id: u64) -> Result<&E, CatalogError> {
        E::collection(self)
            .get(&id)
            .ok_or(CatalogError::NotFound { kind: E::KIND, id })
    }
}

#[cfg(test)]
pub mod test_builders;
impl PublicError for CatalogError {
    fn code(&self) -> ErrorCode {
        match self {
            CatalogError::Invalid { .. } => ErrorCode::Invalid,
            CatalogError::NotFound { .. } => ErrorCode::NotFound,
            CatalogError::InUse(_) => ErrorCode::InUse,
            CatalogError::Duplicate(_) => ErrorCode::Duplicate,
            CatalogError::Conflict(conflict) => conflict.code(),
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            CatalogError::Invalid { .. } => ErrorStatus::BadRequest,
            CatalogError::NotFound { .. } => ErrorStatus::NotFound,
            CatalogError::InUse(_) | CatalogError::Duplicate(_) => ErrorStatus::Conflict,
            CatalogError::Conflict(conflict) => conflict.status(),
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            CatalogError::Conflict(conflict) => conflict.params(),
            _ => Vec::new(),
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            CatalogError::Invalid { field, .. } => Some(field),
            _ => None,
        }
    }

    fn detail(&self) -> String {
        match self {
            CatalogError::NotFound { kind, id } => format!("There is no {kind} with id {id}."),
            CatalogError::Conflict(conflict) => conflict.detail(),
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests;
