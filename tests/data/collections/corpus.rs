//! The collection the `kifu filter` and `kifu stats` tests work on, built from the fixtures
//! (shared by tests/filter.rs and tests/stats.rs through `#[path]`).
//!
//! - `wa.psn`: CrazyWa's game 5 as the engine wrote it (engine coordinates), then the same game
//!   rewritten by `kifu convert` in every notation and rank style, the fixture that annotates
//!   it in Hodges notation (comments, NAGs, variations), the same game one ply short (not a
//!   duplicate), CrazyWa's game 124 (another game), and game 124 again with another Event.
//! - `gufu.psn`: Gufū games of known players and results, and the first of them rewritten with
//!   letter ranks and in long notation.
//! - `broken.psn`: an invalid game (a wrong facing) and one that cannot be read.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn kifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn fixture(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// A tag's value replaced (the tag must be there).
pub fn set_tag(record: &str, name: &str, value: &str) -> String {
    let prefix = format!("[{name} \"");
    let mut out = String::new();
    let mut found = false;
    for line in record.split_inclusive('\n') {
        if line.starts_with(&prefix) && !found {
            out.push_str(&format!("{prefix}{value}\"]\n"));
            found = true;
        } else {
            out.push_str(line);
        }
    }
    assert!(found, "no {name} tag in\n{record}");
    out
}

/// `kifu convert FILE` with options: the record rewritten.
pub fn convert(file: &str, opts: &[&str]) -> String {
    let mut args = vec!["convert", file];
    args.extend_from_slice(opts);
    let o = kifu(&args);
    assert!(
        o.status.success(),
        "convert {file} {opts:?}: {}",
        stderr(&o)
    );
    stdout(&o)
}

/// The position string after `ply` plies of the main line (0: the start), from kifu's own
/// CSV writer.
pub fn position_after(file: &str, ply: usize) -> String {
    if ply == 0 {
        unreachable!("use the variant's start position");
    }
    let csv = convert(file, &["--to", "csv"]);
    let row = csv.lines().nth(ply).unwrap();
    row.rsplit(',').next().unwrap().to_string()
}

/// The games of gufu.psn: (Black, White, Result tag, moves with the result token).
pub const GUFU_GAMES: [(&str, &str, &str, &str); 6] = [
    // 11 plies; Black captures the King.
    (
        "Ann",
        "Bob",
        "1-0",
        "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W\n5. K-1二>N+ {The King steps next to the Kaze.} 6. K-2三>N\n7. K:1二>E 8. S-2二>N+ 9. Wx2二>S+ 10. S*1一>N 11. Wx2三>W 1-0",
    ),
    // 14 plies and a variation; White captures the King.
    (
        "Bob",
        "Cid",
        "0-1",
        "1. K*2二>S 2. K*1一>E 3. W*2三>W 4. S*1二>E {setup done} 5. Wx1二>N+ 6. S*2三>N\n7. Sx1二>E+ (7. K:2二>W) 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1",
    ),
    // A draw agreed after 5 plies (the moves do not end the game).
    (
        "Cid",
        "Ann",
        "1/2-1/2",
        "1. K*2三>W 2. K*1二>N 3. W*2二>N 4. S*1一>S 5. W-1三>E 1/2-1/2",
    ),
    // Unfinished after 8 plies.
    (
        "Ann",
        "Cid",
        "*",
        "1. K*2三>W 2. K*1二>N 3. W*2二>N 4. S*1一>S 5. W-1三>E 6. K:1二>E 7. S-2一>W\n8. W-2二>S+ *",
    ),
    // White resigned after 6 plies: the tag says 1-0, the moves decide nothing.
    (
        "Bob",
        "Ann",
        "1-0",
        "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W 5. K-1二>N+ 6. K-2三>N 1-0",
    ),
    // Without a Variant tag (see gufu_record): Dan's only game, 4 plies.
    (
        "Dan",
        "Eve",
        "*",
        "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W *",
    ),
];

/// A Gufū record: the tags, a blank line, the moves, a blank line. The last game of
/// GUFU_GAMES has no Variant tag.
pub fn gufu_record(i: usize) -> String {
    let (black, white, result, moves) = GUFU_GAMES[i];
    let variant = if i == 5 {
        String::new()
    } else {
        "[Variant \"Gufu\"]\n".to_string()
    };
    format!(
        "[Event \"club {i}\"]\n[Black \"{black}\"]\n[White \"{white}\"]\n[Result \"{result}\"]\n{variant}\n{moves}\n\n"
    )
}

/// The invalid game of broken.psn (a King turned the wrong way at ply 5).
pub const WRONG_FACING: &str = "[Event \"broken 1\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"*\"]\n[Variant \"gufu\"]\n\n1. K*2一>S 2. K*1一>W 3. W*1二>W 4. S*2三>E 5. K-2二>S *\n\n";

