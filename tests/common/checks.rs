//! What every parse must satisfy, whatever the input: an error points into the input at the
//! right line and column with a readable message; an accepted record reads back from its
//! canonical text as the same record.

use kifu::record::{
    Annotation, Comment, ErrorKind, Event, FileStyle, LineCol, Record, RecordError, Source, Span,
    WrittenMove, parse_str,
};
use serde_json::Value;

/// Line and column of byte `offset` of `input`, counted here without the library: a line ends
/// with `\n`; the column counts characters from the start of the line, from 1 (a byte-order
/// mark at the very start of the input is not one). An error when `offset` is beyond the input,
/// or the text before it on its line is not UTF-8 (an offset inside a character, or after a
/// bad byte on its line).
pub fn line_col(input: &[u8], offset: usize) -> Result<LineCol, String> {
    let before = input
        .get(..offset)
        .ok_or_else(|| format!("offset {offset} beyond the input ({} bytes)", input.len()))?;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let text = std::str::from_utf8(&before[line_start..]).map_err(|e| {
        format!(
            "offset {offset}: the text before it on line {line} is not UTF-8 ({e}): {:?}",
            String::from_utf8_lossy(&before[line_start..])
        )
    })?;
    let bom = line_start == 0 && text.starts_with('\u{FEFF}');
    Ok(LineCol {
        line,
        column: text.chars().count() - usize::from(bom) + 1,
    })
}

/// A message fit for a terminal: something said, and no control characters.
pub fn readable(message: &str) -> Result<(), String> {
    if message.trim().is_empty() || message.chars().any(char::is_control) {
        return Err(format!("unreadable message {message:?}"));
    }
    Ok(())
}

/// A parse error of `input` (the whole file given to `parse_bytes`/`parse_str`): its span lies
/// inside the input, starts on a character (at the bad byte for `invalid_utf8`) and, except for
/// `invalid_utf8`, ends on one; its position is the line and column of the span's start; its
/// message is readable.
pub fn record_error(input: &[u8], e: &RecordError) -> Result<(), String> {
    let (start, end) = (e.span.start, e.span.end);
    let at = |what: String| format!("{what} (error {e:?})");
    if start > end || end > input.len() {
        return Err(at(format!(
            "span {start}..{end} outside the input ({} bytes)",
            input.len()
        )));
    }
    if e.kind == ErrorKind::InvalidUtf8 {
        let bad = std::str::from_utf8(&input[start..]).err();
        if bad.is_none_or(|u| u.valid_up_to() != 0) {
            return Err(at(format!(
                "invalid_utf8 at {start}, but the first bad byte from there is at {:?}",
                bad.map(|u| start + u.valid_up_to())
            )));
        }
    } else if std::str::from_utf8(&input[start..end]).is_err() {
        return Err(at(format!("span {start}..{end} is not whole characters")));
    }
    if e.kind != ErrorKind::Io {
        let want = line_col(input, start).map_err(at)?;
        if e.position != Some(want) {
            return Err(at(format!(
                "position {:?}, but byte {start} is at {}",
                e.position, want
            )));
        }
    }
    readable(&e.message).map_err(at)
}

/// What a record means: the record with everything about where and how it was written
/// cleared (spans, the source, the exact text of each move, ASCII or full-width file digits),
/// since its canonical text does not keep them. The rest is compared field by field (derived
/// `PartialEq`): tags, moves, move numbers, glyphs, NAGs, comments, variations, result.
pub fn meaning(record: &Record) -> Record {
    let none = Span::default();
    let mut r = record.clone();
    r.span = none;
    r.source = Source::whole(String::new());
    for t in &mut r.tags {
        (t.name_span, t.value_span, t.span) = (none, none, none);
    }
    if let Some(result) = &mut r.result {
        result.span = none;
    }
    let mut lines = Vec::new();
    let mut nodes = Vec::new();
    for event in record.movetext.walk() {
        match event {
            Event::LineStart(id, _) => lines.push(id),
            Event::Move(id, _) => nodes.push(id),
            Event::LineEnd(..) => {}
        }
    }
    let comment = |c: &mut Comment| c.span = none;
    for id in lines {
        let line = r.movetext.line_mut(id);
        line.span = none;
        line.comments.iter_mut().for_each(comment);
        if let Some(n) = &mut line.trailing_number {
            n.span = none;
        }
    }
    for id in nodes {
        let node = r.movetext.node_mut(id);
        node.span = none;
        if let Some(n) = &mut node.number {
            n.span = none;
        }
        for a in &mut node.annotations {
            match a {
                Annotation::Comment(c) => comment(c),
                Annotation::Nag(n) => n.span = none,
            }
        }
        match &mut node.mv {
            WrittenMove::Hodges(m) => {
                (m.text, m.span) = (Default::default(), none);
                m.to.file_style = FileStyle::Ascii;
                if let Some(from) = &mut m.from {
                    from.file_style = FileStyle::Ascii;
                }
            }
            WrittenMove::Engine(m) => (m.text, m.span) = (Default::default(), none),
            WrittenMove::San(m) => (m.text, m.span) = (Default::default(), none),
        }
    }
    r
}

/// The first place where two JSON values differ, as a path.
fn first_difference(a: &Value, b: &Value, path: &mut String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                let len = path.len();
                path.push('.');
                path.push_str(k);
                let d = match y.get(k) {
                    Some(vb) => first_difference(va, vb, path),
                    None => Some(format!("{path}: {va} / missing")),
                };
                path.truncate(len);
                if d.is_some() {
                    return d;
                }
            }
            y.keys()
                .find(|k| !x.contains_key(*k))
                .map(|k| format!("{path}.{k}: missing / {}", y[k]))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let d = first_difference(va, vb, path);
                path.truncate(len);
                if d.is_some() {
                    return d;
                }
            }
            (x.len() != y.len()).then(|| format!("{path}: {} items / {}", x.len(), y.len()))
        }
        _ => (a != b).then(|| format!("{path}: {a} / {b}")),
    }
}

/// The canonical text of `record` (its `Display`) reads back as one record with the same
/// meaning: the same tags, moves, move numbers, glyphs, NAGs, comments, variations and result.
pub fn rereads(record: &Record) -> Result<(), String> {
    let canon = record.to_string();
    let back = parse_str(&canon);
    let [Ok(again)] = back.as_slice() else {
        return Err(format!(
            "the canonical text reads back as {:?}:\n{canon}",
            back.iter()
                .map(|g| g.as_ref().map(|_| "a record").map_err(|e| e.to_string()))
                .collect::<Vec<_>>()
        ));
    };
    let (want, got) = (meaning(record), meaning(again));
    if want == got {
        return Ok(());
    }
    let json = |r: &Record| serde_json::to_value(r).expect("a record is JSON");
    let d = first_difference(&json(&want), &json(&got), &mut String::new());
    Err(format!(
        "the canonical text reads back as another record (read / read back: {}):\n{canon}",
        d.unwrap_or_else(|| "a difference JSON does not show".into())
    ))
}
