//! Reading kifu's SVG diagrams in tests, independently of how the library writes them: where
//! a piece stands and points, what text an element shows (following `<use>` to glyph
//! outlines, whose ids name their character), what fills it.
#![allow(dead_code)]

pub use roxmltree::{Document, Node};

/// Parses a document, checks what every diagram must have, and returns it.
pub fn parse(doc: &str) -> Document<'_> {
    let d = Document::parse(doc).unwrap_or_else(|e| panic!("not XML: {e}\n{doc}"));
    let root = d.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(
        root.attribute("viewBox").is_some(),
        "scalable: has a viewBox"
    );
    assert!(
        root.children().any(|c| c.has_tag_name("title")),
        "has a <title>"
    );
    assert!(
        root.children().any(|c| c.has_tag_name("desc")),
        "has a <desc>"
    );
    // Self-contained: no imported or downloaded fonts, no links out; every reference is to an
    // element of the document.
    for bad in ["@import", "@font-face", "https://", "url(http", "<image"] {
        assert!(!doc.contains(bad), "{bad} in the document");
    }
    assert_eq!(
        doc.matches("http://").count(),
        2,
        "only the SVG and XLink namespaces"
    );
    let ids: std::collections::HashSet<&str> =
        d.descendants().filter_map(|x| x.attribute("id")).collect();
    for n in d.descendants() {
        for a in n.attributes() {
            if a.name() == "href" {
                let v = a.value();
                assert!(v.starts_with('#'), "a link out: {v}");
                assert!(ids.contains(&v[1..]), "{v} refers to nothing");
            }
        }
    }
    d
}

pub fn has_class(n: &Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

pub fn desc(d: &Document) -> String {
    let desc = d.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    desc.text().unwrap_or("").to_string()
}

/// The element a `<use>` refers to.
pub fn referred<'a, 'i>(n: &Node<'a, 'i>) -> Option<Node<'a, 'i>> {
    let href = n
        .attributes()
        .find(|a| a.name() == "href")
        .map(|a| a.value())?;
    let id = href.strip_prefix('#')?;
    n.document()
        .descendants()
        .find(|x| x.attribute("id") == Some(id))
}

/// The character a glyph outline draws, from its id (`kifu-p6b69`: face letter, code point).
pub fn glyph_char(id: &str) -> Option<char> {
    let rest = id.strip_prefix("kifu-")?;
    let mut cs = rest.chars();
    let face = cs.next()?;
    if !"ptl".contains(face) {
        return None;
    }
    u32::from_str_radix(cs.as_str(), 16)
        .ok()
        .and_then(char::from_u32)
}

/// The text an element shows: its text nodes, and the characters of the glyph outlines it
/// places, in document order (uses followed).
pub fn text_of(n: &Node) -> String {
    let mut s = String::new();
    collect_text(n, &mut s);
    s
}

fn collect_text(n: &Node, s: &mut String) {
    if n.is_text() {
        if n.parent()
            .is_some_and(|p| p.has_tag_name("text") || p.has_tag_name("tspan"))
        {
            s.push_str(n.text().unwrap_or(""));
        }
        return;
    }
    if n.has_tag_name("path")
        && let Some(c) = n.attribute("id").and_then(glyph_char)
    {
        s.push(c);
        return;
    }
    if n.has_tag_name("use") {
        if let Some(r) = referred(n) {
            collect_text(&r, s);
        }
        return;
    }
    for c in n.children() {
        collect_text(&c, s);
    }
}

/// The numbers of `name(…)` in a transform attribute.
fn transform_args(t: &str, name: &str) -> Option<Vec<f64>> {
    let i = t.find(&format!("{name}("))?;
    let rest = &t[i + name.len() + 1..];
    let inner = &rest[..rest.find(')')?];
    Some(
        inner
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|x| !x.is_empty())
            .map(|x| x.parse().unwrap())
            .collect(),
    )
}

fn num(n: &Node, a: &str) -> f64 {
    n.attribute(a).map_or(0.0, |v| v.parse().unwrap())
}

