use std::path::Path;

use super::*;

fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

fn write_file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn defaults_give_the_embedded_shop() {
    let config = Config::load_from(&FlagValues::default(), &[]).unwrap();
    assert_eq!(config.listen, "127.0.0.1:8080".parse().unwrap());
    assert_eq!(config.data_dir, PathBuf::from("./data"));
    assert_eq!(config.base_path, "/order-online");
    assert_eq!(config.store_id, 14);
    assert_eq!(config.timezone, chrono_tz::Europe::Berlin);
    assert_eq!(config.default_language, Language::De);
    assert_eq!(config.log_format, LogFormat::Human);
    assert!(config.config_file.is_none());
}

#[test]
fn flags_beat_env_which_beats_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(
        &dir,
        "config.toml",
        "listen = \"127.0.0.1:1000\"\nbrand = \"From File\"\nstore_id = 7\ntimezone = \"Europe/Vienna\"\n",
    );
    let flags = FlagValues {
        config: Some(file.clone()),
        listen: Some("127.0.0.1:3000".into()),
        ..FlagValues::default()
    };
    let env = env(&[
        ("HEIMSERVICE_LISTEN", "127.0.0.1:2000"),
        ("HEIMSERVICE_BRAND", "From Env"),
        ("PATH", "/usr/bin"),
    ]);
    let config = Config::load_from(&flags, &env).unwrap();
    assert_eq!(config.listen.port(), 3000, "flag wins");
    assert_eq!(config.brand, "From Env", "env beats file");
    assert_eq!(config.store_id, 7, "file beats default");
    assert_eq!(config.timezone, chrono_tz::Europe::Vienna);
    assert_eq!(config.config_file, Some(file));
}

#[test]
fn the_config_file_can_come_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(&dir, "c.toml", "brand = \"Trattoria\"\n");
    let env = env(&[("HEIMSERVICE_CONFIG", file.to_str().unwrap())]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    assert_eq!(config.brand, "Trattoria");
}

#[test]
fn the_installed_config_file_is_read_unless_a_flag_or_the_environment_names_another() {
    let dir = tempfile::tempdir().unwrap();
    let system = write_file(&dir, "system.toml", "brand = \"Installed\"\n");
    let other = write_file(&dir, "other.toml", "brand = \"Other\"\n");
    let config = Config::load_discovering(&FlagValues::default(), &[], Some(&system)).unwrap();
    assert_eq!(config.brand, "Installed");
    assert_eq!(config.config_file, Some(system.clone()));
    assert_eq!(config.data_dir, PathBuf::from("/var/lib/heimservice"));
    assert!(
        config
            .to_masked_toml()
            .contains("data_dir = \"/var/lib/heimservice\"  # installed default"),
        "{}",
        config.to_masked_toml()
    );
    let elsewhere = write_file(&dir, "data.toml", "data_dir = \"/srv/shop\"\n");
    let config = Config::load_discovering(&FlagValues::default(), &[], Some(&elsewhere)).unwrap();
    assert_eq!(
        config.data_dir,
        PathBuf::from("/srv/shop"),
        "the file's own data_dir wins"
    );

    let empty = env(&[("HEIMSERVICE_CONFIG", "")]);
    let config = Config::load_discovering(&FlagValues::default(), &empty, Some(&system)).unwrap();
    assert_eq!(
        config.brand, "Installed",
        "an empty HEIMSERVICE_CONFIG names no file"
    );

    let named = env(&[("HEIMSERVICE_CONFIG", other.to_str().unwrap())]);
    let config = Config::load_discovering(&FlagValues::default(), &named, Some(&system)).unwrap();
    assert_eq!(config.brand, "Other");
    assert_eq!(config.config_file, Some(other.clone()));
    assert_eq!(
        config.data_dir,
        PathBuf::from("./data"),
        "not the installed shop's"
    );

    let flags = FlagValues {
        config: Some(other.clone()),
        ..FlagValues::default()
    };
    let config = Config::load_discovering(&flags, &[], Some(&system)).unwrap();
    assert_eq!(config.config_file, Some(other));
}

