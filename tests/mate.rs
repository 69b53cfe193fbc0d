//! `kifu mate`: forced mates on positions built by hand (known solutions, positions without a
//! mate), the search against a plain AND/OR search without table or ordering (Wa, on positions
//! from CrazyWa's games) and against the exact Gufū solution, and the command line.

use kifu::analysis::Value;
use kifu::analysis::game::{FIRST_REPLY_ORDERS, Searchable};
use kifu::analysis::mate::{Found, Mate, MateOptions, MateValue, Method, Search, line_text};
use kifu::generate::Rng;
use kifu::geometry::Color;
use kifu::gufu::solve::Solution;
use kifu::record::parse_game_str;
use kifu::replay::{self, ReplayOptions};
use kifu::rules::{PerGame, Position, Status};
use kifu::{Variant, gufu, wa};

mod analysis;
use analysis::random_gufu;

fn wa_pos(fen: &str) -> wa::Position {
    wa::Position::from_position_string(Variant::Wa, fen).unwrap()
}

fn search<P: Searchable>(p: &P, depth: u32, all_moves: bool) -> Found<P::Move> {
    Search::<P>::new(MateOptions {
        depth,
        all_moves,
        max_nodes: None,
        all_solutions: true,
        ..MateOptions::default()
    })
    .find(p)
}

fn mate<P: Searchable>(p: &P, depth: u32) -> Mate<P::Move> {
    match search(p, depth, false) {
        Found::Mate(m) => m,
        other => panic!("expected a mate, got {other:?}"),
    }
}

/// The rules doc's example: Black's Violent Wolf dropped on 1b mates (the Falcon on 5f guards
/// 1b, the King's own Oxcart and Sparrow box it in); the Sparrow drop would be the same mate
/// and is illegal. Nothing else mates.
#[test]
fn wa_mate_in_one_by_drop() {
    let p = wa_pos("9ok/9p1/11/11/11/6F4/11/11/11/11/10K[PW] w 0 1");
    let m = mate(&p, 3);
    assert_eq!(m.moves, 1);
    assert_eq!(line_text(&p, &m.line), ["VW*1b"]);
    assert_eq!(m.first_moves.len(), 1);
}

/// White's King alone on 1a; Black has a Flying Goose on 3c and a Treacherous Fox in hand.
/// First TF*1c (the Fox checks with its jump straight ahead; it covers 1b and 2b, the Goose
/// 2b) forces CK-2a; then FG-2b+ mates: promoted, the Goose slides sideways over 1b and 3b and
/// checks on 2a; 1a and 3a are the Fox's jumps, and the Fox guards 2b. Unpromoted (`FG-2b=`)
/// the Goose leaves 3b free.
#[test]
fn wa_mate_in_two_unique() {
    let p = wa_pos("10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1");
    let m = mate(&p, 3);
    assert_eq!(m.moves, 2);
    assert_eq!(line_text(&p, &m.line), ["TF*1c", "CK-2a", "FG-2b+"]);
    assert_eq!(line_text(&p, &m.first_moves), ["TF*1c"]);
    // Not a mate in one: the search is the shortest.
    assert_eq!(search(&p, 1, false), Found::None);
    // With quiet moves allowed, TF*2c leaves the King without a legal move, which loses in
    // Wa: a "mate" in one that is not a check.
    let all = match search(&p, 2, true) {
        Found::Mate(m) => m,
        other => panic!("{other:?}"),
    };
    assert_eq!(all.moves, 1);
    assert_eq!(line_text(&p, &all.line), ["TF*2c"]);
}

/// Without the Falcon, both drops check, but the King takes the dropped piece each time and
/// Black runs out of pieces: no mate by checks at any depth. Quiet moves do mate, in two:
/// SP*1c guards 1b, and after any reply VW*1b mates.
#[test]
fn wa_no_mate() {
    let p = wa_pos("9ok/9p1/11/11/11/11/11/11/11/11/10K[PW] w 0 1");
    assert_eq!(search(&p, 4, false), Found::None);
    assert_eq!(search(&p, 1, true), Found::None);
    match search(&p, 2, true) {
        Found::Mate(m) => assert_eq!(line_text(&p, &m.first_moves), ["SP*1c"]),
        other => panic!("{other:?}"),
    }
    // The start position: no check at all.
    assert_eq!(
        search(&wa::Position::start(Variant::Wa), 3, false),
        Found::None
    );
}

/// Without drops: two Flying Falcons drive the King to the corner.
#[test]
fn wa_nodrop_mate() {
    let p = wa::Position::from_position_string(
        Variant::WaNoDrop,
        "9k1/11/11/11/7F3/6F4/11/11/11/11/K10 w 0 1",
    )
    .unwrap();
    let m = mate(&p, 3);
    assert_eq!(m.moves, 3);
    assert_eq!(m.line.len(), 5);
    assert_eq!(line_text(&p, &m.first_moves), ["FF-2c+"]);
    assert_eq!(search(&p, 2, false), Found::None);
    assert_mate_line(&p, &m);
}

/// Plays a main line and checks that it is legal, that every attacker move checks and that
/// it ends in the attacker's win.
fn assert_mate_line<P: Searchable>(p: &P, m: &Mate<P::Move>) {
    let attacker = p.turn();
    let mut cur = p.clone();
    for (i, mv) in m.line.iter().enumerate() {
        assert!(cur.legal_moves().contains(mv), "ply {i} illegal");
        cur.play(mv).unwrap();
        if i % 2 == 0 {
            assert!(
                cur.in_check() || cur.outcome().is_some(),
                "ply {i} no check"
            );
        }
    }
    let o = cur.outcome().expect("the line ends the game");
    assert_eq!(o.winner, Some(attacker));
}

/// Gufū, White to move: the King takes the Kaze on 2三 and the position left is checkmate
/// for Black (found with the solver: the only winning move).
#[test]
fn gufu_mate_in_one() {
    let p = gufu::posstr::parse("Ks1/Snkw/Wn1 w - 8").unwrap();
    let m = mate(&p, 3);
    assert_eq!(m.moves, 1);
    assert_eq!(line_text(&p, &m.line), ["Kx2三>N#"]);
    assert_eq!(m.first_moves.len(), 1);
}

