//! The OpenAPI 3.1 document of the REST surface (issue 15), served at `GET /v1/openapi.json`.
//!
//! It is generated from the handlers themselves: each one carries a `#[utoipa::path]` with
//! its method, path, parameters, body and every status it can answer, and the bodies are the
//! Rust types the handlers deserialize and return. A route registered without documentation
//! fails this module's test; a documented answer the server does not give fails the
//! schemathesis run in `tests/tests/openapi`.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::{Error, ErrorBody};
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/openapi.json", get(document))
}

const DESCRIPTION: &str = "\
The REST surface of a Tessera server: issuing, reading and revoking passes, claiming them \
from a wallet, managing API keys and gate devices, pairing browser gates, and reading the \
audit log (TSR1 §9; see `docs/protocol.md`).

**Credentials.** Most calls take an API key as `Authorization: Bearer <key>`; its role \
(`admin`, `issuer`, `auditor`, `host`) decides what it may do (403 otherwise); a host \
key sees only its own passes and walk-ins. A claim and a claim \
preview carry the claim link's token in the body; the security console's session cookie \
`tessera_console` stands in for the key (with an `Origin` and `X-CSRF-Token` check on \
everything but GET), and pairing a gate the pairing link's \
secret; `GET /v1/gate/me` reads the `tessera_gate` cookie that pairing sets. Failed \
authentications count against the source: past the budget every call from it gets 429 \
with `Retry-After`.

**Errors** are always `{\"error\":{\"code\",\"message\"}}` as JSON. A whole request gets \
at most `TESSERA_REQUEST_TIMEOUT_S` (then 408 without a body); bodies are at most 64 KiB \
(then 413).

**Not described here:** the gate WebSocket `GET /v1/gate/ws` (TSR1 §6, a WebSocket \
upgrade with the device token, see `docs/protocol.md`), the web pages (`/`, `/claim`, \
`/wallet`, `/gate`) and their assets, and Prometheus `GET /metrics` on its own listener.";