/// Where an element is placed in the document: its `x`/`y` (or `translate`) plus the
/// translations of its ancestors.
pub fn position(n: &Node) -> (f64, f64) {
    let (mut x, mut y) = (num(n, "x"), num(n, "y"));
    let mut cur = Some(*n);
    while let Some(e) = cur {
        if let Some(t) = e
            .attribute("transform")
            .and_then(|t| transform_args(t, "translate"))
        {
            x += t[0];
            y += t.get(1).copied().unwrap_or(0.0);
        }
        cur = e.parent().filter(|p| p.is_element());
    }
    (x, y)
}

/// The first element of a class in a definition, following the `<use>`s in it.
fn find_in<'a, 'i>(def: Node<'a, 'i>, class: &str) -> Option<Node<'a, 'i>> {
    for c in def.descendants() {
        if has_class(&c, class) {
            return Some(c);
        }
        if c.has_tag_name("use")
            && c != def
            && let Some(found) = referred(&c).and_then(|r| find_in(r, class))
        {
            return Some(found);
        }
    }
    None
}

/// A piece's outline (a polygon, or a `<use>` of one).
fn outline_element<'a, 'i>(piece: &Node<'a, 'i>) -> Node<'a, 'i> {
    let def = referred(piece).expect("a piece refers to its look");
    find_in(def, "outline").expect("an outline")
}

/// The outline's points, following a `<use>`.
fn outline_points(piece: &Node) -> String {
    let o = outline_element(piece);
    let poly = if o.has_tag_name("use") {
        referred(&o).expect("the shape")
    } else {
        o
    };
    poly.attribute("points").expect("points").to_string()
}

/// The group of a piece's definition that holds its outline, and its rotation.
fn body<'a, 'i>(piece: &Node<'a, 'i>) -> (Node<'a, 'i>, f64) {
    let g = outline_element(piece).parent().unwrap();
    let rot = g
        .attribute("transform")
        .and_then(|t| transform_args(t, "rotate"))
        .map_or(0.0, |r| r[0]);
    (g, rot)
}

/// A placed piece: its centre and rotation (degrees clockwise).
pub fn placement(piece: &Node) -> (f64, f64, f64) {
    let (x, y) = position(piece);
    (x, y, body(piece).1)
}

/// The outline's points in document coordinates.
pub fn outline(piece: &Node) -> Vec<(f64, f64)> {
    let (tx, ty, r) = placement(piece);
    let (s, c) = r.to_radians().sin_cos();
    outline_points(piece)
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            (tx + x * c - y * s, ty + x * s + y * c)
        })
        .collect()
}

/// Which way a piece points: its tip (the first point of the outline) from its centre, as a
/// unit direction rounded to (dx, dy).
pub fn points_to(piece: &Node) -> (i32, i32) {
    let (cx, cy, _) = placement(piece);
    let tip = outline(piece)[0];
    let (dx, dy) = (tip.0 - cx, tip.1 - cy);
    let len = (dx * dx + dy * dy).sqrt();
    ((dx / len).round() as i32, (dy / len).round() as i32)
}

/// A piece's body colour and the colour of its label.
pub fn colours(piece: &Node) -> (String, String) {
    (
        outline_element(piece)
            .attribute("fill")
            .unwrap()
            .to_string(),
        label(piece).attribute("fill").unwrap().to_string(),
    )
}

/// A piece's label element (in its definition).
pub fn label<'a, 'i>(piece: &Node<'a, 'i>) -> Node<'a, 'i> {
    find_in(referred(piece).expect("a look"), "label").expect("label")
}

/// The pieces on the board (with `data-square`).
pub fn board_pieces<'a, 'i>(d: &'a Document<'i>) -> Vec<Node<'a, 'i>> {
    d.descendants()
        .filter(|n| has_class(n, "piece") && n.has_attribute("data-square"))
        .collect()
}

pub fn piece_on<'a, 'i>(d: &'a Document<'i>, square: &str) -> Node<'a, 'i> {
    board_pieces(d)
        .into_iter()
        .find(|n| n.attribute("data-square") == Some(square))
        .unwrap_or_else(|| panic!("no piece on {square}"))
}

/// The size of a highlight (its own `width`, or its definition's).
pub fn width(n: &Node) -> f64 {
    match n.attribute("width") {
        Some(w) => w.parse().unwrap(),
        None => num(&referred(n).expect("a definition"), "width"),
    }
}
