use crate::config::Config;
use crate::logging;
use crate::server;
use crate::startup_error::StartupError;

pub fn run(config: Config) -> Result<(), StartupError> {
    logging::init(config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| StartupError::Serve(error.to_string()))?;
    runtime.block_on(async {
        let brand = config.brand.clone();
        let running = server::start(config).await?;
        let shutdown = server::shutdown_signal();
        println!(
            "heimservice: {brand} is open for orders at {}",
            running.storefront_url()
        );
        let admins = running
            .db
            .count_users(crate::domain::user::Role::Owner)
            .await
            .unwrap_or(1);
        if admins == 0 {
            println!(
                "heimservice: no admin account yet. Create one (the shop may keep running) with:\n  heimservice admin create --email you@example.com --data-dir {}",
                running.config.data_dir.display()
            );
        }
        println!("heimservice: press Ctrl-C to stop");
        running.stop_on(shutdown).wait().await
    })
}
