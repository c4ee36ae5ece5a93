//! Times the rendering of the photos given as arguments:
//! `cargo run --release -p heimservice-photo --example render-time -- photo.jpg …`
//! (run it under `/usr/bin/time -v` for the peak memory).

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path)?;
        let started = Instant::now();
        let rendered = heimservice_photo::render(&bytes)?;
        let elapsed = started.elapsed();
        let sizes: Vec<String> = rendered
            .renditions
            .iter()
            .map(|r| format!("{}{:?}={}", r.width, r.image.format, r.image.bytes.len()))
            .collect();
        println!(
            "{path}: {} bytes -> {}x{} in {:.0} ms; {}",
            bytes.len(),
            rendered.width,
            rendered.height,
            elapsed.as_secs_f64() * 1000.0,
            sizes.join(" ")
        );
    }
    Ok(())
}
