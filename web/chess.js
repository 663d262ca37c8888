// Leap Chess on the page: the same board view, its pieces drawn as shapes. The server lists the
// legal moves (/api/chess/moves), plays one (/api/chess/verify gives the FEN after it) and
// chooses the engine's (/api/chess/analyse).
'use strict';

// Each piece as SVG shapes in a 100x100 box: a crown, a horse's head, an elephant, a siege
// tower, a boat under sail, a pawn.
const CHESS_SHAPES = {
  K: ['M24 78 L24 42 L37 56 L50 30 L63 56 L76 42 L76 78 Z', 'M20 78 H80 V88 H20 Z', 'M46 12 H54 V22 H62 V29 H54 V36 H46 V29 H38 V22 H46 Z'],
  N: ['M28 88 L72 88 L66 70 Q76 50 66 34 Q56 18 40 20 L36 12 L32 24 Q20 34 22 50 L32 52 Q40 46 46 48 Q36 62 28 88 Z', 'M40 32 A3 3 0 1 0 40.1 32 Z'],
  A: ['M18 70 Q16 40 44 38 Q70 36 76 48 Q86 50 86 64 L80 84 L74 84 L76 66 Q72 62 70 64 L68 84 L60 84 L60 70 L40 70 L40 84 L32 84 L32 70 Q24 72 18 70 Z', 'M72 46 Q84 40 88 54 L84 56 Q80 48 74 52 Z', 'M62 46 A3 3 0 1 0 62.1 46 Z'],
  D: ['M28 86 L30 36 L72 36 L74 86 Z', 'M26 36 V22 H34 V28 H42 V22 H50 V28 H58 V22 H66 V28 H74 V22 H76 V36 Z', 'M44 86 V66 Q50 58 56 66 V86 Z'],
  S: ['M16 70 H84 L72 86 H28 Z', 'M48 14 H52 V70 H48 Z', 'M54 18 L82 62 H54 Z', 'M46 26 L24 62 H46 Z'],
  P: ['M50 20 A13 13 0 1 0 50.1 20 Z', 'M36 80 L42 48 H58 L64 80 Z', 'M28 78 H72 V88 H28 Z'],
};
const CHESS_NAMES = { K: 'King', N: 'Knight', A: 'Alfil', D: 'Dabbabah', S: 'Sail', P: 'Pawn' };
// Said by Hint and Engine's view when the tab's game never began (the server unreachable).
const NO_CHESS_GAME = 'No game has begun: New game starts one.';

// The engine's value as the command line words it: centipawns, or a forced win or loss in
// moves of the side to move (the server's value is 30000 minus the plies to mate).
function chessValue(v) {
  if (v > 29000) return `mate in ${Math.floor((30000 - v + 1) / 2)}`;
  if (v < -29000) return `mated in ${Math.floor((30000 + v) / 2)}`;
  return signed(v);
}

// The squares of a FEN's board (ranks 8..1, '*' no square, digits empty runs): what the page
// draws. Reading it needs no rules.
function fenCells(fen) {
  const ranks = fen.split(' ')[0].split('/');
  const cells = [];
  let width = 0;
  ranks.forEach((row, i) => {
    const rank = ranks.length - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') {
        for (let k = 0; k < Number(ch); ++k, ++file) cells.push({ name: String.fromCharCode(97 + file) + (rank + 1), file, rank, piece: null });
      } else if (ch === '*') {
        ++file;
      } else {
        cells.push({ name: String.fromCharCode(97 + file) + (rank + 1), file, rank, piece: ch });
        ++file;
      }
    }
    width = Math.max(width, file);
  });
  return { cells, width, height: ranks.length, side: fen.split(' ')[1] === 'b' ? 'Black' : 'Red' };
}

// A move's squares: "c2xe4xc6" -> c2, e4, c6; "b2b4" -> b2, b4; "b7b8s" -> b7, b8 (promotion s).
function chessSquares(move) {
  if (move.includes('x')) return { squares: move.split('x'), promotion: '' };
  const m = /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(move);
  return m ? { squares: [m[1], m[2]], promotion: m[3] } : { squares: [], promotion: '' };
}

