//! Schema versions. A fresh database runs every step; an older one runs the steps it
//! lacks, each in one write transaction that also records the new version; a newer one
//! is refused so an older binary never misreads data it does not understand.

use redb::{
    Database, ReadTransaction, ReadableDatabase, ReadableTable, TableError, WriteTransaction,
};

use super::DbError;
use super::tables::*;
use crate::domain::catalog::{Allergy, AllergyInput};

pub(super) type Step = fn(&WriteTransaction) -> Result<(), DbError>;

/// `STEPS[n]` migrates a database at version `n` to version `n + 1`.
pub(super) const STEPS: &[Step] = &[
    migrate_to_v1,
    migrate_to_v2,
    migrate_to_v3,
    migrate_to_v4,
    migrate_to_v5,
    migrate_to_v6,
    migrate_to_v7,
    migrate_to_v8,
    migrate_to_v9,
    migrate_to_v10,
    migrate_to_v11,
    migrate_to_v12,
    migrate_to_v13,
    migrate_to_v14,
    migrate_to_v15,
    migrate_to_v16,
    migrate_to_v17,
    migrate_to_v18,
    migrate_to_v19,
    migrate_to_v20,
    migrate_to_v21,
    migrate_to_v22,
    migrate_to_v23,
];

pub const LATEST_SCHEMA_VERSION: u64 = STEPS.len() as u64;

#[derive(Debug)]
pub enum MigrationError {
    Newer { found: u64 },
    Db(DbError),
}