/// The document's source: every documented handler, and the security schemes they name.
#[derive(OpenApi)]
#[openapi(
    info(title = "Tessera", version = env!("CARGO_PKG_VERSION"), description = DESCRIPTION),
    paths(
        super::health::healthz,
        super::health::readyz,
        document,
        super::admin::create_api_key,
        super::admin::list_api_keys,
        super::admin::revoke_api_key,
        super::admin::delete_api_key,
        super::admin::rotate_api_key,
        super::admin::create_gate,
        super::pairing::create,
        super::pairing::revoke,
        super::pairing::pair,
        super::pairing::me,
        super::passes::issue,
        super::passes::show,
        super::passes::revoke,
        super::claims::claim,
        super::claims::preview,
        super::audit_log::list,
        super::passes::list,
        super::gates::list,
        super::gates::show,
        super::audit_feed::stream,
        super::audit_feed::export,
        super::console::sign_in,
        super::console::current,
        super::console::sign_out,
        super::sso::read,
        super::sso::configure,
        super::sso::remove,
        super::sso::start,
        super::sso::callback,
        super::sso::back_channel_logout,
        super::sso::list_domains,
        super::sso::claim_domain,
        super::sso::verify_domain,
        super::sso::release_domain,
        super::sso::sessions,
        super::sso::end_session,
        super::links::rebind,
        super::links::issuer_transfer,
        super::links::transfer_nonce,
        super::links::holder_transfer,
        super::bulk::bulk_issue,
        super::walk_ins::hosts,
        super::walk_ins::gate_hosts,
        super::walk_ins::list,
        super::walk_ins::stream,
        super::walk_ins::approve,
        super::walk_ins::deny,
        super::walk_ins::answer_page,
        super::walk_ins::answer_by_link,
        super::webhooks::create,
        super::webhooks::list,
        super::webhooks::dead_letters,
        super::webhooks::replay,
        super::webhooks::disable,
        super::webhooks::enable,
        super::webhooks::rotate_secret,
        super::webhooks::delete,
        super::zones::create,
        super::zones::list,
        super::messages::list,
        super::messages::show,
        super::messages::resend,
        super::messages::mail_settings,
        super::messages::set_mail_settings,
        super::push::key,
        super::push::subscribe,
        super::push::unsubscribe,
        super::alarms::list,
        super::alarms::show,
        super::alarms::acknowledge,
        super::alarms::assign,
        super::alarms::resolve,
        super::watchlist::list,
        super::watchlist::add,
        super::watchlist::change,
        super::watchlist::remove,
        super::roll_calls::start,
        super::roll_calls::list,
        super::roll_calls::show,
        super::roll_calls::csv_export,
        super::roll_calls::mark,
        super::roll_calls::end,
        super::roll_calls::gate_list,
        super::roll_calls::gate_mark,
        super::export::export,
        super::privacy::export,
        super::privacy::erase,
        super::privacy::retention,
        super::privacy::set_retention,
        super::locale::locale,
        super::locale::set_locale,
        super::sites::create,
        super::sites::list,
        super::sites::reclaim,
        super::sites::revoke,
        super::sites::rotate,
        super::sites::resume,
        super::sites::lease,
        super::sites::give_back,
        super::sites::changes,
        super::sites::events,
    ),
    modifiers(&SecuritySchemes),
    tags(
        (name = "health", description = "Liveness and readiness"),
        (name = "admin", description = "API keys"),
        (name = "gates", description = "Gate devices and browser pairing"),
        (name = "passes", description = "Issuing, reading and revoking passes"),
        (name = "claims", description = "A wallet claims a pass"),
        (name = "audit", description = "The append-only audit log"),
        (name = "console", description = "Security console sessions (`docs/console.md`)"),
        (name = "sign-in", description = "Staff sign-in with the organisation's identity provider (`docs/sign-in.md`)"),
        (name = "zones", description = "Zones, entry and exit gates, who is inside"),
        (name = "webhooks", description = "Admission events delivered to other systems"),
        (name = "messages", description = "Mail to visitors: claim links sent, bounced, dead (`docs/operations.md`)"),
        (name = "alarms", description = "Alarms handled to the end: acknowledged, assigned, resolved (`docs/console.md`)"),
        (name = "security", description = "The watchlist: people flagged or kept out (`docs/console.md`)"),
        (name = "organisation", description = "The organisation's default language and its venues' time zones (issue 34)"),
        (name = "on-site nodes", description = "A venue's own node that admits when its uplink dies: leases, sync down and up (`docs/operations.md`, \"On-site node\"); the `/v1/node/…` calls take the node's token"),
        (name = "hosts", description = "Hosts and walk-in approval (`docs/protocol.md`, \"Hosts, walk-ins, re-binding and transfer\")"),
    )
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "An API key (`tessera-server init` prints the first admin key; \
                         `POST /v1/api-keys` makes issuer and auditor keys).",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "console_session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                super::console::CONSOLE_COOKIE,
                "A security console session (`POST /v1/console/session`), accepted wherever \
                 an API key is, with that key's role. Every method but GET also needs this \
                 server's `Origin` and the session's `X-CSRF-Token` (403 otherwise).",
            ))),
        );
        components.add_security_scheme(
            "gate_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                super::pairing::GATE_COOKIE,
                "A browser gate's device credential, set by `POST /v1/gates/pair`.",
            ))),
        );
        components.add_security_scheme(
            "gate_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("A gate's device token (`POST /v1/gates`)."))
                    .build(),
            ),
        );
    }
}

/// The document as JSON, built once.
static DOCUMENT: LazyLock<Result<String, String>> = LazyLock::new(|| {
    let mut document =
        serde_json::to_value(ApiDoc::openapi()).map_err(|error| error.to_string())?;
    camel_case_links(&mut document);
    serde_json::to_string(&document).map_err(|error| error.to_string())
});

