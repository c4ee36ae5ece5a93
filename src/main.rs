fn main() -> std::process::ExitCode {
    heimservice::cli::main()
}
