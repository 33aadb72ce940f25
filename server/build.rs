fn main() {
    // sqlx::migrate! embeds the migration folders and rust-embed the web wallet's build
    // output: a new or changed file there must rebuild the server.
    println!("cargo:rerun-if-changed=../migrations");
    println!("cargo:rerun-if-changed=../web/dist");
}
