use crate::config::Config;
use crate::startup_error::StartupError;

/// Loading already validated everything; print what is in effect.
pub fn run(config: &Config) -> Result<(), StartupError> {
    println!("# heimservice: the configuration is valid. Effective values and their sources:");
    print!("{}", config.to_masked_toml());
    Ok(())
}
