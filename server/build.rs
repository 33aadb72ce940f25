fn main() {
    // sqlx::migrate! embeds the migration folders; a new file must rebuild the server.
    println!("cargo:rerun-if-changed=../migrations");
}