class LeapChess extends BoardController {
  constructor() {
    super();
    this.fen = null;
    this.startFen = null;
    this.fens = [];
    this.moves = [];
    this.byEngine = [];
    this.redoStack = [];
    this.captures = 'compulsory';
    this.engine = 'black';
    this.nodes = 20000;
    this.legal = [];
    this.partial = [];
    this.over = false;
    this.resigned = null;
    this.highlight = null;
  }

  async begin(fen, captures, engine, nodes) {
    // The FEN as the server writes it (startpos spelled out).
    const shown = await api('chess/show', { fen, captures });
    this.startFen = shown.fen;
    this.fens = [shown.fen];
    this.moves = [];
    this.byEngine = [];
    this.redoStack = [];
    this.captures = captures;
    this.engine = engine;
    this.nodes = nodes;
    this.resigned = null;
    await this.refresh();
  }

  get current() { return this.fens[this.fens.length - 1]; }
  get start() { return this.startFen; }

  // `message`, when given, is said under the board (what went wrong with the last request);
  // `changed` false: the position is the one already shown (see moved, in app.js).
  async refresh(message, changed = true) {
    const epoch = this.moved(changed);
    this.partial = [];
    this.highlight = null;
    UI.endTurn.disabled = true;
    say(message);
    this.fen = this.current;
    let r;
    // The referee's word on the game so far: over by no legal move (checkmate or stalemate),
    // a threefold repetition or the fifty-move rule.
    let v;
    const signal = this.requests.signal;
    try {
      r = await api('chess/moves', { fen: this.fen, captures: this.captures }, null, signal);
      if (this.fresh(epoch) && !this.resigned) v = await api('chess/verify-game', { captures: this.captures }, this.recordText(), signal);
    } catch (e) {
      return this.refreshFailed(epoch, e);
    }
    if (!this.fresh(epoch)) return;
    this.stale = false;
    this.legal = r.moves;
    this.check = r.check;
    this.board = fenCells(this.fen);
    this.render();
    const side = this.board.side;
    if (this.resigned) {
      setOver(this, true);
      return setStatus(`Game over: ${this.resigned} resigned; ${this.resigned === 'Red' ? 'Black' : 'Red'} wins`);
    }
    if (v.game_over) {
      setOver(this, true);
      const winner = { '1-0': 'Red', '0-1': 'Black' }[v.game_result];
      return setStatus(`Game over: ${v.game_over}${winner ? `; ${winner} wins` : ''}`);
    }
    setOver(this, false);
    const thinking = this.engine === side.toLowerCase();
    setStatus(`${side}${thinking ? ' (engine)' : ''} to move${this.check ? ', in check' : ''}` +
      `; captures ${this.captures}${thinking ? '; thinking…' : ''}`);
    if (thinking) this.engineTurn(epoch);
  }

  async enginePlay(epoch) {
    try {
      const r = await api('chess/analyse', { fen: this.fen, captures: this.captures, nodes: this.nodes }, null, this.requests.signal);
      if (!this.fresh(epoch) || !r.best) return;
      await this.play(r.best, true);
    } catch (e) { if (this.fresh(epoch)) setStatus(`Engine error: ${e.message}; click the board to ask again.`); }
  }

  // Plays `move` (the server checks it); `redo`: the move is Redo's, which keeps the rest of
  // what is left to redo.
  // As the Leap-Frog board's play: the position stays until the server accepts the move.
  async play(move, byEngine, redo) {
    const current = this.sending();
    UI.endTurn.disabled = true;
    let error;
    try {
      const v = await api('chess/verify', { fen: this.fen, move, captures: this.captures }, null, this.requests.signal);
      if (!current()) return;
      if (v.legal) {
        this.fens.push(v.fen);
        this.moves.push(v.move);
        this.byEngine.push(!!byEngine);
        if (!redo) this.redoStack = afterTurn(this.redoStack, v.move);
      } else {
        error = `${move}: ${v.reason}`;
      }
    } catch (e) {
      if (!current()) return;
      error = `${move}: ${e.message}`;
    }
    if (error === undefined) return this.refresh();
    this.partial = [];
    this.render();
    say(error);
  }

  recordText() {
    const lines = [`[FEN "${this.startFen}"]`, `[Captures "${this.captures}"]`, ''];
    const parts = [];
    this.moves.forEach((m, i) => parts.push(`${i + 1}. ${m}`));
    lines.push(parts.join(' '));
    return lines.join('\n') + '\n';
  }