/// Gufū, White to move: a mate in two whose first move is unique; the exact solution agrees
/// (win in 3 plies).
#[test]
fn gufu_mate_in_two() {
    let p = gufu::posstr::parse("Kn1/1ks/SwWn w - 14").unwrap();
    let m = mate(&p, 3);
    assert_eq!(m.moves, 2);
    assert_eq!(line_text(&p, &m.first_moves), ["S-2二>N+"]);
    assert_mate_line(&p, &m);
    assert_eq!(Solution::start().value(&p), Some(Value::Win(3)));
}

/// Gufū: a position won in 9 plies, but not by checks alone within 3 moves; with every move
/// allowed the mate in 5 is found, and not before.
#[test]
fn gufu_no_checking_mate() {
    let p = gufu::posstr::parse("1ke/SeKw/1Ws b - 11").unwrap();
    assert_eq!(Solution::start().value(&p), Some(Value::Win(9)));
    assert_eq!(search(&p, 3, false), Found::None);
    assert_eq!(search(&p, 4, true), Found::None);
    match search(&p, 5, true) {
        Found::Mate(m) => {
            assert_eq!(m.moves, 5);
            assert_eq!(m.line.len(), 9);
        }
        other => panic!("{other:?}"),
    }
}

// ---- A plain search to compare with: every move, no table, no ordering. ----

/// The position after `m`, a move checked by the rules core.
fn after<P: Position>(p: &P, m: &P::Move) -> P {
    let mut n = p.clone();
    n.play(m).unwrap();
    n
}

/// Whether the game is over with `c` the winner.
fn won_by<P: Position>(p: &P, c: Color) -> bool {
    matches!(p.status(), Status::Over(o) if o.winner == Some(c))
}

/// Whether the side to move mates within `n` moves, trying every move of both sides.
fn plain_mates<P: Position>(p: &P, n: u32, checks: bool) -> bool {
    let me = p.turn();
    p.legal_moves()
        .iter()
        .any(|m| plain_mates_with(p, m, n, checks, me))
}

fn plain_mates_with<P: Position>(p: &P, m: &P::Move, n: u32, checks: bool, me: Color) -> bool {
    let next = after(p, m);
    // (Wa: the attacker's moves are checks.)
    if checks && !next.in_check() {
        return false;
    }
    if won_by(&next, me) {
        return true;
    }
    if n == 1 {
        return false;
    }
    let replies = next.legal_moves();
    !replies.is_empty()
        && replies
            .iter()
            .all(|r| plain_mates(&after(&next, r), n - 1, checks))
}

/// The CrazyWa self-play records of `fixtures/crazywa`, in name order.
fn crazywa_games() -> Vec<std::path::PathBuf> {
    let mut dir: Vec<_> = std::fs::read_dir("fixtures/crazywa")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dir.sort();
    dir
}

/// The positions of a Wa record's main line.
fn game_positions(text: &str) -> Vec<wa::Position> {
    let record = parse_game_str(text).unwrap();
    let report = replay::replay(
        &record,
        &ReplayOptions {
            default_variant: None,
            keep_moves: true,
        },
    );
    assert!(report.valid());
    let Some(PerGame::Wa(played)) = &report.played else {
        panic!("not a replayed Wa game");
    };
    let mut out = Vec::new();
    let mut steps = played.main_line(&record.movetext);
    while let Some(step) = steps.next() {
        match step {
            replay::Step::LineStart { position, .. } => out.push(position.position().clone()),
            replay::Step::Ply { after, .. } => out.push(after.position().clone()),
            replay::Step::LineEnd { .. } => {}
        }
    }
    out
}

/// The search and the plain search agree on the shortest mate (up to 2 moves, checks only)
/// and on the set of first moves that give it, on the last plies of CrazyWa's games (where the
/// mates are) and on positions from their middle games.
#[test]
fn wa_search_agrees_with_plain_search() {
    let dir = crazywa_games();
    let (mut compared, mut mates) = (0, 0);
    for (g, path) in dir.iter().enumerate().step_by(2) {
        let positions = game_positions(&std::fs::read_to_string(path).unwrap());
        let n = positions.len();
        let mut picks: Vec<usize> = (n.saturating_sub(6)..n).collect();
        picks.push(n / 2 + g % 7);
        for i in picks {
            let Some(p) = positions.get(i) else { continue };
            let expected = (1..=2).find(|&k| plain_mates(p, k, true));
            let found = search(p, 2, false);
            match (expected, &found) {
                (None, Found::None) => {}
                (Some(k), Found::Mate(m)) => {
                    assert_eq!(m.moves, k, "{} ply {i}", path.display());
                    let mut firsts: Vec<_> = p
                        .legal_moves()
                        .into_iter()
                        .filter(|mv| plain_mates_with(p, mv, k, true, p.turn()))
                        .collect();
                    let mut got = m.first_moves.clone();
                    firsts.sort_by_key(|m| format!("{m:?}"));
                    got.sort_by_key(|m| format!("{m:?}"));
                    assert_eq!(got, firsts, "{} ply {i}", path.display());
                    assert_mate_line(p, m);
                    mates += 1;
                }
                _ => panic!(
                    "{} ply {i}: plain {expected:?}, search {found:?}",
                    path.display()
                ),
            }
            compared += 1;
        }
    }
    assert!(compared > 150, "{compared}");
    assert!(mates > 20, "{mates}");
}

