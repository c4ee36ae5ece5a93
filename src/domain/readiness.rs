//! What a German shop still lacks before it may take orders: the Impressum, the
//! privacy policy, the terms (AGB) and the withdrawal information, allergen and
//! additive labels on every product and topping (or the explicit statement that it
//! has none), a tax rate on every product, the unit price of bottled drinks (advice:
//! a product with a deposit but no net content, PAngV § 4), the legally
//! required wording of the order button (§ 312j BGB) and, when online payment is on,
//! the PayPal secret. One pure function computes the list; the server shows it on the
//! dashboard and `heimservice check` prints it.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, ItemKind};
use super::fiscal::mode::{FiscalMode, FiscalRecord};
use super::store_profile::StoreProfile;

/// How serious a finding is. An error (something the law or the ordering itself needs)
/// and a warning (advice) keep the shop closed until fixed or confirmed; a hidden item
/// (a product or topping without allergen labels) is not sold until it is labelled,
/// and the shop stays open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
    Hidden,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Hidden => "hidden",
        }
    }

    /// Whether the finding keeps the shop closed until fixed or confirmed.
    pub fn blocks_ordering(self) -> bool {
        self != Severity::Hidden
    }
}

/// What a finding is about, so the dashboard can link to the place to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Subject {
    /// A store setting, e.g. `impressum_text`.
    Setting {
        key: String,
    },
    Product {
        id: u64,
        name: String,
    },
    Topping {
        id: u64,
        name: String,
    },
    /// A key of the configuration file, e.g. `paypal.client_secret`.
    Config {
        key: String,
    },
    /// The storefront's own texts (fixed in the program, not in the admin area).
    Storefront {
        key: String,
    },
    /// The fiscal mode (how cash is recorded), chosen on the admin's Fiscal page.
    Fiscal {
        key: String,
    },
}

impl Subject {
    /// Where the admin area fixes what the finding is about (a path of the admin app).
    pub fn admin_link(&self) -> Option<String> {
        match self {
            Subject::Setting { .. } => Some("/admin/store-setting".into()),
            Subject::Product { id, .. } => Some(format!("/admin/products?id={id}")),
            Subject::Topping { id, .. } => Some(format!("/admin/toppings?id={id}")),
            Subject::Fiscal { .. } => Some("/admin/fiscal".into()),
            Subject::Config { .. } | Subject::Storefront { .. } => None,
        }
    }
}

