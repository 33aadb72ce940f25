//! The few HTML pages the server writes itself, outside the web app: the sign-in callback
//! and its failures, and the walk-in answer pages a host opens from a mail. Each is one
//! short document with inline style and a strict CSP (no script); every text from outside
//! is escaped with [`html_escape`].

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

pub use tessera_domain::label::html_escape;

/// The look of the pages, inline (their only markup from outside is escaped text).
pub const PAGE_STYLE: &str =
    "<style>body{margin:0;padding:0 16px;background:#eef1f6;color:#0f172a;\
    font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}\
    main{max-width:520px;margin:10vh auto 24px;padding:28px;background:#fff;\
    border:1px solid #cbd5e1;border-radius:14px}h1{margin:0 0 12px;font-size:1.6rem}\
    a{color:#1e40af;font-weight:600}\
    button{font:inherit;font-weight:600;padding:12px 22px;border-radius:10px;border:0;\
    color:#fff;background:#1e40af;cursor:pointer}button.deny{background:#9f1239}</style>";

/// The policy of a page: no script, no framing, and forms posting nowhere.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; \
    form-action 'none'; frame-ancestors 'none'";
/// The same for a page whose form posts back to this server.
const CSP_FORM: &str = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// A page: `title` (plain text) and `main` (HTML the caller escaped), without a form.
pub fn page(status: StatusCode, title: &str, main: &str) -> Response {
    render(status, title, "", main, CSP)
}

/// [`page`] with more of `<head>` (a refresh), HTML the caller escaped.
pub fn page_with_head(status: StatusCode, title: &str, head: &str, main: &str) -> Response {
    render(status, title, head, main, CSP)
}

/// [`page`] whose `main` holds a form that posts back to this server.
pub fn form_page(status: StatusCode, title: &str, main: &str) -> Response {
    render(status, title, "", main, CSP_FORM)
}

/// The document and its headers: HTML, never cached, `csp`.
fn render(status: StatusCode, title: &str, head: &str, main: &str, csp: &'static str) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{head}\
         <title>{} · Tessera</title>{PAGE_STYLE}</head><body><main>{main}</main></body></html>",
        html_escape(title)
    );
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_SECURITY_POLICY, csp),
    ];
    (status, headers, body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_text_is_escaped() {
        assert_eq!(
            html_escape("<a href='x'>&\""),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;"
        );
    }
}
