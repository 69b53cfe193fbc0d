//! What every subcommand has in common: the words for the boards, the moves as `convert`
//! writes them wherever kifu writes a move.

mod cli_support;

use cli_support::*;

/// `perft --divide` writes each first move as `kifu convert` writes it: a Gufū check with its
/// `+`, a mate with its `#`.
#[test]
fn perft_divide_writes_moves_as_convert_does() {
    let o = kifu(
        &[
            "perft",
            "--variant",
            "gufu",
            "--position",
            "Sske/2/KwWn b - 5",
            "2",
            "--divide",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("K-1二>N+: 2\n"), "{text}");
    assert!(text.contains("S-1二>W+: 5\n"), "{text}");
    assert!(text.ends_with("\n70\n"), "{text}");
    // The same moves, as convert writes them after the setup drops.
    let game = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E 3. W*1三>N 4. S*2一>S 5. K-1二>N *\n";
    let o = kifu(&["convert", "-"], Some(game.as_bytes()));
    assert!(out(&o).contains("5. K-1二>N+ *"), "{}", out(&o));
    // Wa: no check marks (its `+` is promotion).
    let o = kifu(&["perft", "--variant", "wa", "1", "--divide"], None);
    let text = out(&o);
    assert!(
        text.contains("SP-8g: 1\n") && text.ends_with("\n51\n"),
        "{text}"
    );
}

/// `perft --divide` lists the moves in board order (by the square left, top rank first, left
/// file first; then the square reached; drops last), the order `solve --moves` gives equal
/// values: not by code point (which put 1一, 1三, 1二 and BD-11j before BD-10j... in text order).
#[test]
fn perft_divide_lists_moves_in_board_order() {
    let names = |o: &std::process::Output| -> Vec<String> {
        out(o)
            .lines()
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .collect()
    };
    let divide = names(&kifu(
        &["perft", "--variant", "gufu", "1", "--divide"],
        None,
    ));
    assert_eq!(
        divide[..9],
        [
            "K*2一>N", "K*2一>E", "K*2一>S", "K*2一>W", "K*1一>N", "K*1一>E", "K*1一>S", "K*1一>W",
            "K*2二>N"
        ]
    );
    // Every start move is a draw, so solve lists them all in its tie order: the same.
    let solve = names(&kifu(&["solve", "--variant", "gufu", "--moves"], None));
    assert_eq!(divide, solve);
    // Wa: the squares left come in reading order (rank h before rank i, file 11 before 10).
    let wa = names(&kifu(&["perft", "--variant", "wa", "1", "--divide"], None));
    let at = |m: &str| wa.iter().position(|x| x == m).unwrap();
    assert!(at("SP-8g") < at("SP-11h"), "{wa:?}");
    assert!(at("SP-11h") < at("SP-10h"), "{wa:?}");
    assert!(at("SP-10h") < at("SP-9h"), "{wa:?}");
}

/// The Gufū board is said one way everywhere: 2 files × 3 ranks.
#[test]
fn the_gufu_board_is_two_files_by_three_ranks_everywhere() {
    let help = out(&kifu(&["--help"], None));
    assert!(help.contains("2 files × 3 ranks"), "{help}");
    let readme = std::fs::read_to_string(manifest().join("README.md")).unwrap();
    assert!(readme.contains("2 files × 3 ranks"));
    let lib = std::fs::read_to_string(manifest().join("src/lib.rs")).unwrap();
    assert!(lib.contains("2 files × 3"));
    for (what, text) in [("--help", &help), ("README.md", &readme)] {
        for other in ["3×2", "2×3", "3x2", "2x3", "3 × 2", "3 files × 2"] {
            assert!(!text.contains(other), "{what} says {other}");
        }
    }
}

/// The subcommands, as `kifu --help` lists them.
fn subcommands() -> Vec<String> {
    let help = out(&kifu(&["--help"], None));
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("a list of commands");
    let names: Vec<String> = list
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

/// `kifu --help` and every command's `--help` show examples and the exit status.
#[test]
fn every_help_has_examples_and_exit_status() {
    let top = out(&kifu(&["--help"], None));
    assert!(
        top.contains("Exit status: 0 all good, 1 some record invalid, 2 usage or I/O error"),
        "{top}"
    );
    assert!(top.contains("Examples:\n  kifu "), "{top}");
    for name in subcommands() {
        let o = kifu(&[&name, "--help"], None);
        assert_eq!(o.status.code(), Some(0), "{name}");
        let help = out(&o);
        assert!(
            help.contains("\nExamples:\n  kifu "),
            "kifu {name} --help has no examples:\n{help}"
        );
        assert!(
            help.contains("\nExit status: 0 ")
                || help.contains("\nExit status (as grep and rg): 0 "),
            "kifu {name} --help has no exit status:\n{help}"
        );
        assert!(help.contains("2 usage"), "{name}: {help}");
    }
}

/// A short flag means one thing in every command: `-p` is `--position` wherever it exists
/// (`kifu render`'s `--ply` has no short flag).
#[test]
fn one_meaning_per_short_flag() {
    use std::collections::BTreeMap;
    let mut meanings: BTreeMap<char, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut commands = subcommands();
    commands.push(String::new());
    for name in &commands {
        let args: Vec<&str> = [name.as_str(), "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        for line in out(&kifu(&args, None)).lines() {
            let l = line.trim_start();
            let Some(rest) = l.strip_prefix('-') else {
                continue;
            };
            let mut chars = rest.chars();
            let (Some(short), Some(',')) = (chars.next(), chars.next()) else {
                continue;
            };
            let long: String = chars
                .as_str()
                .trim_start()
                .trim_start_matches("--")
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            meanings
                .entry(short)
                .or_default()
                .entry(long)
                .or_default()
                .push(name.clone());
        }
    }
    assert_eq!(
        meanings[&'p'].keys().collect::<Vec<_>>(),
        ["position"],
        "{meanings:?}"
    );
    assert!(meanings[&'p']["position"].contains(&"render".to_string()));
    for (short, longs) in &meanings {
        assert_eq!(longs.len(), 1, "-{short} means {longs:?}");
    }
}

/// `--ranks` defaults alike in `convert` and `render`: letters for Wa, kanji for Gufū.
#[test]
fn convert_and_render_default_ranks_alike() {
    let converted = out(&kifu(&["convert", "-"], Some(WA.as_bytes())));
    assert!(converted.contains("2. SP-8f SPx8f *"), "{converted}");
    // The caption names the last move as the notation writes it.
    let svg = |args: &[&str], input: &str| {
        let mut all = vec!["render", "-", "--text-glyphs"];
        all.extend(args);
        let o = kifu(&all, Some(input.as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        out(&o)
    };
    let wa = svg(&[], WA);
    assert!(wa.contains("SPx8f"), "{wa}");
    assert!(!wa.contains("SPx8六"));
    assert!(svg(&["--ranks", "kanji"], WA).contains("SPx8六"));
    let converted = out(&kifu(&["convert", "-"], Some(GUFU.as_bytes())));
    assert!(converted.contains("14. Wx2二>S 0-1"), "{converted}");
    assert!(svg(&[], GUFU).contains("Wx2二&gt;S"));
    assert!(svg(&["--ranks", "letters"], GUFU).contains("Wx2b&gt;S"));
    assert!(
        out(&kifu(
            &["convert", "-", "--ranks", "letters"],
            Some(GUFU.as_bytes())
        ))
        .contains("14. Wx2b>S\n0-1")
    );
    // One definition, one help text.
    let help = |cmd: &str| {
        out(&kifu(&[cmd, "--help"], None))
            .split("--ranks <RANKS>")
            .nth(1)
            .map(|s| s.split("\n\n").next().unwrap_or("").to_string())
    };
    assert_eq!(help("convert"), help("render"));
}

/// `-j 0` is all cores, in every command that has `-j`, and the help says so.
#[test]
fn threads_zero_means_all_cores() {
    for name in subcommands() {
        let help = out(&kifu(&[&name, "--help"], None));
        if help.contains("-j, --threads") {
            assert!(help.contains("0 for all cores"), "{name}: {help}");
        }
    }
    let two = format!("{WA}\n{GUFU}");
    let one = kifu(&["convert", "-", "-j", "1"], Some(two.as_bytes()));
    let all = kifu(&["convert", "-", "-j", "0"], Some(two.as_bytes()));
    assert_eq!(all.status.code(), Some(0), "{}", err(&all));
    assert_eq!(out(&all), out(&one));
    let o = kifu(&["validate", "-", "-j", "0"], Some(two.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

/// `convert` with standard output and standard error in one file: each problem comes after
/// the games converted before it, before the games after it.
#[test]
fn convert_keeps_stdout_and_stderr_in_order() {
    let dir = std::env::temp_dir().join(format!("kifu-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let both = dir.join("both.txt");
    let file = std::fs::File::create(&both).unwrap();
    let input = format!("{WA}\n{GUFU_BAD}\n{GUFU}");
    let mut c = command(&["convert", "-", "-j", "2"]);
    c.stdout(file.try_clone().unwrap())
        .stderr(file)
        .stdin(std::process::Stdio::piped());
    let mut child = c.spawn().unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    assert_eq!(child.wait().unwrap().code(), Some(1));
    let text = std::fs::read_to_string(&both).unwrap();
    let at = |what: &str| text.find(what).unwrap_or_else(|| panic!("{what}: {text}"));
    assert!(at("SPx8f *") < at("error["), "{text}");
    assert!(at("error[") < at("[Event \"t\"]"), "{text}");
    assert!(at("[Event \"t\"]") < at("1 file, 3 games"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An input without a game (0 bytes, blanks, comments) is 0 games and a warning
/// `empty_input`, never "game 1".
#[test]
fn an_empty_input_is_no_game() {
    for text in [
        "",
        " \n\t\n",
        "\u{feff}\n",
        "{only a comment}\n; and a line comment\n",
    ] {
        let o = kifu(&["validate", "-"], Some(text.as_bytes()));
        let e = err(&o);
        assert_eq!(o.status.code(), Some(0), "{text:?}: {e}");
        // validate writes the problems on standard output, the summary on standard error.
        assert!(
            out(&o).starts_with("<stdin>: warning[empty_input]: no game"),
            "{}",
            out(&o)
        );
        assert!(!out(&o).contains("game 1"), "{}", out(&o));
        assert!(
            e.contains("1 file, 0 games: 0 valid, 0 invalid, 1 warning, 0 plies replayed"),
            "{e}"
        );
        let o = kifu(
            &["validate", "--format", "json", "-"],
            Some(text.as_bytes()),
        );
        let lines: Vec<serde_json::Value> = out(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{}", out(&o));
        assert_eq!(lines[0]["type"], "warning");
        assert_eq!(lines[0]["kind"], "empty_input");
        assert_eq!(lines[1]["games"], 0);
        let o = kifu(&["convert", "-"], Some(text.as_bytes()));
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(out(&o), "");
        assert!(err(&o).contains("warning[empty_input]"), "{}", err(&o));
        assert!(err(&o).contains("1 file, 0 games"), "{}", err(&o));
    }
    // Tags without moves are a game, and not a valid one.
    let o = kifu(&["validate", "-"], Some(b"[Variant \"wa\"]\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("error[no_movetext]"), "{}", out(&o));
}

/// Every example of every `--help` parses: run in an empty directory (its files do not exist
/// there), none is refused as a usage error by the argument parser.
#[test]
fn every_help_example_parses() {
    let dir = std::env::temp_dir().join(format!("kifu-help-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut names = subcommands();
    names.push(String::new());
    let mut seen = 0;
    for name in names {
        let args: Vec<&str> = [name.as_str(), "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = out(&kifu(&args, None));
        let examples = help.split("Examples:\n").nth(1).unwrap_or("");
        for line in examples.lines().take_while(|l| l.starts_with("  ")) {
            let Some(words) = example_words(line) else {
                continue;
            };
            if let Err(e) = parses(&words, &dir) {
                panic!("kifu {name} --help: {e}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 30, "{seen} examples");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-q` quiets stats and analyze as it quiets validate: their warnings are not printed (the
/// output is the same), errors still are.
#[test]
fn quiet_stats_and_analyze() {
    // A file in Shift_JIS: stats warns that it was read as such.
    let sjis = shift_jis(JAPANESE);
    let loud = kifu(&["stats", "-"], Some(&sjis));
    assert_eq!(loud.status.code(), Some(0), "{}", err(&loud));
    assert!(err(&loud).contains("warning[encoding]"), "{}", err(&loud));
    for q in ["-q", "--quiet"] {
        let quiet = kifu(&["stats", "-", q], Some(&sjis));
        assert_eq!(quiet.status.code(), Some(0), "{}", err(&quiet));
        assert_eq!(err(&quiet), "");
        assert_eq!(out(&quiet), out(&loud));
    }
    // A Result tag that contradicts the game: analyze warns.
    let wrong = GUFU.replace("0-1", "1-0");
    let loud = kifu(&["analyze", "-"], Some(wrong.as_bytes()));
    assert_eq!(loud.status.code(), Some(0), "{}", err(&loud));
    assert!(
        err(&loud).contains("warning[result_mismatch]"),
        "{}",
        err(&loud)
    );
    let quiet = kifu(&["analyze", "-", "-q"], Some(wrong.as_bytes()));
    assert_eq!(quiet.status.code(), Some(0), "{}", err(&quiet));
    assert_eq!(err(&quiet), "");
    assert_eq!(out(&quiet), out(&loud));
    // Errors are still printed.
    let bad = kifu(&["analyze", "-", "-q"], Some(GUFU_BAD.as_bytes()));
    assert_eq!(bad.status.code(), Some(1));
    assert!(err(&bad).contains("error["), "{}", err(&bad));
}

/// `--format` means one thing in every command: the form of what the command writes, with the
/// same words `text|json` wherever the answer is text or JSON (`human` still accepted). In
/// convert (and analyze), `--format` is the output format, another name for `--to`: `convert
/// --format json` writes JSON, not PSN with a JSON problem report (19.12); the problem report
/// is `--report`.
#[test]
fn format_means_the_output_format_in_every_command() {
    let game = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E *\n";
    let to = kifu(&["convert", "--to", "json", "-"], Some(game.as_bytes()));
    let format = kifu(&["convert", "--format", "json", "-"], Some(game.as_bytes()));
    assert_eq!(format.status.code(), Some(0), "{}", err(&format));
    assert_eq!(out(&to), out(&format));
    assert!(out(&format).contains("\"K*2三>W\""), "{}", out(&format));
    // Both at once: clap says it is the same option given twice.
    let both = kifu(
        &["convert", "--to", "csv", "--format", "json", "-"],
        Some(game.as_bytes()),
    );
    assert_eq!(both.status.code(), Some(2));
    // The problem report: --report text|json.
    let bad = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*2三>E *\n";
    let o = kifu(&["convert", "--report", "json", "-"], Some(bad.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    let first = err(&o).lines().next().unwrap_or("").to_string();
    assert!(first.starts_with('{'), "{}", err(&o));
    // text and json in every command with an answer; human is text.
    for cmd in [
        vec!["validate", "-"],
        vec!["stats", "-"],
        vec!["solve", "--variant", "gufu"],
        vec![
            "mate",
            "--variant",
            "gufu",
            "--position",
            "Sske/2/KwWn b - 5",
        ],
    ] {
        let input = Some(game.as_bytes());
        let run = |f: &str| {
            let mut args = cmd.clone();
            args.extend(["--format", f]);
            kifu(&args, input)
        };
        let (text, human, json) = (run("text"), run("human"), run("json"));
        assert_eq!(text.status.code(), Some(0), "{cmd:?}: {}", err(&text));
        assert_eq!(out(&text), out(&human), "{cmd:?}");
        assert_ne!(out(&text), out(&json), "{cmd:?}");
        let bad = run("yaml");
        assert_eq!(bad.status.code(), Some(2), "{cmd:?}");
        assert!(
            err(&bad).contains("[possible values: text, json]"),
            "{}",
            err(&bad)
        );
    }
}

/// One style for every message on standard error (19.24): `error[KIND]: ...` (the place
/// first when there is one), clap's errors too; no temporary name, no byte offset, plurals
/// that agree, sides capitalised, Wa ranks as letters.
#[test]
fn every_message_speaks_one_style() {
    let game = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E *\n";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["validate", "--bogus"],
            "error[usage]: unexpected argument '--bogus'",
        ),
        (vec!["frobnicate"], "error[usage]: unrecognized subcommand"),
        (
            vec!["convert", "-", "-o", "/nonexistent/dir/x.psn"],
            "error[io]: cannot write /nonexistent/dir/x.psn: No such file or directory",
        ),
        (
            vec![
                "perft",
                "--variant",
                "wa",
                "--position",
                "1z9/11 b - 1",
                "1",
            ],
            "error[bad_position]: bad --position: unknown piece letter 'z'\n  | 1z9/11 b - 1\n  |  ^\n",
        ),
        (
            vec!["mate", "--variant", "gufu", "--position", "2/2/3 b - 1"],
            "error[bad_position]: bad --position: rank 三 has more than 2 squares",
        ),
        (
            vec![
                "render",
                "--variant",
                "wa",
                "--position",
                "11/11/11/11/11/11/11/11/11/11/11 b - 1",
            ],
            "Black has no Crane King",
        ),
        (
            vec!["render", "--variant", "wa", "--position", "10/11 b - 1"],
            "rank a has 10 squares, not 11",
        ),
        (
            vec!["solve", "--variant", "wa"],
            "error[usage]: only Gufū can be solved",
        ),
        (
            vec!["stats", "/nonexistent/g.psn"],
            "1 input could not be read",
        ),
    ];
    for (args, want) in cases {
        let o = kifu(&args, Some(game.as_bytes()));
        let e = err(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(format!("{}{e}", out(&o)).contains(want), "{args:?}: {e}");
        for bad in ["kifu:", ".kifu-", ".tmp", "at byte", "(os error 2)\" at"] {
            assert!(!e.contains(bad), "{args:?}: {bad}: {e}");
        }
        for l in e.lines().filter(|l| l.contains("error")) {
            assert!(l.contains("error["), "{args:?}: {l}");
        }
    }
    // The plurals of a summary.
    let o = kifu(&["stats", "-"], Some(game.as_bytes()));
    assert!(
        out(&o).starts_with("1 game in 1 file: 1 valid"),
        "{}",
        out(&o)
    );
}

/// `kifu perft RECORD --ply N DEPTH`: the count from a record's position, the same as from
/// its position string.
#[test]
fn perft_from_a_record() {
    let game = "fixtures/xboard/crazywa-01.pgn";
    let o = kifu(&["perft", game, "--ply", "40", "2"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let csv = out(&kifu(&["convert", game, "--to", "csv"], None));
    let fen = csv
        .lines()
        .nth(40)
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .to_string();
    let by_fen = kifu(&["perft", "-v", "wa", "-p", &fen, "2"], None);
    assert_eq!(out(&o), out(&by_fen));
    assert_ne!(out(&o), out(&kifu(&["perft", "-v", "wa", "2"], None)));
    // The depth after the record, before or after the options; --ply 0 is the start.
    let o = kifu(&["perft", "--ply", "0", game, "2", "--divide"], None);
    assert!(out(&o).ends_with("\n2601\n"), "{}", out(&o));
    // Still a lone depth without a record.
    assert_eq!(out(&kifu(&["perft", "-v", "wa", "2"], None)), "2601\n");
    for bad in [
        &["perft", game, "--ply", "123", "2"][..],
        &["perft", game, "--game", "2", "2"],
        &["perft", game],
        &["perft", "-v", "wa", "--ply", "3", "2"],
        &["perft", "2"],
    ] {
        assert_eq!(kifu(bad, None).status.code(), Some(2), "{bad:?}");
    }
    let o = kifu(
        &["perft", "fixtures/invalid/cannot_move_that_way.psn", "1"],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
}

/// A standard error that no one reads (its pipe closed) loses the messages, never the run:
/// the exit status is the one the run earns, not a panic's 101.
#[test]
fn a_closed_standard_error_is_not_a_crash() {
    for (args, want) in [
        (vec!["validate", "fixtures/gufu"], 0),
        (
            vec!["validate", "fixtures/invalid/two_sparrow_pawns.psn"],
            1,
        ),
        (vec!["convert", "fixtures/invalid/two_sparrow_pawns.psn"], 1),
        (vec!["stats", "/nonexistent/g.psn"], 2),
        (
            vec!["perft", "--variant", "gufu", "--position", "x", "1"],
            2,
        ),
        (vec!["validate", "--bogus"], 2),
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(&args)
            .current_dir(manifest())
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(writer)
            .status()
            .unwrap();
        assert_eq!(o.code(), Some(want), "{args:?}");
    }
}
