//! Issue 16 (`docs/protocol.md`, "Bulk issue"): `POST /v1/passes/bulk` issues one pass per
//! CSV row, idempotently per `external_ref`, and answers one CSV line per row.
//!
//! Why these rules matter: an organiser uploads a guest list exported from a spreadsheet, and
//! uploads it again after fixing a typo or when the first upload timed out. A rerun must
//! issue nobody twice, a changed row must not silently overwrite a pass already sent, one
//! bad row must not sink the others (nor hide which field was wrong), and a file the server
//! cannot read as a whole must issue nothing at all.

use std::collections::BTreeSet;

use anyhow::{bail, Context, Result};
use serde_json::Value;
use tessera_tests::api::{ClaimLink, PassSpec};
use tessera_tests::clock::{now, rfc3339};
use tessera_tests::fixtures::{admit, connected_gate};
use tessera_tests::{both_backends, count_events, ApiClient, Backend, Reply, TestServer, Wallet};
use uuid::Uuid;

both_backends!(
    a_csv_issues_one_pass_per_row_with_links_that_work,
    a_rerun_answers_the_same_passes_and_a_changed_row_is_a_conflict,
    malformed_rows_get_a_precise_error_while_the_others_are_issued,
    a_file_that_cannot_be_read_issues_nothing,
    the_host_column_names_a_host_by_id_unit_or_label,
    formulas_sent_in_a_file_come_back_inert,
);

/// One line of the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    row: String,
    external_ref: String,
    status: String,
    pass_id: String,
    claim_url: String,
    error: String,
}

/// Uploads `csv` and returns the reply with its lines, insisting on the answer's header.
async fn upload(client: &ApiClient, csv: &str) -> Result<(Reply, Vec<Line>)> {
    let reply = client
        .post_typed("/v1/passes/bulk", "text/csv", csv.to_owned())
        .await?;
    if reply.status != 200 {
        bail!("the upload answered {}: {}", reply.status, reply.body);
    }
    assert!(
        reply
            .content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("text/csv")),
        "the answer is CSV: {:?}",
        reply.content_type
    );
    let rows = tessera_tests::csv::parse(&reply.body)?;
    let (header, lines) = rows.split_first().context("an empty answer")?;
    assert_eq!(
        header,
        &[
            "row",
            "external_ref",
            "status",
            "pass_id",
            "claim_url",
            "error"
        ],
        "the answer's header"
    );
    let lines = lines
        .iter()
        .map(|cells| match cells.as_slice() {
            [row, external_ref, status, pass_id, claim_url, error] => Ok(Line {
                row: row.clone(),
                external_ref: external_ref.clone(),
                status: status.clone(),
                pass_id: pass_id.clone(),
                claim_url: claim_url.clone(),
                error: error.clone(),
            }),
            other => bail!("a line of {} cells: {other:?}", other.len()),
        })
        .collect::<Result<Vec<_>>>()?;
    for (n, line) in lines.iter().enumerate() {
        assert_eq!(
            line.row,
            (n + 1).to_string(),
            "rows in input order: {lines:?}"
        );
    }
    Ok((reply, lines))
}

/// An upload that must be refused as a whole.
async fn refused(client: &ApiClient, content_type: &str, body: &str) -> Result<Reply> {
    client
        .post_typed("/v1/passes/bulk", content_type, body.to_owned())
        .await
}

/// A day from now, as the CSV writes it.
fn tomorrow() -> String {
    rfc3339(now() + time::Duration::days(1))
}

/// The link in a `claim_url` cell.
fn link_of(line: &Line) -> Result<ClaimLink> {
    let fragment = line
        .claim_url
        .split_once("/claim#")
        .with_context(|| format!("a claim link in {line:?}"))?
        .1;
    let mut pass = None;
    let mut token = None;
    for part in fragment.split('&') {
        match part.split_once('=') {
            Some(("p", value)) => pass = Some(value.parse::<Uuid>()?),
            Some(("t", value)) => token = Some(value.to_owned()),
            _ => {}
        }
    }
    Ok(ClaimLink {
        pass_id: pass.context("p= in the claim link")?,
        claim_token: token.context("t= in the claim link")?,
        claim_url: line.claim_url.clone(),
    })
}

