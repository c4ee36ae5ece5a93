//! Where values come from: the config file, the `HEIMSERVICE_*` environment and the
//! command-line flags, each read into a layer of raw text with its source, and the
//! layers stacked into [`Values`], where each key's text is parsed.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use super::keys::{KEYS, Key, KeySpec, Parse};
use super::{ConfigError, ENV_PREFIX, FlagValues};

/// Where a value came from, for error messages and `config check`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    /// The installed package's default (the system configuration file is in use).
    Installed,
    File(PathBuf),
    Env(String),
    Flag(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => write!(f, "default"),
            Source::Installed => write!(f, "installed default"),
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Env(name) => write!(f, "environment {name}"),
            Source::Flag(flag) => write!(f, "flag {flag}"),
        }
    }
}

/// Environment variables with the prefix that are not configuration keys.
const ENV_NOT_CONFIG: &[&str] = &[
    "HEIMSERVICE_CONFIG",
    "HEIMSERVICE_SKIP_UI_BUILD",
    "HEIMSERVICE_ADMIN_PASSWORD",
];

/// The keys one source gives: each key's text and where it came from.
pub(super) type Layer = BTreeMap<&'static str, (String, Source)>;

/// What a key given by no layer comes from.
static DEFAULT: Source = Source::Default;

/// Every key's text after stacking the layers, and where that text came from: the
/// highest layer that gives a key wins; a key no layer gives has its default.
pub(super) struct Values {
    given: Layer,
    /// The keys parsed so far, so that a test can show every key reaches the config.
    parsed: BTreeSet<&'static str>,
}

impl Values {
    /// Stacks the layers, lowest first.
    pub(super) fn new(layers: impl IntoIterator<Item = Layer>) -> Values {
        let mut given = Layer::new();
        for layer in layers {
            given.extend(layer);
        }
        Values {
            given,
            parsed: BTreeSet::new(),
        }
    }

    fn text(&self, spec: &KeySpec) -> (&str, &Source) {
        match self.given.get(spec.key) {
            Some((text, source)) => (text, source),
            None => (spec.default, &DEFAULT),
        }
    }

    /// The key's value; an error names the key and where its text came from.
    pub(super) fn get<P: Parse>(&mut self, key: &Key<P>) -> Result<P::Value, ConfigError> {
        self.parsed.insert(key.spec.key);
        let (text, _) = self.text(&key.spec);
        key.parser
            .parse(text)
            .map_err(|problem| self.invalid(&key.spec, problem))
    }

    /// An error about the key's value, naming where it came from.
    pub(super) fn invalid(&self, spec: &KeySpec, problem: String) -> ConfigError {
        ConfigError::Invalid {
            key: spec.key,
            origin: self.text(spec).1.clone(),
            problem,
        }
    }

    /// An error about the key's value under a rule that joins it with `other`, naming
    /// where each came from.
    pub(super) fn invalid_with(
        &self,
        spec: &KeySpec,
        other: &KeySpec,
        problem: String,
    ) -> ConfigError {
        ConfigError::InvalidWith {
            key: spec.key,
            origin: self.text(spec).1.clone(),
            other: other.key,
            other_origin: self.text(other).1.clone(),
            problem,
        }
    }

    /// Every key's text (secrets masked) and where it came from, in the order of [`KEYS`].
    pub(super) fn effective(&self) -> Vec<(&'static KeySpec, String, Source)> {
        KEYS.iter()
            .map(|spec| {
                let (text, source) = self.text(spec);
                (spec, masked(spec, text), source.clone())
            })
            .collect()
    }

    /// The keys no section has parsed.
    #[cfg(test)]
    pub(super) fn unparsed(&self) -> Vec<&'static str> {
        KEYS.iter()
            .map(|spec| spec.key)
            .filter(|key| !self.parsed.contains(key))
            .collect()
    }
}

fn masked(spec: &KeySpec, value: &str) -> String {
    if spec.secret && !value.is_empty() {
        "********".to_string()
    } else {
        value.to_string()
    }
}

