//! QR codes drawn as inline SVG: a table card's link, for a phone's camera.

use qrcode::QrCode;
use qrcode::render::svg;

/// The QR code of `text` as an `<svg>` element to write into a page (no XML declaration), at
/// least `size` pixels square with its quiet zone; `None` for a text too long for a QR code.
pub fn qr_svg(text: &str, size: u32, label: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let drawn = code
        .render::<svg::Color<'_>>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build();
    let start = drawn.find("<svg")?;
    // The label is the page's own text; it names the code for screen readers.
    let label = askama::filters::escape(label, askama::filters::Html)
        .map(|escaped| escaped.to_string())
        .unwrap_or_default();
    Some(drawn[start..].replacen(
        "<svg",
        &format!("<svg role=\"img\" aria-label=\"{label}\""),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_drawn_as_an_svg_element_with_its_label() {
        let svg = qr_svg("https://example.org/tables/abc", 160, "Table 1's link").unwrap();
        assert!(
            svg.starts_with("<svg role=\"img\" aria-label=\"Table 1&#39;s link\""),
            "{svg}"
        );
        assert!(svg.contains("<path") || svg.contains("<rect"), "{svg}");
        assert!(qr_svg(&"x".repeat(10_000), 160, "too long").is_none());
    }
}