macro_rules! migration_error_from {
    ($($error:ty),*) => {
        $(impl From<$error> for MigrationError {
            fn from(error: $error) -> Self {
                MigrationError::Db(error.into())
            }
        })*
    };
}
migration_error_from!(
    DbError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

/// Brings the database to [`LATEST_SCHEMA_VERSION`]. Returns the version it started
/// from when anything was done.
pub fn migrate(db: &Database) -> Result<Option<u64>, MigrationError> {
    migrate_with(db, STEPS)
}

pub(super) fn migrate_with(db: &Database, steps: &[Step]) -> Result<Option<u64>, MigrationError> {
    let found = read_schema_version(&db.begin_read()?)?;
    let latest = steps.len() as u64;
    if found > latest {
        return Err(MigrationError::Newer { found });
    }
    for (index, step) in steps.iter().enumerate().skip(found as usize) {
        let txn = super::storage::begin_write(db)?;
        step(&txn)?;
        txn.open_table(META)?
            .insert(META_SCHEMA_VERSION, index as u64 + 1)?;
        txn.commit()?;
        tracing::info!(version = index + 1, "database schema migrated");
    }
    Ok((found < latest).then_some(found))
}

/// 0 for a database that has never been migrated.
pub fn read_schema_version(txn: &ReadTransaction) -> Result<u64, DbError> {
    let meta = match txn.open_table(META) {
        Ok(meta) => meta,
        Err(TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(error) => return Err(error.into()),
    };
    Ok(meta
        .get(META_SCHEMA_VERSION)?
        .map(|version| version.value())
        .unwrap_or(0))
}

/// Version 1: the store profile and the catalog (taxes, categories, products).
fn migrate_to_v1(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(META)?;
    txn.open_table(STORE_ID_TO_PROFILE)?;
    txn.open_table(TAX_ID_TO_TAX)?;
    txn.open_table(CATEGORY_ID_TO_CATEGORY)?;
    txn.open_table(PRODUCT_ID_TO_PRODUCT)?;
    Ok(())
}

/// Version 2: the full menu model (toppings, groups, allergies, banners, images) and
/// accounts. The EU-14 allergens and the German additive codes are added, so every shop
/// can label its dishes from the start.
fn migrate_to_v2(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(TOPPING_ID_TO_TOPPING)?;
    txn.open_table(TOPPING_GROUP_ID_TO_TOPPING_GROUP)?;
    txn.open_table(GROUP_ITEM_ID_TO_GROUP_ITEM)?;
    txn.open_table(PRODUCT_GROUP_ID_TO_PRODUCT_GROUP)?;
    txn.open_table(ALLERGY_ID_TO_ALLERGY)?;
    txn.open_table(ITEM_ALLERGY_ID_TO_ITEM_ALLERGY)?;
    txn.open_table(BANNER_ID_TO_BANNER)?;
    txn.open_table(IMAGE_KEY_TO_IMAGE)?;
    txn.open_table(USER_ID_TO_USER)?;
    txn.open_table(USER_EMAIL_TO_USER_ID)?;
    let standard: Vec<StandardAllergy> = serde_json::from_str(STANDARD_ALLERGIES)
        .map_err(|error| DbError::Decode(format!("assets/allergies.json: {error}")))?;
    super::catalog::change_in(txn, None, |catalog| {
        for allergy in standard {
            let known = catalog
                .allergies
                .values()
                .any(|existing| existing.code.eq_ignore_ascii_case(&allergy.code));
            if !known {
                catalog.create::<Allergy>(AllergyInput {
                    code: allergy.code,
                    name: allergy.name,
                    name_en: Some(allergy.name_en),
                })?;
            }
        }
        Ok(())
    })?
    .map_err(|refused| DbError::Decode(format!("assets/allergies.json: {refused}")))?;
    Ok(())
}

/// Version 3: delivery postcodes and discounts. Hours, closures, pause and pre-order
/// settings live in the store profile record, whose new fields have defaults.
fn migrate_to_v3(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(POSTCODE_ID_TO_POSTCODE)?;
    txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?;
    Ok(())
}

/// Version 4: customer addresses, password resets, the mail outbox and support messages.
fn migrate_to_v4(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(ADDRESS_ID_TO_ADDRESS)?;
    txn.open_table(RESET_TOKEN_HASH_TO_RESET)?;
    txn.open_table(OUTBOX_ID_TO_MAIL)?;
    txn.open_table(SUPPORT_ID_TO_MESSAGE)?;
    Ok(())
}

/// Version 5: orders and their indexes (per day, per customer, open ones, auto-reject
/// deadlines, idempotency keys, PayPal ids).
fn migrate_to_v5(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(ORDER_ID_TO_ORDER)?;
    txn.open_table(ORDER_TOKEN_TO_ORDER_ID)?;
    txn.open_table(ORDER_DAY_TO_LAST_NUMBER)?;
    txn.open_table(ORDER_DAY_AND_ID)?;
    txn.open_table(ORDER_USER_AND_ID)?;
    txn.open_table(OPEN_ORDER_IDS)?;
    txn.open_table(ORDER_DEADLINE_AND_ID)?;
    txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?;
    txn.open_table(PAYPAL_ID_TO_ORDER_ID)?;
    Ok(())
}

/// Version 6: the ordering guards (readiness confirmation, unanswered orders and the
/// automatic pause). A shop that took orders before this version is not closed by the
/// upgrade: what the readiness check finds in its menu and settings now counts as
/// confirmed "by the upgrade" (the dashboard lists it until fixed); anything found
/// later needs the owner's confirmation.
fn migrate_to_v6(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)?;
    txn.open_table(STORE_ID_TO_UNANSWERED)?;
    super::guards::confirm_findings_of_upgrade(txn, chrono::Utc::now())
}

/// Version 7: kitchen printers and the print queue with its index of next attempts.
fn migrate_to_v7(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(PRINTER_ID_TO_PRINTER)?;
    txn.open_table(PRINT_JOB_ID_TO_JOB)?;
    txn.open_table(PRINT_JOB_ATTEMPT_AND_ID)?;
    Ok(())
}

/// Version 8: the guest orders whose personal data is still stored, for the erasure
/// after `privacy.guest_data_days`; every guest order placed so far is added.
fn migrate_to_v8(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(GUEST_ORDER_CREATED_AND_ID)?;
    super::erasure::queue_existing_guest_orders(txn)
}

/// Version 9: the payments ledger; every order paid through PayPal so far gets its
/// record (a rejected one whose refund never happened is then refunded by the
/// reconciliation).
fn migrate_to_v9(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(PAYMENT_ID_TO_PAYMENT)?;
    txn.open_table(PAYPAL_ORDER_ID_TO_PAYMENT_ID)?;
    txn.open_table(OPEN_PAYMENT_IDS)?;
    super::payments::record_existing_payments(txn)
}

/// Version 10: the figures of each business day, counted once from every order so far
/// and from then on changed with each order.
fn migrate_to_v10(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(DAY_TO_TOTALS)?;
    super::day_totals::count_existing_orders(txn)
}

/// Version 11: order records may be stored packed (`record.rs` format 3). Nothing is
/// rewritten; the version makes an older build refuse the file instead of failing on
/// its orders.
fn migrate_to_v11(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(ORDER_ID_TO_ORDER)?;
    Ok(())
}

/// Version 12: the readiness check requires the terms and the withdrawal information.
/// A shop that took orders before keeps taking them: what the new checks find is added
/// to its confirmation (see `confirm_new_findings_of_upgrade`).
fn migrate_to_v12(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)?;
    super::guards::confirm_new_findings_of_upgrade(
        txn,
        chrono::Utc::now(),
        &["terms_missing", "withdrawal_missing"],
    )
}

