//! Glyph outlines for text in any script a record's names are written in: JIS X 0208 (kana,
//! kanji of levels 1 and 2, full-width forms), Latin with Latin Extended-A, Greek, Cyrillic.
//! Every character is drawn from kifu's own outlines, in SVG and PNG, with no font of the
//! system's; and a diagram defines only the glyphs it uses.

use kifu::Variant;
use kifu::rules::Position as _;
use kifu::svg::{self, DiagramOptions};
use kifu::wa;
use std::collections::BTreeSet;
use std::process::Command;

mod common;
mod diagram;

use common::files::scratch;
use diagram::{glyph_char, has_class, parse, text_of};

/// A caption in every script the outlines cover: kanji of levels 1 and 2 (山田太郎, 髙 from
/// CP932), hiragana, katakana, full-width forms, Cyrillic, Greek with its accents, Latin
/// Extended-A.
const CAPTION: &str = "先手：山田太郎 やまだ ヤマダ ＡＢＣ１２３ 髙橋 · Иван Ёжиков · Ελένη Παπαδοπούλου · Łódź Dvořák Şahin";

fn wa_start() -> wa::Game {
    wa::Game::new(wa::Position::start(Variant::Wa))
}

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

/// The caption's lines as the outlines draw them, and the glyphs they place.
fn caption_of(doc: &str) -> (String, BTreeSet<String>) {
    let d = parse(doc);
    let cap = d
        .descendants()
        .find(|n| has_class(n, "caption"))
        .expect("a caption");
    let lines: Vec<String> = cap
        .children()
        .filter(|n| n.is_element())
        .map(|n| text_of(&n))
        .collect();
    let used: BTreeSet<String> = cap
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .filter_map(|n| n.attributes().find(|a| a.name() == "href"))
        .map(|a| a.value().trim_start_matches('#').to_string())
        .collect();
    (lines.join(" "), used)
}

/// Every glyph `<path>` a document defines: id → path data.
fn defined(doc: &str) -> Vec<(String, String)> {
    let d = parse(doc);
    d.descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| {
            Some((
                n.attribute("id")?.to_string(),
                n.attribute("d")?.to_string(),
            ))
        })
        .filter(|(id, _)| glyph_char(id).is_some())
        .collect()
}

fn assert_drawn_with_outlines(doc: &str, text: &str) {
    assert!(!doc.contains("<text"), "text left to fonts:\n{doc}");
    let (shown, used) = caption_of(doc);
    assert_eq!(
        shown,
        text.split_whitespace().collect::<Vec<_>>().join(" "),
        "every character, in order, read back from the outlines"
    );
    let defs = defined(doc);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let id = format!("kifu-t{:x}", c as u32);
        assert!(used.contains(&id), "{c}: placed");
        let d = &defs.iter().find(|(i, _)| *i == id).expect("defined").1;
        // An outline, not an empty box (a box is four lines).
        assert!(d.starts_with('m') && d.len() > 24, "{c}: {d}");
    }
}

#[test]
fn a_caption_in_any_script_is_drawn_with_outlines() {
    let o: DiagramOptions<wa::Move> = DiagramOptions {
        caption: Some(CAPTION.into()),
        ..DiagramOptions::default()
    };
    let doc = svg::board(&wa_start(), &o);
    assert_drawn_with_outlines(&doc, CAPTION);
    // Distinct characters, distinct outlines (no shared "missing glyph" box); only letters
    // alike in two scripts of one font (Greek ο, Cyrillic о) share a shape.
    let defs = defined(&doc);
    let paths: BTreeSet<&str> = defs.iter().map(|(_, d)| d.as_str()).collect();
    let nonblank = defs.iter().filter(|(_, d)| !d.is_empty()).count();
    assert!(
        paths.len() + 3 >= nonblank,
        "{} shapes for {nonblank} glyphs",
        paths.len()
    );
}

#[test]
fn japanese_player_names_from_the_tags_are_drawn() {
    let dir = scratch("glyphs-tags");
    let game = dir.join("g.psn");
    std::fs::write(
        &game,
        "[Black \"山田太郎\"]\n[White \"Анна Ковалёва\"]\n[Variant \"Wa shogi\"]\n\n1. SP-6h *\n",
    )
    .unwrap();
    let out = dir.join("g.svg");
    let st = kifu()
        .arg("render")
        .arg(&game)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let doc = std::fs::read_to_string(&out).unwrap();
    let (shown, _) = caption_of(&doc);
    assert!(shown.contains("山田太郎"), "{shown}");
    assert!(shown.contains("Анна Ковалёва"), "{shown}");
    assert!(!doc.contains("<text"), "text left to fonts");
}