/// Gufū: with every move allowed, a mate in K (K ≤ 3) is exactly a win in 2K - 1 plies of the
/// exact solution, with as many first moves as the solution has moves of that value.
#[test]
fn gufu_search_agrees_with_the_solution() {
    let solution = Solution::start();
    let mut rng = Rng::new(12);
    let (mut wins, mut others) = (0, 0);
    for _ in 0..400 {
        let p = random_gufu(&mut rng, 13);
        if !p.legal_moves().is_empty() {
            let v = solution.value(&p).unwrap();
            match (v, search(&p, 3, true)) {
                (Value::Win(n), Found::Mate(m)) => {
                    assert_eq!(u32::from(n), 2 * m.moves - 1, "{}", gufu::posstr::write(&p));
                    let best = solution.moves(&p);
                    let quickest = best.iter().filter(|(_, bv)| *bv == v).count();
                    assert_eq!(m.first_moves.len(), quickest);
                    assert_mate_line_any(&p, &m);
                    wins += 1;
                }
                (Value::Win(n), Found::None) => assert!(n > 5, "{}", gufu::posstr::write(&p)),
                (_, Found::None) => others += 1,
                (v, f) => panic!("{}: {v} but {f:?}", gufu::posstr::write(&p)),
            }
        }
    }
    assert!(wins > 30 && others > 30, "{wins} {others}");
}

/// As `assert_mate_line`, without the checks (every move allowed).
fn assert_mate_line_any(p: &gufu::Position, m: &Mate<gufu::Move>) {
    let attacker = p.turn();
    let mut cur = p.clone();
    for mv in &m.line {
        cur.play(mv).unwrap();
    }
    assert!(won_by(&cur, attacker));
}

// ---- The command line. ----

fn kifu(args: &[&str]) -> (i32, String, String) {
    analysis::kifu(args, None)
}

/// The main line alone by default; the first moves that mate as fast only with
/// `--all-solutions` (listing them costs a proof that every other check fails).
#[test]
fn cli_prints_the_line_and_the_first_moves() {
    let (code, out, _) = kifu(&[
        "mate",
        "--variant",
        "wa",
        "--position",
        "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "mate in 2: 1. TF*1c CK-2a 2. FG-2b+\n");
    // With a second Treacherous Fox in hand, two first moves mate in 2.
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G2/11/11/11/11/11/11/11/K10[XX] w 0 1",
        "--all-solutions",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().nth(1),
        Some("2 first moves mate in 2: TF*2b TF*1c"),
        "{out}"
    );
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "9ok/9p1/11/11/11/11/11/11/11/11/10K[PW] w 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!((code, out.as_str()), (0, "no mate in 2\n"));
}

#[test]
fn cli_json() {
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "gufu",
        "-p",
        "Kn1/1ks/SwWn w - 14",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "mate");
    assert_eq!(v["moves"], 2);
    // Listed only when asked for (null: not worked out).
    assert_eq!(v["first_moves"], serde_json::Value::Null);
    assert_eq!(v["line"].as_array().unwrap().len(), 3);
    assert_eq!(v["position"], "Kn1/1ks/SwWn w - 14");
}

#[test]
fn cli_bad_positions_are_usage_errors() {
    for (variant, pos) in [
        ("wa", "not a fen"),
        ("wa", "11/11/11 w 0 1"),
        ("gufu", "2/2/2 x KkWS 1"),
        ("gufu", "Kn1/1ks/SwWn w"),
        ("wa-nodrop", "9ok/9p1/11/11/11/11/11/11/11/11/10K[PW] w 0 1"),
    ] {
        let (code, out, err) = kifu(&["mate", "-v", variant, "-p", pos]);
        assert_eq!(code, 2, "{pos}");
        assert!(out.is_empty());
        assert!(err.contains("bad --position"), "{err}");
    }
    // A finished game has nothing to search.
    let (code, _, err) = kifu(&["mate", "-v", "gufu", "-p", "1kn/SnWn/1Kn w - 12"]);
    assert_eq!(code, 2);
    assert!(err.contains("already over"), "{err}");
}

/// With too small a budget the answer is "unknown", never a false "no mate".
#[test]
fn a_search_out_of_budget_says_so() {
    let p = wa_pos("10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1");
    let mut s = Search::<wa::Position>::new(MateOptions {
        depth: 3,
        all_moves: false,
        max_nodes: Some(3),
        ..MateOptions::default()
    });
    assert_eq!(s.find(&p), Found::Stopped);
    assert!(s.stopped());
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
        "--max-nodes",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("unknown: "), "{out}");
}

/// `--time-limit` stops a search that would take far longer (the disproof after selfplay-137
/// ply 97, about 6 million positions) within about the time given, and the answer says
/// "unknown" and which budget ran out, never a "no mate" that was not proved; a bad time is
/// a usage error.
#[test]
fn a_search_out_of_time_says_so() {
    let fen = "hm2k3gdo/1el4w1x1/ppp1cp3pp/4p6/+r2p7/7E3/11/11/PPP+fPPP1PPP/1D2S1V+r3/O1W2K1CLMH[Xfsvguuppppp] b 1 49";
    let mate_in_9 = |more: &[&str]| {
        let mut args = vec!["mate", "-v", "wa", "-p", fen, "--depth", "9"];
        args.extend_from_slice(more);
        kifu(&args)
    };
    let started = std::time::Instant::now();
    let (code, out, _) = mate_in_9(&["--max-nodes", "0", "--time-limit", "300ms"]);
    let took = started.elapsed();
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "unknown: no mate found before the search stopped (--time-limit)\n"
    );
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    let (code, out, _) = mate_in_9(&["--time-limit", "300ms", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["result"], &v["complete"]),
        (&"unknown".into(), &false.into())
    );
    for bad in ["0", "soon", "1h"] {
        let (code, _, err) = mate_in_9(&["--time-limit", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("is not a time"), "{bad}: {err}");
    }
}

