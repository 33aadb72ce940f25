//! A strict RFC 4180 reader, just enough to check the audit CSV export.
//!
//! The suite parses the CSV itself (rather than searching the text) because the neutralisation
//! rule of §10 is about *cells*: `"=cmd"` quoted is still a formula once a spreadsheet unquotes it.

use anyhow::{bail, Result};

/// Parses CSV text into rows of unquoted cells. Quoted cells may hold commas, quotes (`""`)
/// and line breaks; both `\n` and `\r\n` end a row. A trailing line break adds no row.
///
/// # Errors
/// On a quote inside an unquoted cell, text after a closing quote, or an unclosed quote.
pub fn parse(text: &str) -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut chars = text.chars().peekable();
    let mut in_quotes = false;
    let mut cell_was_quoted = false;
    let mut row_has_content = false;
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                '"' => in_quotes = false,
                other => cell.push(other),
            }
            continue;
        }
        match c {
            '"' if cell.is_empty() && !cell_was_quoted => {
                in_quotes = true;
                cell_was_quoted = true;
                row_has_content = true;
            }
            '"' => bail!("a quote inside an unquoted cell in row {}", rows.len() + 1),
            ',' => {
                row.push(std::mem::take(&mut cell));
                cell_was_quoted = false;
                row_has_content = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
                cell_was_quoted = false;
                row_has_content = false;
            }
            other => {
                if cell_was_quoted {
                    bail!("text after a closing quote in row {}", rows.len() + 1);
                }
                cell.push(other);
                row_has_content = true;
            }
        }
    }
    if in_quotes {
        bail!("an unclosed quote at the end of the CSV");
    }
    if row_has_content {
        row.push(cell);
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn quoted_cells_hold_commas_quotes_and_newlines() {
        let rows = parse("a,b\r\n\"x,1\",\"say \"\"hi\"\"\nthere\"\n").unwrap();
        assert_eq!(
            rows,
            vec![
                vec!["a".to_owned(), "b".to_owned()],
                vec!["x,1".to_owned(), "say \"hi\"\nthere".to_owned()],
            ]
        );
    }

    #[test]
    fn malformed_quotes_are_errors() {
        assert!(parse("a\"b\n").is_err());
        assert!(parse("\"ab\n").is_err());
        assert!(parse("\"a\"b\n").is_err());
    }
}
