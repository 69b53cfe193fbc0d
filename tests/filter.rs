//! `kifu filter` on a collection built from the fixtures (tests/data/collections/corpus.rs):
//! every condition, duplicates in every notation, the summary, the exit codes.

mod common;
#[path = "data/collections/corpus.rs"]
mod corpus;

use common::{mutate, rng::Rng};
use corpus::{Corpus, GUFU_GAMES, UNREADABLE, WA_EVENTS, WRONG_FACING, kifu, stderr, stdout};
use std::process::Output;

/// The Event tags of the games in `text`, in order.
fn events(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_start_matches('\u{FEFF}').strip_prefix("[Event \""))
        .map(|rest| {
            rest.trim_end_matches('\r')
                .trim_end_matches("\"]")
                .to_string()
        })
        .collect()
}

/// Runs `kifu filter` with `args` then the corpus files `files`.
fn filter(c: &Corpus, files: &[&str], args: &[&str]) -> Output {
    let paths: Vec<String> = files.iter().map(|f| c.path(f)).collect();
    let mut all = vec!["filter"];
    all.extend_from_slice(args);
    all.extend(paths.iter().map(String::as_str));
    kifu(&all)
}

/// The events of the games written, checking the run succeeded.
fn picked(c: &Corpus, files: &[&str], args: &[&str]) -> Vec<String> {
    let o = filter(c, files, args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    events(&stdout(&o))
}

fn club(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|i| format!("club {i}")).collect()
}

/// Asserts that `text` contains `part`.
fn says(text: &str, part: &str) {
    assert!(text.contains(part), "no {part:?} in:\n{text}");
}

/// The summary line (the last line of standard error).
fn summary(o: &Output) -> String {
    stderr(o).lines().last().unwrap_or_default().to_string()
}