/// The fiscal mode: a shop that took orders before the choice was required keeps
/// taking them (cash as before), with the missing choice added to its confirmation.
fn migrate_to_v13(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(STORE_ID_TO_FISCAL_RECORD)?;
    super::guards::confirm_new_findings_of_upgrade(
        txn,
        chrono::Utc::now(),
        &["fiscal_mode_missing"],
    )
}

/// Daily closings. A shop with a history closes its days from the newest one it had
/// orders on (today, at an upgrade during opening hours); the days before stay in its
/// reports but get no closing after the fact.
fn migrate_to_v14(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(CLOSING_NUMBER_TO_CLOSING)?;
    txn.open_table(CLOSING_DAY_TO_NUMBER)?;
    let newest = txn
        .open_table(DAY_TO_TOTALS)?
        .last()?
        .map(|(day, _)| day.value().to_string());
    let Some(newest) = newest else {
        return Ok(());
    };
    let newest = newest
        .parse::<chrono::NaiveDate>()
        .map_err(|error| DbError::Decode(format!("day {newest}: {error}")))?;
    if let Some(before) = newest.pred_opt() {
        let days = u64::try_from(chrono::Datelike::num_days_from_ce(&before)).unwrap_or(0);
        txn.open_table(META)?
            .insert(META_CLOSINGS_SKIP_THROUGH, days)?;
    }
    Ok(())
}

/// Version 15: what each business day's orders took of the products' daily stocks.
/// Older records read as before: no product has a daily stock, nothing is sold out
/// until a time, and every variant and topping is on sale.
fn migrate_to_v15(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(PRODUCT_ID_TO_DAY_SOLD)?;
    Ok(())
}

/// Version 16: the customer index, built once from every order so far and from then on
/// changed with each order.
fn migrate_to_v16(txn: &WriteTransaction) -> Result<(), DbError> {
    super::customer_index::index_existing_orders(txn)
}

/// Version 17: how many pre-orders each 15-minute slot holds, counted once from every
/// order so far and from then on changed with each order.
fn migrate_to_v17(txn: &WriteTransaction) -> Result<(), DbError> {
    super::slot_counts::count_existing_orders(txn)
}

/// Version 18: coupon codes and their uses (none yet).
fn migrate_to_v18(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(COUPON_ID_TO_COUPON)?;
    txn.open_table(COUPON_CODE_TO_ID)?;
    txn.open_table(COUPON_AND_CUSTOMER_TO_USES)?;
    Ok(())
}

/// Version 19: the day's figures count the orders by type and by payment method and
/// what was sold of each article and topping: every day is counted again from its
/// orders, once.
fn migrate_to_v19(txn: &WriteTransaction) -> Result<(), DbError> {
    super::day_totals::count_existing_orders(txn)
}

/// Version 20: the browsers that follow an order or the board by Web Push (none yet).
fn migrate_to_v20(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(ORDER_ID_TO_PUSH)?;
    txn.open_table(PUSH_ENDPOINT_TO_STAFF)?;
    Ok(())
}