#[test]
fn an_unknown_file_key_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(
        &dir,
        "c.toml",
        "listen = \"127.0.0.1:1\"\nlisten_port = 80\n",
    );
    let flags = FlagValues {
        config: Some(file),
        ..FlagValues::default()
    };
    let error = Config::load_from(&flags, &[]).unwrap_err().to_string();
    assert!(error.contains("unknown key `listen_port`"), "{error}");
    assert!(error.contains("known keys: listen,"), "{error}");
}

#[test]
fn an_unknown_section_key_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(&dir, "c.toml", "[paypal]\nclient_sercet = \"x\"\n");
    let flags = FlagValues {
        config: Some(file),
        ..FlagValues::default()
    };
    let error = Config::load_from(&flags, &[]).unwrap_err().to_string();
    assert!(
        error.contains("unknown key `paypal.client_sercet`"),
        "{error}"
    );
}

#[test]
fn an_unknown_environment_key_is_an_error_naming_it() {
    let env = env(&[("HEIMSERVICE_LISTN", "127.0.0.1:1")]);
    let error = Config::load_from(&FlagValues::default(), &env)
        .unwrap_err()
        .to_string();
    assert!(error.contains("unknown key `HEIMSERVICE_LISTN`"), "{error}");
}

#[test]
fn invalid_values_name_the_key_and_the_source() {
    let cases = [
        (
            "HEIMSERVICE_LISTEN",
            "8080",
            "`listen` (from environment HEIMSERVICE_LISTEN) must be HOST:PORT",
        ),
        (
            "HEIMSERVICE_STORE_ID",
            "0",
            "`store_id` (from environment HEIMSERVICE_STORE_ID) must be a positive whole number",
        ),
        (
            "HEIMSERVICE_TIMEZONE",
            "Mars/Olympus",
            "must be an IANA time zone",
        ),
        (
            "HEIMSERVICE_BASE_PATH",
            "order-online",
            "must look like /order-online",
        ),
        (
            "HEIMSERVICE_BASE_PATH",
            "/products",
            "would hide the API path /products",
        ),
        ("HEIMSERVICE_DEFAULT_LANGUAGE", "fr", "must be de or en"),
        ("HEIMSERVICE_LOG_FORMAT", "xml", "must be human or json"),
        ("HEIMSERVICE_BRAND", " ", "must be the restaurant's name"),
        (
            "HEIMSERVICE_PAYPAL_API_BASE",
            "ftp://x",
            "must be an http:// or https:// URL",
        ),
        (
            "HEIMSERVICE_PAYPAL_SDK_URL",
            "https://sdk.example/js two",
            "must be a URL without spaces or control characters",
        ),
    ];
    for (name, value, expected) in cases {
        let error = Config::load_from(&FlagValues::default(), &env(&[(name, value)]))
            .unwrap_err()
            .to_string();
        assert!(error.contains(expected), "{name}={value}: {error}");
    }
}

#[test]
fn a_file_value_of_the_wrong_type_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(&dir, "c.toml", "store_id = true\n");
    let flags = FlagValues {
        config: Some(file),
        ..FlagValues::default()
    };
    let error = Config::load_from(&flags, &[]).unwrap_err().to_string();
    assert!(
        error.contains("`store_id`") && error.contains("not boolean"),
        "{error}"
    );
}

#[test]
fn broken_toml_and_missing_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let broken = write_file(&dir, "c.toml", "listen = \n");
    let flags = FlagValues {
        config: Some(broken),
        ..FlagValues::default()
    };
    let error = Config::load_from(&flags, &[]).unwrap_err().to_string();
    assert!(error.contains("is not valid TOML"), "{error}");

    let flags = FlagValues {
        config: Some(dir.path().join("missing.toml")),
        ..FlagValues::default()
    };
    let error = Config::load_from(&flags, &[]).unwrap_err().to_string();
    assert!(error.contains("cannot read the config file"), "{error}");
}

