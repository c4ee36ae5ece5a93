/// Every build uses mimalloc: musl's own allocator serializes every thread on one lock,
/// and glibc's keeps the memory of large short-lived buffers (argon2's 19 MiB per
/// login, a backup's pages) instead of returning it. Built with
/// `MI_DEFAULT_ARENA_EAGER_COMMIT=0` (see .cargo/config.toml) so idle memory stays small.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // Freed memory goes back to the system at once (a backup frees a gigabyte).
    heimservice_allocator::return_freed_memory_at_once();
    heimservice::cli::main()
}