/// One JSON schema whatever the answer: every field is always there.
#[test]
fn cli_json_has_every_field_always() {
    let keys = [
        "all_moves",
        "complete",
        "depth",
        "first_moves",
        "line",
        "line_text",
        "moves",
        "nodes",
        "position",
        "result",
        "solutions",
        "variant",
    ];
    for (pos, extra, result) in [
        (
            "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
            "5000000",
            "mate",
        ),
        (
            "10k/11/8G1X/11/11/11/11/11/11/11/K10 b 0 1",
            "5000000",
            "mated",
        ),
        (
            "9ok/9p1/11/11/11/11/11/11/11/11/10K[PW] w 0 1",
            "5000000",
            "no mate",
        ),
        (
            "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
            "3",
            "unknown",
        ),
    ] {
        let (code, out, _) = kifu(&[
            "mate",
            "-v",
            "wa",
            "-p",
            pos,
            "--format",
            "json",
            "--max-nodes",
            extra,
        ]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let mut got: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        got.sort();
        assert_eq!(got, keys, "{pos}");
        assert_eq!(v["result"], result, "{pos}");
    }
}

/// The side to move is the one mated: `mated in K` with the main line (the longest defence,
/// then the opponent's mate), not "no mate".
#[test]
fn cli_says_mated_for_the_side_being_mated() {
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G1X/11/11/11/11/11/11/11/K10 b 0 1",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (0, "mated in 1: 1... CK-2a 2. FG-2b+\n")
    );
    let p = wa_pos("10k/11/8G1X/11/11/11/11/11/11/11/K10 b 0 1");
    let mut s = Search::<wa::Position>::new(MateOptions::default());
    let j = s.judge(&p);
    assert_eq!(j.value, MateValue::Mated(1));
    // And from the other side, before the drop: a mate in 2.
    let before = wa_pos("10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1");
    assert_eq!(s.judge(&before).value, MateValue::Mate(2));
    assert_eq!(s.judge(&before).value.flip(), MateValue::Mated(2));
}

/// The proof-number search and the iterative deepening agree, at every depth both reach
/// (1 to 3 moves, checks only), on the positions before and at the end of CrazyWa's games:
/// the same shortest mate (or none), the same first moves that give it, and the same value
/// for the side to move (mated in K included).
#[test]
fn proof_numbers_agree_with_deepening() {
    let dir = crazywa_games();
    let (mut compared, mut mates, mut mated) = (0, 0, 0);
    for path in dir.iter().step_by(3) {
        let positions = game_positions(&std::fs::read_to_string(path).unwrap());
        let n = positions.len();
        for (i, p) in positions.iter().enumerate().skip(n.saturating_sub(8)) {
            for depth in 1..=3 {
                let with = |method| MateOptions {
                    depth,
                    method,
                    all_solutions: true,
                    ..MateOptions::default()
                };
                let mut pn = Search::<wa::Position>::new(with(Method::ProofNumber));
                let mut id = Search::<wa::Position>::new(with(Method::Deepening));
                let at = format!("{} ply {i} depth {depth}", path.display());
                let (a, b) = (pn.find(p), id.find(p));
                match (&a, &b) {
                    (Found::Mate(x), Found::Mate(y)) => {
                        assert_eq!(x.moves, y.moves, "{at}");
                        let key = |m: &Vec<wa::Move>| {
                            let mut v: Vec<_> = m.iter().map(|m| format!("{m:?}")).collect();
                            v.sort();
                            v
                        };
                        assert_eq!(key(&x.first_moves), key(&y.first_moves), "{at}");
                        assert_mate_line(p, x);
                        mates += 1;
                    }
                    _ => assert_eq!(a, b, "{at}"),
                }
                let (a, b) = (pn.judge(p).value, id.judge(p).value);
                assert_eq!(a, b, "{at}");
                if matches!(a, MateValue::Mated(_)) {
                    mated += 1;
                }
                compared += 1;
            }
        }
    }
    assert!(
        compared > 300 && mates > 50 && mated > 30,
        "{compared} {mates} {mated}"
    );
}

/// `--depth 0` (or `unlimited`) searches until a mate is proved: the shortest is still found.
#[test]
fn unlimited_depth_finds_the_shortest_mate() {
    for depth in ["0", "unlimited"] {
        let (code, out, _) = kifu(&[
            "mate",
            "-v",
            "wa",
            "-p",
            "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
            "--depth",
            depth,
        ]);
        assert_eq!(code, 0);
        assert!(out.starts_with("mate in 2: 1. TF*1c "), "{out}");
    }
    let (code, _, err) = kifu(&["mate", "-v", "wa", "-p", "x", "--depth", "251"]);
    assert_eq!(code, 2);
    assert!(err.contains("from 0 to 250"), "{err}");
}

/// `--all-solutions`: every first move of the shortest mate with its main line.
#[test]
fn cli_all_solutions() {
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1",
        "--all-solutions",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "mate in 2: 1. TF*1c CK-2a 2. FG-2b+\n1 first move mates in 2: TF*1c\n  1. TF*1c CK-2a 2. FG-2b+\n"
    );
    let (code, out, _) = kifu(&[
        "mate",
        "-v",
        "gufu",
        "-p",
        "Kn1/1ks/SwWn w - 14",
        "--all-solutions",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], serde_json::json!([v["line"].clone()]));
    assert_eq!(v["first_moves"], serde_json::json!(["S-2二>N+"]));
}

/// A deadline stops every search as a spent node budget does: a mate in 1 is not found once
/// the deadline has passed (Stopped, and `Unknown` for the position, never "no mate"), and a
/// search that would run for minutes (the start position, any attacking move, 9 moves deep)
/// returns soon after its deadline.
#[test]
fn a_deadline_stops_the_search_with_unknown() {
    use std::time::{Duration, Instant};
    let p = wa_pos("9ok/9p1/11/11/11/6F4/11/11/11/11/10K[PW] w 0 1");
    let mut s = Search::<wa::Position>::new(MateOptions::default());
    s.set_deadline(Some(Instant::now()));
    assert_eq!(s.find(&p), Found::Stopped);
    assert_eq!(s.judge(&p).value, MateValue::Unknown);
    // Without the deadline, the same search object finds the mate.
    s.set_deadline(None);
    assert!(matches!(s.find(&p), Found::Mate(m) if m.moves == 1));

    let start = wa::Position::start(Variant::Wa);
    let mut s = Search::<wa::Position>::new(MateOptions {
        depth: 9,
        all_moves: true,
        ..MateOptions::default()
    });
    let began = Instant::now();
    s.set_deadline(Some(began + Duration::from_millis(200)));
    assert_eq!(s.judge(&start).value, MateValue::Unknown);
    let took = began.elapsed();
    assert!(took < Duration::from_secs(3), "took {took:?}");
}

