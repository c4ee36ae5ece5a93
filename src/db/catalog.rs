//! The catalog in redb: read whole, changed whole. A change loads the catalog inside a
//! write transaction, applies a domain operation to it, writes back only the records
//! that differ, removes images nothing refers to any more, and commits once. A refused
//! operation aborts the transaction, so nothing half-written is ever left.

use std::collections::{BTreeMap, BTreeSet};

use redb::{ReadableTable, TableDefinition, WriteTransaction};
use serde::de::DeserializeOwned;

use super::tables::*;
use super::{Db, DbError, record};
use crate::domain::catalog::*;
use crate::domain::image::{Image, ImageFormat, ImageKey, Rendered, render};

/// An entity with a table of its own.
pub trait Stored: Entity {
    const TABLE: TableDefinition<'static, u64, &'static [u8]>;
}

macro_rules! stored {
    ($($entity:ty => $table:ident),* $(,)?) => {
        $(impl Stored for $entity {
            const TABLE: TableDefinition<'static, u64, &'static [u8]> = $table;
        })*

        fn load_all(txn: &impl OpenTables) -> Result<Catalog, DbError> {
            let mut catalog = Catalog::default();
            $(*<$entity as Entity>::collection_mut(&mut catalog) = txn.load::<$entity>()?;)*
            Ok(catalog)
        }

        fn write_changes(txn: &WriteTransaction, before: &Catalog, after: &Catalog) -> Result<(), DbError> {
            $(sync::<$entity>(txn, before, after)?;)*
            Ok(())
        }
    };
}

stored!(
    Tax => TAX_ID_TO_TAX,
    Category => CATEGORY_ID_TO_CATEGORY,
    Product => PRODUCT_ID_TO_PRODUCT,
    Topping => TOPPING_ID_TO_TOPPING,
    ToppingGroup => TOPPING_GROUP_ID_TO_TOPPING_GROUP,
    GroupItem => GROUP_ITEM_ID_TO_GROUP_ITEM,
    ProductGroup => PRODUCT_GROUP_ID_TO_PRODUCT_GROUP,
    Allergy => ALLERGY_ID_TO_ALLERGY,
    ItemAllergy => ITEM_ALLERGY_ID_TO_ITEM_ALLERGY,
    Banner => BANNER_ID_TO_BANNER,
);

/// Reading tables from either kind of transaction.
pub(super) trait OpenTables {
    fn load<E: Stored>(&self) -> Result<BTreeMap<u64, E>, DbError>;
    fn meta(&self, key: &str) -> Result<u64, DbError>;
    /// Every record of a table keyed by id, in id order.
    fn records<T: DeserializeOwned>(
        &self,
        table: TableDefinition<'static, u64, &'static [u8]>,
    ) -> Result<Vec<T>, DbError>;
    /// Every record of a table keyed by id, with its id, in id order.
    fn keyed_records<T: DeserializeOwned>(
        &self,
        table: TableDefinition<'static, u64, &'static [u8]>,
    ) -> Result<Vec<(u64, T)>, DbError>;
    /// Every record of a table keyed by name, in key order.
    fn named_records<T: DeserializeOwned>(
        &self,
        table: TableDefinition<'static, &'static str, &'static [u8]>,
    ) -> Result<Vec<T>, DbError>;
    fn record<T: DeserializeOwned>(
        &self,
        table: TableDefinition<'static, u64, &'static [u8]>,
        id: u64,
    ) -> Result<Option<T>, DbError>;
    /// The greatest key of a table keyed by text.
    fn last_text_key(
        &self,
        table: TableDefinition<'static, &'static str, u64>,
    ) -> Result<Option<String>, DbError>;
    /// The id a table keyed by text holds for `key`.
    fn id_of(
        &self,
        table: TableDefinition<'static, &'static str, u64>,
        key: &str,
    ) -> Result<Option<u64>, DbError>;
    /// The count a table keyed by (id, text) holds for `key`; 0 when none.
    fn count_of(
        &self,
        table: TableDefinition<'static, (u64, &'static str), u32>,
        key: (u64, &str),
    ) -> Result<u32, DbError>;
}

