//! `sqlx::migrate!` embeds the migration folders: a new or changed migration must rebuild
//! the store.

fn main() {
    println!("cargo:rerun-if-changed=../../../migrations");
}