#[test]
fn secrets_can_be_read_from_files_and_are_masked() {
    let dir = tempfile::tempdir().unwrap();
    let secret = write_file(&dir, "secret", "s3cr3t-value\n");
    let env = env(&[(
        "HEIMSERVICE_PAYPAL_CLIENT_SECRET_FILE",
        secret.to_str().unwrap(),
    )]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    assert_eq!(config.paypal.client_secret.expose(), "s3cr3t-value");
    let printed = config.to_masked_toml();
    assert!(!printed.contains("s3cr3t"), "{printed}");
    assert!(
        printed.contains("client_secret = \"********\""),
        "{printed}"
    );
    assert!(!format!("{config:?}").contains("s3cr3t"));

    let file = write_file(
        &dir,
        "c.toml",
        &format!(
            "[paypal]\nclient_secret_file = {:?}\n",
            secret.to_str().unwrap()
        ),
    );
    let flags = FlagValues {
        config: Some(file),
        ..FlagValues::default()
    };
    let config = Config::load_from(&flags, &[]).unwrap();
    assert_eq!(config.paypal.client_secret.expose(), "s3cr3t-value");
}

#[test]
fn an_unreadable_secret_file_is_an_error() {
    let env = env(&[(
        "HEIMSERVICE_PAYPAL_CLIENT_SECRET_FILE",
        "/nonexistent/secret",
    )]);
    let error = Config::load_from(&FlagValues::default(), &env)
        .unwrap_err()
        .to_string();
    assert!(error.contains("`paypal.client_secret`"), "{error}");
    assert!(error.contains("cannot be read"), "{error}");
}

#[test]
fn the_masked_toml_names_sources_and_parses_back() {
    let env = env(&[("HEIMSERVICE_BRAND", "Da \"Gino\"")]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    let printed = config.to_masked_toml();
    assert!(
        printed.contains("# environment HEIMSERVICE_BRAND"),
        "{printed}"
    );
    assert!(
        printed.contains("listen = \"127.0.0.1:8080\"  # default"),
        "{printed}"
    );
    let parsed: toml::Table = printed.parse().unwrap();
    assert_eq!(parsed["brand"].as_str(), Some("Da \"Gino\""));
    assert_eq!(parsed["store_id"].as_integer(), Some(14));
}

#[test]
fn the_example_config_documents_every_key() {
    let example = include_str!("../../config.example.toml");
    for spec in KEYS {
        let name = spec.key.rsplit('.').next().unwrap();
        assert!(
            example.contains(&format!("# {name} = ")) || example.contains(&format!("{name} = ")),
            "config.example.toml lacks {}",
            spec.key
        );
    }
    let parsed: toml::Table = example.parse().unwrap();
    let _ = parsed;
}

/// The keys `config.example.toml` shows, set or commented out (`# name = …`), each with
/// its table: `paypal.client_id`.
fn example_keys(example: &str) -> Vec<String> {
    let mut table = String::new();
    let mut keys = Vec::new();
    for line in example.lines() {
        if let Some(name) = line
            .strip_prefix('[')
            .and_then(|rest| rest.strip_suffix(']'))
        {
            table = format!("{name}.");
            continue;
        }
        let setting = line.strip_prefix("# ").unwrap_or(line);
        let Some((name, _)) = setting.split_once(" = ") else {
            continue;
        };
        if !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            keys.push(format!("{table}{name}"));
        }
    }
    keys
}

#[test]
fn the_example_config_shows_each_key_once_in_its_table_and_no_other_key() {
    let shown = example_keys(include_str!("../../config.example.toml"));
    let known: Vec<String> = KEYS.iter().map(|spec| spec.key.to_string()).collect();
    let unknown: Vec<&String> = shown.iter().filter(|key| !known.contains(key)).collect();
    assert!(
        unknown.is_empty(),
        "config.example.toml shows keys the program does not know: {unknown:?}"
    );
    let missing: Vec<&String> = known.iter().filter(|key| !shown.contains(key)).collect();
    assert!(
        missing.is_empty(),
        "config.example.toml lacks these keys (with a comment saying what they do): {missing:?}"
    );
    let mut twice = shown.clone();
    twice.sort();
    twice.dedup();
    assert_eq!(
        twice.len(),
        shown.len(),
        "config.example.toml shows a key twice: {shown:?}"
    );
}

#[test]
fn the_example_keys_are_read_from_the_lines_that_set_them() {
    let example =
        "# listen = \"x\"\n# Prefer password_file = \"/f\"\n[smtp]\nhost = \"h\"\n# port = 587\n";
    assert_eq!(example_keys(example), ["listen", "smtp.host", "smtp.port"]);
}

#[test]
fn acme_domains_give_an_acme_setup_with_lets_encrypt_by_default() {
    let env = env(&[
        (
            "HEIMSERVICE_TLS_ACME_DOMAINS",
            "Pizza.Example.com, www.pizza.example.com,pizza.example.com",
        ),
        ("HEIMSERVICE_TLS_ACME_EMAIL", "owner@example.com"),
    ]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    let Some(TlsSetup::Acme(acme)) = config.tls else {
        panic!("expected ACME, got {:?}", config.tls);
    };
    assert_eq!(acme.domains, ["pizza.example.com", "www.pizza.example.com"]);
    assert_eq!(acme.email, "owner@example.com");
    assert_eq!(acme.directory, LETS_ENCRYPT_DIRECTORY);
    assert_eq!(acme.ca_file, None);
}

#[test]
fn without_acme_domains_the_other_acme_keys_change_nothing() {
    let env = env(&[("HEIMSERVICE_TLS_ACME_EMAIL", "owner@example.com")]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    assert_eq!(config.tls, None);
}

/// Environment, the key the error must name, and words of its problem.
type RefusedCase<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);

#[test]
fn bad_acme_settings_are_refused_by_name() {
    let cases: &[RefusedCase<'_>] = &[
        (
            &[("HEIMSERVICE_TLS_ACME_DOMAINS", "pizza.example.com")],
            "`tls.acme_email`",
            "when tls.acme_domains is set",
        ),
        (
            &[
                ("HEIMSERVICE_TLS_ACME_DOMAINS", "pizza.example.com"),
                ("HEIMSERVICE_TLS_ACME_EMAIL", "owner"),
            ],
            "`tls.acme_email`",
            "not `owner`",
        ),
        (
            &[
                ("HEIMSERVICE_TLS_ACME_DOMAINS", "pizza.example.com"),
                ("HEIMSERVICE_TLS_ACME_EMAIL", "mailto:owner@example.com"),
            ],
            "`tls.acme_email`",
            "without `mailto:`: write `owner@example.com`",
        ),
        (
            &[
                ("HEIMSERVICE_TLS_ACME_DOMAINS", "pizza.example.com"),
                ("HEIMSERVICE_TLS_CERT_FILE", "/etc/cert.pem"),
                ("HEIMSERVICE_TLS_KEY_FILE", "/etc/key.pem"),
            ],
            "`tls.acme_domains`",
            "cannot be used together with tls.cert_file and tls.key_file",
        ),
        (
            &[("HEIMSERVICE_TLS_ACME_DOMAINS", "*.example.com")],
            "`tls.acme_domains`",
            "wildcard",
        ),
        (
            &[(
                "HEIMSERVICE_TLS_ACME_DOMAINS",
                "pizza.example.com, 192.168.1.2",
            )],
            "`tls.acme_domains`",
            "`192.168.1.2` is not one",
        ),
        (
            &[("HEIMSERVICE_TLS_ACME_DOMAINS", "localhost")],
            "`tls.acme_domains`",
            "`localhost` is not one",
        ),
        (
            &[(
                "HEIMSERVICE_TLS_ACME_DIRECTORY",
                "http://acme.example.com/dir",
            )],
            "`tls.acme_directory`",
            "must be an https:// URL",
        ),
    ];
    for (pairs, key, problem) in cases {
        let error = Config::load_from(&FlagValues::default(), &env(pairs))
            .unwrap_err()
            .to_string();
        assert!(error.contains(key), "{pairs:?}: {error}");
        assert!(error.contains(problem), "{pairs:?}: {error}");
    }
}

#[test]
fn limits_have_defaults_and_can_be_lowered_for_tests() {
    let config = Config::load_from(&FlagValues::default(), &[]).unwrap();
    assert_eq!(config.limits.connections, 25_000);
    assert_eq!(config.limits.connections_per_ip, 256);
    assert_eq!(
        config.limits.header_timeout,
        std::time::Duration::from_secs(5)
    );
    assert_eq!(config.limits.websockets_per_ip, 64);
    let env = env(&[
        ("HEIMSERVICE_LIMITS_CONNECTIONS_PER_IP", "4"),
        ("HEIMSERVICE_LIMITS_WEBSOCKET_PING_SECONDS", "1"),
        ("HEIMSERVICE_LIMITS_WEBSOCKET_TIMEOUT_SECONDS", "2"),
    ]);
    let config = Config::load_from(&FlagValues::default(), &env).unwrap();
    assert_eq!(config.limits.connections_per_ip, 4);
    assert_eq!(
        config.limits.websocket_timeout,
        std::time::Duration::from_secs(2)
    );
    for key in KEYS.iter().filter(|spec| spec.key.starts_with("limits.")) {
        assert!(
            LIMIT_RANGES.iter().any(|(name, ..)| *name == key.key),
            "{} has no range",
            key.key
        );
    }
}

#[test]
fn a_limit_out_of_range_or_a_timeout_shorter_than_the_ping_is_refused() {
    let error = Config::load_from(
        &FlagValues::default(),
        &env(&[("HEIMSERVICE_LIMITS_HEADER_TIMEOUT_SECONDS", "0")]),
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`limits.header_timeout_seconds` (from environment HEIMSERVICE_LIMITS_HEADER_TIMEOUT_SECONDS) must be a whole number from 1 to 60"),
        "{error}"
    );
    let error = Config::load_from(
        &FlagValues::default(),
        &env(&[("HEIMSERVICE_LIMITS_WEBSOCKET_TIMEOUT_SECONDS", "30")]),
    )
    .unwrap_err();
    assert!(error.to_string().contains("longer than"), "{error}");
}

#[test]
fn guest_data_is_kept_90_days_unless_configured() {
    let config = Config::load_from(&FlagValues::default(), &[]).unwrap();
    assert_eq!(config.privacy.guest_data_days, 90);
    let keep = env(&[("HEIMSERVICE_PRIVACY_GUEST_DATA_DAYS", "0")]);
    assert_eq!(
        Config::load_from(&FlagValues::default(), &keep)
            .unwrap()
            .privacy
            .guest_data_days,
        0
    );
    for bad in ["3651", "-1", "ninety"] {
        let error = Config::load_from(
            &FlagValues::default(),
            &env(&[("HEIMSERVICE_PRIVACY_GUEST_DATA_DAYS", bad)]),
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.contains("`privacy.guest_data_days`") && error.contains("0 (keep) to 3650"),
            "{bad}: {error}"
        );
    }
}

#[test]
fn every_key_is_parsed_into_the_config() {
    let mut values = Values::new([]);
    Config::read(&mut values, None).unwrap();
    assert_eq!(values.unparsed(), Vec::<&str>::new());
}

/// A value each checked key refuses, to show where a refused value came from.
const REFUSED_VALUES: &[(&str, &str)] = &[
    ("listen", "8080"),
    ("data_dir", " "),
    ("base_path", "order-online"),
    ("store_id", "0"),
    ("timezone", "Mars/Olympus"),
    ("brand", " "),
    ("default_language", "fr"),
    ("log_format", "xml"),
    ("public_origin", "ftp://pizza.example.com"),
    ("trusted_proxies", "proxy.local"),
    ("country", "D"),
    ("paypal.api_base", "ftp://paypal.example"),
    ("paypal.sdk_url", "paypal.example/js"),
    ("paypal.currency", "eur"),
    ("paypal.timeout_seconds", "0"),
    ("orders.auto_reject_seconds", "0"),
    ("orders.pause_after_unanswered", "101"),
    ("orders.max_waiting", "0"),
    ("orders.preorder_days", "61"),
    ("orders.slot_capacity_delivery", "10001"),
    ("orders.slot_capacity_pickup", "-1"),
    ("clock.trust", "sometimes"),
    ("clock.synchronized_file", " "),
    ("printing.timeout_seconds", "61"),
    ("privacy.guest_data_days", "-1"),
    ("tls.acme_domains", "*.example.com"),
    ("fiscal.mode", "kasse"),
    ("fiscal.tse_api_base", "kassensichv.example"),
    ("fiscal.tse_timeout_seconds", "61"),
    ("fiscal.till_serial", "kasse_1"),
    ("tls.acme_email", "mailto:owner@example.com"),
    ("tls.acme_directory", "http://acme.example.com"),
    ("backup.every_hours", "721"),
    ("backup.keep", "0"),
    ("smtp.port", "0"),
    ("smtp.security", "ssl"),
    ("limits.connections", "15"),
    ("limits.connections_per_ip", "1"),
    ("limits.header_timeout_seconds", "61"),
    ("limits.body_timeout_seconds", "0"),
    ("limits.websockets", "0"),
    ("limits.websockets_per_ip", "0"),
    ("limits.websocket_ping_seconds", "301"),
    ("limits.websocket_timeout_seconds", "901"),
    ("testing.clock_start", "yesterday"),
];

fn env_name(key: &str) -> String {
    format!("{ENV_PREFIX}{}", key.replace('.', "_").to_ascii_uppercase())
}

fn file_text(key: &str, value: &str) -> String {
    let value = toml::Value::String(value.to_string());
    match key.split_once('.') {
        Some((table, name)) => format!("[{table}]\n{name} = {value}\n"),
        None => format!("{key} = {value}\n"),
    }
}

fn load_file(path: &Path, env: &[(String, String)]) -> Result<Config, ConfigError> {
    let flags = FlagValues {
        config: Some(path.to_path_buf()),
        ..FlagValues::default()
    };
    Config::load_from(&flags, env)
}

#[test]
fn a_refused_value_names_the_file_it_came_from() {
    let dir = tempfile::tempdir().unwrap();
    for (key, value) in REFUSED_VALUES {
        let file = write_file(&dir, "c.toml", &file_text(key, value));
        let error = load_file(&file, &[]).unwrap_err().to_string();
        let expected = format!("`{key}` (from {})", file.display());
        assert!(error.contains(&expected), "{key} = {value}: {error}");
    }
}

#[test]
fn a_refused_value_names_the_environment_variable_it_came_from() {
    for (key, value) in REFUSED_VALUES {
        let name = env_name(key);
        let error = Config::load_from(&FlagValues::default(), &env(&[(&name, value)]))
            .unwrap_err()
            .to_string();
        let expected = format!("`{key}` (from environment {name})");
        assert!(error.contains(&expected), "{name}={value}: {error}");
    }
}

#[test]
fn a_refused_value_names_the_flag_it_came_from() {
    let cases = [
        (
            FlagValues {
                listen: Some("8080".into()),
                ..FlagValues::default()
            },
            "`listen` (from flag --listen)",
        ),
        (
            FlagValues {
                data_dir: Some(PathBuf::from(" ")),
                ..FlagValues::default()
            },
            "`data_dir` (from flag --data-dir)",
        ),
        (
            FlagValues {
                log_format: Some("xml".into()),
                ..FlagValues::default()
            },
            "`log_format` (from flag --log-format)",
        ),
    ];
    for (flags, expected) in cases {
        let env = env(&[("HEIMSERVICE_LISTEN", "127.0.0.1:1")]);
        let error = Config::load_from(&flags, &env).unwrap_err().to_string();
        assert!(error.contains(expected), "{error}");
    }
}

#[test]
fn an_unreadable_secret_file_named_in_the_config_file_names_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(
        &dir,
        "c.toml",
        "[smtp]\npassword_file = \"/nonexistent/secret\"\n",
    );
    let error = load_file(&file, &[]).unwrap_err().to_string();
    let expected = format!("`smtp.password` (from {})", file.display());
    assert!(error.contains(&expected), "{error}");
}

#[test]
fn a_rule_across_two_keys_names_where_each_of_them_came_from() {
    let dir = tempfile::tempdir().unwrap();
    let cert_only = write_file(&dir, "cert.toml", "[tls]\ncert_file = \"/etc/cert.pem\"\n");
    let both = write_file(
        &dir,
        "both.toml",
        "[tls]\ncert_file = \"/etc/cert.pem\"\nkey_file = \"/etc/key.pem\"\n",
    );
    let domains = write_file(
        &dir,
        "domains.toml",
        "[tls]\nacme_domains = \"pizza.example.com\"\n",
    );
    let sender = write_file(&dir, "sender.toml", "[smtp]\nfrom = \"Bella Napoli\"\n");
    let cases = [
        (
            load_file(&cert_only, &[]),
            format!(
                "`tls.key_file` (from default, with tls.cert_file from {}) tls.cert_file and tls.key_file must be set together",
                cert_only.display()
            ),
        ),
        (
            load_file(
                &both,
                &env(&[("HEIMSERVICE_TLS_ACME_DOMAINS", "pizza.example.com")]),
            ),
            format!(
                "`tls.acme_domains` (from environment HEIMSERVICE_TLS_ACME_DOMAINS, with tls.cert_file from {}) cannot be used together",
                both.display()
            ),
        ),
        (
            load_file(&domains, &[]),
            format!(
                "`tls.acme_email` (from default, with tls.acme_domains from {}) must be a contact address",
                domains.display()
            ),
        ),
        (
            Config::load_from(
                &FlagValues::default(),
                &env(&[("HEIMSERVICE_SMTP_HOST", "mail.example.com")]),
            ),
            "`smtp.from` (from default, with smtp.host from environment HEIMSERVICE_SMTP_HOST) must be a sender address"
                .to_string(),
        ),
        (
            load_file(
                &sender,
                &env(&[("HEIMSERVICE_SMTP_HOST", "mail.example.com")]),
            ),
            format!(
                "`smtp.from` (from {}, with smtp.host from environment HEIMSERVICE_SMTP_HOST) must be a sender address",
                sender.display()
            ),
        ),
        (
            Config::load_from(
                &FlagValues::default(),
                &env(&[("HEIMSERVICE_LIMITS_WEBSOCKET_PING_SECONDS", "100")]),
            ),
            "`limits.websocket_timeout_seconds` (from default, with limits.websocket_ping_seconds from environment HEIMSERVICE_LIMITS_WEBSOCKET_PING_SECONDS) limits.websocket_timeout_seconds must be longer than"
                .to_string(),
        ),
    ];
    let wrong: Vec<String> = cases
        .into_iter()
        .map(|(loaded, expected)| (loaded.unwrap_err().to_string(), expected))
        .filter(|(error, expected)| !error.contains(expected))
        .map(|(error, expected)| format!("{error}\n  wanted: {expected}"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn links_in_mails_come_from_the_configuration_or_a_loopback_listener_only() {
    let load =
        |pairs: &[(&str, &str)]| Config::load_from(&FlagValues::default(), &env(pairs)).unwrap();
    let loopback: SocketAddr = "127.0.0.1:41234".parse().unwrap();
    let open: SocketAddr = "0.0.0.0:8080".parse().unwrap();
    let plain = load(&[]);
    assert_eq!(
        plain.links_origin(loopback).as_deref(),
        Some("http://127.0.0.1:41234"),
        "the port the listener really got"
    );
    assert_eq!(
        plain.links_origin("[::1]:8080".parse().unwrap()).as_deref(),
        Some("http://[::1]:8080")
    );
    assert_eq!(
        plain.links_origin(open),
        None,
        "reachable by others: refused"
    );
    assert_eq!(
        plain.links_origin("192.168.1.20:8080".parse().unwrap()),
        None
    );

    let public = load(&[("HEIMSERVICE_PUBLIC_ORIGIN", "https://pizza.example.com/")]);
    assert_eq!(
        public.links_origin(open).as_deref(),
        Some("https://pizza.example.com")
    );
    assert_eq!(
        public.links_origin(loopback).as_deref(),
        Some("https://pizza.example.com")
    );

    let acme = load(&[
        (
            "HEIMSERVICE_TLS_ACME_DOMAINS",
            "Pizza.Example.com, www.pizza.example.com",
        ),
        ("HEIMSERVICE_TLS_ACME_EMAIL", "owner@example.com"),
    ]);
    assert_eq!(
        acme.links_origin(open).as_deref(),
        Some("https://pizza.example.com")
    );

    let dir = tempfile::tempdir().unwrap();
    let cert = write_file(&dir, "cert.pem", "");
    let key = write_file(&dir, "key.pem", "");
    let files = load(&[
        ("HEIMSERVICE_TLS_CERT_FILE", cert.to_str().unwrap()),
        ("HEIMSERVICE_TLS_KEY_FILE", key.to_str().unwrap()),
    ]);
    assert_eq!(
        files.links_origin(loopback).as_deref(),
        Some("https://127.0.0.1:41234"),
        "with TLS the scheme is https"
    );
    assert_eq!(files.links_origin(open), None);
}