fn collect<E: Stored>(
    table: &impl ReadableTable<u64, &'static [u8]>,
) -> Result<BTreeMap<u64, E>, DbError> {
    let mut map = BTreeMap::new();
    for entry in table.iter()? {
        let (id, bytes) = entry?;
        map.insert(id.value(), record::decode::<E>(bytes.value())?);
    }
    Ok(map)
}

macro_rules! open_tables {
    ($($txn:ty),*) => {
        $(impl OpenTables for $txn {
            fn load<E: Stored>(&self) -> Result<BTreeMap<u64, E>, DbError> {
                collect(&self.open_table(E::TABLE)?)
            }
            fn meta(&self, key: &str) -> Result<u64, DbError> {
                Ok(self.open_table(META)?.get(key)?.map(|v| v.value()).unwrap_or(0))
            }
            fn records<T: DeserializeOwned>(
                &self,
                table: TableDefinition<'static, u64, &'static [u8]>,
            ) -> Result<Vec<T>, DbError> {
                let mut records = Vec::new();
                for entry in self.open_table(table)?.iter()? {
                    records.push(record::decode::<T>(entry?.1.value())?);
                }
                Ok(records)
            }
            fn keyed_records<T: DeserializeOwned>(
                &self,
                table: TableDefinition<'static, u64, &'static [u8]>,
            ) -> Result<Vec<(u64, T)>, DbError> {
                let mut records = Vec::new();
                for entry in self.open_table(table)?.iter()? {
                    let (id, bytes) = entry?;
                    records.push((id.value(), record::decode::<T>(bytes.value())?));
                }
                Ok(records)
            }
            fn named_records<T: DeserializeOwned>(
                &self,
                table: TableDefinition<'static, &'static str, &'static [u8]>,
            ) -> Result<Vec<T>, DbError> {
                let mut records = Vec::new();
                for entry in self.open_table(table)?.iter()? {
                    records.push(record::decode::<T>(entry?.1.value())?);
                }
                Ok(records)
            }
            fn record<T: DeserializeOwned>(
                &self,
                table: TableDefinition<'static, u64, &'static [u8]>,
                id: u64,
            ) -> Result<Option<T>, DbError> {
                self.open_table(table)?
                    .get(id)?
                    .map(|bytes| record::decode::<T>(bytes.value()))
                    .transpose()
            }
            fn last_text_key(
                &self,
                table: TableDefinition<'static, &'static str, u64>,
            ) -> Result<Option<String>, DbError> {
                Ok(self.open_table(table)?.last()?.map(|(key, _)| key.value().to_string()))
            }
            fn id_of(
                &self,
                table: TableDefinition<'static, &'static str, u64>,
                key: &str,
            ) -> Result<Option<u64>, DbError> {
                Ok(self.open_table(table)?.get(key)?.map(|id| id.value()))
            }
            fn count_of(
                &self,
                table: TableDefinition<'static, (u64, &'static str), u32>,
                key: (u64, &str),
            ) -> Result<u32, DbError> {
                Ok(self.open_table(table)?.get(key)?.map_or(0, |count| count.value()))
            }
        })*
    };
}
open_tables!(redb::ReadTransaction, WriteTransaction);

pub(super) fn load_catalog(txn: &impl OpenTables) -> Result<Catalog, DbError> {
    let mut catalog = load_all(txn)?;
    catalog.next_id = txn.meta(META_NEXT_ID)?;
    Ok(catalog)
}

