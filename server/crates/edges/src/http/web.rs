//! The browser apps, embedded in the binary: one `tessera-server` serves the API and the
//! web wallet, so a venue runs no second server and a phone needs no internet.
//!
//! `web/dist/` is the committed output of `web/build.mjs` (content-hashed asset names, a
//! service worker that precaches them); `rust-embed` compiles it in, in debug builds too.
//! `/gate` serves the web gate's page (`http::pairing` pairs it); `/console` the security
//! console's (auditors and admins, `docs/console.md`); `/host` the host page (hosts invite
//! visitors and answer walk-ins, signed in like the console); `/`, `/claim` and
//! `/wallet` serve the wallet's page: the claim link is
//! `/claim#p=<pass>&t=<token>`, and a fragment never reaches the server, a log or a
//! `Referer`. Every page carries a strict Content-Security-Policy (no inline script,
//! nothing from another origin) and `Referrer-Policy: no-referrer`.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::state::AppState;

#[derive(rust_embed::Embed)]
#[folder = "../../../web/dist/"]
struct Assets;

/// What a page may load: its own origin only, no inline script or style, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; \
     manifest-src 'self'; media-src 'self' blob: mediastream:; object-src 'none'; \
     base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(page))
        .route("/claim", get(page))
        .route("/wallet", get(page))
        .route("/gate", get(gate_page))
        .route("/console", get(console_page))
        .route("/host", get(host_page))
        .route("/{*path}", get(asset))
}

async fn page() -> Response {
    serve("index.html")
}

async fn gate_page() -> Response {
    serve("gate.html")
}

async fn console_page() -> Response {
    serve("console.html")
}

async fn host_page() -> Response {
    serve("host.html")
}

async fn asset(Path(path): Path<String>) -> Response {
    serve(&path)
}

fn serve(path: &str) -> Response {
    let Some(file) = Assets::get(path) else {
        return crate::error::Error::NotFound.into_response();
    };
    let mime = file.metadata.mimetype().to_owned();
    // Hashed names never change content; the page and the worker must be revalidated so a
    // new release reaches phones.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut response = (StatusCode::OK, file.data.into_owned()).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&mime) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}
