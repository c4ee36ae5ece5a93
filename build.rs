//! Builds the storefront (`ui/`) with npm when its output is missing or older than its
//! sources, so `cargo run` on a fresh clone needs no manual npm step. Set
//! `HEIMSERVICE_SKIP_UI_BUILD=1` for Rust-only work: the UI is then embedded as it is
//! (or left out, if it was never built).
//!
//! What is embedded is `ui/dist` minus the plain copies of files that also exist
//! gzip-compressed: the server inflates those for the rare client that accepts neither
//! gzip nor brotli, and the binary (a Raspberry Pi's download) stays small.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// Sources whose change means the UI must be rebuilt.
const UI_INPUTS: &[&str] = &[
    "ui/src",
    "ui/public",
    "ui/scripts",
    "ui/index.html",
    "ui/package.json",
    "ui/package-lock.json",
    "ui/vite.config.ts",
    "ui/tsconfig.json",
];
const STAMP: &str = "ui/dist/.build-stamp";

fn main() {
    let started = SystemTime::now();
    emit_build_time(started);
    minify_demo();
    println!("cargo:rerun-if-env-changed=HEIMSERVICE_SKIP_UI_BUILD");
    for input in UI_INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    println!("cargo:rerun-if-changed={STAMP}");
    println!("cargo:rerun-if-changed=ui/dist");

    let dist = Path::new("ui/dist");
    if std::env::var_os("HEIMSERVICE_SKIP_UI_BUILD").is_some_and(|v| !v.is_empty() && v != "0") {
        if !dist.exists() {
            fs::create_dir_all(dist)
                .unwrap_or_else(|e| fail(&format!("cannot create ui/dist: {e}")));
            println!(
                "cargo:warning=HEIMSERVICE_SKIP_UI_BUILD is set and ui/dist is empty: this binary has no storefront"
            );
        }
        prepare_embedded(dist);
        return;
    }
    let stamp = Path::new(STAMP);
    let built_at = modified(stamp);
    let newest_input = UI_INPUTS.iter().filter_map(|p| newest(Path::new(p))).max();
    let fresh = match (built_at, newest_input) {
        (Some(built), Some(input)) => built >= input && dist.join("index.html").exists(),
        _ => false,
    };
    if fresh {
        prepare_embedded(dist);
        return;
    }
    if !Path::new("ui/node_modules/.package-lock.json").exists()
        || modified(Path::new("ui/package-lock.json"))
            > modified(Path::new("ui/node_modules/.package-lock.json"))
    {
        npm(&["ci", "--no-audit", "--no-fund"]);
    }
    npm(&["run", "build"]);
    fs::write(stamp, b"built by build.rs\n")
        .unwrap_or_else(|e| fail(&format!("cannot write {STAMP}: {e}")));
    // Date the stamp to before this run, so cargo does not see it as changed by the run
    // itself and rerun this script on the next build.
    let stamp_time = started - Duration::from_secs(1);
    if let Ok(file) = fs::File::options().write(true).open(stamp) {
        let _ = file.set_modified(stamp_time.max(newest_input.unwrap_or(stamp_time)));
    }
    prepare_embedded(dist);
}

/// Copies `dist` to `$OUT_DIR/ui-embed` (what `src/web.rs` embeds), leaving out every
/// plain file that has a `.gz` sibling and hidden folders. `index.html` stays plain: the server fills it in.
fn prepare_embedded(dist: &Path) {
    let out = std::env::var_os("OUT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| fail("OUT_DIR is not set"));
    let embed = out.join("ui-embed");
    if embed.exists() {
        fs::remove_dir_all(&embed)
            .unwrap_or_else(|e| fail(&format!("cannot clear {}: {e}", embed.display())));
    }
    copy_embedded(dist, &embed, true);
}

fn copy_embedded(from: &Path, to: &Path, top: bool) {
    fs::create_dir_all(to)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", to.display())));
    let Ok(entries) = fs::read_dir(from) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            // `.vite/` holds the build's manifest, which only the build itself reads.
            if !name.starts_with('.') {
                copy_embedded(&path, &to.join(&name), false);
            }
            continue;
        }
        let compressed_twin = from.join(format!("{name}.gz")).exists();
        let rendered = top && name.starts_with("index.html");
        let keep = if rendered {
            name == "index.html"
        } else {
            !compressed_twin
        };
        if keep && name != ".build-stamp" {
            fs::copy(&path, to.join(&name))
                .unwrap_or_else(|e| fail(&format!("cannot copy {}: {e}", path.display())));
        }
    }
}

fn npm(args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir("ui")
        .status()
        .unwrap_or_else(|e| {
            fail(&format!(
                "cannot run npm ({e}). Building the storefront needs Node.js 20+ and npm; install them, or set HEIMSERVICE_SKIP_UI_BUILD=1 to build without the storefront"
            ))
        });
    if !status.success() {
        fail(&format!(
            "`npm {}` in ui/ failed ({status})",
            args.join(" ")
        ));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The newest modification time of a file, or of anything below a directory.
fn newest(path: &Path) -> Option<SystemTime> {
    let metadata = fs::metadata(path).ok()?;
    if !metadata.is_dir() {
        return metadata.modified().ok();
    }
    let mut newest = metadata.modified().ok();
    let entries: Vec<PathBuf> = fs::read_dir(path)
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    for entry in entries {
        newest = newest.max(self::newest(&entry));
    }
    newest
}

/// When this binary was built (`SOURCE_DATE_EPOCH` for reproducible builds), as Unix
/// seconds: the clock guard never believes a system clock earlier than that day.
fn emit_build_time(now: SystemTime) {
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|value| value.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            now.duration_since(SystemTime::UNIX_EPOCH)
                .map(|elapsed| elapsed.as_secs())
                .unwrap_or(0)
        });
    println!("cargo:rustc-env=BUILD_EPOCH_SECONDS={seconds}");
}

/// Writes the demo restaurant's JSON without the whitespace between its tokens, and
/// gzip-compressed, to `$OUT_DIR/demo-restaurant.json.gz`, which `src/db/demo_seed.rs`
/// embeds and inflates when it seeds a new shop: the file stays readable in the
/// repository and costs the binary 8.5 KB instead of 31 KB (45 KB indented).
fn minify_demo() {
    const DEMO: &str = "assets/demo-restaurant.json";
    println!("cargo:rerun-if-changed={DEMO}");
    let text =
        fs::read_to_string(DEMO).unwrap_or_else(|e| fail(&format!("cannot read {DEMO}: {e}")));
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    let out_dir = std::env::var_os("OUT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| fail("OUT_DIR is not set"));
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let compressed = gzip
        .write_all(out.as_bytes())
        .and_then(|()| gzip.finish())
        .unwrap_or_else(|e| fail(&format!("cannot compress the demo restaurant: {e}")));
    fs::write(out_dir.join("demo-restaurant.json.gz"), compressed)
        .unwrap_or_else(|e| fail(&format!("cannot write the demo restaurant: {e}")));
}
