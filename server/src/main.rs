//! `tessera-server`: parses the command line and hands over to the library.

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tessera_server::cli::main().await
}
