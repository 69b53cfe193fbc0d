//! `kifu solve`: the exact Gufū solution against a plain minimax, and the command line.

use kifu::analysis::Value;
use kifu::generate::Rng;
use kifu::gufu;
use kifu::gufu::solve::Solution;
use kifu::rules::{Position, Status};

mod analysis;
use analysis::random_gufu;

/// A plain depth-limited minimax straight over the rules core (no table, no retrograde
/// step): the value if the end is forced within `horizon` plies, else None. At every position
/// it reaches it checks the solution: a win or loss in N ≤ horizon must be found exactly, and
/// anything else (a draw, a longer win or loss) must stay unknown. `seen` counts the positions
/// compared.
fn minimax(p: &gufu::Position, horizon: u16, solution: &Solution, seen: &mut u64) -> Option<Value> {
    *seen += 1;
    let moves = p.legal_moves();
    let value = if moves.is_empty() {
        match p.status() {
            Status::Over(o) if o.winner == Some(p.turn()) => Some(Value::Win(0)),
            Status::Over(o) if o.winner.is_some() => Some(Value::Loss(0)),
            _ => None,
        }
    } else if horizon == 0 {
        None
    } else {
        let mut quickest_win: Option<u16> = None;
        let mut slowest_loss = 0;
        let mut all_lose = true;
        for m in &moves {
            let mut next = p.clone();
            next.play(m).unwrap();
            match minimax(&next, horizon - 1, solution, seen) {
                Some(Value::Loss(d)) => {
                    quickest_win = Some(quickest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
                Some(Value::Win(d)) => slowest_loss = slowest_loss.max(d + 1),
                _ => all_lose = false,
            }
        }
        match quickest_win {
            Some(w) => Some(Value::Win(w)),
            None if all_lose => Some(Value::Loss(slowest_loss)),
            None => None,
        }
    };
    let exact = solution.value(p).expect("the position is covered");
    let expected = match exact {
        Value::Win(n) | Value::Loss(n) if n <= horizon => Some(exact),
        _ => None,
    };
    assert_eq!(
        value,
        expected,
        "{} (horizon {horizon}): exact {exact}",
        gufu::posstr::write(p)
    );
    value
}

/// From the start (the setup drops and the first moves of play), every position the minimax
/// reaches within 5 plies.
#[test]
fn solution_agrees_with_minimax_from_the_start() {
    let mut seen = 0;
    minimax(&gufu::Position::default(), 5, Solution::start(), &mut seen);
    assert!(seen > 300_000, "{seen}");
}

/// From positions in the middle of random games, where wins and losses within the horizon
/// are common, every position within 5 plies.
#[test]
fn solution_agrees_with_minimax_in_play() {
    let solution = Solution::start();
    let mut rng = Rng::new(2024);
    let (mut seen, mut decided) = (0, 0);
    for _ in 0..10 {
        let p = random_gufu(&mut rng, 9);
        if minimax(&p, 5, solution, &mut seen).is_some() {
            decided += 1;
        }
    }
    assert!(seen > 30_000, "{seen}");
    assert!(decided > 0);
}

/// Every legal position in play can arise from the start, but a position string can also
/// describe one that cannot: White to move after Black's King was taken (the capturer would
/// be the one to move). It is solved from itself: White has won already.
#[test]
fn a_position_from_elsewhere_is_solved_from_itself() {
    let p = gufu::posstr::parse("kn1/Wn1/Sn1 w - 10").unwrap();
    assert_eq!(Solution::start().value(&p), None);
    let s = Solution::covering(&p);
    assert_eq!(s.value(&p), Some(Value::Win(0)));
    assert_eq!(s.stats().positions, 1);
}

/// Every position of a random game is covered by the start's solution, and the values along
/// the game are consistent: a move's value is the value after it, seen from the mover.
#[test]
fn values_along_a_game_are_consistent() {
    let s = Solution::start();
    let mut rng = Rng::new(99);
    for _ in 0..50 {
        let mut p = gufu::Position::default();
        loop {
            let v = s.value(&p).expect("covered");
            let moves = s.moves(&p);
            if moves.is_empty() {
                assert_eq!(v, Value::Loss(0));
                break;
            }
            // The position's value is its best move's.
            assert_eq!(moves[0].1, v, "{}", gufu::posstr::write(&p));
            let (m, mv) = moves[rng.below(moves.len() as u64) as usize];
            p.play(&m).unwrap();
            assert_eq!(s.value(&p).map(|v| v.back()), Some(mv));
            if p.ply() > 60 {
                break;
            }
        }
    }
}

/// The facts docs/rules-gufu.md reports.
#[test]
fn the_start_is_a_draw() {
    let s = Solution::start();
    let start = gufu::Position::default();
    assert_eq!(s.value(&start), Some(Value::Draw));
    let stats = s.stats();
    assert_eq!(stats.positions, 226_335);
    assert_eq!(
        stats.wins + stats.losses + stats.draws,
        stats.positions,
        "{stats:?}"
    );
    // Every first drop of Black's King keeps the draw.
    let first = s.moves(&start);
    assert_eq!(first.len(), 24);
    assert!(first.iter().all(|(_, v)| *v == Value::Draw));
}

/// A finished game is lost in 0 for the side to move; a move that ends the game is a win
/// in 1.
#[test]
fn distances_count_plies() {
    let s = Solution::start();
    let mated = gufu::posstr::parse("1kn/SnWn/1Kn w - 12").unwrap();
    assert_eq!(s.value(&mated), Some(Value::Loss(0)));
    let p = gufu::posstr::parse("Ks1/Snkw/Wn1 w - 8").unwrap();
    assert_eq!(s.value(&p), Some(Value::Win(1)));
    let moves = s.moves(&p);
    assert_eq!(moves[0].1, Value::Win(1));
    // Best first: values never improve down the list.
    for w in moves.windows(2) {
        assert!(w[0].1.rank() <= w[1].1.rank());
    }
}

fn kifu(args: &[&str]) -> (i32, String, String) {
    analysis::kifu(args, None)
}

#[test]
fn cli_value_and_moves() {
    let (code, out, _) = kifu(&["solve", "--variant", "gufu"]);
    assert_eq!((code, out.as_str()), (0, "draw\n"));
    let (code, out, _) = kifu(&["solve", "-v", "gufu", "--moves"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25);
    assert_eq!(lines[0], "draw");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.starts_with("K*") && l.ends_with(": draw"))
    );
    let (code, out, _) = kifu(&["solve", "-v", "gufu", "-p", "Ks1/Snkw/Wn1 w - 8", "--moves"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("win in 1\nKx2三>N#: win in 1\n"), "{out}");
}

#[test]
fn cli_json() {
    let (code, out, _) = kifu(&[
        "solve",
        "-v",
        "gufu",
        "-p",
        "Kn1/1ks/SwWn w - 14",
        "--moves",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "win in 3");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["plies"], 3);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "S-2二>N+");
    assert_eq!(moves[0]["value"], "win in 3");
}

#[test]
fn cli_errors() {
    let (code, out, err) = kifu(&["solve", "-v", "wa"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("only Gufū"), "{err}");
    for bad in [
        "",
        "2/2/2",
        "3/2/2 b KkWS 1",
        "Kn1/2/2 b kWS 2",
        "KnKn/2/2 w kWS 2",
    ] {
        let (code, out, err) = kifu(&["solve", "-v", "gufu", "-p", bad]);
        assert_eq!((code, out.as_str()), (2, ""), "{bad}");
        assert!(err.contains("bad --position"), "{err}");
    }
    // A finished game: an error, as the help says (status 2), not "loss in 0".
    let (code, out, err) = kifu(&["solve", "-v", "gufu", "-p", "1kn/SnWn/1Kn w - 12"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("already over"), "{err}");
    let (_, help, _) = kifu(&["solve", "--help"]);
    assert!(
        help.contains(
            "1 the record is invalid before the ply asked for, 2 usage error (a bad\n--position, \
             no such game or ply, a variant other than gufu, a game already over)"
        ),
        "{help}"
    );
}

/// `kifu solve RECORD --ply N --game G`: the position taken from a record's main line.
#[test]
fn cli_takes_the_position_from_a_record() {
    let two = "fixtures/gufu/gufu-two-games.psn";
    // Game 1 ends at ply 11 with the capture of a King; game 2 at ply 21.
    assert_eq!(kifu(&["solve", two, "--ply", "10"]).1, "win in 1\n");
    assert_eq!(
        kifu(&["solve", two, "--game", "2", "--ply", "20"]).1,
        "win in 1\n"
    );
    let (code, out, _) = kifu(&["solve", two, "--ply", "4", "--format", "json"]);
    assert_eq!(code, 0);
    let csv = analysis::kifu(&["convert", two, "--to", "csv"], None).1;
    let pos = csv
        .lines()
        .nth(4)
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(kifu(&["solve", "-p", &pos, "--format", "json"]).1, out);
    // Ply 0 is the start; the final position is over (2); no such ply (2); a Wa record (2).
    assert_eq!(kifu(&["solve", two, "--ply", "0"]).1, "draw\n");
    assert_eq!(kifu(&["solve", two]).0, 2);
    let (code, _, err) = kifu(&["solve", two, "--ply", "12"]);
    assert_eq!(code, 2);
    assert!(err.contains("error[no_such_ply]"), "{err}");
    let (code, _, err) = kifu(&["solve", "fixtures/xboard/crazywa-03.pgn", "--ply", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("only Gufū"), "{err}");
    let (code, _, _) = kifu(&["solve", "fixtures/invalid/cannot_move_that_way.psn"]);
    assert_eq!(code, 1);
}