/// `kifu mate RECORD --ply N --game G`: the position taken from a record's main line.
#[test]
fn cli_takes_the_position_from_a_record() {
    // CrazyWa's game 3 ends in checkmate at ply 65 (SW*4a).
    let game = "fixtures/xboard/crazywa-03.pgn";
    let (code, out, err) = kifu(&["mate", game, "--ply", "64"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "mate in 1: 33. S@h11#\n"),
        "{err}"
    );
    let (code, out, _) = kifu(&["mate", game, "--ply", "62", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["variant"].as_str(), v["moves"].as_u64()),
        (Some("wa"), Some(2)),
        "{out}"
    );
    // The same as the position string of the CSV at that ply.
    let csv = analysis::kifu(&["convert", game, "--to", "csv"], None).1;
    let fen = csv
        .lines()
        .nth(62)
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .to_string();
    // The record is XBoard's: its moves are written in SAN, as the FEN's are with --notation san.
    let by_fen = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        &fen,
        "--format",
        "json",
        "--notation",
        "san",
    ])
    .1;
    assert_eq!(by_fen, out);
    // Default: the final position, here already over (exit 2); --game chooses the game.
    let (code, _, err) = kifu(&["mate", game]);
    assert_eq!(code, 2);
    assert!(err.contains("already over"), "{err}");
    let (code, _, err) = kifu(&["mate", game, "--game", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("error[no_such_game]"), "{err}");
    // A ply beyond the end: usage (2); an invalid record: 1, its errors as validate says them.
    let (code, _, err) = kifu(&["mate", game, "--ply", "66"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "error[no_such_ply]: --ply 66 is beyond the end of game 1, which has 65 plies"
        ),
        "{err}"
    );
    let bad = "fixtures/invalid/cannot_move_that_way.psn";
    for args in [&["mate", bad, "--ply", "1"][..], &["mate", bad]] {
        let (code, _, err) = kifu(args);
        assert_eq!(code, 1, "{args:?}");
        assert!(
            err.contains("error[cannot_move_that_way]") && err.contains("error[invalid_record]"),
            "{err}"
        );
    }
    // From standard input; a record and --position together, or --ply without a record.
    let text = std::fs::read_to_string(game).unwrap();
    let (code, out, _) = analysis::kifu(&["mate", "-", "--ply", "64"], Some(&text));
    assert_eq!(
        (code, out.lines().next()),
        (0, Some("mate in 1: 33. S@h11#"))
    );
    let (code, _, _) = kifu(&["mate", game, "-v", "wa", "-p", &fen]);
    assert_eq!(code, 2);
    let (code, _, _) = kifu(&["mate", "-v", "wa", "-p", &fen, "--ply", "3"]);
    assert_eq!(code, 2);
}

/// The main line is numbered as records number moves, from the position's own number, and
/// written in the record's notation (SAN for an XBoard file, Hodges otherwise) or --notation.
#[test]
fn cli_line_is_numbered_in_the_notation_of_the_input() {
    let xboard = "fixtures/xboard/crazywa-03.pgn";
    // Wa from an XBoard record: SAN, numbered in pairs as the file does (`32. +Gxg11 Kxg11
    // 33. S@h11#`).
    let (code, out, err) = kifu(&["mate", xboard, "--ply", "62"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "mate in 2: 32. +Gxg11 Kxg11 33. S@h11#\n"),
        "{err}"
    );
    let text = std::fs::read_to_string(xboard).unwrap();
    assert!(text.contains("32. +Gxg11 {+1000.02/7 0.1} Kxg11 {-1000.01/4 0.1} 33. S@h11#"));
    // The second mover to move: `N... ` first.
    let (_, out, _) = kifu(&["mate", xboard, "--ply", "63"]);
    assert_eq!(out, "mated in 1: 32... Kxg11 33. S@h11#\n");
    // --notation and --ranks as convert's.
    let (_, out, _) = kifu(&["mate", xboard, "--ply", "62", "--notation", "hodges"]);
    assert_eq!(
        out.lines().next(),
        Some("mate in 2: 32. +FGx5a CKx5a 33. SW*4a")
    );
    let (_, out, _) = kifu(&[
        "mate",
        xboard,
        "--ply",
        "62",
        "--notation",
        "long",
        "--ranks",
        "kanji",
    ]);
    assert_eq!(out, "mate in 2: 32. +FG4一x5一 CK6一x5一 33. SW*4一\n");
    let (_, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 31",
        "--notation",
        "long",
    ]);
    assert_eq!(
        out.lines().next(),
        Some("mate in 2: 31. TF*1c CK1a-2a 32. FG3c-2b+")
    );
    // A Wa record in kifu's convention: Hodges.
    let (_, out, _) = kifu(&["mate", "fixtures/wa/crazywa-005-hodges.psn", "--ply", "154"]);
    assert_eq!(
        out.lines().next(),
        Some("mate in 2: 78. TF*8b FFx8b 79. +VWx8b")
    );
    // Gufū numbers every ply.
    let (_, out, _) = kifu(&[
        "mate",
        "fixtures/gufu/gufu-friendly-mate.psn",
        "--ply",
        "16",
    ]);
    assert_eq!(out.lines().next(), Some("mate in 1: 17. Sx1二>S#"));
    let (_, out, _) = kifu(&["mate", "-v", "gufu", "-p", "Kn1/1ks/SwWn w - 14"]);
    assert_eq!(
        out.lines().next(),
        Some("mate in 2: 14. S-2二>N+ 15. K-1一>E+ 16. K-2三>W#")
    );
    // Engine coordinates and SAN do not exist for Gufū: a usage error.
    let (code, out, err) = kifu(&[
        "mate",
        "-v",
        "gufu",
        "-p",
        "Kn1/1ks/SwWn w - 14",
        "--notation",
        "san",
    ]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("error[usage]") && err.contains("only for Wa"),
        "{err}"
    );
    // JSON: `line` the moves in the notation, `line_text` the numbered line.
    let (_, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "10k/11/8G1X/11/11/11/11/11/11/11/K10 b 0 31",
        "--notation",
        "xboard",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["line"], serde_json::json!(["k11j11", "i9j10+"]));
    assert_eq!(v["line_text"], "31... k11j11 32. i9j10+");
    let (_, out, _) = kifu(&[
        "mate",
        "-v",
        "wa",
        "-p",
        "9ok/9p1/11/11/11/11/11/11/11/11/10K[PW] w 0 1",
        "--depth",
        "2",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["line"].clone(), v["line_text"].clone()),
        (serde_json::json!([]), serde_json::json!(""))
    );
}

