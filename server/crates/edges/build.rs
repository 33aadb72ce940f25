//! rust-embed embeds the web apps' build output: a new or changed file there must rebuild
//! the server.

fn main() {
    println!("cargo:rerun-if-changed=../../../web/dist");
}
