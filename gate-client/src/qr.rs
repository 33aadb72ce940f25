//! Terminal QR codes drawn with Unicode half blocks.
//!
//! Two QR modules share one character cell (upper and lower half), so a code fits a normal
//! terminal. Colours are inverted (light modules drawn as blocks) because most terminals
//! are dark and scanners need dark modules on a light quiet zone.

use qrcode::render::unicode::Dense1x2;
use qrcode::{EcLevel, QrCode};

use crate::error::{Error, Result};

/// Renders `text` as a QR code (error correction M) for a terminal.
///
/// # Errors
/// [`Error::Qr`] when the text is too long for any QR version.
pub fn render(text: &str) -> Result<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| Error::Config(format!("cannot draw a QR code: {e}")))?;
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_a_code() {
        let art = super::render("TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672").unwrap();
        assert!(art.lines().count() > 10);
        assert!(art.contains('▀') || art.contains('▄') || art.contains('█'));
    }
}
