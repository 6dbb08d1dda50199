"""Black's forbidden points by PyPI `renju` (0.1.0), in `tengen renju forbid`'s format.

Reads board strings (size*size cells, rows from the top, x Black, o White, . empty) one
per line on stdin; prints, one line each, `<point>=<6|44|33>` for every empty point where
`renju.check_forbid.get_foul_type` reports a foul, in board order, or `-`.
"""

import sys

from renju.check_forbid import get_foul_type

KIND = {1: "33", 2: "44", 3: "6"}
DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


def black_near(board, r, c):
    """Black stones within five points of (r, c) along its four lines. Every foul needs at
    least four: an overline five, a double-four four (X.XXX.X) or more, a double-three four."""
    n = len(board)
    return sum(
        1
        for dr, dc in DIRS
        for t in range(-5, 6)
        if t and 0 <= r + t * dr < n and 0 <= c + t * dc < n and board[r + t * dr][c + t * dc] == 1
    )


def answer(cells: str) -> str:
    size = int(round(len(cells) ** 0.5))
    assert size * size == len(cells), "not a square board string"
    board = [[{"x": 1, "o": 2}.get(cells[r * size + c], 0) for c in range(size)] for r in range(size)]
    fouls = []
    for r in range(size):
        for c in range(size):
            if board[r][c] or black_near(board, r, c) < 4:
                continue
            foul = get_foul_type(board, r, c)
            if foul:
                name = chr(ord("a") + c) + str(size - r)
                fouls.append(f"{name}={KIND[foul]}")
    return " ".join(fouls) if fouls else "-"


def main() -> None:
    for line in sys.stdin:
        print(answer(line.strip()), flush=True)


if __name__ == "__main__":
    main()