#[track_caller]
fn assert_issued(line: &Line, status: &str) {
    assert_eq!(line.status, status, "{line:?}");
    assert!(
        line.pass_id.parse::<Uuid>().is_ok(),
        "a pass id in {line:?}"
    );
    assert!(line.error.is_empty(), "no error in {line:?}");
}

#[track_caller]
fn assert_row_refused(line: &Line, status: &str, field: &str) {
    assert_eq!(line.status, status, "{line:?}");
    assert!(line.pass_id.is_empty(), "nothing issued for {line:?}");
    assert!(line.claim_url.is_empty(), "no link for {line:?}");
    assert!(
        line.error.contains(field),
        "the error names {field}: {line:?}"
    );
}

async fn pass_count(client: &ApiClient) -> Result<usize> {
    let page = client.get("/v1/passes?limit=200").await?.expect(200)?;
    Ok(page["passes"].as_array().map_or(0, Vec::len))
}

async fn a_csv_issues_one_pass_per_row_with_links_that_work(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let until = tomorrow();
    let from = rfc3339(now() - time::Duration::hours(1));
    // Columns in an order of the file's choosing, a quoted label with a comma.
    let csv = format!(
        "external_ref,label,valid_until,valid_from,site,max_uses,max_transfers\r\n\
         guest-1,\"Lovelace, Ada\",{until},{from},,3,1\r\n\
         guest-2,Grace Hopper,{until},,north,,\r\n\
         guest-3,Alan Turing,{until},,,,\r\n"
    );
    let (_, lines) = upload(&issuer, &csv).await?;
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (line, reference) in lines.iter().zip(["guest-1", "guest-2", "guest-3"]) {
        assert_issued(line, "201");
        assert_eq!(line.external_ref, reference);
        let link = link_of(line)?;
        assert_eq!(link.pass_id.to_string(), line.pass_id);
    }
    let first: Uuid = lines[0].pass_id.parse()?;
    let shown = issuer.pass(first).await?;
    assert_eq!(shown["label"], "Lovelace, Ada", "{shown}");
    assert_eq!(shown["max_uses"], 3, "{shown}");
    assert_eq!(shown["max_transfers"], 1, "{shown}");
    assert_eq!(shown["state"], "issued", "{shown}");
    let second = issuer.pass(lines[1].pass_id.parse()?).await?;
    assert_eq!(second["site"], "north", "{second}");
    assert_eq!(second["max_uses"], 1, "the default: {second}");

    // The link is an ordinary one: a wallet claims it and is admitted.
    let wallet = Wallet::claim_link(&server.anonymous(), &link_of(&lines[0])?).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let events = admin.audit("kind=pass_issued").await?;
    assert_eq!(events.len(), 3, "one pass_issued per row");
    let with_ref: BTreeSet<Option<String>> = events
        .iter()
        .map(|e| e.pass_id.map(|id| id.to_string()))
        .collect();
    let issued: BTreeSet<Option<String>> = lines.iter().map(|l| Some(l.pass_id.clone())).collect();
    assert_eq!(with_ref, issued);

    // Issuers, admins and hosts may; auditors may not.
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let reply = refused(&auditor, "text/csv", &csv).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let host = admin.create_host("R. Iyer", Some("12B")).await?;
    let as_host = server.client(&host.api_key);
    let (_, own) = upload(
        &as_host,
        &format!("label,valid_until,external_ref\nHost guest,{until},host-1\n"),
    )
    .await?;
    assert_issued(&own[0], "201");
    let theirs = as_host.pass(own[0].pass_id.parse()?).await?;
    assert_eq!(
        theirs["host_id"],
        host.key_id.to_string(),
        "a host issues its own"
    );
    Ok(())
}