#[test]
fn without_conditions_every_valid_game_is_written_byte_for_byte() {
    let c = Corpus::new("bytes");
    let all = ["wa.psn", "gufu.psn", "broken.psn"];
    let o = filter(&c, &all, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Every game replayed: neither the game with the wrong facing nor the unreadable one is
    // written, and the summary counts them by kind.
    let expected = c.read("wa.psn") + &c.read("gufu.psn");
    assert!(
        stdout(&o) == expected,
        "the output is not the input's bytes"
    );
    assert_eq!(
        summary(&o),
        "3 files, 20 games: 18 matched, 0 dropped as duplicates, 2 invalid (1 syntax, 1 \
         wrong_facing)"
    );
    // --no-replay: the games are not checked. Without a condition on the number of moves,
    // only the tag pairs are read: both broken games are written. With one, the moves are
    // read (not replayed): the wrong facing is written, the unreadable game is not.
    let o = filter(&c, &all, &["--no-replay"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let expected = c.read("wa.psn") + &c.read("gufu.psn") + WRONG_FACING + UNREADABLE;
    assert!(
        stdout(&o) == expected,
        "the output is not the input's bytes"
    );
    assert_eq!(
        summary(&o),
        "3 files, 20 games: 20 matched, 0 dropped as duplicates, 0 invalid; --no-replay: the \
         games were not checked"
    );
    let o = filter(&c, &all, &["--no-replay", "--min-plies", "0"]);
    let expected = c.read("wa.psn") + &c.read("gufu.psn") + WRONG_FACING;
    assert!(
        stdout(&o) == expected,
        "the output is not the input's bytes"
    );
    assert_eq!(
        summary(&o),
        "3 files, 20 games: 19 matched, 0 dropped as duplicates, 1 invalid (1 syntax); \
         --no-replay: the games were not checked"
    );
    // A broken tag pair is still found.
    c.write("tag.psn", "[Event \"x\"]\n[Black \"Ann\n\n1. K*2三>W *\n");
    let o = filter(&c, &["tag.psn"], &["--no-replay"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    says(&summary(&o), "1 invalid (1 unterminated_tag)");
    // Conditions that need the replay cannot go with --no-replay.
    for other in [
        &["--valid"][..],
        &["--invalid"],
        &["--dedup"],
        &["--outcome", "1-0"],
    ] {
        let o = filter(&c, &all, &[&["--no-replay"][..], other].concat());
        assert_eq!(o.status.code(), Some(2), "{other:?}");
    }
    // CRLF, a byte-order mark, no line end at the end of the file: kept, and a line end added
    // so that the next game starts on its own line.
    let crlf = format!("\u{FEFF}{}", corpus::gufu_record(0).replace('\n', "\r\n"));
    let crlf = crlf.trim_end().to_string();
    c.write("crlf.psn", &crlf);
    let o = filter(
        &c,
        &["crlf.psn", "gufu.psn"],
        &["--player", "Ann", "--max-plies", "11"],
    );
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("{crlf}\n[Event \"club 0\"]\n")),
        "{out:?}"
    );
    assert_eq!(events(&out)[..2], ["club 0", "club 0"]);
}

#[test]
fn players_on_either_side_any_of_several() {
    let c = Corpus::new("players");
    let g = ["gufu.psn", "broken.psn"];
    // The invalid game of Ann's is not written (the summary counts it), unless the games are
    // not replayed.
    assert_eq!(
        picked(&c, &g, &["--player", "Ann"]),
        club(&["0", "2", "3", "4", "0 letters", "0 long"])
    );
    assert_eq!(
        picked(&c, &g, &["--player", "Ann", "--no-replay"]),
        [
            &club(&["0", "2", "3", "4", "0 letters", "0 long"])[..],
            &["broken 1".into(), "broken 2".into()]
        ]
        .concat()
    );
    let o = filter(&c, &g, &["--player", "Ann", "--valid"]);
    assert_eq!(
        events(&stdout(&o)),
        club(&["0", "2", "3", "4", "0 letters", "0 long"])
    );
    assert_eq!(
        summary(&o),
        "2 files, 10 games: 6 matched, 0 dropped as duplicates, 2 invalid (1 syntax, 1 \
         wrong_facing)"
    );
    assert_eq!(
        picked(&c, &g, &["--player", "Dan", "--player", "Cid"]),
        club(&["1", "2", "3", "5"])
    );
    assert_eq!(picked(&c, &g, &["--player", "~^(Dan|Eve)$"]), club(&["5"]));
    // Exact means exact: no prefix, no case folding.
    let o = filter(&c, &g, &["--player", "An"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), ""));
    assert_eq!(filter(&c, &g, &["--player", "ann"]).status.code(), Some(1));
}

#[test]
fn tags_exact_or_regex_alternatives_for_one_name() {
    let c = Corpus::new("tags");
    let all = ["wa.psn", "gufu.psn", "broken.psn"];
    assert_eq!(
        picked(
            &c,
            &all,
            &["--tag", "Black=Ann", "--tag", "White=Bob", "--no-replay"]
        ),
        [
            &club(&["0", "0 letters", "0 long"])[..],
            &["broken 1".into(), "broken 2".into()]
        ]
        .concat()
    );
    // One name twice: either value; tag names ignore ASCII case.
    assert_eq!(
        picked(
            &c,
            &all,
            &["--tag", "Event=club 1", "--tag", "event=club 2"]
        ),
        club(&["1", "2"])
    );
    assert_eq!(
        picked(&c, &all, &["--tag", "EVENT=~^club [0-9]$"]),
        club(&["0", "1", "2", "3", "4", "5"])
    );
    // A tag that only one game has.
    assert_eq!(
        picked(&c, &all, &["--tag", "Annotator=~."]),
        ["dup xboard", "CrazyWa self-play, annotated"] // convert keeps the tags
    );
    // Both conditions must hold.
    let o = filter(
        &c,
        &all,
        &[
            "--tag",
            "Black=Ann",
            "--tag",
            "White=Cid",
            "--tag",
            "Result=1-0",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        picked(
            &c,
            &all,
            &[
                "--tag",
                "Black=Ann",
                "--tag",
                "White=Cid",
                "--tag",
                "Result=*"
            ]
        ),
        club(&["3"])
    );
}

#[test]
fn result_as_written_outcome_as_replayed() {
    let c = Corpus::new("results");
    let g = ["gufu.psn"];
    assert_eq!(
        picked(&c, &g, &["--result", "1-0"]),
        club(&["0", "4", "0 letters", "0 long"])
    );
    // Club 4 was resigned: the moves do not end it.
    assert_eq!(
        picked(&c, &g, &["--outcome", "1-0"]),
        club(&["0", "0 letters", "0 long"])
    );
    assert_eq!(picked(&c, &g, &["--outcome", "0-1"]), club(&["1"]));
    // Club 5 has no Variant tag: its moves tell that it is Gufū (as --variant would).
    let o = filter(&c, &g, &["--outcome", "*"]);
    assert_eq!(events(&stdout(&o)), club(&["2", "3", "4", "5"]));
    assert_eq!(
        summary(&o),
        "1 file, 8 games: 4 matched, 0 dropped as duplicates, 0 invalid"
    );
    assert_eq!(
        picked(&c, &g, &["--outcome", "*", "--variant", "gufu"]),
        club(&["2", "3", "4", "5"])
    );
    // Club 1 ended 0-1 but its tag has no '/'; club 2's tag says 1/2-1/2 but its moves
    // decide nothing.
    let o = filter(
        &c,
        &g,
        &["--outcome", "0-1", "--outcome", "1/2-1/2", "--result", "~/"],
    );
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), ""));
}