  render() {
    const b = this.board;
    this.view = drawBoard(UI.board, {
      width: b.width, height: b.height, hex: false, cells: b.cells,
      title: 'Leap Chess board, ' + this.fen,
      fill: (c) => ((c.file + c.rank) % 2 === 1 ? '#eeeed2' : '#b58863'),
      drawPiece: (g, c, x, y, size) => {
        if (!c.piece) return;
        const up = c.piece.toUpperCase();
        const red = c.piece === up;
        const p = svgEl('g', { class: 'piece', 'data-piece': c.piece,
          transform: `translate(${x - size * 0.42} ${y - size * 0.42}) scale(${(size * 0.84) / 100})` }, g);
        for (const d of CHESS_SHAPES[up] || CHESS_SHAPES.P) {
          svgEl('path', { d, fill: red ? '#d55e00' : '#1f1f1f', stroke: red ? '#3b1600' : '#f2f2f2',
            'stroke-width': 3, 'stroke-linejoin': 'round' }, p);
        }
      },
      label: (c) => c.piece ? `${c.name}: ${c.piece === c.piece.toUpperCase() ? 'Red' : 'Black'} ${CHESS_NAMES[c.piece.toUpperCase()] || c.piece}` : `${c.name}: empty`,
      ...this.boardClicks(),
    });
    UI.board.dataset.position = this.fen;
    renderMoveList(this.moves, this.byEngine, this.redoStack.length, this.resigned !== null);
    $('#promotion').hidden = true;
    this.drawMarks();
  }

  candidates() { return this.legal.map((m) => Object.assign({ m }, chessSquares(m))); }
  extending(prefix) {
    return this.candidates().filter((c) => c.squares.length > prefix.length && prefix.every((q, i) => c.squares[i] === q));
  }

  drawMarks() {
    const v = this.view;
    if (!v) return;
    v.marks.replaceChildren();
    if (this.moves.length) markTint(v, chessSquares(this.moves[this.moves.length - 1]).squares);
    if (this.highlight) markPath(v, this.highlight, 'hint-path');
    if (this.partial.length) {
      markRing(v, this.partial[0]);
      markPath(v, this.partial);
      markDots(v, [...new Set(this.extending(this.partial).map((c) => c.squares[this.partial.length]))]);
    }
  }

  click(name) {
    say('');
    if (this.stale) return this.retryClick();
    if (this.over) return say('The game is over: start a new one.');
    if (this.engine === this.board.side.toLowerCase()) return this.retryClick();
    const k = this.partial.length;
    if (k === 0 || (k === 1 && this.extending([name]).length && !this.extending(this.partial).some((c) => c.squares[1] === name))) {
      const starts = this.extending([name]);
      if (!starts.length) return say(this.why(name));
      this.partial = [name];
      return this.drawMarks();
    }
    if (name === this.partial[k - 1]) {
      if (k === 1) { this.partial = []; this.drawMarks(); }
      return;
    }
    const next = this.extending(this.partial).filter((c) => c.squares[k] === name);
    if (!next.length) {
      const landings = [...new Set(this.extending(this.partial).map((c) => c.squares[k]))];
      return say(`${this.partial.join(k > 1 ? 'x' : '')} cannot go to ${name}: ` +
        (landings.length ? `it can go to ${landings.join(', ')}` : 'no move goes on') + '.');
    }
    this.partial.push(name);
    const exact = this.candidates().filter((c) => c.squares.length === this.partial.length && this.partial.every((q, i) => c.squares[i] === q));
    const longer = this.extending(this.partial).length > 0;
    UI.endTurn.disabled = exact.length !== 1 || !longer;
    if (exact.length > 1) return this.choosePromotion(exact);
    if (exact.length === 1 && !longer) return this.play(exact[0].m);
    if (exact.length === 1) say(`${exact[0].m}: capture on, or end the move here (End turn).`);
    this.drawMarks();
  }