fn sync<E: Stored>(
    txn: &WriteTransaction,
    before: &Catalog,
    after: &Catalog,
) -> Result<(), DbError> {
    let (old, new) = (E::collection(before), E::collection(after));
    if old == new {
        return Ok(());
    }
    let mut table = txn.open_table(E::TABLE)?;
    for id in old.keys().filter(|id| !new.contains_key(id)) {
        table.remove(*id)?;
    }
    for (id, entity) in new {
        if old.get(id) != Some(entity) {
            table.insert(*id, record::encode(entity)?.as_slice())?;
        }
    }
    Ok(())
}

fn image_keys(catalog: &Catalog) -> BTreeSet<String> {
    catalog
        .products
        .values()
        .filter_map(|product| product.image_key.clone())
        .chain(
            catalog
                .banners
                .values()
                .map(|banner| banner.image_key.clone()),
        )
        .collect()
}

/// Applies `operation` inside `txn` (see [`Store::change_catalog`]); used directly by
/// migrations and seeding, which already hold a write transaction.
pub(super) fn change_in<T>(
    txn: &WriteTransaction,
    image: Option<(ImageKey, Rendered)>,
    operation: impl FnOnce(&mut Catalog) -> Result<T, CatalogError>,
) -> Result<Result<Changed<T>, CatalogError>, DbError> {
    let before = load_catalog(txn)?;
    let mut after = before.clone();
    let value = match operation(&mut after) {
        Ok(value) => value,
        Err(refused) => return Ok(Err(refused)),
    };
    write_changes(txn, &before, &after)?;
    if let Some((key, rendered)) = &image {
        store_renditions(txn, key, rendered)?;
    }
    let kept = image_keys(&after);
    for key in image_keys(&before).difference(&kept) {
        remove_renditions(txn, key)?;
    }
    let version = txn.meta(META_CATALOG_VERSION)? + 1;
    let mut meta = txn.open_table(META)?;
    meta.insert(META_NEXT_ID, after.next_id)?;
    meta.insert(META_CATALOG_VERSION, version)?;
    Ok(Ok(Changed {
        value,
        catalog: after,
        version,
    }))
}

/// Stores every rendition of a photo under its key.
pub(super) fn store_renditions(
    txn: &WriteTransaction,
    key: &ImageKey,
    rendered: &Rendered,
) -> Result<(), DbError> {
    let mut table = txn.open_table(IMAGE_RENDITIONS)?;
    for rendition in &rendered.renditions {
        let format = ImageFormat::from(rendition.image.format);
        table.insert(
            key.rendition(rendition.width, format).as_str(),
            record::encode_image(format, &rendition.image.bytes).as_slice(),
        )?;
    }
    Ok(())
}

/// Removes every rendition stored under `key`.
fn remove_renditions(txn: &WriteTransaction, key: &str) -> Result<(), DbError> {
    let mut table = txn.open_table(IMAGE_RENDITIONS)?;
    // `{key}/…` sorts between `{key}/` and `{key}0` ('0' follows '/').
    let (from, to) = (format!("{key}/"), format!("{key}0"));
    let names: Vec<String> = table
        .range(from.as_str()..to.as_str())?
        .map(|entry| entry.map(|(name, _)| name.value().to_string()))
        .collect::<Result<_, _>>()?;
    for name in names {
        table.remove(name.as_str())?;
    }
    Ok(())
}