/// What the df-pn search asks of a Wa position without playing every move agrees with playing
/// them, on every position of a third of CrazyWa's games: the checks without their positions
/// are the checks; "a check mates at once" is what playing each check finds; the first
/// replies (the King's) are the legal moves the defence order puts first, the other replies
/// the rest; the key and the hand split a move leads to are those of the position it leads
/// to; a position's hand split (its board key and the attacker's hand) names it: equal
/// splits, equal keys; the replies that wait for each other (delayed expansion) are
/// those that go to one square, the King's moves in no group; and where replies are solved
/// in turn, the captures come first (the King's, then the others'), then the King's other
/// moves, the other moves, the drops; and the attacker's moves are looked at captures first,
/// then the other moves on the board, then the drops.
#[test]
fn wa_search_shortcuts_agree_with_playing_the_moves() {
    let dir = crazywa_games();
    let (mut positions, mut mates, mut splits) = (0, 0, std::collections::HashMap::new());
    for path in dir.iter().step_by(3) {
        for p in game_positions(&std::fs::read_to_string(path).unwrap()) {
            if p.status() != Status::Ongoing {
                continue;
            }
            positions += 1;
            let me = p.turn();
            let checks = p.checking_moves();
            let listed: Vec<_> = checks.iter().map(|(m, _)| *m).collect();
            assert_eq!(p.checking_move_list(), listed);
            let mates_now = checks.iter().any(|(_, next)| won_by(next, me));
            assert_eq!(p.mates_in_one(), mates_now);
            let (mut first, mut other) = (p.legal_moves(), p.legal_moves());
            first.retain(|m| p.defence_order(m) < FIRST_REPLY_ORDERS);
            first.sort_by_key(|m| p.defence_order(m));
            other.retain(|m| p.defence_order(m) >= FIRST_REPLY_ORDERS);
            let mut found = Vec::new();
            let stopped = p.first_replies_until(&mut |m| {
                found.push(*m);
                false
            });
            assert!(!stopped);
            assert_eq!((found, p.other_replies()), (first, other));
            mates += usize::from(mates_now);
            for m in p.legal_moves() {
                let (wa::Move::Normal { to, .. } | wa::Move::Drop { to, .. }) = m;
                let kings = matches!(m, wa::Move::Normal { from, .. } if p.king(me) == Some(from));
                assert_eq!(p.delay_group(&m), (!kings).then_some(to.0), "{m:?}");
                let takes = matches!(m, wa::Move::Normal { .. }) && p.piece_at(to).is_some();
                let order = match (kings, takes, m) {
                    (true, true, _) => 0,
                    (false, true, _) => 1,
                    (true, false, _) => 2,
                    (false, false, wa::Move::Normal { .. }) => 3,
                    (false, false, wa::Move::Drop { .. }) => 4,
                };
                assert_eq!(p.refutation_order(&m), order, "{m:?}");
                let order = match m {
                    _ if takes => 0,
                    wa::Move::Normal { .. } => 1,
                    wa::Move::Drop { .. } => 2,
                };
                assert_eq!(p.attack_order(&m), order, "{m:?}");
                let next = after(&p, &m);
                for attacker in [Color::Black, Color::White] {
                    assert_eq!(
                        p.names_after(&m, attacker),
                        (next.key(), next.hand_split(attacker))
                    );
                }
            }
            let (board, hand) = p.hand_split(me).unwrap();
            if let Some(key) = splits.insert((board, hand), p.key()) {
                assert_eq!(key, p.key());
            }
        }
    }
    assert!(positions > 1000 && mates > 10, "{positions} {mates}");
}

/// Packed hands: `a` covers `b` when it holds at least as many of every kind; a count of 32 or
/// more, or too many kinds, cannot be packed.
#[test]
fn packed_hands_compare_kind_by_kind() {
    use kifu::analysis::game::{hand_covers, pack_hand};
    let pack = |c: &[u8]| pack_hand(c).unwrap();
    let a = pack(&[2, 0, 31, 1]);
    assert!(hand_covers(a, pack(&[2, 0, 31, 1])));
    assert!(hand_covers(a, pack(&[1, 0, 30, 0])));
    assert!(hand_covers(a, pack(&[0; 17])));
    assert!(!hand_covers(a, pack(&[3, 0, 0, 0])));
    assert!(!hand_covers(a, pack(&[0, 1, 0, 0])));
    assert!(!hand_covers(a, pack(&[0, 0, 0, 0, 1])));
    assert!(!hand_covers(
        pack(&[0; 21]),
        pack(&[
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
        ])
    ));
    assert!(pack_hand(&[32]).is_none());
    assert!(pack_hand(&[0; 22]).is_none());
    // A count of 32 or more, wherever it stands, and whatever its value.
    for i in 0..21 {
        for big in [32, 33, 63, 64, 200, 255] {
            let mut counts = [31u8; 21];
            counts[i] = big;
            assert!(pack_hand(&counts).is_none(), "{big} at {i}");
        }
    }
    // Field i holds count i in 6 bits, for every number of kinds up to 21.
    for len in 0..=21usize {
        let counts: Vec<u8> = (0..len).map(|i| (i * 7 % 32) as u8).collect();
        let fields =
            (counts.iter().enumerate()).fold(0u128, |p, (i, &n)| p | u128::from(n) << (6 * i));
        assert_eq!(pack(&counts), fields, "{len} kinds");
    }
}

