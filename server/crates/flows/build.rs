//! rust-embed compiles in the message catalogues (`web/locales/*.ftl`): a new or changed
//! catalogue must rebuild the crate.

fn main() {
    println!("cargo:rerun-if-changed=../../../web/locales");
}