/// utoipa 5.5 writes a response link's `operationId`, `operationRef` and `requestBody` in
/// snake case; OpenAPI (and so schemathesis, which then refuses every link) spells them in
/// camel case. Renames them in `paths.*.*.responses.*.links.*`.
fn camel_case_links(document: &mut serde_json::Value) {
    let Some(paths) = document
        .get_mut("paths")
        .and_then(serde_json::Value::as_object_mut)
    else {
        return;
    };
    let links = paths
        .values_mut()
        .filter_map(serde_json::Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(|operation| operation.get_mut("responses"))
        .filter_map(serde_json::Value::as_object_mut)
        .flat_map(|responses| responses.values_mut())
        .filter_map(|response| response.get_mut("links"))
        .filter_map(serde_json::Value::as_object_mut)
        .flat_map(|links| links.values_mut())
        .filter_map(serde_json::Value::as_object_mut);
    for link in links {
        for (snake, camel) in [
            ("operation_id", "operationId"),
            ("operation_ref", "operationRef"),
            ("request_body", "requestBody"),
        ] {
            if let Some(value) = link.remove(snake) {
                link.insert(camel.to_owned(), value);
            }
        }
    }
}

/// This document: OpenAPI 3.1 of the REST surface.
#[utoipa::path(
    get,
    path = "/v1/openapi.json",
    tag = "health",
    operation_id = "openapi",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = Object),
        (status = 500, description = "The document could not be serialised (a bug)", body = ErrorBody),
    )
)]
pub(super) async fn document() -> Response {
    match &*DOCUMENT {
        Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json.as_str()).into_response(),
        Err(error) => {
            tracing::error!(%error, "the OpenAPI document does not serialise");
            Error::Internal("the OpenAPI document does not serialise").into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use serde_json::{json, Value};

    use super::*;

    const METHODS: [&str; 7] = ["get", "post", "put", "delete", "patch", "head", "options"];

    /// Files whose routes are not REST: the web pages and their assets.
    /// Files of `src/http` whose routes are not the REST API: the pages, and the scrape
    /// route, which only the metrics listener serves.
    const NOT_REST: [&str; 2] = ["web.rs", "metrics.rs"];

    fn document_json() -> Value {
        serde_json::from_str(DOCUMENT.as_ref().expect("the document serialises"))
            .expect("the document is JSON")
    }

    /// `(method, path)` of every `.route("…", method(…).method(…))` in `src/http/*.rs`, read
    /// from the source so that a new route in any module is seen.
    fn registered_routes() -> BTreeSet<(String, String)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
        let mut routes = BTreeSet::new();
        for entry in std::fs::read_dir(&dir).expect("src/http is readable") {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if !name.ends_with(".rs") || NOT_REST.contains(&name) {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("a source file");
            // Code only: comments and tests (this one) may show a route call as an example.
            let code = source.split("#[cfg(test)]").next().unwrap_or_default();
            let source = code
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            for (at, _) in source.match_indices(".route(") {
                let call = &source[at + ".route(".len()..];
                let end = closing_paren(call);
                let call = &call[..end];
                let path = call.split('"').nth(1).expect("a route's path literal");
                let methods = METHODS
                    .iter()
                    .filter(|method| called(call, method))
                    .collect::<Vec<_>>();
                assert!(!methods.is_empty(), "{name}: no method found in {call:?}");
                for method in methods {
                    routes.insert(((*method).to_owned(), path.to_owned()));
                }
            }
        }
        routes
    }

    /// The offset of the `)` that closes a call whose `(` was just consumed.
    fn closing_paren(text: &str) -> usize {
        let mut depth = 1;
        for (at, c) in text.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return at;
                    }
                }
                _ => {}
            }
        }
        panic!("unbalanced parentheses in {text:?}");
    }

    /// Whether `call` calls `method(…)` (as a whole word).
    fn called(call: &str, method: &str) -> bool {
        call.match_indices(&format!("{method}(")).any(|(at, _)| {
            call[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
    }

    fn documented_routes(document: &Value) -> BTreeSet<(String, String)> {
        let paths = document["paths"].as_object().expect("paths");
        paths
            .iter()
            .flat_map(|(path, item)| {
                METHODS
                    .iter()
                    .filter(|method| item.get(**method).is_some())
                    .map(|method| ((*method).to_owned(), path.clone()))
            })
            .collect()
    }

    #[test]
    fn the_document_is_openapi_3_1_of_this_release() {
        let document = document_json();
        let version = document["openapi"].as_str().expect("openapi version");
        assert!(version.starts_with("3.1."), "{version}");
        assert_eq!(document["info"]["title"], "Tessera");
        assert_eq!(document["info"]["version"], env!("CARGO_PKG_VERSION"));
        let schemes = &document["components"]["securitySchemes"];
        assert_eq!(schemes["api_key"]["scheme"], "bearer");
        assert_eq!(schemes["gate_cookie"]["in"], "cookie");
        assert_eq!(schemes["gate_cookie"]["name"], "tessera_gate");
        assert_eq!(schemes["console_session"]["name"], "tessera_console");
    }

    #[test]
    fn every_registered_route_is_documented_and_nothing_else() {
        let registered = registered_routes();
        // The route scan itself must see the routes it is meant to check.
        for known in [
            ("post", "/v1/passes"),
            ("get", "/v1/openapi.json"),
            ("get", "/healthz"),
        ] {
            assert!(
                registered.contains(&(known.0.to_owned(), known.1.to_owned())),
                "the route scan missed {known:?}: {registered:?}"
            );
        }
        let documented = documented_routes(&document_json());
        let undocumented: Vec<_> = registered.difference(&documented).collect();
        let unregistered: Vec<_> = documented.difference(&registered).collect();
        assert!(
            undocumented.is_empty(),
            "routes without #[utoipa::path] in ApiDoc: {undocumented:?}"
        );
        assert!(
            unregistered.is_empty(),
            "documented routes no router registers: {unregistered:?}"
        );
    }

    #[test]
    fn every_operation_documents_its_errors_and_credentials() {
        let document = document_json();
        let mut ids = BTreeSet::new();
        for (path, item) in document["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("a path item") {
                let at = format!("{method} {path}");
                let id = operation["operationId"].as_str().expect("an operationId");
                assert!(ids.insert(id.to_owned()), "{at}: operationId {id} twice");
                let responses = operation["responses"].as_object().expect("responses");
                let secured = operation
                    .get("security")
                    .and_then(Value::as_array)
                    .is_some_and(|s| !s.is_empty());
                if secured {
                    for status in ["401", "503"] {
                        assert!(responses.contains_key(status), "{at}: no {status}");
                    }
                }
                // The API-key extractor refuses a source past its failure budget.
                let api_key = operation["security"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|r| r.get("api_key").is_some()));
                if api_key {
                    assert!(responses.contains_key("429"), "{at}: no 429");
                }
                if operation.get("requestBody").is_some() {
                    for status in ["400", "413"] {
                        assert!(responses.contains_key(status), "{at}: no {status}");
                    }
                }
                for (status, response) in responses {
                    // The sign-in round trip answers a person's browser with pages.
                    let page = response["content"].get("text/html").is_some();
                    if !page
                        && (status.starts_with('4') || status == "503" && path.starts_with("/v1/"))
                    {
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            "#/components/schemas/ErrorBody",
                            "{at} {status}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn links_name_their_operations_as_openapi_spells_it() {
        let document = document_json();
        let links = &document["paths"]["/v1/passes"]["post"]["responses"]["201"]["links"];
        assert_eq!(links["show"]["operationId"], "show_pass");
        assert!(links["claim"]["requestBody"].is_object(), "{links}");
        assert!(links["show"].get("operation_id").is_none(), "{links}");
        let ids: BTreeSet<&str> = document["paths"]
            .as_object()
            .expect("paths")
            .values()
            .flat_map(|item| item.as_object().expect("a path item").values())
            .filter_map(|operation| operation["operationId"].as_str())
            .collect();
        for link in links.as_object().expect("links").values() {
            let target = link["operationId"].as_str().expect("an operationId");
            assert!(ids.contains(target), "a link to no operation: {target}");
        }
    }

    #[test]
    fn the_audit_filters_are_the_documented_query_parameters() {
        let document = document_json();
        let documented: BTreeSet<&str> = document["paths"]["/v1/audit"]["get"]["parameters"]
            .as_array()
            .expect("parameters")
            .iter()
            .filter(|p| p["in"] == "query")
            .filter_map(|p| p["name"].as_str())
            .collect();
        let accepted: BTreeSet<&str> = super::super::audit_log::FILTERS.into_iter().collect();
        assert_eq!(documented, accepted);
    }

    /// Every place in `schema` (a JSON Schema of the document) that admits any object.
    fn free_form(schema: &Value, at: &str, found: &mut Vec<String>) {
        match schema {
            Value::Object(map) => {
                let object = map.get("type").is_some_and(|t| {
                    t == "object" || t.as_array().is_some_and(|a| a.contains(&json!("object")))
                });
                let described = ["properties", "$ref", "allOf", "oneOf", "anyOf"]
                    .iter()
                    .any(|key| map.contains_key(*key))
                    || map
                        .get("additionalProperties")
                        .is_some_and(|extra| extra.is_object());
                if object && !described {
                    found.push(at.to_owned());
                }
                for (key, value) in map {
                    free_form(value, &format!("{at}/{key}"), found);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    free_form(item, &format!("{at}/{index}"), found);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn no_body_and_no_field_is_free_form() {
        let document = document_json();
        let mut found = Vec::new();
        let mut paths = document["paths"].clone();
        // The document describes itself by OpenAPI 3.1's own meta-schema, not restated here.
        if let Some(paths) = paths.as_object_mut() {
            paths.remove("/v1/openapi.json");
        }
        free_form(&paths, "#/paths", &mut found);
        free_form(
            &document["components"]["schemas"],
            "#/components/schemas",
            &mut found,
        );
        assert!(found.is_empty(), "free-form objects: {found:#?}");
    }

    #[test]
    fn audit_details_are_one_of_by_kind() {
        let document = document_json();
        let details = &document["components"]["schemas"]["Details"];
        let kinds: BTreeSet<&str> = details["oneOf"]
            .as_array()
            .expect("Details is a oneOf")
            .iter()
            .map(|variant| {
                let kind = &variant["properties"]["kind"];
                assert!(variant["properties"]["details"].is_object(), "{variant}");
                kind["enum"][0]
                    .as_str()
                    .expect("each variant names its kind")
            })
            .collect();
        let all: BTreeSet<&str> = tessera_domain::audit::AuditKind::ALL
            .iter()
            .map(|kind| kind.as_str())
            .collect();
        assert_eq!(kinds, all);
        let event = serde_json::to_string(&document["components"]["schemas"]["AuditEvent"])
            .expect("AuditEvent");
        assert!(event.contains("#/components/schemas/Details"), "{event}");
    }
}