/// The arithmetic of disproof pieces on packed hands: the smaller count of each kind, and a
/// cover moved back through a move (cover - theirs + mine, at least mine, at most 31), equal
/// to the same worked out count by count, on counts from 0 to 31 in every field.
#[test]
fn packed_hands_take_minimums_and_move_covers_back() {
    use kifu::analysis::game::{HAND_ANY, hand_back, hand_min, pack_hand};
    let mut rng = Rng::new(21);
    // Mostly the edges (0, 1, 30, 31), the rest anywhere between.
    let mut count = || match rng.below(6) {
        0..=3 => [0, 1, 30, 31][rng.below(4) as usize],
        _ => rng.below(32) as u8,
    };
    assert_eq!(HAND_ANY, pack_hand(&[31; 21]).unwrap());
    for _ in 0..20_000 {
        let [a, b, c, d] = [(); 4].map(|_| [(); 21].map(|_| count()));
        let [pa, pb, pc, pd] = [a, b, c, d].map(|x| pack_hand(&x).unwrap());
        let min: Vec<u8> = (0..21).map(|i| a[i].min(b[i])).collect();
        assert_eq!(hand_min(pa, pb), pack_hand(&min).unwrap(), "{a:?} {b:?}");
        let back: Vec<u8> = (0..21)
            .map(|i| (c[i].saturating_sub(d[i]) + a[i]).min(31))
            .collect();
        assert_eq!(
            hand_back(pc, pd, pa),
            pack_hand(&back).unwrap(),
            "{c:?} {d:?} {a:?}"
        );
    }
}