#[test]
fn plies_and_variant() {
    let c = Corpus::new("plies");
    let g = ["gufu.psn"];
    // Main-line moves: 11, 14, 5, 8, 6, 4, 11, 11 (club 1's variation not counted).
    assert_eq!(
        picked(&c, &g, &["--min-plies", "8", "--max-plies", "11"]),
        club(&["0", "3", "0 letters", "0 long"])
    );
    assert_eq!(picked(&c, &g, &["--max-plies", "4"]), club(&["5"]));
    assert_eq!(picked(&c, &g, &["--min-plies", "14"]), club(&["1"]));
    assert_eq!(
        filter(&c, &g, &["--min-plies", "15"]).status.code(),
        Some(1)
    );
    let all = ["wa.psn", "gufu.psn", "broken.psn"];
    // A game without a Variant tag is of the variant given, as in every kifu command (and
    // replayed as such: club 5 is no Wa game).
    let unchecked = ["--no-replay"];
    let wa = picked(&c, &all, &[&["--variant", "wa"][..], &unchecked].concat());
    assert_eq!(wa, [&WA_EVENTS[..], &["club 5"]].concat());
    assert_eq!(picked(&c, &all, &["--variant", "wa"]), WA_EVENTS);
    let gufu = picked(&c, &all, &["--variant", "gufu", "--no-replay"]);
    assert_eq!(gufu.len(), GUFU_GAMES.len() + 2 + 2, "{gufu:?}");
    assert!(gufu.contains(&"club 5".to_string()) && gufu.contains(&"broken 1".to_string()));
    let gufu = picked(&c, &all, &["--variant", "gufu"]);
    assert_eq!(gufu.len(), GUFU_GAMES.len() + 2, "{gufu:?}");
    let nodrop = ["--variant", "wa-nodrop"];
    assert_eq!(
        picked(&c, &all, &[&nodrop[..], &unchecked].concat()),
        ["club 5"]
    );
    let o = filter(&c, &all, &nodrop);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn positions_reached_on_the_main_line() {
    let c = Corpus::new("positions");
    let first = c.write("first.psn", &corpus::gufu_record(0));
    // After the four setup drops of club 0, which clubs 4 and 5 share.
    let setup = corpus::position_after(&first, 4);
    assert!(setup.ends_with(" b - 5"), "{setup}");
    let g = ["gufu.psn"];
    let o = filter(&c, &g, &["--position", &setup]);
    assert_eq!(
        events(&stdout(&o)),
        club(&["0", "4", "5", "0 letters", "0 long"])
    );
    // Club 5 (no Variant tag) is Gufū by its moves.
    assert!(summary(&o).ends_with(" 0 invalid"), "{}", summary(&o));
    assert_eq!(
        picked(&c, &g, &["--position", &setup, "--variant", "gufu"]),
        club(&["0", "4", "5", "0 letters", "0 long"])
    );
    // Move counters do not count.
    let later = setup.replace(" b - 5", " b - 99");
    assert_eq!(picked(&c, &g, &["--position", &later]).len(), 5);
    // The side to move does.
    let other_side = setup.replace(" b - 5", " w - 6");
    assert_eq!(
        filter(&c, &g, &["--position", &other_side]).status.code(),
        Some(1)
    );
    // Several positions: any.
    let after_two = corpus::position_after(&first, 2);
    let mut either = picked(
        &c,
        &g,
        &["--position", &other_side, "--position", &after_two],
    );
    either.sort();
    assert_eq!(either, club(&["0", "0 letters", "0 long", "4", "5"]));

    // Wa: the position after ply 100 of game 5, in every notation, and in the game one ply
    // short; not in game 124.
    let game5 = "fixtures/crazywa/selfplay-005.psn";
    let p100 = corpus::position_after(game5, 100);
    assert_eq!(
        picked(&c, &["wa.psn"], &["--position", &p100]),
        WA_EVENTS[..8]
    );
    let fields: Vec<&str> = p100.split(' ').collect();
    let recounted = format!("{} {} 7 123", fields[0], fields[1]);
    assert_eq!(
        picked(&c, &["wa.psn"], &["--position", &recounted]).len(),
        8
    );
    // The start position is reached by every game (at ply 0).
    let start = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 1";
    assert_eq!(picked(&c, &["wa.psn"], &["--position", start]), WA_EVENTS);
    // The same board with a Sparrow Pawn in Black's hand: nowhere.
    let with_hand = start.replace("[-]", "[P]");
    assert_eq!(
        filter(&c, &["wa.psn"], &["--position", &with_hand])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn malformed_position_or_pattern_is_a_usage_error() {
    let c = Corpus::new("usage");
    let g = ["gufu.psn"];
    for args in [
        &["--position", "rubbish"][..],
        &["--position", "Sske/2/KwWn b - 5", "--variant", "wa"],
        &["--tag", "Black=~("],
        &["--tag", "Black"],
        &["--tag", "=Ann"],
        &["--player", "~[a-"],
        &["--result", "~("],
        &["--outcome", "2-0"],
        &["--valid", "--invalid"],
        &["--invalid", "--dedup"],
        &["--count", "-o", "x.psn"],
        &["--min-plies", "-3"],
    ] {
        let o = filter(&c, &g, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
    let o = filter(&c, &g, &["--position", "rubbish"]);
    says(&stderr(&o), "not a position string");
    let o = filter(&c, &g, &["--tag", "Black=~("]);
    says(&stderr(&o), "bad regular expression");
}

#[test]
fn dedup_keeps_the_first_whatever_the_notation() {
    let c = Corpus::new("dedup");
    let o = filter(&c, &["wa.psn"], &["--dedup"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        events(&stdout(&o)),
        ["CrazyWa self-play", "one ply short", "CrazyWa self-play"]
    );
    assert_eq!(
        summary(&o),
        "1 file, 10 games: 3 matched, 7 dropped as duplicates, 0 invalid"
    );
    // The first copy is kept as it was written (engine coordinates, the fixture's bytes).
    let fixture = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/crazywa/selfplay-005.psn"),
    )
    .unwrap();
    assert!(stdout(&o).starts_with(&fixture));
    // Whichever copy comes first is the one kept.
    let wa = c.read("wa.psn");
    let cut = wa.find("[Event \"dup long kanji\"]").unwrap();
    c.write("reordered.psn", &format!("{}{}", &wa[cut..], &wa[..cut]));
    let kept = picked(&c, &["reordered.psn"], &["--dedup"]);
    assert_eq!(
        kept,
        ["dup long kanji", "one ply short", "CrazyWa self-play"]
    );
    // Gufū: kanji, letter ranks, long notation; game 4 begins like game 0 but is shorter.
    let o = filter(&c, &["gufu.psn"], &["--dedup", "--player", "Bob"]);
    assert_eq!(events(&stdout(&o)), club(&["0", "1", "4"]));
    says(
        &summary(&o),
        ": 3 matched, 2 dropped as duplicates, 0 invalid",
    );
    // Across files, with other conditions: duplicates among the matching games only.
    let o = filter(
        &c,
        &["wa.psn", "gufu.psn"],
        &["--dedup", "--count", "--result", "1-0"],
    );
    assert_eq!(stdout(&o), "3\n"); // game 5 (7 copies with 1-0), clubs 0 (3 copies) and 4
}

#[test]
fn valid_and_invalid() {
    let c = Corpus::new("validity");
    let all = ["wa.psn", "gufu.psn", "broken.psn"];
    // The wrong facing, the unreadable game: written as they are. (Club 5, without a
    // Variant tag, is Gufū by its moves: valid.)
    let o = filter(&c, &all, &["--invalid"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o) == format!("{WRONG_FACING}{UNREADABLE}"),
        "{:?}",
        stdout(&o)
    );
    assert_eq!(
        summary(&o),
        "3 files, 20 games: 2 matched, 0 dropped as duplicates, 2 invalid (1 syntax, 1 \
         wrong_facing)"
    );
    // An unreadable game has no tags: conditions on tags never hold for it.
    assert_eq!(
        picked(&c, &all, &["--invalid", "--player", "Ann"]),
        ["broken 1"]
    );
    let o = filter(&c, &all, &["--valid", "--count"]);
    assert_eq!(stdout(&o), "18\n");
    let o = filter(&c, &all, &["--valid", "--count", "--variant", "gufu"]);
    assert_eq!(stdout(&o), "8\n");
}

#[test]
fn count_output_file_and_exit_codes() {
    let c = Corpus::new("output");
    let all = ["wa.psn", "gufu.psn", "broken.psn"];
    let o = filter(&c, &all, &["--count", "--player", "Ann"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "6\n"));
    let o = filter(&c, &all, &["--count", "--player", "Ann", "--no-replay"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "8\n"));
    let o = filter(&c, &all, &["--count", "--player", "Nobody", "-q"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), "0\n"));
    assert!(o.stderr.is_empty(), "-q: no summary");
    // -o: the same bytes as standard output.
    let out = c.path("ann.psn");
    let to_file = filter(&c, &all, &["--player", "Ann", "-o", &out]);
    assert_eq!(to_file.status.code(), Some(0));
    assert!(to_file.stdout.is_empty());
    let to_stdout = filter(&c, &all, &["--player", "Ann"]);
    assert_eq!(c.read("ann.psn"), stdout(&to_stdout));
    // An input that cannot be read: exit 2, and the output file is left as it was.
    c.write("keep.psn", "precious\n");
    let o = filter(
        &c,
        &["gufu.psn", "missing.psn"],
        &["-o", &c.path("keep.psn")],
    );
    assert_eq!(o.status.code(), Some(2));
    says(&stderr(&o), "missing.psn");
    assert_eq!(c.read("keep.psn"), "precious\n");
    let o = filter(
        &c,
        &["gufu.psn", "missing.psn"],
        &["-o", &c.path("new.psn")],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!c.dir.join("new.psn").exists());
    // No game matched: 1, and an empty file (the run itself went well).
    let o = filter(
        &c,
        &["gufu.psn"],
        &["--player", "Nobody", "-o", &c.path("none.psn")],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(c.read("none.psn"), "");
}

#[test]
fn input_order_whatever_the_threads() {
    let c = Corpus::new("threads");
    // 16 copies of every file: more games than one batch, files in a directory.
    let sub = c.dir.join("many");
    std::fs::create_dir_all(&sub).unwrap();
    for i in 0..16 {
        for f in ["wa.psn", "gufu.psn", "broken.psn"] {
            std::fs::write(sub.join(format!("{i:02}-{f}")), c.read(f)).unwrap();
        }
    }
    let dir = sub.display().to_string();
    let run = |j: &str, extra: &[&str]| {
        let mut args = vec!["filter", "-j", j, "--valid", &dir];
        args.extend_from_slice(extra);
        let o = kifu(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (stdout(&o), summary(&o))
    };
    let one = run("1", &[]);
    assert_eq!(one, run("4", &[]));
    assert_eq!(
        one.1,
        "48 files, 320 games: 288 matched, 0 dropped as duplicates, 32 invalid (16 syntax, 16 \
         wrong_facing)"
    );
    let dedup = run("3", &["--dedup"]);
    assert_eq!(dedup, run("1", &["--dedup"]));
    assert_eq!(events(&dedup.0)[..3], ["club 0", "club 1", "club 2"]);
    assert_eq!(
        dedup.1,
        "48 files, 320 games: 9 matched, 279 dropped as duplicates, 32 invalid (16 syntax, 16 \
         wrong_facing)"
    );
}

#[test]
fn dedup_tells_apart_games_of_one_length_and_start() {
    let c = Corpus::new("dedup-apart");
    let wa = |event: &str, fourth: &str| {
        format!(
            "[Event \"{event}\"]\n[Variant \"wa\"]\n\n1. SC-9j RR-8b 2. VW-7j TF-4b 3. VS-5j SP-8e {fourth} *\n\n"
        )
    };
    let gufu = |event: &str, moves: &str| {
        format!("[Event \"{event}\"]\n[Variant \"gufu\"]\n\n{moves} *\n\n")
    };
    let text = [
        wa("wa main", "4. SP-8g SP-4e"),
        wa("wa side line", "4. CM-3j OC-1b"),
        wa("wa last ply differs", "4. SP-8g SP-5d"),
        wa("wa main again", "4. SP-8g SP-4e"),
        gufu("gufu a", "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W"),
        gufu("gufu b", "1. K*2三>W 2. K*1二>N 3. W*2二>N 4. S*1一>S"),
        gufu("gufu facing differs", "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>S"),
        gufu("gufu a again", "1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W"),
        // The last two moves of "gufu a", from the position after its first two: another
        // start, another game.
        format!(
            "[Event \"gufu set up\"]\n[Variant \"gufu\"]\n[FEN \"{}\"]\n\n3. W*1一>E 4. S*2一>W *\n\n",
            "2/kw1/Kw1 b WS 3"
        ),
        // The same two moves from yet another start (White's King on 1二).
        format!(
            "[Event \"gufu set up elsewhere\"]\n[Variant \"gufu\"]\n[FEN \"{}\"]\n\n3. W*1一>E 4. S*2一>W *\n\n",
            "2/1kw/Kw1 b WS 3"
        ),
    ]
    .concat();
    c.write("apart.psn", &text);
    let o = filter(&c, &["apart.psn"], &["--dedup"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        events(&stdout(&o)),
        [
            "wa main",
            "wa side line",
            "wa last ply differs",
            "gufu a",
            "gufu b",
            "gufu facing differs",
            "gufu set up",
            "gufu set up elsewhere"
        ]
    );
    says(
        &summary(&o),
        ": 8 matched, 2 dropped as duplicates, 0 invalid",
    );
}

#[test]
fn mangled_collections_never_crash_filter_or_stats() {
    let c = Corpus::new("mangled");
    // The games of the collection, each mutated (the hostile tests' record mutator) and
    // written one after the other: 300 of them.
    let text = [c.read("wa.psn"), c.read("gufu.psn"), c.read("broken.psn")].concat();
    let games: Vec<Vec<u8>> = text
        .split("\n[Event")
        .enumerate()
        .map(|(i, g)| match i {
            0 => format!("{g}\n").into_bytes(),
            _ => format!("[Event{g}\n").into_bytes(),
        })
        .collect();
    assert_eq!(games.len(), 20);
    let mut mangled = Vec::new();
    for i in 0..300u64 {
        let mut r = Rng::for_case(14, 1, i);
        let mut game = games[i as usize % games.len()].clone();
        for _ in 0..1 + r.below(3) {
            mutate::record(&mut game, &games, &mut r);
        }
        mangled.extend_from_slice(&game);
    }
    std::fs::write(c.dir.join("mangled.psn"), &mangled).unwrap();
    let start = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 1";
    for args in [
        &["--dedup", "--position", start, "--tag", "Event=~."][..],
        &["--invalid", "--min-plies", "1"],
        &["--outcome", "*", "--player", "~A", "-j", "3"],
        &[],
    ] {
        let o = filter(&c, &["mangled.psn"], args);
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    // --invalid and --valid split the games between them.
    let count = |args: &[&str]| -> u64 {
        let mut a = vec!["--count", "-q"];
        a.extend_from_slice(args);
        stdout(&filter(&c, &["mangled.psn"], &a))
            .trim()
            .parse()
            .unwrap()
    };
    let (valid, invalid) = (count(&["--valid"]), count(&["--invalid"]));
    let o = filter(&c, &["mangled.psn"], &["--valid", "--count"]);
    let games: u64 = summary(&o)
        .split(" games")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(valid + invalid, games, "{}", summary(&o));
    assert!(valid > 0 && invalid > 0);
    let o = kifu(&["stats", "--format", "json", &c.path("mangled.psn")]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let s: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (s["valid"].as_u64(), s["invalid"].as_u64()),
        (Some(valid), Some(invalid))
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    use std::process::{Command, Stdio};
    let c = Corpus::new("pipe");
    // Enough output to fill a pipe: 50 copies of the Wa games.
    let wa = c.read("wa.psn").repeat(50);
    let big = c.write("big.psn", &wa);
    for extra in [&[][..], &["--count"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .arg("filter")
            .args(extra)
            .arg(&big)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away at once
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{extra:?}: {err}"
        );
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {err}");
    }
}

#[test]
fn inputs_are_found_and_read_as_validate_reads_them() {
    let c = Corpus::new("inputs");
    let found = c.found();
    let count = |args: &[&str]| {
        let mut all = vec!["filter", "--count", &found];
        all.extend_from_slice(args);
        let o = kifu(&all);
        (o.status.code(), stdout(&o), stderr(&o))
    };
    // gufu.psn's 8 games and sjis.psn's; not the hidden file, nor notes.txt.
    let (code, n, err) = count(&[]);
    assert_eq!((code, n.as_str()), (Some(0), "9\n"), "{err}");
    // The encoding warning, as validate gives it, before the summary.
    says(&err, "sjis.psn: warning[encoding]: not UTF-8");
    assert!(
        err.lines().last().unwrap().starts_with("2 files, 9 games"),
        "{err}"
    );
    assert_eq!(count(&["--hidden"]).1, "19\n");
    assert_eq!(count(&["--ext", "psn,txt"]).1, "19\n");
    // Forced to read UTF-8, the Shift_JIS game cannot be read: not written, counted invalid.
    let (_, n, err) = count(&["--encoding", "utf-8"]);
    assert_eq!(n, "8\n");
    assert!(!err.contains("warning"), "{err}");
    says(
        &err,
        "2 files, 9 games: 8 matched, 0 dropped as duplicates, 1 invalid",
    );
    // A game of a Shift_JIS file is written in UTF-8 (what was read).
    let o = kifu(&["filter", &format!("{found}/sjis.psn")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), corpus::sjis_record());
}

#[test]
fn an_illegal_move_is_never_written_by_default() {
    // As pgn-extract: every game written has been replayed.
    let o = kifu(&[
        "filter",
        "fixtures/invalid/two_sparrow_pawns.psn",
        "--variant",
        "wa",
    ]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), ""));
    assert_eq!(
        summary(&o),
        "1 file, 1 game: 0 matched, 0 dropped as duplicates, 1 invalid (1 two_sparrow_pawns)"
    );
    // Of the invalid fixtures, only the two that replay (warnings aside) are written.
    let o = kifu(&["filter", "fixtures/invalid", "--min-plies", "1", "--count"]);
    assert_eq!(stdout(&o), "2\n");
}

#[test]
fn one_byte_order_mark_at_most_at_the_start_of_the_output() {
    let c = Corpus::new("bom");
    let game = corpus::gufu_record(0);
    c.write("a.psn", &format!("\u{FEFF}{game}"));
    c.write("b.psn", &format!("\u{FEFF}{game}"));
    let o = filter(&c, &["a.psn", "b.psn"], &["-o", &c.path("out.psn")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(c.read("out.psn"), format!("\u{FEFF}{game}{game}"));
    // To a directory: each file keeps its input's.
    let o = filter(&c, &["a.psn", "b.psn"], &["-o", &c.path("dir/")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(c.read("dir/b.psn"), format!("\u{FEFF}{game}"));
}

#[test]
fn first_and_second_mover_in_the_record_s_convention() {
    let c = Corpus::new("movers");
    let g = ["gufu.psn"];
    // kifu's convention: Black is the first mover.
    assert_eq!(
        picked(&c, &g, &["--first", "Ann"]),
        club(&["0", "3", "0 letters", "0 long"])
    );
    assert_eq!(picked(&c, &g, &["--second", "Ann"]), club(&["2", "4"]));
    assert_eq!(
        picked(&c, &g, &["--first", "Bob", "--second", "~^C"]),
        club(&["1"])
    );
    // XBoard's: its White tag names the first mover.
    let xb = std::fs::read_to_string("fixtures/xboard/crazywa-01.pgn").unwrap();
    let xb = corpus::set_tag(&corpus::set_tag(&xb, "White", "Xena"), "Black", "Yuri");
    c.write("xb.pgn", &xb);
    let x = ["xb.pgn"];
    assert_eq!(picked(&c, &x, &["--first", "Xena"]).len(), 1);
    assert_eq!(picked(&c, &x, &["--second", "Yuri"]).len(), 1);
    assert_eq!(filter(&c, &x, &["--first", "Yuri"]).status.code(), Some(1));
    assert_eq!(filter(&c, &x, &["--second", "Xena"]).status.code(), Some(1));
    // On what is written: --no-replay takes them.
    assert_eq!(picked(&c, &x, &["--first", "Xena", "--no-replay"]).len(), 1);
}

#[test]
fn ending_as_the_replay_finds_it() {
    let c = Corpus::new("ending");
    let g = ["gufu.psn", "broken.psn"];
    assert_eq!(
        picked(&c, &g, &["--ending", "king-captured"]),
        club(&["0", "1", "0 letters", "0 long"])
    );
    // As `kifu stats` names it, and several: any.
    assert_eq!(
        picked(&c, &g, &["--ending", "not_ended"]),
        club(&["2", "3", "4", "5"])
    );
    assert_eq!(
        picked(&c, &g, &["--ending", "checkmate", "--ending", "not-ended"]),
        club(&["2", "3", "4", "5"])
    );
    let o = filter(&c, &g, &["--ending", "checkmate"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // Wa's endings, in the XBoard fixtures.
    let o = kifu(&[
        "filter",
        "fixtures/xboard/",
        "--ending",
        "no-legal-moves",
        "--count",
    ]);
    assert_eq!(stdout(&o), "1\n");
    let o = kifu(&[
        "filter",
        "fixtures/xboard/",
        "--ending",
        "checkmate",
        "--count",
    ]);
    assert_eq!(stdout(&o), "14\n");
    for bad in [
        &["--ending", "resign"][..],
        &["--ending", "checkmate", "--no-replay"],
    ] {
        let o = filter(&c, &g, bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
    says(
        &stderr(&filter(&c, &g, &["--ending", "resign"])),
        "perpetual-check",
    );
}

#[test]
fn games_by_number_across_the_inputs() {
    let c = Corpus::new("numbers");
    // gufu.psn has 8 games, broken.psn 2 (invalid ones are counted, not written).
    let g = ["gufu.psn", "broken.psn", "gufu.psn"];
    assert_eq!(
        picked(&c, &g, &["--games", "2-3,5"]),
        club(&["1", "2", "4"])
    );
    assert_eq!(
        picked(&c, &g, &["--games", "8", "--games", "9-12"]),
        club(&["0 long", "0", "1"])
    );
    assert_eq!(picked(&c, &g, &["--games", "18-"]), club(&["0 long"]));
    // Other conditions hold too.
    assert_eq!(
        picked(&c, &g, &["--games", "1-8", "--player", "Cid"]),
        club(&["1", "2", "3"])
    );
    // Reading stops after the last game asked for.
    let o = filter(&c, &g, &["--games", "2"]);
    assert_eq!(
        summary(&o),
        "1 file, 2 games: 1 matched, 0 dropped as duplicates, 0 invalid"
    );
    let o = filter(&c, &g, &["--games", "9-10"]);
    assert_eq!(o.status.code(), Some(1));
    for bad in ["0", "3-2", "x", "2-y"] {
        let o = filter(&c, &g, &["--games", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn invert_writes_the_other_valid_games() {
    let c = Corpus::new("invert");
    let g = ["gufu.psn", "broken.psn"];
    // The invalid games (both Ann's) are never written.
    assert_eq!(
        picked(&c, &g, &["--invert", "--player", "Ann"]),
        club(&["1", "5"])
    );
    assert_eq!(
        picked(&c, &g, &["--invert", "--games", "2-8"]),
        club(&["0"])
    );
    assert_eq!(
        picked(&c, &g, &["--invert", "--ending", "not-ended"]),
        club(&["0", "1", "0 letters", "0 long"])
    );
    // All the conditions together are inverted: games not (Ann's and in 1-3).
    assert_eq!(
        picked(
            &c,
            &g,
            &["-q", "--invert", "--player", "Ann", "--games", "1-3"]
        ),
        club(&["1", "3", "4", "5", "0 letters", "0 long"])
    );
    let o = filter(&c, &g, &["--invert", "--count", "--player", "Ann"]);
    assert_eq!(stdout(&o), "2\n");
    // With --no-replay the games are not checked: the wrong facing is written.
    let mut e = picked(&c, &g, &["--invert", "--no-replay", "--player", "Ann"]);
    e.sort();
    assert_eq!(e, club(&["1", "5"]));
    let e = picked(
        &c,
        &g,
        &["--invert", "--no-replay", "--tag", "Event=club 0"],
    );
    assert!(e.contains(&"broken 1".to_string()), "{e:?}");
    for other in ["--invalid", "--dedup"] {
        let o = filter(&c, &g, &["--invert", other]);
        assert_eq!(o.status.code(), Some(2), "{other}");
    }
}

#[test]
fn cut_keeps_the_first_plies() {
    let c = Corpus::new("cut");
    let o = filter(&c, &["gufu.psn"], &["--games", "1-2", "--cut", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // The comment after the 5th move is kept; the Result tag says the game is unfinished.
    let first = corpus::set_tag(&corpus::gufu_record(0), "Result", "*");
    let first = first.split("\n\n").next().unwrap().to_string()
        + "\n\n1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W\n5. K-1二>N+ {The King steps next to the Kaze.} *\n";
    assert!(out.starts_with(&first), "{out}");
    assert_eq!(events(&out), club(&["0", "1"]));
    // What is written is a valid record of 5 plies each.
    let cut = c.write("cut.psn", &out);
    let o = kifu(&[
        "filter",
        &cut,
        "--min-plies",
        "5",
        "--max-plies",
        "5",
        "--count",
    ]);
    assert_eq!(stdout(&o), "2\n", "{}", stderr(&o));
    let o = kifu(&["validate", &cut]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A variation on a later move goes; a shorter game is left as it is.
    let o = filter(&c, &["gufu.psn"], &["--games", "2,3", "--cut", "7"]);
    let out = stdout(&o);
    assert!(out.contains("7. Sx1二>E+ *\n"), "{out}");
    assert!(!out.contains("K:2二>W"), "{out}");
    assert!(out.ends_with(&corpus::gufu_record(2)), "{out}");
    // A line comment after the last move kept: the result on a line of its own.
    c.write(
        "line.psn",
        "[Event \"l\"]\n[Variant \"gufu\"]\n\n1. K*2三>W ; sente\n2. K*2二>W 3. W*1一>E *\n",
    );
    let o = filter(&c, &["line.psn"], &["--cut", "1"]);
    assert_eq!(
        stdout(&o),
        "[Event \"l\"]\n[Variant \"gufu\"]\n\n1. K*2三>W ; sente\n*\n"
    );
    assert_eq!(
        filter(&c, &["gufu.psn"], &["--cut", "0"]).status.code(),
        Some(2)
    );
}
