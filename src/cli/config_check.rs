use crate::config::{Config, SYSTEM_CONFIG_FILE};
use crate::startup_error::StartupError;

/// Loading already validated everything; say which file was read and print what is in
/// effect.
pub fn run(config: &Config) -> Result<(), StartupError> {
    println!("# heimservice: the configuration is valid.");
    println!("# {}", file_read(config));
    println!("# Effective values and their sources:");
    print!("{}", config.to_masked_toml());
    Ok(())
}

/// One sentence naming the configuration file the values came from.
pub fn file_read(config: &Config) -> String {
    match &config.config_file {
        Some(path) => format!("Configuration file read: {}", path.display()),
        None => format!(
            "No configuration file read (no --config, no HEIMSERVICE_CONFIG, no {SYSTEM_CONFIG_FILE}): defaults, environment and flags only."
        ),
    }
}