  // Several moves end on the square: a pawn's promotion. One button per piece.
  choosePromotion(options) {
    const box = $('#promotion');
    box.replaceChildren();
    const label = document.createElement('span');
    label.textContent = 'Promote to: ';
    box.appendChild(label);
    for (const o of options) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = CHESS_NAMES[o.promotion.toUpperCase()] || o.m;
      b.dataset.move = o.m;
      b.addEventListener('click', () => { box.hidden = true; this.play(o.m); });
      box.appendChild(b);
    }
    box.hidden = false;
    this.drawMarks();
  }

  why(name) {
    const c = this.board.cells.find((x) => x.name === name);
    if (!c || !c.piece) return `${name} is empty: click one of your pieces.`;
    const red = c.piece === c.piece.toUpperCase();
    if ((red ? 'Red' : 'Black') !== this.board.side) return `That is ${red ? 'Red' : 'Black'}'s piece; ${this.board.side} is to move.`;
    const from = [...new Set(this.candidates().map((x) => x.squares[0]))];
    // A capture lands on the other side's piece, or is a pawn's step to another file (en
    // passant); castling lands on the mover's own Knight and is no capture.
    const at = (sq) => this.board.cells.find((q) => q.name === sq);
    const theirs = (q) => q && q.piece && (q.piece === q.piece.toUpperCase()) !== red;
    const captures = (x) => x.squares.length > 2 || theirs(at(x.squares[1])) ||
      (at(x.squares[0]).piece.toUpperCase() === 'P' && x.squares[0][0] !== x.squares[1][0]);
    const capture = this.captures !== 'optional' && this.candidates().some(captures);
    return `The ${CHESS_NAMES[c.piece.toUpperCase()]} on ${name} has no legal move` +
      (capture ? ' (a capture is due: pieces that can move: ' : ' (pieces that can move: ') + from.join(', ') + ').';
  }

  endTurn() {
    const exact = this.candidates().filter((c) => c.squares.length === this.partial.length && this.partial.every((q, i) => c.squares[i] === q));
    if (exact.length === 1 && this.partial.length > 1) this.play(exact[0].m);
  }
  cancel() { this.partial = []; $('#promotion').hidden = true; say(''); UI.endTurn.disabled = true; this.drawMarks(); }

  undo() {
    return undoTurn(this, this.moves, this.fens, () => this.engine === fenCells(this.current).side.toLowerCase());
  }
  redo() { return redoTurn(this); }
  async hint() {
    if (!this.start) return say(NO_CHESS_GAME);
    if (this.over) return say('The game is over: no move to hint at.');
    say('Looking for a hint…');
    const epoch = this.epoch;
    try {
      const r = await api('chess/analyse', { fen: this.fen, captures: this.captures, nodes: this.nodes }, null, this.requests.signal);
      if (!this.fresh(epoch)) return;
      if (!r.best) return say('No move: the game is over.');
      this.highlight = chessSquares(r.best).squares;
      this.drawMarks();
      say(`Hint: ${r.best} (value ${chessValue(r.value)}).`);
    } catch (e) { if (this.fresh(epoch)) say(e.message); }
  }
  // The person resigns: the side to move, or the other side when the engine is to move.
  resign() {
    if (this.over || !this.board) return;
    const side = this.board.side;
    this.resigned = this.engine === side.toLowerCase() ? (side === 'Red' ? 'Black' : 'Red') : side;
    this.refresh();
  }
  analyse() {
    if (!this.start) { UI.analysis.textContent = NO_CHESS_GAME; return; }
    UI.analysis.textContent = 'Searching…';
    paneSearch(this, 'chess/analyse', { fen: this.fen, captures: this.captures, 'time-limit': 4 }, (p) => {
      UI.analysis.textContent = `Searching: ${p.nodes} nodes ${p.note || ''}`;
    }).then((r) => {
      if (!r.best) { UI.analysis.textContent = 'No legal move: the game is over.'; return; }
      UI.analysis.textContent = `Value ${chessValue(r.value)} (depth ${r.depth})\nBest ${r.best}\nLine ${r.pv.join(' ')}\n${r.nodes} nodes`;
      this.highlight = chessSquares(r.best).squares;
      this.drawMarks();
    }).catch(paneError);
  }
}

const chessGame = new LeapChess();

document.addEventListener('DOMContentLoaded', () => {
  $('#chess-new-game').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    try {
      if (active !== chessGame) activate(chessGame, 'chess');
      await chessGame.begin(f.get('fen') || 'startpos', f.get('captures'), f.get('engine'), Number(f.get('strength')));
    } catch (err) {
      say(err.message);
      if (!chessGame.start) setStatus('No Leap Chess game: it could not begin (New game tries again).');
    }
  });
});