/// A Wa position with these hands for the side to move and its opponent (counts by kind).
fn with_hands(p: &wa::Position, mine: &[u8], theirs: &[u8]) -> wa::Position {
    let fen = wa::fen::write(p);
    let (board, rest) = fen.split_once('[').unwrap();
    let (_, tail) = rest.split_once(']').unwrap();
    let mut hand = String::new();
    for color in [Color::Black, Color::White] {
        let counts = if color == p.turn() { mine } else { theirs };
        for kind in wa::Kind::all() {
            let letter = kind.row().letter;
            let letter = match color {
                Color::Black => letter,
                Color::White => letter.to_ascii_lowercase(),
            };
            hand.extend(std::iter::repeat_n(
                letter,
                usize::from(counts[kind.index()]),
            ));
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    wa::fen::parse(p.variant(), &format!("{board}[{hand}]{tail}")).unwrap()
}

/// Disproof pieces, Wa's side. Where the side to move has no mate in 1, it has none with the
/// largest hand within the cap [`Searchable::mate_in_one_test`] gives (the pieces taken from
/// the opponent's hand); and with the largest hand within [`Searchable::attack_cap`], its
/// checks are the same. On the positions of CrazyWa's games; and a piece more than a cap
/// allows does give a mate in 1 on some of them (the caps are needed).
#[test]
fn no_mate_holds_for_every_hand_within_the_caps() {
    use kifu::analysis::game::MateInOne;
    let counts = |cap: u128| -> Vec<u8> {
        (0..wa::NKINDS)
            .map(|i| (cap >> (6 * i) & 63) as u8)
            .collect()
    };
    // The hands with as many pieces moved to the side to move as `cap` allows (of the kinds
    // `only`, or all): (its hand, the opponent's).
    let within = |p: &wa::Position, cap: &[u8], only: Option<usize>| {
        let (me, them) = (p.turn(), p.turn().opponent());
        let (mut mine, mut theirs) = (vec![0u8; wa::NKINDS], vec![0u8; wa::NKINDS]);
        for kind in wa::Kind::all() {
            let i = kind.index();
            let (h, d) = (p.in_hand(me, kind), p.in_hand(them, kind));
            let give = if only.is_none_or(|k| k == i) {
                cap[i].saturating_sub(h).min(d)
            } else {
                0
            };
            (mine[i], theirs[i]) = (h + give, d - give);
        }
        (mine, theirs)
    };
    let (mut tested, mut widened, mut needed) = (0, 0, 0);
    for path in crazywa_games().iter().step_by(2) {
        for p in game_positions(&std::fs::read_to_string(path).unwrap()) {
            if p.outcome().is_some() {
                continue;
            }
            let at = wa::fen::write(&p);
            let mates = p.mates_in_one();
            match p.mate_in_one_test() {
                MateInOne::Mates => assert!(mates, "{at}"),
                MateInOne::NoMate(cap) => {
                    assert!(!mates, "{at}");
                    let cap = counts(cap.unwrap());
                    let (mine, theirs) = within(&p, &cap, None);
                    let q = with_hands(&p, &mine, &theirs);
                    assert!(!q.mates_in_one(), "{at} with {}", wa::fen::write(&q));
                    widened += usize::from(q.key() != p.key());
                    // One piece more than the cap, kind by kind.
                    for kind in wa::Kind::all() {
                        let i = kind.index();
                        let mut over = cap.clone();
                        over[i] += 1;
                        let (mine, theirs) = within(&p, &over, Some(i));
                        if mine[i] > cap[i].max(p.in_hand(p.turn(), kind)) {
                            needed += usize::from(with_hands(&p, &mine, &theirs).mates_in_one());
                        }
                    }
                }
            }
            let cap = counts(p.attack_cap().unwrap());
            let (mine, theirs) = within(&p, &cap, None);
            let q = with_hands(&p, &mine, &theirs);
            let checks = |p: &wa::Position| {
                let mut v: Vec<String> = p
                    .checking_move_list()
                    .iter()
                    .map(|m| format!("{m:?}"))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(checks(&q), checks(&p), "{at} with {}", wa::fen::write(&q));
            tested += 1;
        }
    }
    assert!(
        tested > 1000 && widened > 500 && needed > 0,
        "{tested} {widened} {needed}"
    );
}

/// Disproof pieces, the search's side: a "no mate" is recorded for more in the attacker's hand
/// than it was proved with only where it holds. One search (its tables kept) is asked about a
/// position of CrazyWa's games, then about the same board with pieces moved from the
/// defender's hand to the attacker's (one piece of a kind, or every piece of a kind): each
/// answer is the iterative deepening's (which keeps no such facts), at depths 2 and 3. Some of
/// those hands mate where the first did not (the test can fail).
#[test]
fn no_mate_is_carried_only_to_the_hands_it_holds_for() {
    let (mut compared, mut new_mates) = (0, 0);
    let length = |f: Found<wa::Move>| match f {
        Found::Mate(m) => Some(m.moves),
        Found::None => None,
        Found::Stopped => panic!("budget"),
    };
    for path in crazywa_games().iter().step_by(3) {
        let positions = game_positions(&std::fs::read_to_string(path).unwrap());
        for (i, p) in positions.iter().enumerate().step_by(4) {
            if p.outcome().is_some() {
                continue;
            }
            let (me, them) = (p.turn(), p.turn().opponent());
            let hand = |c| {
                wa::Kind::all()
                    .map(|k| p.in_hand(c, k))
                    .collect::<Vec<u8>>()
            };
            let (mine, theirs) = (hand(me), hand(them));
            let mut variants = vec![p.clone()];
            for kind in wa::Kind::all() {
                let k = kind.index();
                let gives: &[u8] = match theirs[k] {
                    0 => &[],
                    1 => &[1],
                    _ => &[1, theirs[k]],
                };
                for &give in gives {
                    let (mut m, mut t) = (mine.clone(), theirs.clone());
                    m[k] += give;
                    t[k] -= give;
                    variants.push(with_hands(p, &m, &t));
                }
            }
            for depth in [2, 3] {
                let with = |method| MateOptions {
                    depth,
                    method,
                    ..MateOptions::default()
                };
                let mut shared = Search::<wa::Position>::new(with(Method::ProofNumber));
                let first = length(shared.find(p));
                for v in &variants {
                    let at = format!(
                        "{} ply {i} depth {depth}: {}",
                        path.display(),
                        wa::fen::write(v)
                    );
                    let a = length(shared.find(v));
                    let b = length(Search::<wa::Position>::new(with(Method::Deepening)).find(v));
                    assert_eq!(a, b, "{at}");
                    new_mates += usize::from(first.is_none() && a.is_some());
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000 && new_mates > 15, "{compared} {new_mates}");
}

/// selfplay-109 ply 61 of `bench/mate-positions.txt`: a mate in 9 (125,495 positions with
/// the default tables).
const MATE_IN_9: &str = "hmc4grdo/e1l3ksuf1/ppp1X1p1ppp/4v1w4/11/11/11/2P8/PP1XPPP1PPP/2U3S1CE1/OD1G1K1VLMH[RWPPPPPPf] w 1 31";

/// selfplay-137 ply 97: no mate in 9, and many positions to learn it (its tables outgrow
/// 48 MB of address space within 800,000 positions).
const NO_MATE_HARD: &str = "hm2k3gdo/1el4w1x1/ppp1cp3pp/4p6/+r2p7/7E3/11/11/PPP+fPPP1PPP/1D3SV+r3/O1W2K1CLMH[Xfsvguuppppp] w 0 49";

/// `kifu mate` under an address-space limit of `limit` bytes.
fn kifu_limited(limit: u64, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new("prlimit")
        .arg(format!("--as={limit}"))
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("prlimit (util-linux) runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
    )
}

/// `--hash` bounds the tables: with 8 MiB a search of 800,000 positions stays within 48 MB of
/// address space (with the default 256 MiB it aborts there: the limit is tight enough to
/// tell), and with 1 MiB the mate in 9 is still found, the same as with the default: a full
/// table drops its less valuable half (emptying the tables when full ran out of the
/// 5,000,000-position budget there).
#[test]
fn a_small_hash_bounds_memory_and_keeps_the_search_going() {
    let hard = [
        "mate",
        "-v",
        "wa",
        "-p",
        NO_MATE_HARD,
        "--depth",
        "9",
        "--max-nodes",
        "800000",
    ];
    let (code, out) = kifu_limited(48_000_000, &[&hard[..], &["--hash", "8"]].concat());
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("no mate in 9"), "{out}");
    let (code, _) = kifu_limited(48_000_000, &hard);
    assert_ne!(
        code,
        Some(0),
        "the default tables fit 48 MB: the test tells nothing"
    );

    let small = [
        "mate", "-v", "wa", "-p", MATE_IN_9, "--depth", "9", "--hash", "1",
    ];
    let (code, small) = kifu_limited(48_000_000, &small);
    assert_eq!(code, Some(0), "{small}");
    let (_, full, _) = kifu(&["mate", "-v", "wa", "-p", MATE_IN_9, "--depth", "9"]);
    assert!(full.starts_with("mate in 9: "), "{full}");
    assert!(small.starts_with("mate in 9: "), "{small}");
}

/// The value of a position at depths 4 and 5, where an escape's moves are deepened one move at
/// a time by df-pn (from 4 moves left), is the iterative deepening's: on the last plies of
/// CrazyWa's games, mated in K, a mate, or a proved escape alike.
#[test]
fn deepened_escapes_agree_with_deepening() {
    let (mut compared, mut mated, mut escapes) = (0, 0, 0);
    for path in crazywa_games().iter().step_by(5) {
        let positions = game_positions(&std::fs::read_to_string(path).unwrap());
        let n = positions.len();
        for (i, p) in positions.iter().enumerate().skip(n.saturating_sub(9)) {
            if p.outcome().is_some() {
                continue;
            }
            for depth in [4, 5] {
                let with = |method| MateOptions {
                    depth,
                    method,
                    ..MateOptions::default()
                };
                let mut pn = Search::<wa::Position>::new(with(Method::ProofNumber));
                let mut id = Search::<wa::Position>::new(with(Method::Deepening));
                let (a, b) = (pn.judge(p).value, id.judge(p).value);
                assert_eq!(a, b, "{} ply {i} depth {depth}", path.display());
                match a {
                    MateValue::Mated(_) => mated += 1,
                    MateValue::NoMate(_) => escapes += 1,
                    _ => {}
                }
                compared += 1;
            }
        }
    }
    assert!(
        compared > 150 && mated > 30 && escapes > 50,
        "{compared} {mated} {escapes}"
    );
}
