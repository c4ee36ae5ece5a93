//! Every redb table, defined once. Keys and values are primitive types or bytes, never a
//! Rust struct: redb records a typed table's type name, so a renamed struct would make
//! the table unreadable. Values are versioned records (see `record`).

use redb::TableDefinition;

/// Small named values: `schema_version`, `demo_seeded`.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

pub const STORE_ID_TO_PROFILE: TableDefinition<u64, &[u8]> =
    TableDefinition::new("store_id_to_profile");
pub const TAX_ID_TO_TAX: TableDefinition<u64, &[u8]> = TableDefinition::new("tax_id_to_tax");
pub const CATEGORY_ID_TO_CATEGORY: TableDefinition<u64, &[u8]> =
    TableDefinition::new("category_id_to_category");
pub const PRODUCT_ID_TO_PRODUCT: TableDefinition<u64, &[u8]> =
    TableDefinition::new("product_id_to_product");

pub const META_SCHEMA_VERSION: &str = "schema_version";
pub const META_DEMO_SEEDED: &str = "demo_seeded";
