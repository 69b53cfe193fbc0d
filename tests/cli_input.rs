//! What kifu reads: variant names, encodings (UTF-8, UTF-16 with a byte-order mark,
//! Shift_JIS/CP932), directory walks, and where input comes from when no path is given.

mod cli_support;

use cli_support::*;

/// The moves of a Wa game with a drop at ply 9 (legal in `wa`, `drops_disabled` without drops).
const WA_DROP: &str = "1. SP-8g SP-8e 2. SP-8f SPx8f 3. TF-8g VS-7b 4. TFx8f SP-4e 5. SP*8e *\n";

/// The names the README uses, in Latin letters and in kanji; XBoard's `wa-shogi` is the game
/// without drops (HaChu's), `crazywa` the game with drops.
#[test]
fn variant_names_in_every_spelling() {
    let game = |variant: &str, moves: &str| format!("[Variant \"{variant}\"]\n\n{moves}");
    for name in ["和将棋", "Wa shōgi", "Wa shogi", "crazywa", "wa"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
    for name in ["wa-shogi", "wa-nodrop", "Wa shogi (no drops)"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(1), "{name}: {}", err(&o));
        assert!(
            out(&o).contains("error[drops_disabled]"),
            "{name}: {}",
            out(&o)
        );
    }
    let gufu_moves = &GUFU[GUFU.find("1.").unwrap()..];
    for name in ["颶風将棋", "Gufū shōgi", "Gufu", "gufuu"] {
        let o = kifu(&["validate", "-"], Some(game(name, gufu_moves).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
}

/// A record as Japanese programs save it: kanji in tags, comments and squares.
const JAPANESE: &str = "[Event \"颶風将棋 研究会\"]\n[Black \"先手\"]\n[White \"後手\"]\n\
[Variant \"颶風将棋\"]\n[Result \"0-1\"]\n\n\
1. K*2二>S {玉を打つ} 2. K*1一>E 3. W*2三>W 4. S*1二>E 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut v = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for u in text.encode_utf16() {
        v.extend(if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    v
}

/// Shift_JIS (CP932) is read, with a warning that says so; UTF-16 with a byte-order mark is
/// read silently.
#[test]
fn shift_jis_and_utf16_records_are_read() {
    let dir = scratch("encodings");
    let sjis = dir.join("sjis.psn");
    std::fs::write(&sjis, shift_jis(JAPANESE)).unwrap();
    let s = sjis.to_str().unwrap();
    let o = kifu(&["validate", s], None);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert!(
        out(&o).contains("sjis.psn: warning[encoding]: not UTF-8")
            && out(&o).contains("Shift_JIS (CP932)"),
        "{}",
        out(&o)
    );
    let o = kifu(&["validate", "--format", "json", s], None);
    let first: serde_json::Value = serde_json::from_str(out(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["type"], "warning");
    assert_eq!(first["kind"], "encoding");
    // Told: no warning.
    let o = kifu(&["validate", "--encoding", "cp932", s], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!out(&o).contains("warning"), "{}", out(&o));
    // convert writes UTF-8.
    let o = kifu(&["convert", s], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("warning[encoding]"), "{}", err(&o));
    assert!(
        out(&o).contains("[Event \"颶風将棋 研究会\"]"),
        "{}",
        out(&o)
    );
    // render too.
    let o = kifu(&["render", s, "--ply", "1"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("先手"), "the caption names the players");

    for (name, be) in [("le.psn", false), ("be.psn", true)] {
        let p = dir.join(name);
        std::fs::write(&p, utf16(JAPANESE, be)).unwrap();
        let o = kifu(&["validate", p.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
        assert!(out(&o).is_empty(), "{name}: {}", out(&o));
        let o = kifu(&["convert", p.to_str().unwrap()], None);
        assert!(out(&o).contains("[Black \"先手\"]"), "{name}: {}", out(&o));
    }
    // Standard input too.
    let o = kifu(&["validate", "-"], Some(&utf16(JAPANESE, false)));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Lines and columns count in the decoded text.
#[test]
fn positions_refer_to_the_decoded_text() {
    let bad = JAPANESE.replace("3. W*2三>W", "3. Zz");
    // Column 32 is the second letter of `Zz`, in characters (kanji count one).
    let want = "<stdin>:7:32: error[syntax]";
    for bytes in [
        bad.as_bytes().to_vec(),
        shift_jis(&bad),
        utf16(&bad, false),
        utf16(&bad, true),
    ] {
        let o = kifu(&["validate", "-"], Some(&bytes));
        assert_eq!(o.status.code(), Some(1), "{}", err(&o));
        assert!(out(&o).contains(want), "{}", out(&o));
        assert!(
            out(&o).contains("{玉を打つ} 2. K*1一>E 3. Zz"),
            "{}",
            out(&o)
        );
    }
}

/// Bytes that fit no encoding, or that go wrong after the first 64 KiB decided the encoding,
/// are an `invalid_utf8` error where they are, and the help names the encodings tried.
#[test]
fn undecodable_bytes_name_the_encodings_tried() {
    let tried = ["UTF-8", "UTF-16", "Shift_JIS (CP932)", "--encoding"];
    let check = |bytes: &[u8], args: &[&str], at: &str| {
        let o = kifu(args, Some(bytes));
        assert_eq!(o.status.code(), Some(1), "{}", err(&o));
        let text = out(&o);
        assert!(
            text.contains(&format!("{at}: error[invalid_utf8]")),
            "{text}"
        );
        for t in tried {
            assert!(text.contains(t), "the help does not name {t}: {text}");
        }
    };
    // Neither UTF-8 nor CP932.
    check(
        b"[Event \"\xFF\xFE\xFD\"]\n\n*\n",
        &["validate", "-"],
        "<stdin>:1:9",
    );
    // CP932 forced to be read as UTF-8.
    check(
        &shift_jis(JAPANESE),
        &["validate", "--encoding", "utf-8", "-"],
        "<stdin>:1:9",
    );
    // 64 KiB of UTF-8 games, then a game in CP932: that game is the error.
    let mut many = String::new();
    while many.len() < 70_000 {
        many.push_str(GUFU);
        many.push('\n');
    }
    let games = many.matches("[Event").count();
    let mut bytes = many.into_bytes();
    bytes.extend(shift_jis(JAPANESE));
    let o = kifu(&["validate", "--format", "json", "-"], Some(&bytes));
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let invalid: Vec<&serde_json::Value> = lines.iter().filter(|l| l["valid"] == false).collect();
    assert_eq!(invalid.len(), 1);
    assert_eq!(invalid[0]["game"], games + 1);
    assert_eq!(invalid[0]["errors"][0]["kind"], "invalid_utf8");
    let help = invalid[0]["errors"][0]["help"].as_str().unwrap();
    for t in tried {
        assert!(help.contains(t), "{help}");
    }
}
