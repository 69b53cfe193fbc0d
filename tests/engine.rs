//! Real engines through `kifu match` and `kifu::engine`: Debian's HaChu (`hachu`, Wa without
//! drops) and CrazyWa (`crazywa`, with drops). Without them the tests are skipped, with a
//! message; with the environment variable `CI` set they fail instead (`.ci/run` installs
//! them). The wrappers in tests/data/engines/ make an engine log its lines, crash, hang or
//! send an illegal move.

use kifu::Variant;
use kifu::engine::{Config, Engine, Limit, Score};
use kifu::rules::Position as _;
use kifu::wa::Position;
use kifu::wa::notation::wa_engine;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A fresh scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("kifu-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// The engine's path, or None after saying the test is skipped (a failure under CI).
fn engine(name: &str) -> Option<String> {
    let path = format!("/usr/games/{name}");
    if Path::new(&path).exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{path} is missing, and CI is set: the engine tests must run (apt-get install {name})"
    );
    eprintln!("skipped: {path} is missing (apt-get install {name})");
    None
}

fn wrapper(name: &str) -> String {
    format!("{}/tests/data/engines/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn kifu(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs")
}

/// The moves of each game of a record file in engine coordinates (`--notation xboard`).
fn games_moves(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    for game in text.split("\n[Event ").filter(|g| !g.trim().is_empty()) {
        let body = game.split("\n\n").nth(1).unwrap_or("");
        let mut moves = Vec::new();
        let mut depth = 0;
        for w in body.split_whitespace() {
            let opens = w.matches('{').count();
            let closes = w.matches('}').count();
            if depth > 0 || opens > 0 {
                depth = depth + opens - closes;
                continue;
            }
            if w.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
                continue;
            }
            moves.push(w.to_string());
        }
        games.push(moves);
    }
    games
}

/// The `move` lines an engine wrote, per game (a game starts with HaChu's `setup` line, which
/// it writes after each `variant` command).
fn logged_moves(log: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(log).expect("the log");
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in text.lines() {
        if line.starts_with("setup (") {
            games.push(Vec::new());
        } else if let Some(m) = line.strip_prefix("move ") {
            games.last_mut().expect("a game").push(m.trim().to_string());
        }
    }
    games
}

/// No process of a test's wrappers is left (killed and reaped: nothing that names `marker`).
fn assert_no_process(marker: &str) {
    let ps = Command::new("ps")
        .args(["-eo", "stat,args"])
        .output()
        .unwrap();
    let ps = String::from_utf8_lossy(&ps.stdout);
    let left: Vec<&str> = ps.lines().filter(|l| l.contains(marker)).collect();
    assert!(left.is_empty(), "processes left: {left:?}");
}

