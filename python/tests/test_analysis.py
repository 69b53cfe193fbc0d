"""kifu.mate, kifu.solve, kifu.analyze: the CLI's analyses as Python objects."""

import json
import subprocess
import time

import pytest

import kifu
from test_tables import ROOT, kifu_binary


def after_setup():
    board = kifu.Board("gufu")
    for text in ["K*2三>W", "K*1二>W", "W*1一>E", "S*2一>W"]:
        board.push_text(text)
    return board


def test_mate_in_one_and_none():
    game = kifu.read_game(ROOT / "fixtures" / "xboard" / "crazywa-01.pgn")
    before_last = game.mainline()[-2].board()
    found = kifu.mate(before_last, depth=2)
    assert found and found.found == "mate" and found.moves == 1
    assert found.line == [game.mainline_moves()[-1]]
    assert found.line_text == ["CEx8k"]
    assert found.first_moves == []
    listed = kifu.mate(before_last, depth=2, all_solutions=True)
    assert game.mainline_moves()[-1] in listed.first_moves
    assert found.nodes > 0
    nothing = kifu.mate(kifu.Board("wa"), depth=1)
    assert not nothing and nothing.found == "none" and nothing.moves is None
    with pytest.raises(ValueError):
        kifu.mate(kifu.Board("wa"), depth=0)


def test_mate_stops_at_its_budget():
    game = kifu.read_game(ROOT / "fixtures" / "xboard" / "crazywa-01.pgn")
    board = game.mainline()[60].board()
    assert kifu.mate(board, depth=5, all_moves=True, max_nodes=10).found == "stopped"


def test_mate_stops_at_its_time_limit():
    # The disproof after selfplay-137 ply 97 (bench/README.md): about 6 million positions.
    board = kifu.Board(
        "wa",
        "hm2k3gdo/1el4w1x1/ppp1cp3pp/4p6/+r2p7/7E3/11/11/PPP+fPPP1PPP/1D2S1V+r3/"
        "O1W2K1CLMH[Xfsvguuppppp] b 1 49",
    )
    started = time.monotonic()
    result = kifu.mate(board, depth=9, max_nodes=0, time_limit=0.3)
    assert result.found == "stopped" and not result
    assert time.monotonic() - started < 5
    for bad in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            kifu.mate(board, depth=9, time_limit=bad)


def test_solve_gufu():
    result = kifu.solve(after_setup())
    assert str(result.value) == "draw"
    assert result.value.outcome == "draw" and result.value.plies is None
    assert result.best == result.moves[0][0]
    assert len(result.moves) == len(after_setup().legal_moves)
    # The friendly game's mating move is a win in 1 for its player.
    game = kifu.read_game(ROOT / "fixtures" / "gufu" / "gufu-friendly-mate.psn")
    before_mate = game.mainline()[-2].board()
    solved = kifu.solve(before_mate)
    assert solved.value.outcome == "win" and solved.value.plies == 1
    assert (game.mainline_moves()[-1], solved.value) in solved.moves
    with pytest.raises(ValueError):
        kifu.solve(kifu.Board("wa"))


@pytest.mark.parametrize("path", ["gufu/gufu-friendly-mate.psn", "xboard/crazywa-01.pgn"])
def test_analyze_is_the_cli_analysis(path):
    game = kifu.read_game(ROOT / "fixtures" / path)
    notes = kifu.analyze(game, mate_depth=2)
    out = subprocess.run(
        [str(kifu_binary()), "analyze", "--mate-depth", "2", "--to", "json", "fixtures/" + path],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout
    cli = [json.loads(line) for line in out.splitlines()]
    assert len(notes) == len(cli) == len(game.mainline_moves())
    for n, c in zip(notes, cli):
        assert (n.ply, n.move, n.before, n.after, n.best, n.verdict, n.nag) == (
            c["ply"], c["move"], c["before"], c["after"], c["best"], c["verdict"], c["nag"],
        )
    assert any("mate in" in n.before for n in notes) or path.startswith("gufu")


def test_analyze_invalid_game_raises():
    game = kifu.read_game(ROOT / "fixtures" / "invalid" / "ambiguous_move.psn")
    with pytest.raises(ValueError):
        kifu.analyze(game)