/// Version 21: the day's figures count the orders by the hour they were placed in (the
/// report's hours of the week): every day is counted again from its orders, once. The
/// orders placed so far did not keep their hour on the store's clock; they are read in
/// the default time zone (`domain::day_totals::placed_hour`).
fn migrate_to_v21(txn: &WriteTransaction) -> Result<(), DbError> {
    super::day_totals::count_existing_orders(txn)
}

/// Version 22: the dining tables guests order at by their QR code (none yet).
fn migrate_to_v22(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.open_table(DINING_TABLE_ID_TO_TABLE)?;
    Ok(())
}

/// Version 23: photos are kept as renditions re-encoded from their pixels, never as
/// uploaded: the photos stored so far are rendered (and lose their EXIF), once.
fn migrate_to_v23(txn: &WriteTransaction) -> Result<(), DbError> {
    super::catalog::render_stored_images(txn)
}

const STANDARD_ALLERGIES: &str = include_str!("../../assets/allergies.json");

#[derive(serde::Deserialize)]
struct StandardAllergy {
    code: String,
    name: String,
    name_en: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db() -> (tempfile::TempDir, Database) {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        (dir, db)
    }

    fn version(db: &Database) -> u64 {
        read_schema_version(&db.begin_read().unwrap()).unwrap()
    }

    #[test]
    fn a_fresh_database_ends_at_the_latest_version() {
        let (_dir, db) = temp_db();
        assert_eq!(version(&db), 0);
        assert_eq!(migrate(&db).unwrap(), Some(0));
        assert_eq!(version(&db), LATEST_SCHEMA_VERSION);
        assert_eq!(migrate(&db).unwrap(), None, "a second run does nothing");
    }

    fn add_marker_table(txn: &WriteTransaction) -> Result<(), DbError> {
        txn.open_table(META)?.insert("marker", 42)?;
        Ok(())
    }

    #[test]
    fn an_older_database_runs_only_the_missing_steps() {
        let (_dir, db) = temp_db();
        migrate_with(&db, &[migrate_to_v1]).unwrap();
        let result = migrate_with(&db, &[migrate_to_v1, add_marker_table]).unwrap();
        assert_eq!(result, Some(1));
        assert_eq!(version(&db), 2);
        let txn = db.begin_read().unwrap();
        let meta = txn.open_table(META).unwrap();
        assert_eq!(meta.get("marker").unwrap().unwrap().value(), 42);
    }

    fn failing_step(txn: &WriteTransaction) -> Result<(), DbError> {
        txn.open_table(META)?.insert("half_written", 1)?;
        Err(DbError::Database("disk on fire".into()))
    }

    #[test]
    fn a_failing_step_leaves_the_database_at_the_previous_version() {
        let (_dir, db) = temp_db();
        migrate_with(&db, &[migrate_to_v1]).unwrap();
        assert!(migrate_with(&db, &[migrate_to_v1, failing_step]).is_err());
        assert_eq!(version(&db), 1);
        let txn = db.begin_read().unwrap();
        let meta = txn.open_table(META).unwrap();
        assert!(meta.get("half_written").unwrap().is_none());
    }

