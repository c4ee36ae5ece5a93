/// musl's own allocator serializes every thread on one lock; mimalloc keeps per-thread
/// heaps. Built with `MI_DEFAULT_ARENA_EAGER_COMMIT=0` (see .cargo/config.toml) so idle
/// memory stays small.
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    heimservice::cli::main()
}
