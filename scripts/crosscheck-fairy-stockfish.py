#!/usr/bin/env python3
"""Cross-check `leapfrog chess perft` against Fairy-Stockfish.

Board 44 (the default): positions without castling. Board 64: the 64-square version, with
castling (King and Dabbabah as in chess).
Positions: random games from the start (on board 44 castling rights off), played by Fairy-Stockfish's
own legal moves with a fixed seed. Rules: compulsory (mustCapture = true) and optional
(mustCapture = false). Prints one line per position and a summary."""
import random, subprocess, sys, json

# Usage: crosscheck-fairy-stockfish.py LEAPFROG STOCKFISH [SEED [POSITIONS [DEPTH [BOARD]]]]
# (BOARD: 44, the default, or 64)
# (STOCKFISH: a Fairy-Stockfish binary; the variants below are written to a scratch file.)
import os, tempfile
if len(sys.argv) < 3:
    print("usage: crosscheck-fairy-stockfish.py LEAPFROG STOCKFISH [SEED [POSITIONS [DEPTH [BOARD]]]]",
          file=sys.stderr)
    sys.exit(2)
LF, FSF = sys.argv[1], sys.argv[2]
INI_TEXT = """# Leap Chess (Ken Franklin) for Fairy-Stockfish, for perft cross-checks only: 6x8 with the
# corners as walls ('*'), alfil A, dabbabah D, sail AD, compulsory captures, stalemate lost.
# No castling (the knights' castling has no equivalent here): compare positions without
# castling rights.
[leapchess:chess]
maxRank = 8
maxFile = f
bishop = -
rook = -
queen = -
customPiece1 = a:A
customPiece2 = d:D
customPiece3 = s:AD
promotionPieceTypes = nads
doubleStepRegionWhite = *2
doubleStepRegionBlack = *7
castling = false
mustCapture = true
stalemateValue = loss
startFen = *nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 0 1

[leapchess-optional:leapchess]
mustCapture = false

# The 64-square version: 8x8, castling as in chess with the Dabbabahs (files g and c).
[leapchess64:chess]
bishop = -
rook = -
queen = -
customPiece1 = a:A
customPiece2 = d:D
customPiece3 = s:AD
promotionPieceTypes = nads
castling = true
castlingRookPieces = d
mustCapture = true
stalemateValue = loss
startFen = dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1

[leapchess64-optional:leapchess64]
mustCapture = false
"""
INI = os.path.join(tempfile.mkdtemp(), "leapchess.ini")
with open(INI, "w") as f:
    f.write(INI_TEXT)
BOARD = sys.argv[6] if len(sys.argv) > 6 else "44"
if BOARD not in ("44", "64"):
    sys.exit("BOARD must be 44 or 64")
VARIANT = "leapchess" if BOARD == "44" else "leapchess64"
START = ("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 0 1" if BOARD == "44"
         else "dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1")

def fsf(variant, fen, cmds):
    script = f"uci\nsetoption name VariantPath value {INI}\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\n" + cmds + "quit\n"
    return subprocess.run([FSF], input=script, capture_output=True, text=True, timeout=600).stdout

def fsf_moves(variant, fen, moves):
    out = fsf(variant, fen, f"position fen {fen} moves {' '.join(moves)}\ngo perft 1\nd\n" if moves else "go perft 1\nd\n")
    legal = [l.split(":")[0] for l in out.splitlines() if l.count(":") == 1 and len(l.split(":")[0]) in (4, 5) and l.split(":")[1].strip().isdigit()]
    fenline = [l for l in out.splitlines() if l.startswith("Fen:")]
    return legal, fenline[-1][5:].strip()

def fsf_perft(variant, fen, depth):
    out = fsf(variant, fen, f"go perft {depth}\n")
    return int([l for l in out.splitlines() if l.startswith("Nodes searched")][0].split(":")[1])

def ours(fen, depth, rule):
    r = subprocess.run([LF, "chess", "perft", fen, str(depth), "--captures", rule, "--json"], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return "error: " + r.stderr.strip()
    return json.loads(r.stdout)["nodes"]

rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
npos = int(sys.argv[4]) if len(sys.argv) > 4 else 20
depth = int(sys.argv[5]) if len(sys.argv) > 5 else 4
fens = [START]
while len(fens) < npos:
    moves, fen = [], START
    for ply in range(rng.randint(4, 40)):
        legal, fen = fsf_moves(VARIANT, START, moves)
        if not legal: break
        moves.append(rng.choice(legal))
    legal, fen = fsf_moves(VARIANT, START, moves)
    if legal: fens.append(fen)
agree = disagree = 0
for variant, rule in ((VARIANT, "compulsory"), (VARIANT + "-optional", "optional")):
    for fen in fens:
        a, b = fsf_perft(variant, fen, depth), ours(fen, depth, rule)
        ok = a == b
        agree += ok; disagree += not ok
        print(f"{rule:10} depth {depth} {'ok ' if ok else 'DIFF'} fsf {a} leapfrog {b}  {fen}")
print(f"{agree} agree, {disagree} differ ({len(fens)} positions x 2 rules, depth {depth})")