async fn a_rerun_answers_the_same_passes_and_a_changed_row_is_a_conflict(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let until = tomorrow();
    let csv = format!(
        "label,valid_until,external_ref\n\
         Ada Lovelace,{until},guest-1\n\
         Grace Hopper,{until},guest-2\n"
    );
    let (_, first) = upload(&admin, &csv).await?;
    for line in &first {
        assert_issued(line, "201");
    }
    Wallet::claim_link(&server.anonymous(), &link_of(&first[1])?).await?;

    let (_, again) = upload(&admin, &csv).await?;
    for (line, before) in again.iter().zip(&first) {
        assert_issued(line, "200");
        assert_eq!(line.pass_id, before.pass_id, "the same pass");
    }
    assert_eq!(
        again[0].claim_url, first[0].claim_url,
        "its link, still unclaimed"
    );
    assert!(
        again[1].claim_url.is_empty(),
        "a claimed pass's link is not handed out again: {:?}",
        again[1]
    );
    assert_eq!(pass_count(&admin).await?, 2, "nobody issued twice");

    // One row changed, one row new: a conflict for the first only.
    let changed = format!(
        "label,valid_until,external_ref\n\
         Ada King,{until},guest-1\n\
         Grace Hopper,{until},guest-2\n\
         Alan Turing,{until},guest-3\n"
    );
    let (_, lines) = upload(&admin, &changed).await?;
    assert_eq!(lines[0].status, "409", "{:?}", lines[0]);
    assert!(lines[0].claim_url.is_empty(), "{:?}", lines[0]);
    assert!(
        !lines[0].error.is_empty(),
        "a conflict says why: {:?}",
        lines[0]
    );
    assert_issued(&lines[1], "200");
    assert_issued(&lines[2], "201");
    let kept = admin.pass(first[0].pass_id.parse()?).await?;
    assert_eq!(
        kept["label"], "Ada Lovelace",
        "a conflict changes nothing: {kept}"
    );
    assert_eq!(pass_count(&admin).await?, 3);
    assert_eq!(admin.audit("kind=pass_issued").await?.len(), 3);

    // A reference is the organisation's: another organisation's upload is its own pass.
    let org_b = server.init_org("Org B").await?;
    let (_, theirs) = upload(&server.client(&org_b.admin_key), &csv).await?;
    assert_issued(&theirs[0], "201");
    assert_ne!(theirs[0].pass_id, first[0].pass_id);
    Ok(())
}

async fn malformed_rows_get_a_precise_error_while_the_others_are_issued(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let until = tomorrow();
    let earlier = rfc3339(now() - time::Duration::days(1));
    let csv = format!(
        "label,valid_until,external_ref,valid_from,max_uses,max_transfers,host\n\
         Good one,{until},ok-1,,,,\n\
         ,{until},no-label,,,,\n\
         Bad until,tomorrow,bad-until,,,,\n\
         Bad uses,{until},bad-uses,,0,,\n\
         Backwards,{earlier},backwards,{until},,,\n\
         Too many transfers,{until},bad-transfers,,,101,\n\
         No such host,{until},bad-host,,,,99Z\n\
         No ref,{until},,,,,\n\
         Good two,{until},ok-2,,2,,\n"
    );
    let (_, lines) = upload(&admin, &csv).await?;
    assert_eq!(lines.len(), 9, "{lines:?}");
    assert_issued(&lines[0], "201");
    for (line, field) in lines[1..8].iter().zip([
        "label",
        "valid_until",
        "max_uses",
        "valid_until",
        "max_transfers",
        "host",
        "external_ref",
    ]) {
        assert_row_refused(line, "400", field);
    }
    assert_issued(&lines[8], "201");
    assert_eq!(
        pass_count(&admin).await?,
        2,
        "only the good rows were issued"
    );
    assert_eq!(
        count_events(&admin.audit("").await?, "pass_issued", None),
        2
    );

    // A fixed row on a rerun is issued; the good ones are answered as before.
    let fixed = format!(
        "label,valid_until,external_ref,valid_from,max_uses,max_transfers,host\n\
         Good one,{until},ok-1,,,,\n\
         Bad uses,{until},bad-uses,,1,,\n"
    );
    let (_, lines) = upload(&admin, &fixed).await?;
    assert_issued(&lines[0], "200");
    assert_issued(&lines[1], "201");
    Ok(())
}