pub(super) fn read_file_layer(path: &Path) -> Result<Layer, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|error| ConfigError::FileUnreadable {
        path: path.to_path_buf(),
        reason: error.to_string(),
    })?;
    let table: toml::Table =
        text.parse()
            .map_err(|error: toml::de::Error| ConfigError::FileSyntax {
                path: path.to_path_buf(),
                reason: error.message().to_string(),
            })?;
    let source = Source::File(path.to_path_buf());
    let mut layer = Layer::new();
    let mut flat = Vec::new();
    for (name, value) in table {
        match value {
            toml::Value::Table(inner) => {
                for (inner_name, inner_value) in inner {
                    flat.push((format!("{name}.{inner_name}"), inner_value));
                }
            }
            other => flat.push((name, other)),
        }
    }
    for (name, value) in flat {
        let (spec, from_file) =
            lookup_key(&name, "_file").ok_or_else(|| ConfigError::UnknownKey {
                key: name.clone(),
                origin: source.clone(),
                known: known_keys(),
            })?;
        let text = match value {
            toml::Value::String(text) => text,
            toml::Value::Integer(number) => number.to_string(),
            other => {
                return Err(ConfigError::Invalid {
                    key: spec.key,
                    origin: source,
                    problem: format!("must be a string or a number, not {}", other.type_str()),
                });
            }
        };
        let text = if from_file {
            read_secret_file(spec, &text, &source)?
        } else {
            text
        };
        layer.insert(spec.key, (text, source.clone()));
    }
    Ok(layer)
}

pub(super) fn env_layer(env: &[(String, String)]) -> Result<Layer, ConfigError> {
    let mut layer = Layer::new();
    for (name, value) in env {
        let Some(rest) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        if ENV_NOT_CONFIG.contains(&name.as_str()) {
            continue;
        }
        let wanted = rest.to_ascii_lowercase();
        let source = Source::Env(name.clone());
        let (spec, from_file) = KEYS
            .iter()
            .find_map(|spec| {
                let env_key = spec.key.replace('.', "_");
                if env_key == wanted {
                    Some((spec, false))
                } else if spec.secret && format!("{env_key}_file") == wanted {
                    Some((spec, true))
                } else {
                    None
                }
            })
            .ok_or_else(|| ConfigError::UnknownKey {
                key: name.clone(),
                origin: source.clone(),
                known: known_keys(),
            })?;
        let value = if from_file {
            read_secret_file(spec, value, &source)?
        } else {
            value.clone()
        };
        layer.insert(spec.key, (value, source));
    }
    Ok(layer)
}

pub(super) fn flag_layer(flags: &FlagValues) -> Layer {
    let mut layer = Layer::new();
    if let Some(listen) = &flags.listen {
        layer.insert("listen", (listen.clone(), Source::Flag("--listen")));
    }
    if let Some(dir) = &flags.data_dir {
        let dir = dir.to_string_lossy().into_owned();
        layer.insert("data_dir", (dir, Source::Flag("--data-dir")));
    }
    if let Some(format) = &flags.log_format {
        layer.insert("log_format", (format.clone(), Source::Flag("--log-format")));
    }
    layer
}

/// Finds the spec for a file key; `suffix` marks the "read the secret from this file"
/// form of a secret key.
fn lookup_key(name: &str, suffix: &str) -> Option<(&'static KeySpec, bool)> {
    KEYS.iter().find_map(|spec| {
        if spec.key == name {
            Some((spec, false))
        } else if spec.secret && format!("{}{suffix}", spec.key) == name {
            Some((spec, true))
        } else {
            None
        }
    })
}

fn known_keys() -> String {
    let mut names: Vec<String> = KEYS.iter().map(|spec| spec.key.to_string()).collect();
    names.extend(
        KEYS.iter()
            .filter(|spec| spec.secret)
            .map(|spec| format!("{}_file", spec.key)),
    );
    names.join(", ")
}

fn read_secret_file(
    spec: &'static KeySpec,
    path: &str,
    source: &Source,
) -> Result<String, ConfigError> {
    std::fs::read_to_string(path)
        .map(|text| text.trim_end_matches(['\n', '\r']).to_string())
        .map_err(|error| ConfigError::Invalid {
            key: spec.key,
            origin: source.clone(),
            problem: format!("names the secret file {path}, which cannot be read: {error}"),
        })
}
