"""Any input gives a result or a kifu error (a ValueError), never a crash or a panic."""

import random

import pytest

import kifu

ALPHABET = "SPKWx-*+=#>:[]{}()\"$!?;. 0123456789abcdefghijk一二三四五六七八九十\n\\NESW@"


def junk(rng, n):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(n)))


def test_random_records_read_without_panic(fixtures):
    rng = random.Random(1)
    real = (fixtures / "gufu" / "gufu-friendly-mate.psn").read_bytes()
    for _ in range(300):
        data = bytearray(real)
        for _ in range(rng.randrange(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        for game in kifu.read_games(bytes(data)):
            game.mainline_moves()
            for node in game.mainline():
                node.board()
            game.headers.items()
        kifu.validate(bytes(data))
        kifu.rows(bytes(data))
    for _ in range(200):
        for game in kifu.read_games(junk(rng, 80).encode()):
            assert isinstance(game.errors, list)


@pytest.mark.parametrize("variant", ["wa", "wa-nodrop", "gufu"])
def test_random_texts_on_a_board_without_panic(variant):
    rng = random.Random(2)
    board = kifu.Board(variant)
    for _ in range(500):
        text = junk(rng, 12)
        try:
            board.push_text(text)
        except kifu.IllegalMoveError as e:
            assert e.kind
        try:
            kifu.Move.from_engine(text, variant=variant)
        except ValueError:
            pass
        try:
            kifu.Board(variant, text)
        except kifu.PositionError as e:
            assert e.kind == "bad_position"
        try:
            board.piece_at(text)
        except ValueError:
            pass


def test_random_games_played_to_the_end():
    rng = random.Random(3)
    for variant in ["wa", "gufu"]:
        board = kifu.Board(variant)
        for _ in range(300):
            moves = list(board.legal_moves)
            if not moves:
                assert board.is_game_over()
                break
            m = rng.choice(moves)
            text = board.move_text(m, notation="long")
            assert board.parse_text(text) == m
            board.push(m)
        kifu.Board(variant, board.position_string())
        board.svg()
