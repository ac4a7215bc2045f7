#!/usr/bin/env python3
"""A bot for reversi's game server in Python, standard library only.

It creates a game against a built-in player (or joins a game by its id and
seat token), and at each of its turns plays the legal move that leaves the
opponent the fewest replies (ties: corners first), until the game ends.
With a bot account's API key it plays in the rated arena instead: it
declares what it accepts of the lobby (casual and rated games of the
classes it names), and plays every game the server gives it (an accepted
seek or challenge, a tournament's game) without tokens, as they come.
It speaks the server's HTTP API (docs/API.md) alone, as a bot in any
language would:

    python3 examples/bot-python/bot.py --server http://127.0.0.1:8080 --opponent random
    python3 examples/bot-python/bot.py --server URL --game ID --token TOKEN --colour white
    python3 examples/bot-python/bot.py --server URL --key rvk_... --accept blitz,rapid [--games N]

It prints the game's address, each move it plays and the result, and exits
0 at the end of the game (with --key: after N games, or never), 1 on an
error (with the server's message).
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

CORNERS = {"A1", "H1", "A8", "H8"}
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class ServerError(Exception):
    """An answer of the server that is not a success: its HTTP status, its
    code (e.g. "not_your_turn", "illegal_move") and the message."""

    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code = status, code


KEY = None  # the bot account's API key, with --key


def call(method, url, body=None):
    """Sends a JSON request (with the API key, if any) and returns the
    decoded answer. Told to slow down (429, the server's rate limit), it
    waits as asked and tries again."""
    data = None if body is None else json.dumps(body).encode()
    while True:
        req = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")  # the server takes only JSON
        if KEY:
            req.add_header("Authorization", "Bearer " + KEY)
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            if e.code == 429:
                time.sleep(max(1, int(e.headers.get("Retry-After", "1") or 1)))
                continue
            try:
                answer = json.load(e)
            except ValueError:
                answer = {}
            # "code" names the error for a program (docs/API.md, "Error
            # codes"), "error" says it in English for people.
            raise ServerError(e.code, answer.get("code", ""),
                              f"{method} {url}: {e.code} {e.reason}: {answer.get('error', '')}") from None


def parse_board(text):
    """The state's board: 64 characters from A1 to H8, row by row (X black,
    O white, - empty), as a dict from square to 'X', 'O' or '-'."""
    cells = text.split()[0]
    return {f"{'ABCDEFGH'[i % 8]}{i // 8 + 1}": c for i, c in enumerate(cells[:64])}


def play_move(board, square, me):
    """The board after me ('X' or 'O') plays square (assumed legal)."""
    other = "O" if me == "X" else "X"
    col, row = "ABCDEFGH".index(square[0]), int(square[1]) - 1
    after = dict(board)
    after[square] = me
    for dc, dr in DIRECTIONS:
        c, r, line = col + dc, row + dr, []
        while 0 <= c < 8 and 0 <= r < 8 and board[f"{'ABCDEFGH'[c]}{r + 1}"] == other:
            line.append(f"{'ABCDEFGH'[c]}{r + 1}")
            c, r = c + dc, r + dr
        if line and 0 <= c < 8 and 0 <= r < 8 and board[f"{'ABCDEFGH'[c]}{r + 1}"] == me:
            for sq in line:
                after[sq] = me
    return after


def mobility(board, who):
    """How many moves who ('X' or 'O') has on board."""
    other = "O" if who == "X" else "X"
    count = 0
    for sq, v in board.items():
        if v != "-":
            continue
        col, row = "ABCDEFGH".index(sq[0]), int(sq[1]) - 1
        for dc, dr in DIRECTIONS:
            c, r, seen = col + dc, row + dr, False
            while 0 <= c < 8 and 0 <= r < 8 and board[f"{'ABCDEFGH'[c]}{r + 1}"] == other:
                c, r, seen = c + dc, r + dr, True
            if seen and 0 <= c < 8 and 0 <= r < 8 and board[f"{'ABCDEFGH'[c]}{r + 1}"] == who:
                count += 1
                break
    return count


def choose(state, colour):
    """The legal move that leaves the opponent the fewest replies, corners
    first among equals."""
    me = "X" if colour == "black" else "O"
    other = "O" if me == "X" else "X"
    board = parse_board(state["board"])
    return min(state["legal"], key=lambda sq: (mobility(play_move(board, sq, me), other), sq not in CORNERS, sq))


def arena(server, classes, rated, games):
    """Plays the games the server gives the bot of KEY: it declares what it
    accepts, then asks for its games in play, plays a move in each where it
    is to move, and says each result as its game ends; it returns after
    games games (0: never)."""
    call("PUT", f"{server}/api/account/accepts",
         {"classes": classes, "casual": True, "rated": rated, "max_games": 4})
    me = call("GET", f"{server}/api/account")["name"]
    print(f"{me} waits for games at {server}/#lobby", flush=True)
    playing, done = set(), 0
    while games == 0 or done < games:
        mine = call("GET", f"{server}/api/account/games")["games"]
        now = {g["id"] for g in mine}
        for game in playing - now:  # over since the last look
            r = call("GET", f"{server}/api/games/{game}")["result"]
            print(f"game over: {game}: {r['winner']} wins ({r.get('reason', '')}), board {r['black']}-{r['white']}", flush=True)
            done += 1
        for g in mine:
            if g["id"] not in playing:
                print(f"game {g['id']}: {server}/game/{g['id']} as {g['color']}", flush=True)
            if not g["to_move"]:
                continue
            state = call("GET", f"{server}/api/games/{g['id']}")
            if state["status"] != "playing" or state.get("turn") != g["color"] or not state.get("legal"):
                continue
            move = choose(state, g["color"])
            try:
                call("POST", f"{server}/api/games/{g['id']}/move", {"move": move})  # no token: the key's seat
                print("played", move, "in", g["id"], flush=True)
            except ServerError as e:
                if e.code not in ("not_your_turn", "game_over"):
                    raise
        playing = now
        time.sleep(0.1)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="A bot for reversi's game server.")
    ap.add_argument("--server", default="http://127.0.0.1:8080", help="the server's address")
    ap.add_argument("--opponent", default="random", help="the built-in player to face in a new game")
    ap.add_argument("--game", help="join this game instead of creating one (with --token)")
    ap.add_argument("--token", help="the seat token of --game")
    ap.add_argument("--colour", choices=["black", "white"], help="the seat of --token in --game")
    ap.add_argument("--name", default="bot-python", help="the bot's name in a new game")
    ap.add_argument("--key", help="a bot account's API key: play the games the server gives it")
    ap.add_argument("--accept", default="", help="with --key: the rating classes it accepts, e.g. blitz,rapid (none: all)")
    ap.add_argument("--rated", action="store_true", help="with --key: accept rated games too")
    ap.add_argument("--games", type=int, default=0, help="with --key: stop after this many games (0: never)")
    args = ap.parse_args(argv)
    server = args.server.rstrip("/")
    global KEY
    try:
        if args.key:
            KEY = args.key
            return arena(server, [c for c in args.accept.split(",") if c], args.rated, args.games)
        if args.game:
            if not args.token or not args.colour:
                ap.error("--game needs --token and --colour (the seat's token and colour)")
            game, token, colour = args.game, args.token, args.colour
        else:
            created = call("POST", f"{server}/api/games", {
                "black": {"kind": "bot", "name": args.name},
                "white": {"kind": "builtin", "spec": args.opponent},
            })
            game, token, colour = created["id"], created["tokens"]["black"], "black"
        print(f"game {game}: {server}/game/{game}", flush=True)
        while True:
            state = call("GET", f"{server}/api/games/{game}")
            if state["status"] == "finished":
                r = state["result"]
                print(f"game over: {r['winner']} wins ({r.get('reason', '')}), board {r['black']}-{r['white']}", flush=True)
                return 0
            if state.get("turn") != colour or not state.get("legal"):
                time.sleep(0.05)  # the opponent thinks, or the server is about to pass for us
                continue
            move = choose(state, colour)
            call("POST", f"{server}/api/games/{game}/move", {"token": token, "move": move})
            print("played", move, flush=True)
    except (ServerError, urllib.error.URLError, OSError) as e:
        print("bot:", e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
