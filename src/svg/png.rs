//! PNG images of diagrams, rasterized by resvg (pure Rust: no browser, no system library).

/// The widest PNG kifu makes, in pixels (the height follows; a Wa diagram 8192 pixels wide
/// takes about 200 MB while it is drawn).
pub const MAX_PNG_WIDTH: u32 = 8192;

/// Rasterizes an SVG document (a diagram from [`super::board`]) as a PNG `width` pixels wide
/// (default: the document's own width), the height in proportion.
///
/// Glyph outlines need no font; text written as `<text>` (`Options::text_glyphs`, or
/// characters without an outline) is drawn with the system's fonts, which are read only
/// then.
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, PngError> {
    let mut opt = resvg::usvg::Options::default();
    if svg.contains("<text") {
        opt.fontdb_mut().load_system_fonts();
    }
    let tree = resvg::usvg::Tree::from_str(svg, &opt)
        .map_err(|e| PngError::new(PngErrorKind::BadSvg, format!("bad SVG: {e}")))?;
    let size = tree.size();
    let w = match width {
        Some(w) => w,
        None => size.width().ceil() as u32,
    };
    if w == 0 || w > MAX_PNG_WIDTH {
        return Err(PngError::new(
            PngErrorKind::BadWidth,
            format!("a PNG may be 1 to {MAX_PNG_WIDTH} pixels wide, not {w}"),
        ));
    }
    let scale = w as f32 / size.width();
    let h = (size.height() * scale).round().max(1.0) as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or_else(|| {
        PngError::new(
            PngErrorKind::TooLarge,
            format!("cannot make an image of {w}×{h} pixels"),
        )
    })?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::new(PngErrorKind::Encode, format!("cannot encode the PNG: {e}")))
}

named_kinds! {
    /// The kind of a [`PngError`].
    pub enum PngErrorKind {
        /// The document is not SVG that resvg reads.
        BadSvg = "bad_svg",
        /// The width asked for is 0 or above [`MAX_PNG_WIDTH`].
        BadWidth = "bad_width",
        /// The image cannot be allocated.
        TooLarge = "too_large",
        /// Encoding the pixels as PNG failed.
        Encode = "encode",
    }
}

/// Why a diagram could not be rasterized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PngError {
    /// What went wrong.
    pub kind: PngErrorKind,
    /// The message, in English.
    pub message: String,
}

impl PngError {
    fn new(kind: PngErrorKind, message: String) -> PngError {
        PngError { kind, message }
    }
}

impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PngError {}