/// The game of broken.psn that cannot be read (a syntax error), with CRLF line ends.
pub const UNREADABLE: &str = "[Event \"broken 2\"]\r\n[Black \"Ann\"]\r\n[White \"Bob\"]\r\n[Variant \"gufu\"]\r\n\r\n1. K*2三>W 2. %%% *\r\n";

/// The Event tags of wa.psn's games, in order.
pub const WA_EVENTS: [&str; 10] = [
    "CrazyWa self-play",
    "dup hodges letters",
    "dup hodges kanji",
    "dup long letters",
    "dup long kanji",
    "dup xboard",
    "CrazyWa self-play, annotated",
    "one ply short",
    "CrazyWa self-play",
    "dup 124",
];

pub struct Corpus {
    pub dir: PathBuf,
}

impl Corpus {
    /// Builds the corpus in a fresh directory named after `name`.
    pub fn new(name: &str) -> Corpus {
        let dir =
            std::env::temp_dir().join(format!("kifu-collections-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let c = Corpus { dir };
        c.write("wa.psn", &wa_games().concat());
        let mut gufu: String = (0..GUFU_GAMES.len()).map(gufu_record).collect();
        let first = c.write("gufu-first.tmp", &gufu_record(0));
        for (opts, event) in [
            (&["--ranks", "letters"][..], "club 0 letters"),
            (&["--notation", "long"][..], "club 0 long"),
        ] {
            gufu.push_str(&set_tag(&convert(&first, opts), "Event", event));
            gufu.push('\n');
        }
        c.write("gufu.psn", &gufu);
        c.write("broken.psn", &format!("{WRONG_FACING}{UNREADABLE}"));
        std::fs::remove_file(first).unwrap();
        c
    }

    /// Writes a file into the corpus directory; its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        let p = self.dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    }

    pub fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap()
    }

    /// A folder `found/` to check that inputs are found and read as `kifu validate` finds and
    /// reads them: `gufu.psn` (a copy), `.hidden.psn` and `notes.txt` (copies of wa.psn: read
    /// only with --hidden, --ext txt), and `sjis.psn`, [`sjis_record`] in Shift_JIS. Its path.
    pub fn found(&self) -> String {
        let dir = self.dir.join("found");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("gufu.psn"), self.read("gufu.psn")).unwrap();
        std::fs::write(dir.join(".hidden.psn"), self.read("wa.psn")).unwrap();
        std::fs::write(dir.join("notes.txt"), self.read("wa.psn")).unwrap();
        let record = sjis_record();
        let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&record);
        assert!(!unmappable);
        std::fs::write(dir.join("sjis.psn"), sjis).unwrap();
        dir.display().to_string()
    }
}

/// Club game 0 with an Event in kanji (the game of `found/sjis.psn`).
pub fn sjis_record() -> String {
    set_tag(&gufu_record(0), "Event", "研究会")
}

impl Drop for Corpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The games of wa.psn, each ending with a blank line (their Event tags: WA_EVENTS).
fn wa_games() -> Vec<String> {
    let game5 = "fixtures/crazywa/selfplay-005.psn";
    let annotated = "fixtures/wa/crazywa-005-hodges.psn";
    let mut games = vec![fixture(game5) + "\n"];
    for (opts, event) in [
        (&["--ranks", "letters"][..], WA_EVENTS[1]),
        (&["--ranks", "kanji"][..], WA_EVENTS[2]),
        (
            &["--notation", "long", "--ranks", "letters"][..],
            WA_EVENTS[3],
        ),
        (
            &["--notation", "long", "--ranks", "kanji"][..],
            WA_EVENTS[4],
        ),
    ] {
        games.push(set_tag(&convert(game5, opts), "Event", event) + "\n");
    }
    // Engine coordinates again, but written by kifu from the annotated Hodges record.
    let xboard = convert(annotated, &["--notation", "xboard"]);
    games.push(set_tag(&xboard, "Event", WA_EVENTS[5]) + "\n");
    games.push(fixture(annotated) + "\n");
    // One ply short: the engine's record without its last move.
    let original = fixture(game5);
    // "... 79.\ne10d10 1-0": the last ply is Black's 79th move.
    let last = original.rfind("79.").expect("game 5's last move number");
    let short = format!("{} *\n\n", &original[..last]);
    games.push(set_tag(
        &set_tag(&short, "Event", WA_EVENTS[7]),
        "Result",
        "*",
    ));
    games.push(fixture("fixtures/crazywa/selfplay-124.psn") + "\n");
    // Game 124 again, with its tags changed: a duplicate of the game before.
    let again = set_tag(
        &fixture("fixtures/crazywa/selfplay-124.psn"),
        "Event",
        WA_EVENTS[9],
    );
    games.push(again + "\n");
    games
}
