//! The server's log: no query string or fragment value ever reaches it.
//!
//! Secrets travel in query strings (an answer link's `t=`, the identity provider's `code=`
//! on `/v1/sso/callback`) and in fragments (a claim link's `#p=…&t=…`), and a journal is
//! read by more people than the server's API. So the request trace records the method and
//! the path only ([`request_span`]), and every line written, whoever wrote it (an error
//! quoting a URL included), passes through [`redact_queries`] first ([`RedactingWriter`]).

use std::borrow::Cow;
use std::io::Write;

/// What a redacted query or fragment value reads as.
const REDACTED: &str = "***";

/// The request trace's span: the method and the path, never the query (the default span
/// records the whole URI).
pub fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    tracing::debug_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        version = ?request.version(),
    )
}

/// Replaces every value in the query strings and fragments of the URLs and paths in
/// `line` by `***`, keeping the names: `/v1/a?t=secret&x` reads `/v1/a?t=***&***`. A URL
/// or path is a word that holds a `/`; a `?` or `#` in any other word is left alone, so
/// prose keeps its question marks.
pub fn redact_queries(line: &str) -> Cow<'_, str> {
    if !line.contains(['?', '#']) {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut changed = false;
    // Whether the word read so far holds a `/`, so that a `?` or `#` starts its query.
    let mut word_has_slash = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if starts_word(c) {
            word_has_slash = false;
        } else if c == '/' {
            word_has_slash = true;
        } else if word_has_slash && matches!(c, '?' | '#') {
            // The query (or fragment) runs to the end of the word.
            let mut query = String::new();
            while let Some(next) = chars.next_if(|next| !ends_query(*next)) {
                query.push(next);
            }
            let redacted = redact_query(&query);
            changed |= redacted != query;
            out.push_str(&redacted);
            word_has_slash = false;
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(line)
    }
}

/// `a=1&b=2#c` → `a=***&b=***#***`: each part keeps its name and loses its value; a part
/// without `=` may itself be the secret (`?<token>`), so it goes whole.
fn redact_query(query: &str) -> String {
    const SEPARATORS: [char; 4] = ['&', ';', '#', '?'];
    let mut out = String::with_capacity(query.len());
    for piece in query.split_inclusive(SEPARATORS) {
        let (part, separator) = match piece.strip_suffix(SEPARATORS) {
            Some(part) => (part, piece.get(part.len()..).unwrap_or_default()),
            None => (piece, ""),
        };
        match part.split_once('=') {
            Some((name, _)) => {
                out.push_str(name);
                out.push('=');
                out.push_str(REDACTED);
            }
            None if part.is_empty() => {}
            None => out.push_str(REDACTED),
        }
        out.push_str(separator);
    }
    out
}

/// Characters after which a new word (and so maybe a URL) starts: white space, quotes,
/// brackets, the escape that starts a colour, and `=` (`uri=/a?b`).
fn starts_word(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '"' | '\'' | '`' | '<' | '>' | '(' | ')' | '[' | ']' | '{' | '}' | ',' | '=' | '\u{1b}'
        )
}

/// Characters that end a query: white space, quotes, angle brackets, the escape that
/// starts a colour. Round brackets and commas may stand unencoded in a value, so they do
/// not (an error's `(url)` loses its `)`, which is better than a value's tail).
fn ends_query(c: char) -> bool {
    c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '>' | '\u{1b}')
}

/// A writer for one log line that hands it on only once whole, with [`redact_queries`]
/// applied; the log's `MakeWriter` makes one per line.
pub struct RedactingWriter<W: Write> {
    inner: W,
    line: Vec<u8>,
}

impl<W: Write> RedactingWriter<W> {
    /// A writer that redacts what it passes on to `inner`.
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            line: Vec::new(),
        }
    }

    fn pass_on(&mut self) -> std::io::Result<()> {
        if self.line.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.line);
        let redacted = redact_queries(&text);
        let done = self.inner.write_all(redacted.as_bytes());
        self.line.clear();
        done?;
        self.inner.flush()
    }
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.pass_on()
    }
}

impl<W: Write> Drop for RedactingWriter<W> {
    fn drop(&mut self) {
        // A log line that cannot be written has nowhere to report it.
        let _ = self.pass_on();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn redacts(line: &str, expected: &str) {
        assert_eq!(redact_queries(line), expected, "redacting {line:?}");
    }

    #[test]
    fn query_values_are_replaced_and_names_kept() {
        redacts(
            "request{method=GET uri=/v1/walk-ins/1/answer?decision=approve&t=SECRET version=HTTP/1.1}",
            "request{method=GET uri=/v1/walk-ins/1/answer?decision=***&t=*** version=HTTP/1.1}",
        );
        redacts(
            "GET /v1/sso/callback?code=abc&state=def: done",
            "GET /v1/sso/callback?code=***&state=*** done",
        );
    }

    #[test]
    fn urls_in_errors_and_quotes_end_where_the_url_does() {
        redacts(
            "error sending request for url (https://idp.example/token?code=abc) (x)",
            "error sending request for url (https://idp.example/token?code=*** (x)",
        );
        redacts(
            r#"link="https://t.example/claim#p=PASS&t=TOKEN" next"#,
            r#"link="https://t.example/claim#p=***&t=***" next"#,
        );
    }

    #[test]
    fn a_bare_query_part_is_itself_redacted() {
        redacts("GET /a?SECRET", "GET /a?***");
        redacts("GET /a?x=1&SECRET&y", "GET /a?x=***&***&***");
        redacts("GET /a?t=ab,c)d done", "GET /a?t=*** done");
    }

    #[test]
    fn prose_and_paths_without_queries_are_untouched() {
        for line in [
            "is the database up? no",
            "listening on 127.0.0.1:8080",
            "GET /v1/passes/123 200",
            "a/b? then",
            "pass #3 of 5",
        ] {
            assert!(matches!(redact_queries(line), Cow::Borrowed(_)), "{line}");
            assert_eq!(redact_queries(line), line);
        }
    }

    #[test]
    fn colour_escapes_end_a_query() {
        redacts(
            "\u{1b}[3muri\u{1b}[0m\u{1b}[2m=\u{1b}[0m/v1/x?t=abc\u{1b}[0m done",
            "\u{1b}[3muri\u{1b}[0m\u{1b}[2m=\u{1b}[0m/v1/x?t=***\u{1b}[0m done",
        );
    }

    #[test]
    fn no_input_panics_and_no_value_survives() {
        let samples = [
            "",
            "?",
            "#",
            "/?",
            "/#",
            "/?=",
            "/?&&",
            "=/?a=b=c",
            "/é?ü=ß&",
            "/?a=\u{1b}",
            "x/?#=#",
            "/a?b#c=d?e",
        ];
        for line in samples {
            let out = redact_queries(line);
            assert!(!out.contains("=b"), "{line:?} → {out:?}");
        }
    }

    #[test]
    fn the_writer_redacts_a_line_written_in_pieces() {
        let mut sink = Vec::new();
        {
            let mut writer = RedactingWriter::new(&mut sink);
            writer.write_all(b"GET /a?t=SEC").unwrap();
            writer.write_all(b"RET done\n").unwrap();
        }
        assert_eq!(String::from_utf8(sink).unwrap(), "GET /a?t=*** done\n");
    }
}
