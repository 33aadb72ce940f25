//! Walk-ins typed at the gate (`docs/protocol.md`, "Walk-ins: a host approves a visitor at
//! the gate"): the guard's `WALKIN` line, the choice of the host it names, and the checks
//! the server makes anyway, done before anything is journaled so that a typo costs nothing.
//!
//! The line is `WALKIN <host> <visitor name> [-- <note>]`. `<host>` is a host id (a UUID),
//! or one word (`12B`), or a double-quoted text (`"R. Iyer"`), matched against the hosts'
//! units and labels through `GET /v1/gate/hosts?q=`. Everything here is pure; the lookup
//! itself is [`crate::hosts`].

use serde::{Deserialize, Serialize};
use tessera_protocol::messages::HostSummary;
use uuid::Uuid;

/// The keyword that starts a walk-in line (case-insensitive).
pub const KEYWORD: &str = "WALKIN";
/// Longest visitor name the server accepts, in characters.
pub const MAX_VISITOR_NAME: usize = 200;
/// Longest note the server accepts, in characters.
pub const MAX_NOTE: usize = 500;
/// Longest host query, in characters (a label is at most 200).
pub const MAX_HOST_QUERY: usize = 200;
/// Longest walk-in line, in bytes: a name and a note of multi-byte characters fit.
pub const MAX_WALK_IN_LINE: usize = 4096;
/// How the guard is told to write it.
pub const USAGE: &str = "WALKIN <host id | unit | \"label\"> <visitor name> [-- <note>]";

/// A host as `GET /v1/gate/hosts` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GateHost {
    /// The host id (the host's API key id).
    pub host_id: Uuid,
    /// The host's display name.
    pub label: String,
    /// The unit, flat or office, if any.
    #[serde(default)]
    pub unit: Option<String>,
}

impl GateHost {
    /// The host as the gate messages name it.
    pub fn summary(&self) -> HostSummary {
        HostSummary {
            id: self.host_id,
            label: self.label.clone(),
            unit: self.unit.clone(),
        }
    }
}

/// How a walk-in line names its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostRef {
    /// By id: sent as is, the server says whether it is a host.
    Id(Uuid),
    /// By unit or label: looked up first.
    Query(String),
}

/// A parsed `WALKIN` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkInLine {
    /// The host asked.
    pub host: HostRef,
    /// Whom the guard is holding (trimmed, 1–200 printable characters).
    pub visitor_name: String,
    /// The guard's note for the host (trimmed, at most 500 printable characters).
    pub note: Option<String>,
}

/// Whether `text` (already trimmed) is meant as a walk-in line.
pub fn is_walk_in_line(text: &str) -> bool {
    let word = text.split(char::is_whitespace).next().unwrap_or_default();
    word.eq_ignore_ascii_case(KEYWORD)
}

fn printable(text: &str) -> bool {
    !text.chars().any(char::is_control)
}

/// Checks a visitor name and a note as the server would.
///
/// # Errors
/// A message for the guard.
pub fn check_request(visitor_name: &str, note: Option<&str>) -> Result<(), String> {
    if visitor_name.trim().is_empty() {
        return Err(format!("the visitor's name is missing: {USAGE}"));
    }
    if visitor_name.chars().count() > MAX_VISITOR_NAME {
        return Err(format!(
            "the visitor's name is too long (at most {MAX_VISITOR_NAME} characters)"
        ));
    }
    if !printable(visitor_name) {
        return Err("the visitor's name has characters that cannot be printed".into());
    }
    if let Some(note) = note {
        if note.chars().count() > MAX_NOTE {
            return Err(format!(
                "the note is too long (at most {MAX_NOTE} characters)"
            ));
        }
        if !printable(note) {
            return Err("the note has characters that cannot be printed".into());
        }
    }
    Ok(())
}

/// Splits `rest` at its first `--` word: (name, note).
fn split_note(rest: &str) -> (&str, Option<&str>) {
    let mut from = 0;
    while let Some(at) = rest[from..].find("--").map(|i| i + from) {
        let before_ok = at == 0 || rest[..at].ends_with(char::is_whitespace);
        let after = &rest[at + 2..];
        let after_ok = after.is_empty() || after.starts_with(char::is_whitespace);
        if before_ok && after_ok {
            let note = after.trim();
            return (&rest[..at], (!note.is_empty()).then_some(note));
        }
        from = at + 2;
    }
    (rest, None)
}