async fn a_file_that_cannot_be_read_issues_nothing(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let until = tomorrow();
    let cases = [
        (
            "no external_ref column",
            format!("label,valid_until\nAda,{until}\n"),
        ),
        (
            "no label column",
            format!("valid_until,external_ref\n{until},guest-1\n"),
        ),
        (
            "an unknown column",
            format!("label,valid_until,external_ref,colour\nAda,{until},guest-1,red\n"),
        ),
        (
            "a column twice",
            format!("label,valid_until,external_ref,label\nAda,{until},guest-1,Ada\n"),
        ),
        ("an empty file", String::new()),
    ];
    for (what, csv) in &cases {
        let reply = refused(&admin, "text/csv", csv).await?;
        assert_eq!(reply.status, 400, "{what}: {}", reply.body);
    }
    let too_many: String = std::iter::once("label,valid_until,external_ref\n".to_owned())
        .chain((0..10_001).map(|n| format!("Guest {n},{until},ref-{n}\n")))
        .collect();
    let reply = refused(&admin, "text/csv", &too_many).await?;
    assert!(
        matches!(reply.status, 400 | 413),
        "10,001 rows: {} {}",
        reply.status,
        reply.body
    );
    let reply = admin
        .post("/v1/passes/bulk", &PassSpec::default().to_json())
        .await?;
    assert!(
        matches!(reply.status, 400 | 415),
        "JSON is not CSV: {} {}",
        reply.status,
        reply.body
    );
    assert_eq!(pass_count(&admin).await?, 0, "nothing was issued");
    assert!(admin.audit("kind=pass_issued").await?.is_empty());

    // An unclosed quote swallows the rest of the file: the rows after it cannot be told
    // apart, so the file cannot be read, and the good row before it is not issued either.
    let unclosed = format!(
        "label,valid_until,external_ref\n\
         Bob,{until},guest-0\n\
         \"Ada,{until},guest-1\n\
         Carl,{until},guest-2\n"
    );
    let reply = refused(&admin, "text/csv", &unclosed).await?;
    assert_eq!(reply.status, 400, "an unclosed quote: {}", reply.body);
    assert_eq!(pass_count(&admin).await?, 0, "nothing was issued");
    Ok(())
}

async fn the_host_column_names_a_host_by_id_unit_or_label(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let iyer = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let chen = admin.create_host("M. Chen", Some("3A")).await?;
    let org_b = server.init_org("Org B").await?;
    server
        .client(&org_b.admin_key)
        .create_host("Elsewhere", Some("9C"))
        .await?;
    let until = tomorrow();
    let csv = format!(
        "label,valid_until,external_ref,host\n\
         By unit,{until},by-unit,12B\n\
         By label,{until},by-label,M. Chen\n\
         By id,{until},by-id,{}\n\
         No host,{until},no-host,\n\
         Foreign unit,{until},foreign,9C\n",
        chen.key_id
    );
    let (_, lines) = upload(&admin, &csv).await?;
    let expected = [
        Value::String(iyer.key_id.to_string()),
        Value::String(chen.key_id.to_string()),
        Value::String(chen.key_id.to_string()),
        Value::Null,
    ];
    for (line, host_id) in lines.iter().zip(expected) {
        assert_issued(line, "201");
        let shown = admin.pass(line.pass_id.parse()?).await?;
        assert_eq!(shown["host_id"], host_id, "{line:?}: {shown}");
    }
    assert_row_refused(&lines[4], "400", "host");
    // The hosts see them as their own.
    let page = server
        .client(&iyer.api_key)
        .get("/v1/passes")
        .await?
        .expect(200)?;
    let own: Vec<&str> = page["passes"]
        .as_array()
        .context("passes")?
        .iter()
        .filter_map(|p| p["pass_id"].as_str())
        .collect();
    assert_eq!(own, [lines[0].pass_id.as_str()], "{page}");
    Ok(())
}

/// Issue 29, finding 4: what the issuer sent (references, values quoted in errors) comes
/// back in the answer with no cell a spreadsheet would run.
async fn formulas_sent_in_a_file_come_back_inert(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let until = tomorrow();
    let csv = format!(
        "label,valid_until,external_ref,max_uses\n\
         Link,{until},\"=HYPERLINK(\"\"http://evil.example/\"\",\"\"x\"\")\",\n\
         Sum,{until},@SUM(1),\n\
         Plus,{until},+1,\n\
         Minus,{until},-2,\n\
         Tab,{until},\"\tcmd\",\n\
         Bad uses,{until},ok-3,=1+1\n\
         Bad until,@SUM(1),ok-4,\n"
    );
    let (reply, lines) = upload(&admin, &csv).await?;
    assert_eq!(lines.len(), 7, "{}", reply.body);
    for line in &lines {
        for cell in [&line.external_ref, &line.error] {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "a live formula in the answer: {cell:?} in {line:?}"
            );
        }
    }
    assert_eq!(
        lines[0].external_ref,
        "'=HYPERLINK(\"http://evil.example/\",\"x\")"
    );
    assert_eq!(lines[1].external_ref, "'@SUM(1)");
    Ok(())
}