/// Schema version 23: every photo stored as uploaded is rendered (turned upright, its
/// metadata left behind) and kept under a key with the same stem, so a link to the
/// old key still finds it (`Db::image_key_of_stem`); the uploads are deleted. A photo
/// that cannot be read any more is dropped: its product shows none, its banner goes.
pub(super) fn render_stored_images(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(IMAGE_RENDITIONS)?;
    let mut renamed: BTreeMap<String, Option<String>> = BTreeMap::new();
    {
        let uploads = txn.open_table(IMAGE_KEY_TO_IMAGE)?;
        for (number, entry) in uploads.iter()?.enumerate() {
            let (key, value) = entry?;
            let old_key = key.value().to_string();
            let rendered = record::decode_image(value.value())
                .ok()
                .and_then(|image| render(&image.bytes).ok());
            let new_key = match rendered {
                Some(rendered) => {
                    let stem = ImageKey::legacy_stem(&old_key)
                        .map(str::to_string)
                        .unwrap_or_else(|| format!("upload{number}"));
                    let key = ImageKey {
                        stem,
                        width: rendered.width,
                        height: rendered.height,
                    };
                    store_renditions(txn, &key, &rendered)?;
                    Some(key.to_string())
                }
                None => {
                    tracing::warn!(key = %old_key, "a stored image could not be read; dropped");
                    None
                }
            };
            renamed.insert(old_key, new_key);
        }
    }
    if !renamed.is_empty() {
        let changed = change_in(txn, None, |catalog| {
            for product in catalog.products.values_mut() {
                if let Some(new_key) = product.image_key.as_ref().and_then(|k| renamed.get(k)) {
                    product.image_key = new_key.clone();
                }
            }
            catalog
                .banners
                .retain(|_, banner| !matches!(renamed.get(&banner.image_key), Some(None)));
            for banner in catalog.banners.values_mut() {
                if let Some(Some(new_key)) = renamed.get(&banner.image_key) {
                    banner.image_key = new_key.clone();
                }
            }
            Ok(())
        })?;
        changed.map_err(|error| DbError::Decode(error.to_string()))?;
    }
    txn.delete_table(IMAGE_KEY_TO_IMAGE)?;
    Ok(())
}

/// Why a catalog change did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    #[error(transparent)]
    Refused(#[from] CatalogError),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// The outcome of a committed change.
pub struct Changed<T> {
    pub value: T,
    /// The catalog as committed, to rebuild the menu snapshot from.
    pub catalog: Catalog,
    /// Increases with every committed change.
    pub version: u64,
}

impl Db {
    /// The whole catalog, read in one transaction.
    pub async fn catalog(&self) -> Result<(Catalog, u64), DbError> {
        self.read(|txn| Ok((load_catalog(txn)?, txn.meta(META_CATALOG_VERSION)?)))
            .await
    }

    /// Applies `operation` to the catalog and commits it durably, or changes nothing.
    /// `image`, if given, is stored under its key in the same transaction.
    /// `precondition`, if given, is checked on the catalog as this transaction reads
    /// it, before `operation`: a record at another version than the change was made on
    /// refuses the change ([`CatalogError::Conflict`]).
    pub async fn change_catalog<T, F>(
        &self,
        image: Option<(ImageKey, Rendered)>,
        precondition: Option<RecordPrecondition>,
        operation: F,
    ) -> Result<Changed<T>, ChangeError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        self.write(move |txn| {
            change_in(txn, image, move |catalog| {
                if let Some(precondition) = &precondition {
                    precondition.check(catalog)?;
                }
                operation(catalog)
            })
        })
        .await?
        .map_err(ChangeError::Refused)
    }

    /// One rendition of a photo, by its name (`ImageKey::rendition`), for serving.
    pub async fn image_rendition(&self, name: String) -> Result<Option<Image>, DbError> {
        self.read(move |txn| {
            let table = txn.open_table(IMAGE_RENDITIONS)?;
            table
                .get(name.as_str())?
                .map(|bytes| record::decode_image(bytes.value()))
                .transpose()
        })
        .await
    }

    /// The key of the stored photo whose key has `stem` (a link to a key from before
    /// renditions, `{stem}.jpg`).
    pub async fn image_key_of_stem(&self, stem: String) -> Result<Option<ImageKey>, DbError> {
        self.read(move |txn| {
            let table = txn.open_table(IMAGE_RENDITIONS)?;
            let from = format!("{stem}-");
            let first = table.range(from.as_str()..)?.next().transpose()?;
            Ok(first.and_then(|(name, _)| {
                let name = name.value();
                let key = name.split_once('/').map_or(name, |(key, _)| key);
                ImageKey::parse(key).filter(|key| key.stem == stem)
            }))
        })
        .await
    }
}