/// Parses a walk-in line (see the module docs).
///
/// # Errors
/// A message for the guard saying what is wrong and how to write it.
pub fn parse_line(text: &str) -> Result<WalkInLine, String> {
    let text = text.trim();
    if text.len() > MAX_WALK_IN_LINE {
        return Err(format!(
            "the walk-in line is too long (at most {MAX_WALK_IN_LINE} bytes)"
        ));
    }
    if !is_walk_in_line(text) {
        return Err(format!("not a walk-in line: {USAGE}"));
    }
    let rest = text[KEYWORD.len()..].trim_start();
    if rest.is_empty() {
        return Err(format!("say whom the visitor asks for: {USAGE}"));
    }
    let (host, rest) = if let Some(quoted) = rest.strip_prefix('"') {
        let Some(end) = quoted.find('"') else {
            return Err(format!("the host's closing quote is missing: {USAGE}"));
        };
        let after = &quoted[end + 1..];
        if !(after.is_empty() || after.starts_with(char::is_whitespace)) {
            return Err(format!(
                "put a space after the host's closing quote: {USAGE}"
            ));
        }
        (quoted[..end].trim(), after)
    } else {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        (&rest[..end], &rest[end..])
    };
    if host.is_empty() {
        return Err(format!("the host is empty: {USAGE}"));
    }
    if host.chars().count() > MAX_HOST_QUERY || !printable(host) {
        return Err("the host is too long or has characters that cannot be printed".into());
    }
    let (name, note) = split_note(rest);
    let visitor_name = name.trim();
    check_request(visitor_name, note)?;
    let host = match Uuid::parse_str(host) {
        Ok(id) => HostRef::Id(id),
        Err(_) => HostRef::Query(host.to_owned()),
    };
    Ok(WalkInLine {
        host,
        visitor_name: visitor_name.to_owned(),
        note: note.map(str::to_owned),
    })
}

/// Why no single host was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostChoiceError {
    /// No host matches.
    Unknown,
    /// Several hosts match and none exactly; the candidates, as listed by the server.
    Ambiguous(Vec<GateHost>),
}

/// Chooses the host `query` names among the `hosts` the server listed for it.
///
/// A host whose unit is exactly the query (ignoring case) wins; then one whose label is;
/// then the only host listed. Anything else is ambiguous or unknown: the gate never guesses
/// whom to ask.
///
/// # Errors
/// [`HostChoiceError`].
pub fn pick_host(query: &str, hosts: &[GateHost]) -> Result<GateHost, HostChoiceError> {
    let wanted = query.trim().to_lowercase();
    let by_unit: Vec<&GateHost> = hosts
        .iter()
        .filter(|h| h.unit.as_deref().map(str::to_lowercase).as_deref() == Some(&wanted))
        .collect();
    let by_label: Vec<&GateHost> = hosts
        .iter()
        .filter(|h| h.label.to_lowercase() == wanted)
        .collect();
    for exact in [by_unit, by_label] {
        match exact.as_slice() {
            [one] => return Ok((*one).clone()),
            [] => {}
            many => {
                return Err(HostChoiceError::Ambiguous(
                    many.iter().map(|h| (*h).clone()).collect(),
                ))
            }
        }
    }
    match hosts {
        [one] => Ok(one.clone()),
        [] => Err(HostChoiceError::Unknown),
        many => Err(HostChoiceError::Ambiguous(many.to_vec())),
    }
}

