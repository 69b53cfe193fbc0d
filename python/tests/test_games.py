"""kifu.read_game, kifu.read_games, Game, Node, Headers, Problem, RecordError."""

import io
import pathlib

import pytest

import kifu


def test_read_games_of_a_directory_in_name_order(fixtures):
    games = list(kifu.read_games(fixtures / "xboard"))
    assert len(games) == 26
    files = [g.file for g in games]
    assert files == sorted(files)
    assert all(g.is_valid for g in games)
    assert all(g.errors == [] for g in games)
    assert {g.variant for g in games} == {"wa", "wa-nodrop"}


def test_headers_case_insensitive_in_file_order(fixtures):
    game = kifu.read_game(str(fixtures / "gufu" / "gufu-friendly-mate.psn"))
    h = game.headers
    assert list(h) == ["Event", "Site", "Date", "Black", "White", "Result", "Variant"]
    assert h["event"] == h["EVENT"] == "Gufū friendly"
    assert h.get("Round") is None and h.get("round", "?") == "?"
    assert "variant" in h and "Round" not in h
    assert len(h) == 7
    assert h.items()[0] == ("Event", "Gufū friendly")
    with pytest.raises(KeyError):
        h["Round"]


def test_mainline_nodes_and_moves(fixtures):
    game = kifu.read_game(fixtures / "gufu" / "gufu-friendly-mate.psn")
    assert game.variant == "gufu"
    moves = game.mainline_moves()
    nodes = game.mainline()
    assert len(moves) == len(nodes) == 17
    assert [n.move for n in nodes] == moves
    assert [n.ply for n in nodes] == list(range(1, 18))
    assert nodes[0].text == "K*2三>W"
    assert nodes[4].comment.startswith("The Arashi, touching")
    assert game.root().comment.startswith("The four setup drops")
    end = game.end()
    assert end.text == "Sx1二>S#"
    assert end.board().is_checkmate()
    assert end.board().move_stack == moves
    assert game.outcome().result == "1-0"
    # Replaying the moves on the start board gives the same end.
    board = game.board()
    for m in moves:
        board.push(m)
    assert board == end.board()


def test_variations_parent_nags(fixtures):
    game = kifu.read_game(fixtures / "gufu" / "gufu-friendly-mate.psn")
    fifth = game.mainline()[4]
    children = fifth.variations
    # The main continuation first, then the two variations written as alternatives to it.
    assert [c.text for c in children] == ["K-1三>N", "K:1二>N", "Wx2二>S+"]
    assert [c.is_mainline() for c in children] == [True, False, False]
    alt = children[1]
    assert alt.ply == 6
    assert alt.nags == [2]  # "?" is NAG 2
    assert alt.parent.text == "S-2二>N+"
    assert alt.variations[0].text == "Sx1二>E"
    taken = alt.variations[0].board()
    assert taken.is_game_over()
    assert taken.outcome().termination == "king_captured"
    assert game.mainline()[0].parent.ply == 0
    assert game.root().parent is None
    assert game.root().move is None


def test_invalid_game_has_errors_with_kind_line_column_help(fixtures):
    game = kifu.read_game(fixtures / "invalid" / "ambiguous_move.psn")
    assert not game.is_valid
    (p,) = game.errors
    assert (p.kind, p.line, p.column, p.ply, p.move) == ("ambiguous_move", 7, 4, 1, "SO-4f")
    assert p.help == "candidates: SO5e, SO3e"
    assert game.mainline_moves() == []
    with pytest.raises(ValueError):
        game.text()


def test_syntax_error_game(fixtures):
    game = kifu.read_game(fixtures / "invalid" / "syntax.psn")
    assert not game.is_valid
    assert game.errors[0].kind == "syntax"
    assert game.errors[0].line is not None
    assert game.mainline() == []
    with pytest.raises(kifu.RecordError) as e:
        list(kifu.read_games(fixtures / "invalid" / "syntax.psn", strict=True))
    assert e.value.kind == "syntax"
    assert e.value.line == game.errors[0].line
    assert e.value.column == game.errors[0].column
    assert isinstance(e.value, ValueError)


