//! Checked text: labels, sites, names and notes that guards, hosts and auditors read.
//!
//! Each is parsed once, where it enters the server, into a type that can only hold text a
//! person can read: not blank, printable (no control characters, so no line breaks or
//! terminal escapes in the console, the CSV export or a log), and short.

use std::fmt;

/// Characters a label may hold.
pub const MAX_LABEL_CHARS: usize = 200;

/// Why a text was refused: it names the field and the rule, for a 400 answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field} must be 1–{max} printable characters")]
pub struct InvalidText {
    /// The field, as the request names it.
    pub field: &'static str,
    /// Its length limit in characters.
    pub max: usize,
}

/// Checks that `text` is 1 to `max` printable characters and not only white space.
///
/// # Errors
/// [`InvalidText`] naming `field`.
pub fn check_text(field: &'static str, text: &str, max: usize) -> Result<(), InvalidText> {
    if text.trim().is_empty() || text.chars().count() > max || text.chars().any(char::is_control) {
        return Err(InvalidText { field, max });
    }
    Ok(())
}

/// Whether `text` is a DNS host name: dot-separated labels of letters, digits and inner
/// hyphens, each 1–63 characters, 253 in all (trailing dots aside).
pub fn is_dns_name(text: &str) -> bool {
    let text = text.trim_end_matches('.');
    !text.is_empty()
        && text.len() <= 253
        && text.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// Text made safe inside HTML text and double-quoted attributes (pages and mail the server
/// writes itself).
pub fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A label, a site, a name: 1–200 printable characters.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Label(String);

impl Label {
    /// Parses `text` as the field `field`.
    ///
    /// # Errors
    /// [`InvalidText`] naming `field`.
    pub fn parse(field: &'static str, text: &str) -> Result<Self, InvalidText> {
        check_text(field, text, MAX_LABEL_CHARS)?;
        Ok(Label(text.to_owned()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl AsRef<str> for Label {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_short_printable_and_not_blank() {
        let long = "é".repeat(MAX_LABEL_CHARS);
        let cases: &[(&str, bool)] = &[
            ("North entrance", true),
            ("R. Iyer, Flat 12B", true),
            (long.as_str(), true),
            ("", false),
            ("   ", false),
            ("two\nlines", false),
            ("tab\there", false),
            ("escape\u{1b}[31m", false),
        ];
        for &(text, ok) in cases {
            assert_eq!(Label::parse("label", text).is_ok(), ok, "{text:?}");
        }
        let too_long = "x".repeat(MAX_LABEL_CHARS + 1);
        let error = Label::parse("site", &too_long).err();
        assert_eq!(
            error.map(|e| e.to_string()).as_deref(),
            Some("site must be 1–200 printable characters")
        );
    }
}