/// "R. Iyer, Flat 12B (12B)": a host as the guard reads it.
pub fn describe_host(host: &HostSummary) -> String {
    match &host.unit {
        Some(unit) if !host.label.contains(unit.as_str()) => {
            format!("{:?} ({unit})", host.label)
        }
        _ => format!("{:?}", host.label),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506";

    fn host(label: &str, unit: Option<&str>) -> GateHost {
        GateHost {
            host_id: Uuid::new_v4(),
            label: label.into(),
            unit: unit.map(str::to_owned),
        }
    }

    #[test]
    fn parses_the_three_ways_to_name_a_host() {
        let line = parse_line(&format!("WALKIN {ID} Sam Okafor -- parcel")).unwrap();
        assert_eq!(line.host, HostRef::Id(ID.parse().unwrap()));
        assert_eq!(line.visitor_name, "Sam Okafor");
        assert_eq!(line.note.as_deref(), Some("parcel"));

        let line = parse_line("walkin 12B  Sam Okafor ").unwrap();
        assert_eq!(line.host, HostRef::Query("12B".into()));
        assert_eq!(line.visitor_name, "Sam Okafor");
        assert_eq!(line.note, None);

        let line = parse_line("WALKIN \"R. Iyer\" Sam -- two boxes -- heavy").unwrap();
        assert_eq!(line.host, HostRef::Query("R. Iyer".into()));
        assert_eq!(line.visitor_name, "Sam");
        assert_eq!(line.note.as_deref(), Some("two boxes -- heavy"));
    }

    #[test]
    fn dashes_inside_a_name_are_not_a_note() {
        let line = parse_line("WALKIN 12B Anne-Marie O--Neil").unwrap();
        assert_eq!(line.visitor_name, "Anne-Marie O--Neil");
        assert_eq!(line.note, None);
        let line = parse_line("WALKIN 12B Sam --").unwrap();
        assert_eq!(line.visitor_name, "Sam");
        assert_eq!(line.note, None);
    }

    #[test]
    fn rejects_lines_that_cannot_be_sent() {
        for bad in [
            "WALKIN".to_owned(),
            "WALKIN 12B".to_owned(),
            "WALKIN 12B -- note only".to_owned(),
            "WALKIN \"R. Iyer Sam".to_owned(),
            "WALKIN \"R. Iyer\"Sam".to_owned(),
            "WALKIN \"\" Sam".to_owned(),
            format!("WALKIN 12B {}", "x".repeat(201)),
            format!("WALKIN 12B Sam -- {}", "x".repeat(501)),
            "WALKIN 12B Sam\u{7}".to_owned(),
            "WALKINX 12B Sam".to_owned(),
        ] {
            assert!(parse_line(&bad).is_err(), "{bad:?}");
        }
        assert!(parse_line(&format!("WALKIN 12B {}", "é".repeat(200))).is_ok());
    }

    #[test]
    fn an_exact_unit_or_label_wins_over_partial_matches() {
        let flat_12b = host("R. Iyer", Some("12B"));
        let flat_112b = host("K. Obi", Some("112B"));
        let hosts = vec![flat_112b.clone(), flat_12b.clone()];
        assert_eq!(pick_host("12b", &hosts), Ok(flat_12b.clone()));
        assert_eq!(pick_host("r. iyer", &hosts), Ok(flat_12b));
        assert_eq!(
            pick_host("2B", &hosts),
            Err(HostChoiceError::Ambiguous(hosts.clone()))
        );
        assert_eq!(
            pick_host("112", std::slice::from_ref(&flat_112b)),
            Ok(flat_112b.clone())
        );
        assert_eq!(pick_host("9Z", &[]), Err(HostChoiceError::Unknown));
        let twins = vec![host("Reception", Some("1")), host("Reception", Some("2"))];
        assert_eq!(
            pick_host("reception", &twins),
            Err(HostChoiceError::Ambiguous(twins.clone()))
        );
    }

    #[test]
    fn hosts_read_as_the_server_lists_them() {
        let text = format!(r#"{{"host_id":"{ID}","label":"R. Iyer, Flat 12B","unit":null}}"#);
        let host: GateHost = serde_json::from_str(&text).unwrap();
        assert_eq!(host.summary().id.to_string(), ID);
        assert_eq!(describe_host(&host.summary()), "\"R. Iyer, Flat 12B\"");
        let with_unit = HostSummary {
            unit: Some("3".into()),
            label: "Reception".into(),
            ..host.summary()
        };
        assert_eq!(describe_host(&with_unit), "\"Reception\" (3)");
    }
}