    /// A version-11 shop: a profile stored before the terms existed, and what its owner
    /// confirmed (`None`: nothing, the shop was ready).
    fn shop_of_v11(confirmed: Option<(&str, u64)>) -> (tempfile::TempDir, Database) {
        let (dir, db) = temp_db();
        migrate_with(&db, &STEPS[..11]).unwrap();
        let txn = db.begin_write().unwrap();
        let profile = serde_json::json!({
            "company_name": "Da Gino", "address_line": "Hauptstraße 1", "phone": "",
            "show_impressum": true, "impressum_text": "Da Gino GmbH",
            "privacy_text": "Datenschutz", "store_hours": [],
        });
        txn.open_table(STORE_ID_TO_PROFILE)
            .unwrap()
            .insert(
                14,
                super::super::record::encode(&profile).unwrap().as_slice(),
            )
            .unwrap();
        if let Some((key, admin_id)) = confirmed {
            let confirmation = super::super::guards::ReadinessConfirmation {
                finding_keys: vec![key.to_string()],
                confirmed_at: chrono::Utc::now(),
                admin_id: Some(admin_id),
            };
            txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)
                .unwrap()
                .insert(
                    14,
                    super::super::record::encode(&confirmation)
                        .unwrap()
                        .as_slice(),
                )
                .unwrap();
        }
        txn.commit().unwrap();
        (dir, db)
    }

    fn confirmation(db: &Database) -> super::super::guards::ReadinessConfirmation {
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION).unwrap();
        super::super::record::decode(table.get(14).unwrap().unwrap().value()).unwrap()
    }

    #[test]
    fn an_upgrade_to_v12_confirms_the_missing_terms_of_a_shop_that_took_orders() {
        let (_dir, db) = shop_of_v11(None);
        assert_eq!(migrate_with(&db, &STEPS[..12]).unwrap(), Some(11));
        let confirmed = confirmation(&db);
        assert_eq!(
            confirmed.finding_keys,
            [
                "terms_missing:setting:terms_text",
                "withdrawal_missing:setting:withdrawal_text"
            ]
        );
        assert_eq!(confirmed.admin_id, None, "confirmed by the upgrade");
    }

    #[test]
    fn an_upgrade_to_v12_adds_the_terms_to_what_the_owner_confirmed_and_nothing_else() {
        let (_dir, db) = shop_of_v11(Some(("delivery_zones_missing:setting:postcodes", 3)));
        migrate_with(&db, &STEPS[..12]).unwrap();
        let confirmed = confirmation(&db);
        assert_eq!(
            confirmed.finding_keys,
            [
                "delivery_zones_missing:setting:postcodes",
                "terms_missing:setting:terms_text",
                "withdrawal_missing:setting:withdrawal_text"
            ]
        );
        // Whatever else the check finds in this shop (its empty menu has no products,
        // so only the settings count) stays unconfirmed.
        assert!(
            !confirmed
                .finding_keys
                .iter()
                .any(|key| key.starts_with("impressum") || key.starts_with("privacy"))
        );
    }

    #[test]
    fn an_upgrade_to_v13_confirms_the_missing_fiscal_mode_and_nothing_else() {
        let (_dir, db) = shop_of_v11(Some(("delivery_zones_missing:setting:postcodes", 3)));
        migrate_with(&db, &STEPS[..12]).unwrap();
        assert_eq!(migrate(&db).unwrap(), Some(12));
        let confirmed = confirmation(&db);
        assert_eq!(
            confirmed.finding_keys,
            [
                "delivery_zones_missing:setting:postcodes",
                "terms_missing:setting:terms_text",
                "withdrawal_missing:setting:withdrawal_text",
                "fiscal_mode_missing:fiscal:mode"
            ]
        );
        assert_eq!(confirmed.admin_id, None, "confirmed by the upgrade");
    }

    #[test]
    fn an_upgrade_to_v14_closes_no_day_of_the_history_before_the_newest() {
        let (_dir, db) = temp_db();
        migrate_with(&db, &STEPS[..13]).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut totals = txn.open_table(DAY_TO_TOTALS).unwrap();
            let day = crate::domain::day_totals::DayTotals::default();
            let bytes = super::super::record::encode(&day).unwrap();
            for date in ["2026-11-20", "2026-11-21", "2026-11-23"] {
                totals.insert(date, bytes.as_slice()).unwrap();
            }
        }
        txn.commit().unwrap();
        migrate(&db).unwrap();
        let skipped = db
            .begin_read()
            .unwrap()
            .open_table(META)
            .unwrap()
            .get(META_CLOSINGS_SKIP_THROUGH)
            .unwrap()
            .map(|days| days.value());
        let expected = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(
            skipped,
            Some(chrono::Datelike::num_days_from_ce(&expected) as u64)
        );
        // A fresh database has no history to skip.
        let (_fresh_dir, fresh) = temp_db();
        migrate(&fresh).unwrap();
        let txn = fresh.begin_read().unwrap();
        let meta = txn.open_table(META).unwrap();
        assert!(meta.get(META_CLOSINGS_SKIP_THROUGH).unwrap().is_none());
    }

    #[test]
    fn a_fresh_database_confirms_nothing_for_the_fiscal_mode() {
        let (_dir, db) = temp_db();
        migrate(&db).unwrap();
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION).unwrap();
        assert!(table.get(14).unwrap().is_none());
    }

    /// A version-22 shop with photos stored as uploaded: a sideways phone JPEG with EXIF
    /// on the demo's dishes, and a banner whose upload cannot be read.
    #[test]
    fn an_upgrade_to_v23_renders_the_stored_photos_and_drops_the_uploads() {
        use image::ImageEncoder;

        use crate::domain::image::{Image, ImageFormat};

        let (_dir, db) = temp_db();
        migrate_with(&db, &STEPS[..22]).unwrap();
        let mut jpeg = Vec::new();
        let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90);
        encoder
            .set_exif_metadata(
                b"MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0".to_vec(),
            )
            .unwrap();
        encoder
            .write_image(
                &[200u8; 40 * 20 * 3],
                40,
                20,
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
        assert!(jpeg.windows(4).any(|w| w == b"Exif"));
        let txn = db.begin_write().unwrap();
        {
            let mut uploads = txn.open_table(IMAGE_KEY_TO_IMAGE).unwrap();
            let photo = Image {
                format: ImageFormat::Jpeg,
                bytes: jpeg,
            };
            uploads
                .insert(
                    "ab12.jpg",
                    super::super::record::encode_image(photo.format, &photo.bytes).as_slice(),
                )
                .unwrap();
            let broken = Image {
                format: ImageFormat::Png,
                bytes: b"\x89PNG\r\n\x1a\nbroken".to_vec(),
            };
            uploads
                .insert(
                    "cd34.png",
                    super::super::record::encode_image(broken.format, &broken.bytes).as_slice(),
                )
                .unwrap();
        }
        let photos = ["pizza", "salad", "pasta", "tiramisu", "drink"]
            .into_iter()
            .map(|name| (name.to_string(), "ab12.jpg".to_string()))
            .chain([("banner".to_string(), "cd34.png".to_string())])
            .collect();
        let demo = super::super::demo_seed::demo_restaurant().unwrap();
        super::super::catalog::change_in(&txn, None, |catalog| {
            super::super::demo_seed::add_demo_menu(catalog, demo, &photos)
        })
        .unwrap()
        .unwrap();
        txn.commit().unwrap();

        assert_eq!(migrate(&db).unwrap(), Some(22));
        let read = db.begin_read().unwrap();
        assert!(
            read.open_table(IMAGE_KEY_TO_IMAGE).is_err(),
            "the uploads are gone"
        );
        let catalog = super::super::catalog::load_catalog(&read).unwrap();
        let keys: Vec<_> = catalog
            .products
            .values()
            .filter_map(|product| product.image_key.clone())
            .collect();
        assert_eq!(keys.len(), 5);
        assert!(
            keys.iter().all(|key| key == "ab12-20x40"),
            "turned upright, same stem: {keys:?}"
        );
        assert!(
            catalog.banners.is_empty(),
            "the unreadable banner is dropped"
        );
        let renditions = read.open_table(IMAGE_RENDITIONS).unwrap();
        let names: Vec<String> = renditions
            .iter()
            .unwrap()
            .map(|entry| entry.unwrap().0.value().to_string())
            .collect();
        assert_eq!(names, ["ab12-20x40/20.jpg", "ab12-20x40/20.webp"]);
        for entry in renditions.iter().unwrap() {
            let (_, value) = entry.unwrap();
            let image = super::super::record::decode_image(value.value()).unwrap();
            assert!(!image.bytes.windows(4).any(|w| w == b"Exif"));
        }
    }

    #[test]
    fn a_newer_database_is_refused() {
        let (_dir, db) = temp_db();
        migrate(&db).unwrap();
        let txn = db.begin_write().unwrap();
        txn.open_table(META)
            .unwrap()
            .insert(META_SCHEMA_VERSION, LATEST_SCHEMA_VERSION + 1)
            .unwrap();
        txn.commit().unwrap();
        match migrate(&db) {
            Err(MigrationError::Newer { found }) => assert_eq!(found, LATEST_SCHEMA_VERSION + 1),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
}