#[test]
fn hachu_against_itself_two_games_judged_and_recorded() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-match");
    let (a, b) = (dir.join("a"), dir.join("b"));
    let cmd = |log: &PathBuf| format!("{} {} {hachu}", wrapper("logged"), log.display());
    let out = dir.join("games.pgn");
    let r = kifu(&[
        "match",
        "--engine",
        &cmd(&a),
        "--engine",
        &cmd(&b),
        "--variant",
        "wa-nodrop",
        "--games",
        "2",
        "--tc",
        "0:03+0.05",
        "--max-plies",
        "40",
        "--notation",
        "xboard",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(
        stdout.contains("Score of HaChu 0.21 vs HaChu 0.21: ")
            && stdout.contains("Elo difference: "),
        "{stdout}\n{stderr}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let games = games_moves(&text);
    assert_eq!(games.len(), 2, "{text}");
    // Every game kifu writes validates.
    let v = kifu(&["validate", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    // The moves are exactly the engines' own `move` lines: in game 1 the first engine moves
    // first, in game 2 the second. An illegal move (HaChu sometimes walks its King into check)
    // ends a game and is not in the record: it is then the engine's last move of that game.
    let (la, lb) = (
        logged_moves(&a.with_extension("out")),
        logged_moves(&b.with_extension("out")),
    );
    for (g, moves) in games.iter().enumerate() {
        let (first, second) = if g == 0 {
            (&la[g], &lb[g])
        } else {
            (&lb[g], &la[g])
        };
        let mut sent: Vec<&String> = Vec::new();
        for i in 0..first.len().max(second.len()) {
            sent.extend(first.get(i));
            sent.extend(second.get(i));
        }
        let illegal = text
            .split("\n[Event ")
            .nth(g)
            .is_some_and(|t| t.contains("illegal move"));
        let expected = if illegal { sent.len() - 1 } else { sent.len() };
        assert_eq!(
            moves.len(),
            expected,
            "game {}: {moves:?} vs {sent:?}",
            g + 1
        );
        for (m, s) in moves.iter().zip(&sent) {
            assert_eq!(m, *s, "game {}", g + 1);
        }
    }
    // The same games in XBoard's SAN validate too.
    assert!(text.contains("[Variant \"wa-nodrop\"]"), "{text}");
}

#[test]
fn a_crash_mid_game_loses_and_the_match_goes_on() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-crash");
    let out = dir.join("games.pgn");
    let crashing = format!("{} 3 {hachu}", wrapper("crash-at"));
    let r = kifu(&[
        "match",
        "--engine",
        &crashing,
        "--engine",
        &hachu,
        "--variant",
        "wa-nodrop",
        "--games",
        "2",
        "--depth",
        "2",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert_eq!(r.status.code(), Some(1), "{stderr}");
    // Killed at its third move, in both games (restarted for the second): 0 - 2 - 0.
    assert!(stdout.contains(": 0 - 2 - 0"), "{stdout}");
    let reports = stderr.lines().filter(|l| {
        l.starts_with("error[engine]: game ") && l.contains("crashed: killed by signal 9")
    });
    assert_eq!(reports.count(), 2, "{stderr}");
    assert!(stderr.contains("(position "), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2, "{text}");
    assert!(
        text.contains("crashed: killed by signal 9 (SIGKILL)} 0-1"),
        "{text}"
    );
    assert!(
        text.contains("crashed: killed by signal 9 (SIGKILL)} 1-0"),
        "{text}"
    );
    // Each game has the moves played before the crash: 2 + 2 (game 1), 3 + 2 (game 2).
    let games = games_moves(&text);
    assert_eq!([games[0].len(), games[1].len()], [4, 5], "{games:?}");
    assert!(kifu(&["validate", out.to_str().unwrap()]).status.success());
}

#[test]
fn a_hung_engine_is_killed_and_loses_on_time() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-hang");
    let out = dir.join("games.pgn");
    // A marker in the command line, to find what is left of the wrapper afterwards.
    let marker = format!("{}", dir.display());
    let hanging = format!("{} 2 {hachu} {marker}", wrapper("hang-at"));
    let started = Instant::now();
    let r = kifu(&[
        "match",
        "--engine",
        &hanging,
        "--engine",
        &hachu,
        "--variant",
        "wa-nodrop",
        "--games",
        "1",
        "--movetime",
        "1000",
        "--margin",
        "300",
        "-o",
        out.to_str().unwrap(),
    ]);
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("hung: no move after 1."), "{stderr}");
    // Its first move (1 s), the opponent's (1 s), then 1.3 s of waiting: not much more.
    assert!(took < Duration::from_secs(10), "{took:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("lost on time (no move: killed)} 0-1"),
        "{text}"
    );
    assert_no_process(&marker);
}

#[test]
fn an_illegal_move_is_caught_and_loses() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-illegal");
    let out = dir.join("games.pgn");
    // Its second move becomes a1a5: the Oxcart on a1 is blocked by the Sparrow on a2... or,
    // moving second, a1 holds the other side's piece.
    let cheating = format!("{} 2 a1a5 {hachu}", wrapper("rewrite-move"));
    let r = kifu(&[
        "match",
        "--engine",
        &cheating,
        "--engine",
        &hachu,
        "--variant",
        "wa-nodrop",
        "--games",
        "2",
        "--depth",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert_eq!(r.status.code(), Some(1), "{stderr}");
    assert!(stdout.contains(": 0 - 2 - 0"), "{stdout}");
    assert!(
        stderr.contains("engine HaChu 0.21: illegal move a1a5: the path is blocked on a"),
        "{stderr}"
    );
    assert!(stderr.contains("illegal move a1a5: the piece on a1 belongs to the other side"));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        !games_moves(&text).iter().flatten().any(|m| m == "a1a5"),
        "{text}"
    );
    assert!(kifu(&["validate", out.to_str().unwrap()]).status.success());
}

#[test]
fn crazywa_analyses_a_position() {
    let Some(crazywa) = engine("crazywa") else {
        return;
    };
    let config = Config::from_command_line(&crazywa).unwrap();
    let mut e = Engine::start(&config).expect("CrazyWa starts");
    assert_eq!(e.name(), "CrazyWa 1.0.5");
    assert!(e.plays(Variant::Wa));
    // After 1. h3g4 (the Running Rabbit) g11g10: a position set up with setboard, depth 3
    // (Debian's build crashes deeper in its first search).
    let start = Position::start(Variant::Wa);
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for text in ["h3g4", "g11g10"] {
        let m = kifu::engine::moves::read(&pos, text, false).unwrap();
        pos.play(&m).unwrap();
        moves.push(m);
    }
    e.set_position(&start, &moves, Limit::Depth(3)).unwrap();
    let s = e
        .go(&pos, None, Instant::now() + Duration::from_secs(30))
        .expect("a move");
    let best = s.best.expect("a move, not a claim");
    assert!(pos.is_legal(&best));
    let info = s.info.expect("thinking lines");
    assert_eq!(info.depth, 3);
    assert!(matches!(info.score, Score::Cp(_)), "{:?}", info.score);
    assert!(info.pv_error.is_none(), "{:?}", info.pv_error);
    assert_eq!(info.pv.len(), 3, "{:?}", info.pv);
    // The PV was checked move by move; it starts with the move played.
    assert_eq!(wa_engine(&info.pv[0]), wa_engine(&best));
    let pid = e.pid();
    drop(e);
    // Quit, killed if need be, and reaped: no such process any more.
    assert!(!Path::new(&format!("/proc/{pid}")).exists());
}

/// `kifu analyze INPUT --engine ENGINE --depth DEPTH` to `to` (csv or psn) in `dir`: the
/// output, and standard error. The exit status is 0, or 1 where the engine failed at some
/// position (Debian's CrazyWa crashes on some), which is then said on standard error.
fn analyze(dir: &Path, input: &str, engine: &str, depth: u32, to: &str) -> (String, String) {
    let out = dir.join(format!("analysed.{to}"));
    let depth = depth.to_string();
    let r = kifu(&[
        "analyze",
        input,
        "--engine",
        engine,
        "--depth",
        &depth,
        "--to",
        to,
        "-j",
        "2",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr).to_string();
    let failed = stderr.contains("error[engine]: ");
    assert_eq!(r.status.code(), Some(i32::from(failed)), "{stderr}");
    (std::fs::read_to_string(&out).unwrap(), stderr)
}

/// The rows of an engine analysis in CSV, after checking its header.
fn csv_rows(text: &str) -> Vec<Vec<&str>> {
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("file,game,ply,move,score,depth,best,pv,nag,mate")
    );
    lines.map(|l| l.split(',').collect()).collect()
}

/// `kifu analyze --engine` on a fixture game: one CSV row per ply, scored, with a best move
/// and a PV that starts with it; the annotated record validates.
/// Returns the CSV and the annotated record.
fn analyze_fixture(engine: &str, fixture: &str, plies: usize) -> (String, String) {
    let dir = scratch(&format!("engine-analyze-{}", fixture.replace('.', "-")));
    let input = format!("{}/fixtures/xboard/{fixture}", env!("CARGO_MANIFEST_DIR"));
    let (text, stderr) = analyze(&dir, &input, engine, 2, "csv");
    let rows = csv_rows(&text);
    assert_eq!(rows.len(), plies, "{text}");
    // A move without a thinking line has no score (HaChu sends none at some depths).
    let scored: Vec<_> = rows.iter().filter(|r| !r[6].is_empty()).collect();
    // Debian's CrazyWa crashes on some positions (reported on standard error, the rest kept).
    assert!(scored.len() * 2 > plies, "{text}\n{stderr}");
    for r in scored {
        assert!(
            r[4].is_empty() || r[4].starts_with(['+', '-', '#']),
            "{r:?}"
        );
        assert!(
            r[5].is_empty() || r[5].parse::<u32>().unwrap() >= 1,
            "{r:?}"
        );
        assert_eq!(r[7].split(' ').next(), Some(r[6]), "{r:?}");
    }
    let (annotated, _) = analyze(&dir, &input, engine, 2, "psn");
    let path = dir.join("analysed.psn");
    let v = kifu(&["validate", path.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    (text, annotated)
}

/// Where kifu proves a mate, its value is the score, whatever the engine says (HaChu at depth
/// 1 sees no mate in 3, and scores the mating move a blunder), and the verdicts follow.
#[test]
fn kifu_proven_mates_win_over_the_engine_score() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-mate");
    let input = format!(
        "{}/tests/data/nodrop-mate-in-3.psn",
        env!("CARGO_MANIFEST_DIR")
    );
    let (text, _) = analyze(&dir, &input, &hachu, 1, "csv");
    let rows = csv_rows(&text);
    let column = |game: &str, c: usize| -> Vec<&str> {
        rows.iter().filter(|r| r[1] == game).map(|r| r[c]).collect()
    };
    // The mating line: the scores count down, no move is `?` or `??`.
    assert_eq!(column("1", 4), ["#3", "#-2", "#2", "#-1", "#1"], "{text}");
    assert_eq!(column("1", 8), ["", "", "", "", ""], "{text}");
    assert_eq!(
        column("1", 9),
        [
            "mate in 3",
            "mated in 2",
            "mate in 2",
            "mated in 1",
            "mate in 1"
        ]
    );
    // The mate let go: `?`, as plain `kifu analyze` says.
    assert_eq!(column("2", 4)[0], "#3", "{text}");
    assert_eq!(column("2", 8)[0], "$2", "{text}");
    assert_eq!(column("2", 9), ["mate in 3", "no mate within 3"]);
    let (psn, _) = analyze(&dir, &input, &hachu, 1, "psn");
    assert!(
        psn.contains("106. +FF-9c {#3 (kifu: mate in 3; engine: "),
        "{psn}"
    );
    assert!(psn.contains("106. LH-1i $2 {#3 (kifu: mate in 3"), "{psn}");
    let path = dir.join("analysed.psn");
    assert!(kifu(&["validate", path.to_str().unwrap()]).status.success());
}

#[test]
fn hachu_analyses_an_xboard_game() {
    let Some(hachu) = engine("hachu") else { return };
    let (csv, text) = analyze_fixture(&hachu, "hachu-09.pgn", 100);
    // Every position searched to the depth asked for (HaChu needs a clock for that too:
    // without one it stops after its first iteration).
    for r in csv_rows(&csv) {
        assert!(r[5].parse::<u32>().is_ok_and(|d| d >= 2), "{r:?}\n{csv}");
    }
    assert!(
        text.contains("[Annotator \"kifu analyze --engine HaChu 0.21\"]"),
        "{text}"
    );
    // XBoard's SAN kept, kifu's comments added: `{+0.00/1}`.
    let input = format!(
        "{}/fixtures/xboard/hachu-09.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let before = std::fs::read_to_string(input)
        .unwrap()
        .matches("/2}")
        .count();
    assert!(text.matches("/2}").count() >= before + 50, "{text}");
}

/// The commands that set up positions and ask for moves, in order (`new`, `undo`, `remove`,
/// `setboard`, `usermove`, `go`), from a log of what kifu sent.
fn setup_commands(sent: &str) -> Vec<&str> {
    sent.lines()
        .filter(|l| {
            ["new", "undo", "remove", "go"].contains(l)
                || l.starts_with("usermove ")
                || l.starts_with("setboard ")
        })
        .collect()
}

/// An analysis sets the engine up once, then moves it along the game on its own board: after
/// each search the engine has played its own move, so nothing is sent when that was the
/// game's move, else `undo` and the game's move; each followed by a ping that is answered.
/// (A fake engine whose moves are known: the game's, then another, then the game's.)
#[test]
fn an_analysis_sets_the_engine_up_once_and_moves_it_along_the_game() {
    let dir = scratch("engine-incremental");
    let game = dir.join("game.pgn");
    std::fs::write(
        &game,
        "[Event \"fake\"]\n[Variant \"wa-shogi\"]\n\n1. h3g4 g9g8 2. d3f5 d9e8 *\n",
    )
    .unwrap();
    let log = dir.join("fake.log");
    // The fake's move at each of the five positions: the game's, another (d9e8 instead of
    // g9g8), the game's twice, and one at the end.
    let cmd = format!(
        "{} {} h3g4 d9e8 d3f5 d9e8 e3e4",
        wrapper("fake"),
        log.display()
    );
    let r = kifu(&[
        "analyze",
        game.to_str().unwrap(),
        "--engine",
        &cmd,
        "--depth",
        "1",
        "--to",
        "csv",
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        setup_commands(&sent),
        ["new", "go", "go", "undo", "usermove g9g8", "go", "go", "go"],
        "{sent}"
    );
    // A ping after the set-up and after each move sent: 1 at the start, 1 for the new game,
    // 4 for the positions after it.
    assert_eq!(
        sent.lines().filter(|l| l.starts_with("ping ")).count(),
        6,
        "{sent}"
    );
    // Every position scored, from the fake's thinking line.
    let rows = csv_rows(std::str::from_utf8(&r.stdout).unwrap());
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r[4] == "+0.10"), "{rows:?}");
}

/// HaChu takes no move back (its `undo` replays the game from its start and hangs at ply 29
/// of hachu-09): it is moved on where its own move was the game's, and given a new game
/// (`new` and the moves) where it was not; never `undo`. Every position analysed.
#[test]
fn hachu_is_moved_along_the_game_where_it_chose_the_game_move() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-incremental-hachu");
    let log = dir.join("hachu");
    let cmd = format!("{} {} {hachu}", wrapper("logged"), log.display());
    let root = env!("CARGO_MANIFEST_DIR");
    let input = format!("{root}/fixtures/xboard/hachu-09.pgn");
    let r = kifu(&[
        "analyze", &input, "--engine", &cmd, "--depth", "2", "--to", "csv",
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let game: Vec<String> =
        std::fs::read_to_string(format!("{root}/fixtures/xboard/hachu-09.engine.txt"))
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect();
    let sent = std::fs::read_to_string(log.with_extension("in")).unwrap();
    let said = std::fs::read_to_string(log.with_extension("out")).unwrap();
    let own: Vec<&str> = said
        .lines()
        .filter_map(|l| l.strip_prefix("move "))
        .map(str::trim)
        .collect();
    // One search a position: before each of the 100 moves, and the last position.
    assert_eq!(own.len(), game.len() + 1, "{said}");
    // The expected commands: a new game with the moves so far after each search whose move
    // was not the game's; nothing after one that was.
    let mut expected = vec!["new".to_string(), "go".to_string()];
    for (i, g) in game.iter().enumerate() {
        if own[i] != g {
            expected.push("new".into());
            expected.extend(game[..=i].iter().map(|m| format!("usermove {m}")));
        }
        expected.push("go".into());
    }
    assert!(own.iter().zip(&game).any(|(o, g)| o == g), "{said}");
    assert_eq!(setup_commands(&sent), expected, "{sent}");
    let pings = sent.lines().filter(|l| l.starts_with("ping ")).count();
    let pongs = said.lines().filter(|l| l.starts_with("pong ")).count();
    assert_eq!(pongs, pings);
}

#[test]
fn crazywa_analyses_an_xboard_game() {
    let Some(crazywa) = engine("crazywa") else {
        return;
    };
    let (_, text) = analyze_fixture(&crazywa, "crazywa-09.pgn", 45);
    assert!(
        text.contains("[Annotator \"kifu analyze --engine CrazyWa 1.0.5\"]"),
        "{text}"
    );
}

/// `--movetime`: HaChu stops by its clock (`time`, sent so that it aborts its search at the
/// time per move), so its move comes within the time (and a margin for the last nodes and
/// the pipe), with a fraction of a second honoured: 700 ms is not rounded up to `st 1`'s
/// second.
#[test]
fn hachu_moves_within_its_movetime() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-movetime");
    let log = dir.join("hachu");
    let cmd = format!("{} {} {hachu}", wrapper("logged"), log.display());
    let mut e = Engine::start(&Config::from_command_line(&cmd).unwrap()).expect("HaChu starts");
    let movetime = Duration::from_millis(700);
    let start = Position::start(Variant::WaNoDrop);
    let mut pos = start.clone();
    e.set_position(&start, &[], Limit::MoveTime(movetime))
        .unwrap();
    let mut longest = Duration::ZERO;
    for _ in 0..6 {
        let s = e
            .go(&pos, None, Instant::now() + Duration::from_secs(5))
            .expect("a move");
        let m = s.best.expect("a move");
        longest = longest.max(s.elapsed);
        // The engine's own time, from its thinking lines (centiseconds).
        if let Some(t) = &s.info {
            assert!(t.centis <= 70, "{t:?}");
        }
        // Its own move is on its board already: it plays on, both sides, in force mode.
        pos.play(&m).unwrap();
    }
    assert!(
        longest <= movetime + Duration::from_millis(150),
        "{longest:?}"
    );
    drop(e);
    let sent = std::fs::read_to_string(log.with_extension("in")).unwrap();
    // 700 ms × 1.02 = 71 centiseconds: HaChu aborts at 5/5.1 of it, 696 ms.
    assert_eq!(sent.matches("time 71\n").count(), 6, "{sent}");
    assert!(sent.contains("st 1\n"), "{sent}");
}

#[test]
fn a_match_plays_its_openings_in_turn_each_twice_with_repeat() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-openings");
    let fen = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - 0 1";
    let lines = dir.join("lines.pgn");
    let opening = |moves: &str| {
        format!(
            "[Event \"opening\"]\n[Variant \"wa-shogi\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n\n"
        )
    };
    std::fs::write(
        &lines,
        opening("1. h3g4 g9g8 2. d3f5 d9e8") + &opening("1. e3e4 g9g8"),
    )
    .unwrap();
    let out = dir.join("games.pgn");
    let (a, b) = (dir.join("a"), dir.join("b"));
    let cmd = |log: &PathBuf| format!("{} {} {hachu}", wrapper("logged"), log.display());
    let r = kifu(&[
        "match",
        "--engine",
        &cmd(&a),
        "--engine",
        &cmd(&b),
        "--variant",
        "wa-nodrop",
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "8",
        "--openings",
        lines.to_str().unwrap(),
        "--repeat",
        "--notation",
        "xboard",
        "-o",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let games = games_moves(&text);
    assert_eq!(
        games.len(),
        4,
        "{text}\n{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let first = ["h3g4", "g9g8", "d3f5", "d9e8"];
    let second = ["e3e4", "g9g8"];
    for (g, opening) in [(0, &first[..]), (1, &first), (2, &second), (3, &second)] {
        assert_eq!(
            &games[g][..opening.len()],
            opening,
            "game {}: {:?}",
            g + 1,
            games[g]
        );
        // The engines played on from the opening: they did not replay it.
        assert!(
            games[g].len() > opening.len(),
            "game {}: {:?}",
            g + 1,
            games[g]
        );
    }
    // With --repeat, the engines swap colours on the same opening: the engine that moved
    // first after the opening in game 1 moves second after it in game 2. Engine a's first
    // `move` of each game, in the engine's log, is then its first or second move after it.
    let (la, lb) = (
        logged_moves(&a.with_extension("out")),
        logged_moves(&b.with_extension("out")),
    );
    assert_eq!((la.len(), lb.len()), (4, 4), "{la:?} {lb:?}");
    // Game 1, opening of 4 plies: ply 5 is the first mover's, engine a's (it is "first").
    assert_eq!(games[0][4], la[0][0], "game 1: {:?} {la:?}", games[0]);
    // Game 2: engine b moves first, so ply 5 is b's.
    assert_eq!(games[1][4], lb[1][0], "game 2: {:?} {lb:?}", games[1]);
    let v = kifu(&["validate", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

/// `analyze --engine --nodes`: a node count per position, for engines with `feature nps`
/// (CrazyWa); HaChu has none, which is said once, before any game: the run cannot do what
/// was asked (exit status 2, nothing written, an old -o file kept).
#[test]
fn a_node_limit_is_refused_once_for_an_engine_without_nps() {
    let Some(hachu) = engine("hachu") else { return };
    let dir = scratch("engine-nodes");
    let input = format!(
        "{}/fixtures/xboard/hachu-09.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = kifu(&[
        "analyze", &input, "--engine", &hachu, "--nodes", "3000", "--to", "csv",
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error[engine]: engine HaChu 0.21: unsupported: a node limit (it has no feature nps)",
    );
    assert!(
        r.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&r.stdout)
    );
    let out = dir.join("plies.csv");
    std::fs::write(&out, "old\n").unwrap();
    let r = kifu(&[
        "analyze",
        &input,
        "--engine",
        &hachu,
        "--nodes",
        "3000",
        "--to",
        "csv",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n");
}

/// An engine that does not start: said once, exit status 2, nothing written (no engine
/// needed).
#[test]
fn an_engine_that_does_not_start_stops_the_analysis() {
    let input = format!(
        "{}/fixtures/xboard/hachu-09.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let missing = "/nonexistent/kifu-test-engine";
    let r = kifu(&["analyze", &input, "--engine", missing, "--to", "csv"]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "error[engine]: engine {missing}: cannot start: {missing}: "
        )),
        "{stderr}"
    );
    assert!(r.stdout.is_empty());
}

/// An engine that crashes mid-game is restarted and the rest of the game analysed; each
/// position it failed at is said, and the exit status is 1 (not every position analysed).
#[test]
fn a_crash_mid_analysis_is_reported_and_the_status_is_1() {
    let Some(hachu) = engine("hachu") else { return };
    let input = format!(
        "{}/fixtures/xboard/hachu-09.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    // Killed at its 40th search (the wrapper counts again after each restart: 40, 80).
    let crashing = format!("{} 40 {hachu}", wrapper("crash-at"));
    let r = kifu(&[
        "analyze", &input, "--engine", &crashing, "--depth", "1", "--to", "csv",
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(1), "{stderr}");
    let crashes: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("crashed: killed by signal 9"))
        .collect();
    assert_eq!(crashes.len(), 2, "{stderr}");
    assert!(
        crashes[0].contains(": game 1: ply 40: engine HaChu 0.21: "),
        "{stderr}"
    );
    assert!(crashes[1].contains(": game 1: ply 80: "), "{stderr}");
    // Every row is there; only the two positions are unscored by the engine.
    let stdout = String::from_utf8_lossy(&r.stdout);
    let rows = csv_rows(&stdout);
    assert_eq!(rows.len(), 100, "{stdout}");
    assert!(rows[39][6].is_empty() && rows[79][6].is_empty(), "{stdout}");
    assert!(
        !rows[40][6].is_empty() && !rows[99][6].is_empty(),
        "{stdout}"
    );
}

#[test]
fn crazywa_analyses_with_a_node_limit() {
    let Some(crazywa) = engine("crazywa") else {
        return;
    };
    let input = format!(
        "{}/fixtures/xboard/crazywa-09.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = kifu(&[
        "analyze", &input, "--engine", &crazywa, "--nodes", "3000", "--to", "csv",
    ]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    let rows = csv_rows(&stdout);
    // Debian's CrazyWa crashes on some positions; most are scored.
    let scored = rows.iter().filter(|r| !r[4].is_empty()).count();
    assert!(
        scored * 2 > rows.len(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&r.stderr)
    );
}

/// A match with a program that cannot be started is a usage error before anything is
/// written: exit status 2, no output file, the reason said.
#[test]
fn a_match_with_an_engine_that_does_not_start_writes_nothing() {
    let dir = scratch("match-no-start");
    let out = dir.join("games.pgn");
    let r = kifu(&[
        "match",
        "--engine",
        "kifu-no-such-engine",
        "--engine",
        "kifu-no-such-engine",
        "--variant",
        "wa-nodrop",
        "--games",
        "2",
        "--movetime",
        "100",
        "-o",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert!(!out.exists());
    assert!(
        stderr.contains("cannot start: kifu-no-such-engine: ")
            && stderr.contains("(looked for on PATH and in /usr/games)"),
        "{stderr}"
    );
}