def test_warnings(fixtures):
    game = kifu.read_game(fixtures / "xboard" / "hachu-07.pgn")
    assert game.is_valid
    assert [w.kind for w in game.warnings] == ["result_mismatch", "result_mismatch"]


def test_read_game_from_handles_one_at_a_time(fixtures):
    path = fixtures / "gufu" / "gufu-two-games.psn"
    with open(path, encoding="utf-8") as f:
        first, second, third = kifu.read_game(f), kifu.read_game(f), kifu.read_game(f)
    assert (first.index, second.index, third) == (1, 2, None)
    with open(path, "rb") as f:
        assert len(list(kifu.read_games(f))) == 2
    text = path.read_text(encoding="utf-8")
    assert len(list(kifu.read_games(io.StringIO(text)))) == 2
    assert len(list(kifu.read_games(text.encode()))) == 2


def test_encodings_as_the_cli_decides_them(fixtures):
    text = (fixtures / "gufu" / "gufu-friendly-mate.psn").read_text(encoding="utf-8")
    text = text.replace("Gufū", "颶風将棋")
    for encoding in ["shift_jis", "utf-16", "utf-8"]:
        (game,) = kifu.read_games(io.BytesIO(text.encode(encoding)))
        assert game.is_valid, encoding
        assert game.headers["Event"] == "颶風将棋 friendly", encoding
        assert len(game.mainline_moves()) == 17


def test_missing_file_is_a_record_error():
    with pytest.raises(kifu.RecordError) as e:
        list(kifu.read_games("no/such/file.psn"))
    assert e.value.kind == "io"


def test_default_variant():
    text = b"1. SP-8g SP-4e *\n"
    assert kifu.read_game(text).variant == "wa"
    assert kifu.read_game(text, variant="wa-nodrop").variant == "wa-nodrop"
    assert kifu.read_game(b'[Variant "chess"]\n\n1. e4 *\n').errors[0].kind == "unknown_variant"


def test_text_and_html(fixtures):
    game = kifu.read_game(fixtures / "xboard" / "crazywa-01.pgn")
    san = game.text(notation="san")
    assert "Exd1#" in san
    long = game.text(notation="long", ranks="kanji")
    assert long != san
    again = kifu.read_game(io.StringIO(long))
    assert again.is_valid and again.mainline_moves() == game.mainline_moves()
    page = game.html()
    assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")
    gufu = kifu.read_game(fixtures / "gufu" / "gufu-friendly-mate.psn")
    with pytest.raises(ValueError):
        gufu.text(notation="san")


def test_headers_keys_values_and_problem_to_dict(fixtures):
    game = kifu.read_game(fixtures / "gufu" / "gufu-friendly-mate.psn")
    h = game.headers
    assert h.keys() == list(h) and len(h.values()) == len(h)
    assert list(zip(h.keys(), h.values())) == h.items()
    (p,) = kifu.read_game(fixtures / "invalid" / "ambiguous_move.psn").errors
    d = p.to_dict()
    assert d == {
        "ply": 1, "line": 7, "column": 4, "kind": "ambiguous_move", "message": p.message,
        "move": "SO-4f", "help": "candidates: SO5e, SO3e",
    }
    assert kifu.validate(fixtures / "invalid" / "ambiguous_move.psn")[0]["errors"] == [d]


def test_node_game_and_board_move_stack(fixtures):
    game = kifu.read_game(fixtures / "gufu" / "gufu-friendly-mate.psn")
    node = game.mainline()[4]
    assert node.game().headers["Site"] == "Tampere"
    assert node.board().move_stack == game.mainline_moves()[:5]
    assert node.board().is_check()
    assert game.root().board() == game.board()


def test_read_games_of_a_list_of_paths_in_order(fixtures):
    paths = [fixtures / "gufu" / "gufu-two-games.psn", str(fixtures / "gufu" / "gufu-friendly-mate.psn")]
    games = list(kifu.read_games(paths))
    assert [(pathlib.Path(g.file).name, g.index) for g in games] == [
        ("gufu-two-games.psn", 1), ("gufu-two-games.psn", 2), ("gufu-friendly-mate.psn", 1),
    ]
    assert kifu.read_game(b"1. SP-8g *").file == "<bytes>"
    assert kifu.read_game(io.StringIO("1. SP-8g *")).file == "<stream>"