/// Pixels much darker than the diagram's light background (ink), as (x, y).
fn ink(w: u32, px: &[u8], rows: std::ops::Range<u32>) -> usize {
    let mut n = 0;
    for y in rows {
        for x in 0..w {
            let i = ((y * w + x) * 4) as usize;
            let lum = px[i] as u32 + px[i + 1] as u32 + px[i + 2] as u32;
            if px[i + 3] > 128 && lum < 3 * 140 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn png_captions_need_no_system_font() {
    let o: DiagramOptions<wa::Move> = DiagramOptions {
        caption: Some(CAPTION.into()),
        ..DiagramOptions::default()
    };
    let doc = svg::board(&wa_start(), &o);
    // kifu's PNG path reads the system's fonts only for <text>, and there is none.
    assert!(!doc.contains("<text"));
    let png = svg::png(&doc, None).unwrap();
    // Drawn with an empty font database: the same image, pixel for pixel.
    let opt = resvg::usvg::Options::default();
    assert_eq!(opt.fontdb.len(), 0, "no font at all");
    let tree = resvg::usvg::Tree::from_str(&doc, &opt).unwrap();
    let size = tree.size();
    let w = size.width().ceil() as u32;
    let scale = w as f32 / size.width();
    let h = (size.height() * scale).round() as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    let at = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, at, &mut pixmap.as_mut());
    let mine = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!((mine.width(), mine.height()), (w, h));
    assert!(
        mine.data() == pixmap.data(),
        "kifu's PNG is the font-less rendering"
    );
    // Ink where the caption is: below the board, about as much per character as Latin text.
    let d = parse(&doc);
    let board = d.descendants().find(|n| has_class(n, "board")).unwrap();
    let bottom: f64 = board.attribute("y").unwrap().parse::<f64>().unwrap()
        + board.attribute("height").unwrap().parse::<f64>().unwrap();
    let caption_ink = ink(w, pixmap.data(), bottom.ceil() as u32 + 2..h);
    let chars = CAPTION.chars().filter(|c| !c.is_whitespace()).count();
    assert!(
        caption_ink > chars * 15,
        "{caption_ink} dark pixels for {chars} characters"
    );
    // And each script on its own draws: a kanji name alone inks the caption band too.
    for name in ["山田太郎", "ヤマダ", "Иван", "Ελένη", "Łódź", "ＡＢＣ"] {
        let o: DiagramOptions<wa::Move> = DiagramOptions {
            caption: Some(name.into()),
            ..DiagramOptions::default()
        };
        let doc = svg::board(&wa_start(), &o);
        assert!(!doc.contains("<text"), "{name}");
        let p = resvg::tiny_skia::Pixmap::decode_png(&svg::png(&doc, None).unwrap()).unwrap();
        let n = ink(p.width(), p.data(), bottom.ceil() as u32 + 2..p.height());
        assert!(n > 40, "{name}: {n} dark pixels");
    }
}

#[test]
fn a_plain_diagram_defines_only_the_glyphs_it_uses() {
    let doc = svg::board(&wa_start(), &DiagramOptions::<wa::Move>::default());
    let defs = defined(&doc);
    for (id, _) in &defs {
        assert!(
            doc.contains(&format!("\"#{id}\"")),
            "{id} defined but never used"
        );
    }
    // The opening position: the piece kanji, the rank numerals, the file numbers, the hand
    // labels: a hundred glyphs at most, and a document of some tens of kilobytes (the whole
    // table is megabytes).
    assert!(defs.len() < 100, "{} glyphs", defs.len());
    assert!(doc.len() < 96 * 1024, "{} bytes", doc.len());
    // A caption of Latin letters adds their glyphs, not a script's worth.
    let o: DiagramOptions<wa::Move> = DiagramOptions {
        caption: Some("Black: Ann".into()),
        ..DiagramOptions::default()
    };
    let with = defined(&svg::board(&wa_start(), &o)).len();
    assert!(with <= defs.len() + 9, "{with} glyphs with the caption");
}