impl Subject {
    /// A short, stable name for the finding's key: `product:12`, `setting:impressum_text`.
    pub fn key(&self) -> String {
        match self {
            Subject::Setting { key } => format!("setting:{key}"),
            Subject::Product { id, .. } => format!("product:{id}"),
            Subject::Topping { id, .. } => format!("topping:{id}"),
            Subject::Config { key } => format!("config:{key}"),
            Subject::Storefront { key } => format!("storefront:{key}"),
            Subject::Fiscal { key } => format!("fiscal:{key}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// Stable: `impressum_missing`, `allergens_missing`, … (the UI's translation key).
    pub code: String,
    pub severity: Severity,
    pub subject: Subject,
    /// The finding in English, for the command line and the log.
    pub detail: String,
}

impl Finding {
    /// Identifies the finding across recomputations: the code and its subject. A
    /// confirmation covers exactly these keys.
    pub fn key(&self) -> String {
        format!("{}:{}", self.code, self.subject.key())
    }
}

/// What the check needs to know besides the menu and the store record. `None` fields
/// are not checked (a migration knows no configuration).
#[derive(Debug, Clone, Default)]
pub struct ReadinessSettings {
    /// PayPal's client id is set (online payment offered) and whether its secret is.
    pub online_payment: Option<OnlinePayment>,
    /// The German text of the storefront's final order button.
    pub order_button_de: Option<String>,
    /// The cloud TSE's key and secret are configured (`fiscal.tse_api_key`, `…_secret`).
    pub tse_configured: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlinePayment {
    pub enabled: bool,
    pub secret_set: bool,
}

/// Wordings § 312j (3) BGB accepts for the final button: "zahlungspflichtig bestellen"
/// or an equally unambiguous one. Compared without case, inside the button's text.
pub const ACCEPTED_ORDER_BUTTONS: [&str; 4] = [
    "zahlungspflichtig bestellen",
    "kostenpflichtig bestellen",
    "zahlungspflichtig kaufen",
    "jetzt kaufen",
];

/// Whether `text` says clearly that clicking it costs money.
pub fn order_button_complies(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words = lower.split_whitespace().collect::<Vec<_>>().join(" ");
    ACCEPTED_ORDER_BUTTONS
        .iter()
        .any(|accepted| words.contains(accepted))
}

fn finding(code: &str, severity: Severity, subject: Subject, detail: String) -> Finding {
    Finding {
        code: code.into(),
        severity,
        subject,
        detail,
    }
}

fn setting(key: &str) -> Subject {
    Subject::Setting { key: key.into() }
}

/// Everything that is missing, in a stable order: settings, then products and toppings
/// by id, then configuration and storefront texts.
pub fn findings(
    catalog: &Catalog,
    profile: &StoreProfile,
    fiscal: &FiscalRecord,
    settings: &ReadinessSettings,
) -> Vec<Finding> {
    let mut found = Vec::new();
    if profile.impressum_text.trim().is_empty() {
        found.push(finding(
            "impressum_missing",
            Severity::Error,
            setting("impressum_text"),
            "The Impressum text is empty (Store settings → Impressum).".into(),
        ));
    }
    if !profile.show_impressum {
        found.push(finding(
            "impressum_hidden",
            Severity::Warning,
            setting("show_impressum"),
            "The footer does not link to the Impressum (Store settings → show the Impressum link)."
                .into(),
        ));
    }
    if profile.privacy_text.trim().is_empty() {
        found.push(finding(
            "privacy_missing",
            Severity::Error,
            setting("privacy_text"),
            "The privacy policy is empty (Store settings → Privacy policy).".into(),
        ));
    }
    if profile.terms_text.trim().is_empty() {
        found.push(finding(
            "terms_missing",
            Severity::Error,
            setting("terms_text"),
            "The terms (AGB) are empty (Store settings → Terms).".into(),
        ));
    }
    if profile.withdrawal_text.trim().is_empty() {
        found.push(finding(
            "withdrawal_missing",
            Severity::Error,
            setting("withdrawal_text"),
            "The withdrawal information is empty (Store settings → Withdrawal information).".into(),
        ));
    }
    let labelled: BTreeSet<(ItemKind, u64)> = catalog
        .item_allergies
        .values()
        .map(|link| (link.item_type, link.item_id))
        .collect();
    for product in catalog.products.values() {
        if !product.no_allergens && !labelled.contains(&(ItemKind::Product, product.id)) {
            found.push(finding(
                "allergens_missing",
                Severity::Hidden,
                Subject::Product {
                    id: product.id,
                    name: product.name.clone(),
                },
                format!(
                    "Product “{}” has no allergen or additive codes and is not marked as containing none; it is not sold until it is.",
                    product.name
                ),
            ));
        }
        if !catalog.taxes.contains_key(&product.tax_id) {
            found.push(finding(
                "tax_missing",
                Severity::Error,
                Subject::Product {
                    id: product.id,
                    name: product.name.clone(),
                },
                format!("Product “{}” has no tax rate.", product.name),
            ));
        }
        if lacks_unit_price(product) {
            found.push(finding(
                "unit_price_missing",
                Severity::Warning,
                Subject::Product {
                    id: product.id,
                    name: product.name.clone(),
                },
                format!(
                    "Product “{}” has a deposit but no net content, so the menu shows no unit price (€/l); bottled drinks need one (PAngV § 4). Add the content (e.g. 0,33 l) to the product or each of its variants.",
                    product.name
                ),
            ));
        }
    }
    for topping in catalog.toppings.values() {
        if !topping.no_allergens && !labelled.contains(&(ItemKind::Topping, topping.id)) {
            found.push(finding(
                "allergens_missing",
                Severity::Hidden,
                Subject::Topping {
                    id: topping.id,
                    name: topping.name.clone(),
                },
                format!(
                    "Topping “{}” has no allergen or additive codes and is not marked as containing none; it is not offered until it is.",
                    topping.name
                ),
            ));
        }
    }
    found.extend(fiscal_findings(fiscal, settings));
    if let Some(payment) = settings.online_payment
        && payment.enabled
        && !payment.secret_set
    {
        found.push(finding(
            "paypal_secret_missing",
            Severity::Error,
            Subject::Config {
                key: "paypal.client_secret".into(),
            },
            "Online payment is on (paypal.client_id is set) but paypal.client_secret is not; set it in the configuration file.".into(),
        ));
    }
    if let Some(text) = &settings.order_button_de
        && !order_button_complies(text)
    {
        found.push(finding(
            "order_button_wording",
            Severity::Error,
            Subject::Storefront {
                key: "orders.place".into(),
            },
            format!(
                "The order button says “{text}”; German law (§ 312j BGB) requires “zahlungspflichtig bestellen” or equally clear words."
            ),
        ));
    }
    found
}

/// A bottled drink (it carries a deposit) whose menu entry cannot show a price per litre.
fn lacks_unit_price(product: &crate::domain::catalog::Product) -> bool {
    let bottled_without = |deposit: i64, content: Option<_>| deposit > 0 && content.is_none();
    bottled_without(product.deposit_cents, product.net_content)
        || product
            .variants
            .iter()
            .any(|variant| bottled_without(variant.deposit_cents, variant.net_content))
}

/// What the fiscal mode still lacks: a choice; for `pos`, the owner's confirmation; for
/// `cashless`, a way to pay at all.
fn fiscal_findings(fiscal: &FiscalRecord, settings: &ReadinessSettings) -> Option<Finding> {
    let subject = Subject::Fiscal { key: "mode".into() };
    let Some(choice) = fiscal.current() else {
        return Some(finding(
            "fiscal_mode_missing",
            Severity::Error,
            subject,
            "No fiscal mode is chosen: say how cash is recorded for the tax office (TSE, your own POS, or no cash at all) on the Fiscal page or with fiscal.mode.".into(),
        ));
    };
    if !choice.complete() {
        return Some(finding(
            "fiscal_pos_unconfirmed",
            Severity::Error,
            subject,
            "The fiscal mode is “own POS”, but nobody confirmed that every cash payment is booked in the restaurant's certified POS (Fiscal page, or fiscal.pos_confirmed_by).".into(),
        ));
    }
    if choice.mode == FiscalMode::Tse {
        if settings.tse_configured == Some(false) {
            return Some(finding(
                "fiscal_tse_credentials_missing",
                Severity::Error,
                Subject::Config {
                    key: "fiscal.tse_api_key".into(),
                },
                "The fiscal mode is “TSE”, but fiscal.tse_api_key or fiscal.tse_api_secret is not set; set both in the configuration file.".into(),
            ));
        }
        if fiscal
            .tse
            .as_ref()
            .is_none_or(|setup| setup.registration.is_none())
        {
            return Some(finding(
                "fiscal_tse_not_set_up",
                Severity::Error,
                subject,
                "The fiscal mode is “TSE”, but the TSE is not set up yet (Fiscal page: set up the TSE).".into(),
            ));
        }
    }
    let online = settings.online_payment.map(|payment| payment.enabled);
    if choice.mode == FiscalMode::Cashless && online == Some(false) {
        return Some(finding(
            "fiscal_no_payment",
            Severity::Error,
            subject,
            "The fiscal mode is “no cash”, but online payment is off (paypal.client_id is empty): customers could not pay at all.".into(),
        ));
    }
    None
}

/// A confirmation covers the findings whose keys it lists; any other that blocks
/// ordering still does.
pub fn unconfirmed<'a>(findings: &'a [Finding], confirmed: &[String]) -> Vec<&'a Finding> {
    findings
        .iter()
        .filter(|finding| finding.severity.blocks_ordering())
        .filter(|finding| !confirmed.contains(&finding.key()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalog::test_builders::*;
    use crate::domain::catalog::{Allergy, AllergyInput, ItemAllergy, ItemAllergyInput, Product};
    use crate::domain::fiscal::mode::{ChosenBy, FiscalChoice, PosConfirmation};

    fn profile() -> StoreProfile {
        StoreProfile {
            company_name: "Da Gino".into(),
            address_line: "Hauptstraße 1".into(),
            phone: String::new(),
            show_impressum: true,
            impressum_text: "Da Gino GmbH".into(),
            privacy_text: "Datenschutz".into(),
            impressum_text_en: String::new(),
            privacy_text_en: String::new(),
            terms_text: "AGB".into(),
            terms_text_en: String::new(),
            withdrawal_text: "Widerrufsbelehrung".into(),
            withdrawal_text_en: String::new(),
            store_hours: vec![],
            closures: vec![],
            paused: false,
            pickup_lead_minutes: 20,
            delivery_lead_minutes: 45,
            slot_interval_minutes: 15,
        }
    }

    /// A shop that chose its fiscal mode and confirmed it.
    fn chosen() -> FiscalRecord {
        let at = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 11, 25, 9, 0, 0).unwrap();
        let by = ChosenBy::Configuration {
            name: "Gino".into(),
        };
        FiscalRecord {
            choices: vec![FiscalChoice {
                mode: FiscalMode::Pos,
                chosen_at: at,
                chosen_by: by.clone(),
                pos_confirmation: Some(PosConfirmation { by, at }),
            }],
            ..FiscalRecord::default()
        }
    }

    fn codes(found: &[Finding]) -> Vec<String> {
        found.iter().map(Finding::key).collect()
    }

    #[test]
    fn a_complete_shop_has_no_findings() {
        let settings = ReadinessSettings {
            online_payment: Some(OnlinePayment {
                enabled: true,
                secret_set: true,
            }),
            order_button_de: Some("Zahlungspflichtig bestellen".into()),
            tse_configured: Some(true),
        };
        assert!(findings(&Catalog::default(), &profile(), &chosen(), &settings).is_empty());
    }

    #[test]
    fn missing_texts_and_settings_are_found() {
        let mut p = profile();
        p.impressum_text = "  ".into();
        p.privacy_text = String::new();
        p.terms_text = String::new();
        p.withdrawal_text = "  ".into();
        p.show_impressum = false;
        let settings = ReadinessSettings {
            online_payment: Some(OnlinePayment {
                enabled: true,
                secret_set: false,
            }),
            order_button_de: Some("Bestellen".into()),
            tse_configured: Some(false),
        };
        assert_eq!(
            codes(&findings(&Catalog::default(), &p, &chosen(), &settings)),
            [
                "impressum_missing:setting:impressum_text",
                "impressum_hidden:setting:show_impressum",
                "privacy_missing:setting:privacy_text",
                "terms_missing:setting:terms_text",
                "withdrawal_missing:setting:withdrawal_text",
                "paypal_secret_missing:config:paypal.client_secret",
                "order_button_wording:storefront:orders.place",
            ]
        );
    }

    #[test]
    fn empty_terms_and_withdrawal_information_are_required_findings() {
        let mut p = profile();
        p.terms_text = " \n ".into();
        p.withdrawal_text = String::new();
        // An English version alone does not do: the German text is the one that binds.
        p.terms_text_en = "Terms".into();
        p.withdrawal_text_en = "Withdrawal".into();
        let found = findings(
            &Catalog::default(),
            &p,
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert_eq!(
            codes(&found),
            [
                "terms_missing:setting:terms_text",
                "withdrawal_missing:setting:withdrawal_text",
            ]
        );
        assert!(found.iter().all(|f| f.severity == Severity::Error));
        assert_eq!(
            found[0].detail,
            "The terms (AGB) are empty (Store settings → Terms)."
        );
        assert_eq!(
            found[1].detail,
            "The withdrawal information is empty (Store settings → Withdrawal information)."
        );
        assert_eq!(
            found[0].subject.admin_link().as_deref(),
            Some("/admin/store-setting")
        );
        // Both keep the shop closed until written or confirmed.
        assert_eq!(unconfirmed(&found, &[]).len(), 2);

        p.terms_text = "AGB".into();
        let found = findings(
            &Catalog::default(),
            &p,
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert_eq!(
            codes(&found),
            ["withdrawal_missing:setting:withdrawal_text"]
        );
        p.withdrawal_text = "Widerrufsbelehrung".into();
        assert!(
            findings(
                &Catalog::default(),
                &p,
                &chosen(),
                &ReadinessSettings::default()
            )
            .is_empty()
        );
    }

    #[test]
    fn a_bottled_drink_without_its_content_is_advice() {
        use crate::domain::catalog::{ContentUnit, NetContent};
        let mut catalog = Catalog::default();
        let tax = tax(&mut catalog, "Getränke", 1900);
        let category = category(&mut catalog, "Getränke");
        let cola = product(&mut catalog, category, "Cola", 250, tax, &[]);
        let sizes = product(
            &mut catalog,
            category,
            "Wasser",
            0,
            tax,
            &[("0,5 l", 200), ("1 l", 300)],
        );
        let juice = product(&mut catalog, category, "Saft", 300, tax, &[]);
        let litre = NetContent {
            milli: 1000,
            unit: ContentUnit::L,
        };
        let drinks = &mut catalog.products;
        drinks.get_mut(&cola.id).unwrap().deposit_cents = 25;
        // Sizes: one variant with a deposit and its content, the other without content.
        let variants = &mut drinks.get_mut(&sizes.id).unwrap().variants;
        variants[0].deposit_cents = 25;
        variants[0].net_content = Some(NetContent {
            milli: 500,
            ..litre
        });
        variants[1].deposit_cents = 25;
        // A deposit with its content is complete; content alone needs no deposit.
        drinks.get_mut(&juice.id).unwrap().net_content = Some(litre);
        let found = findings(
            &catalog,
            &profile(),
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert_eq!(
            codes(&found),
            [
                format!("unit_price_missing:product:{}", cola.id),
                format!("unit_price_missing:product:{}", sizes.id),
            ]
        );
        assert!(found.iter().all(|f| f.severity == Severity::Warning));
        catalog.products.get_mut(&cola.id).unwrap().net_content = Some(litre);
        catalog.products.get_mut(&sizes.id).unwrap().variants[1].net_content = Some(litre);
        assert!(
            findings(
                &catalog,
                &profile(),
                &chosen(),
                &ReadinessSettings::default()
            )
            .is_empty()
        );
    }

    #[test]
    fn allergens_must_be_labelled_or_declared_none() {
        let mut catalog = Catalog::default();
        let tax = tax(&mut catalog, "Speisen", 700);
        let category = category(&mut catalog, "Pizza");
        let plain = product(&mut catalog, category, "Brot", 300, tax, &[]);
        let labelled = product(&mut catalog, category, "Käsebrot", 400, tax, &[]);
        let none = product(&mut catalog, category, "Wasser", 200, tax, &[]);
        // The builder declares every product free of allergens; these two are not.
        for id in [plain.id, labelled.id] {
            catalog.products.get_mut(&id).unwrap().no_allergens = false;
        }
        assert!(catalog.products[&none.id].no_allergens);
        let milk = catalog
            .create::<Allergy>(AllergyInput {
                code: "G".into(),
                name: "Milch".into(),
                name_en: None,
            })
            .unwrap();
        catalog
            .create::<ItemAllergy>(ItemAllergyInput {
                item_type: ItemKind::Product,
                item_id: labelled.id,
                allergy_id: milk.id,
            })
            .unwrap();
        let found = findings(
            &catalog,
            &profile(),
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert_eq!(
            codes(&found),
            [format!("allergens_missing:product:{}", plain.id)]
        );
        // Not sold until labelled, and the shop stays open meanwhile.
        assert_eq!(found[0].severity, Severity::Hidden);
        assert!(unconfirmed(&found, &[]).is_empty());
        let menu: Vec<u64> = crate::domain::catalog::menu_products(&catalog)
            .iter()
            .map(|item| item.product.id)
            .collect();
        assert_eq!(menu, [labelled.id, none.id]);

        // A product whose tax is gone is reported too.
        let mut orphan: Product = catalog.products[&labelled.id].clone();
        orphan.tax_id = 9999;
        catalog.products.insert(orphan.id, orphan);
        let found = findings(
            &catalog,
            &profile(),
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert!(codes(&found).contains(&format!("tax_missing:product:{}", labelled.id)));
    }

    #[test]
    fn the_order_button_needs_the_words_of_the_law() {
        assert!(order_button_complies("Zahlungspflichtig bestellen"));
        assert!(order_button_complies(
            "Jetzt  zahlungspflichtig   bestellen"
        ));
        assert!(order_button_complies("Kostenpflichtig bestellen"));
        assert!(!order_button_complies("Bestellen"));
        assert!(!order_button_complies("Weiter"));
        assert!(!order_button_complies("Bestellung abschicken"));
    }

    #[test]
    fn a_confirmation_covers_only_the_findings_it_lists() {
        let mut p = profile();
        p.show_impressum = false;
        let found = findings(
            &Catalog::default(),
            &p,
            &chosen(),
            &ReadinessSettings::default(),
        );
        assert_eq!(unconfirmed(&found, &[]).len(), 1);
        assert!(unconfirmed(&found, &[found[0].key()]).is_empty());
        p.privacy_text.clear();
        let more = findings(
            &Catalog::default(),
            &p,
            &chosen(),
            &ReadinessSettings::default(),
        );
        let open = unconfirmed(&more, &[found[0].key()]);
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].code, "privacy_missing");
    }

    #[test]
    fn a_missing_or_unconfirmed_fiscal_mode_is_a_required_finding() {
        let settings = ReadinessSettings::default();
        let none = findings(
            &Catalog::default(),
            &profile(),
            &FiscalRecord::default(),
            &settings,
        );
        assert_eq!(codes(&none), ["fiscal_mode_missing:fiscal:mode"]);
        assert_eq!(none[0].severity, Severity::Error);
        assert_eq!(
            none[0].subject.admin_link().as_deref(),
            Some("/admin/fiscal")
        );
        let mut unconfirmed = chosen();
        unconfirmed.choices[0].pos_confirmation = None;
        let found = findings(&Catalog::default(), &profile(), &unconfirmed, &settings);
        assert_eq!(codes(&found), ["fiscal_pos_unconfirmed:fiscal:mode"]);
        assert_eq!(found[0].severity, Severity::Error);
    }

    #[test]
    fn a_cashless_shop_without_online_payment_is_a_required_finding() {
        let mut cashless = chosen();
        cashless.choices[0].mode = FiscalMode::Cashless;
        cashless.choices[0].pos_confirmation = None;
        let with = |enabled| ReadinessSettings {
            online_payment: Some(OnlinePayment {
                enabled,
                secret_set: enabled,
            }),
            order_button_de: None,
            tse_configured: None,
        };
        let found = findings(&Catalog::default(), &profile(), &cashless, &with(false));
        assert_eq!(codes(&found), ["fiscal_no_payment:fiscal:mode"]);
        assert!(findings(&Catalog::default(), &profile(), &cashless, &with(true)).is_empty());
    }

    #[test]
    fn the_tse_mode_needs_its_credentials_and_a_finished_setup() {
        let mut tse = chosen();
        tse.choices[0].mode = FiscalMode::Tse;
        tse.choices[0].pos_confirmation = None;
        let with = |configured| ReadinessSettings {
            tse_configured: Some(configured),
            ..ReadinessSettings::default()
        };
        let keys = |record: &FiscalRecord, settings: &ReadinessSettings| {
            codes(&findings(&Catalog::default(), &profile(), record, settings))
        };
        assert_eq!(
            keys(&tse, &with(false)),
            ["fiscal_tse_credentials_missing:config:fiscal.tse_api_key"]
        );
        assert_eq!(
            keys(&tse, &with(true)),
            ["fiscal_tse_not_set_up:fiscal:mode"]
        );
        let at = tse.choices[0].chosen_at;
        let mut setup = crate::domain::fiscal::signing::TseSetup {
            tss_id: "tss".into(),
            client_id: "client".into(),
            admin_pin: "123456".into(),
            till_serial: "heimservice-14".into(),
            begun_at: at,
            registration: None,
        };
        tse.tse = Some(setup.clone());
        assert_eq!(
            keys(&tse, &with(true)),
            ["fiscal_tse_not_set_up:fiscal:mode"]
        );
        setup.registration = Some(crate::domain::fiscal::tse::TseRegistration {
            tss_id: "tss".into(),
            tss_serial_number: "serial".into(),
            tss_public_key: "key".into(),
            tss_certificate: "certificate".into(),
            signature_algorithm: "ecdsa-plain-SHA384".into(),
            signature_timestamp_format: "unixTime".into(),
            bsi_certification_id: None,
            initialized_at: None,
            client_id: "client".into(),
            client_serial_number: "heimservice-14".into(),
        });
        tse.tse = Some(setup);
        assert!(keys(&tse, &with(true)).is_empty());
    }
}
