// The Leap-Frog side of the page: games against the engine, puzzles, analysis. Every rule
// question goes to the server: /api/moves says which turns are legal, /api/show plays one,
// /api/verify-game referees the record. The page matches clicks against the legal turns.
'use strict';

const $ = (sel) => document.querySelector(sel);
const UI = {
  status: $('#status'), message: $('#message'), board: $('#board'), moves: $('#moves'),
  endTurn: $('#end-turn'), analysis: $('#analysis'), chart: $('#chart'),
};
function setStatus(text) { UI.status.textContent = text; }
function say(text) { UI.message.textContent = text || ''; }
function signed(v) { return (v > 0 ? '+' : '') + v; }
const CHOOSE_PUZZLE = 'Choose a puzzle first (Try it, or Generate).';

// The controller the shared buttons talk to: the Leap-Frog game, the puzzle, or Leap Chess.
let active = null;
// The analysis pane's running search (closable), whoever started it.
let analysisStream = null;
// What the pane's work's promise (paneSearch, paneRequest) rejects with when it is no longer
// the pane's: nothing of it is shown.
const STALE = new Error('stale');

// Stops the pane's search; `text`, when given, replaces what the pane says.
function stopAnalysis(text) {
  if (analysisStream) {
    analysisStream.close();
    if (text) UI.analysis.textContent = text;
  }
  analysisStream = null;
  $('#stop-analysis').disabled = true;
}

// A streamed search for the analysis pane, asked by `owner` about the position on its board.
// Its progress and its answer are the pane's only while it is the pane's search: a newer one,
// Stop, a tab or a new position on the owner's board (owner.moved) ends it, and its promise
// then rejects with STALE.
function paneSearch(owner, path, params, onProgress) {
  stopAnalysis();
  const s = streamApi(path, params, (p) => {
    if (analysisStream !== s) return;
    onProgress(p);
    s.shown = UI.analysis.textContent;  // what Stop leaves in the pane
  });
  s.owner = owner;
  return claimPane(s, s.promise);
}
// Makes `s` (with close() and owner) the pane's work: Stop ends it; `promise`, its answer,
// rejects with STALE once `s` is no longer the pane's.
function claimPane(s, promise) {
  analysisStream = s;
  $('#stop-analysis').disabled = false;
  const mine = () => {
    if (analysisStream !== s) throw STALE;
    analysisStream = null;
    $('#stop-analysis').disabled = true;
  };
  return promise.then((r) => { mine(); return r; }, (e) => { mine(); throw e; });
}
// A plain request for the analysis pane (no progress to stream), asked by `owner`: Stop, a
// newer search, a tab or a new position on the owner's board aborts it, and its promise then
// rejects with STALE, as paneSearch's does. `run(signal)` makes the request.
function paneRequest(owner, run) {
  stopAnalysis();
  const aborts = new AbortController();
  // A failure aborts what else `run` asked for (the judging's two requests).
  const answer = run(aborts.signal).catch((e) => { aborts.abort(); throw e; });
  return claimPane({ owner, close: () => aborts.abort() }, answer);
}
function paneError(e) {
  if (e !== STALE) UI.analysis.textContent = e.message;
}

// What every board's controller (LeapFrog here, LeapChess in chess.js) shares: the requests
// about the position on its board, stopped and their answers dropped when it changes.
class BoardController {
  constructor() {
    this.requests = new AbortController();  // aborts the requests about the position on the board
    this.epoch = 0;
    this.thinking = null;  // set while a request for the engine's turn is under way
    this.stale = false;    // the last refresh failed: the board may not show this.current
    this.playing = null;   // the latest turn sent to the server (play)
  }

  // The position on the board changes (a turn played, taken back or redone, a new game, a
  // step of a line, a resignation, another tab): the answers still on their way about the old
  // one are dropped (fresh() is false for them) and their requests aborted, the pane's search
  // stopped and its answer about the old position cleared (kept while a line is stepped
  // through: the answer is that line). `changed` false: the position stays (asked for
  // again, or drawn again after the steps of a line or a refused turn), so the pane's search
  // and answer about it stay. Returns the new epoch.
  moved(changed = true) {
    this.requests.abort();
    this.requests = new AbortController();
    const shown = changed && active === this && !this.review;  // the pane is about this board
    if (changed && analysisStream && analysisStream.owner === this) {
      stopAnalysis('Stopped: the position on the board changed.');
    } else if (shown) {
      UI.analysis.textContent = '';
    }
    if (shown) UI.chart.replaceChildren();
    return ++this.epoch;
  }
  // Is an answer asked for at `epoch` still about the board shown?
  fresh(epoch) { return epoch === this.epoch && active === this; }

  // The engine's turn (enginePlay, the controller's own). this.thinking is set while a
  // request for it is under way, so a click on the board can tell a search still running
  // from one that failed (a busy server), and ask again.
  // The status line (which says "thinking…") counts the search's seconds meanwhile.
  engineTurn(epoch) {
    const mine = {};
    this.thinking = mine;
    const base = UI.status.textContent;
    const started = Date.now();
    const ticker = setInterval(() => {
      if (this.thinking !== mine || !this.fresh(epoch) || !UI.status.textContent.startsWith(base)) {
        clearInterval(ticker);
        return;
      }
      setStatus(`${base} ${Math.floor((Date.now() - started) / 1000)} s`);
    }, 1000);
    this.enginePlay(epoch).finally(() => {
      clearInterval(ticker);
      // A search that ended without a turn leaves no count running on the status line.
      if (UI.status.textContent.startsWith(base)) setStatus(base);
      if (this.thinking === mine) this.thinking = null;
    });
  }
  // A turn sent to the server (play): returns whether its answer still counts, as long as
  // the position has not changed and no later turn was sent.
  sending() {
    const epoch = this.epoch;
    const mine = this.playing = {};
    return () => epoch === this.epoch && mine === this.playing;
  }
  // A refresh that asked at `epoch` failed: the board may not show this.current, and a click
  // asks again.
  refreshFailed(epoch, e) {
    if (!this.fresh(epoch)) return;
    this.stale = true;
    setStatus(`Error: ${e.message}; click the board to ask again.`);
  }
  // A click while the engine is to move, or on a board whose last refresh failed: wait for
  // the search under way, else ask the server again for the position on the board (which
  // starts the engine when it is its turn).
  // The board's clicks, taken only while this controller's tab is the active one: a board
  // left on screen after another tab took over (when that tab's game could not begin) is
  // not this tab's to play on.
  boardClicks() {
    return {
      onClick: (n) => { if (active === this) this.click(n); },
      onDouble: () => { if (active === this) this.endTurn(); },
    };
  }
  async retryClick() {
    if (this.thinking && !this.stale) return say('The engine is to move; wait a moment.');
    const asking = 'Asking the server again…';
    await this.refresh(asking, false);
    // Answered or failed (the status says which), the request is no longer under way.
    if (UI.message.textContent === asking) say('');
  }
}

class LeapFrog extends BoardController {
  constructor(mode) {
    super();
    this.mode = mode;  // 'game' or 'puzzle'
    this.start = null;
    this.positions = [];
    this.turns = [];
    this.byEngine = [];
    this.redoStack = [];
    this.engine = new Set();
    this.nodes = 20000;
    this.partial = [];
    this.legal = [];
    this.complete = true;   // this.legal is every legal turn (the server may cut a huge list)
    this.info = null;
    this.over = false;
    this.resigned = null;
    this.puzzle = null;
    this.solved = false;
    this.highlight = null;  // {squares, hint}: a path drawn on the board
    this.review = null;     // stepping through a solve line: {line, index, start}
  }

  get current() { return this.positions[this.positions.length - 1]; }

  async begin(start, engineSeats, nodes) {
    this.start = start;
    this.positions = [start];
    this.turns = [];
    this.byEngine = [];
    this.redoStack = [];
    this.engine = new Set(engineSeats);
    this.nodes = nodes || this.nodes;
    this.resigned = null;
    this.solved = false;
    this.closeReview();
    UI.chart.replaceChildren();
    UI.analysis.textContent = '';
    await this.refresh();
  }

  // Asks the server for the position on the board and its legal turns, draws them, and lets
  // the engine move when it is its seat.
  // `message`, when given, is said under the board (what went wrong with the last request);
  // `changed` false: the position is the one already shown (see moved).
  async refresh(message, changed = true) {
    const epoch = this.moved(changed);
    this.partial = [];
    this.highlight = null;
    say(message);
    if (!this.start) return;
    let info, moves;
    try {
      [info, moves] = await Promise.all([api('board', { position: this.current }, null, this.requests.signal),
        api('moves', { position: this.current }, null, this.requests.signal)]);
    } catch (e) {
      return this.refreshFailed(epoch, e);
    }
    if (!this.fresh(epoch)) return;
    this.stale = false;
    this.info = info;
    this.legal = moves.moves;
    this.complete = moves.complete !== false;
    setOver(this, this.resigned !== null || this.legal.length === 0 ||
      (this.mode === 'puzzle' && this.puzzle && this.puzzle.kind === 'chain' && this.turns.length > 0));
    this.render();
    if (this.over) return this.finish(epoch);
    const p = info.to_move;
    const removal = info.removals_due.includes(p);
    const thinking = this.mode === 'game' && this.engine.has(p);
    const who = info.players === 1 ? 'Your move' : `Player ${p}${thinking ? ' (engine)' : ''} to move`;
    setStatus(`${who}${removal ? ' (opening: remove a piece)' : ''}; ` +
      `${info.scores.length === 1 ? 'score' : 'scores'} ${info.scores.join(', ')}` +
      (thinking ? '; thinking…' : ''));
    if (thinking) this.engineTurn(epoch);
  }

  async enginePlay(epoch) {
    try {
      const r = await api('analyse', { position: this.current, nodes: this.nodes }, null, this.requests.signal);
      if (!this.fresh(epoch) || !r.best) return;
      await this.play(r.best, true);
    } catch (e) {
      if (this.fresh(epoch)) {
        setStatus(`${e.busy ? 'No engine move yet' : 'Engine error'}: ${e.message}; click the board to ask again.`);
      }
    }
  }

  // Plays `turn` (the server checks it); `redo`: the turn is Redo's, which keeps the rest of
  // what is left to redo.
  // The position stays until the server accepts the turn: a refused one leaves the board,
  // the answers on their way and the pane's search as they were. A later play, or a change of
  // position, drops this one's answer.
  async play(turn, byEngine, redo) {
    const current = this.sending();
    const closed = !!this.review;
    this.closeReview();
    UI.endTurn.disabled = true;
    try {
      const after = await api('show', { position: this.current, then: turn }, null, this.requests.signal);
      if (!current()) return;
      this.positions.push(after.position);
      this.turns.push(turn);
      this.byEngine.push(!!byEngine);
      if (!redo) this.redoStack = afterTurn(this.redoStack, turn);
    } catch (e) {
      if (!current()) return;
      // The steps of a line were on the board: draw the game's position again.
      if (closed) return this.refresh(`${turn}: ${e.message}`, false);
      this.partial = [];
      this.render();
      return say(`${turn}: ${e.message}`);
    }
    await this.refresh();
  }

  // The end: the record refereed by the server names the winners and the scores.
  async finish(epoch) {
    UI.endTurn.disabled = true;
    if (this.mode === 'puzzle' && this.puzzle) return this.judgePuzzle(epoch);
    let r;
    try {
      r = await api('verify-game', {}, this.recordText(), this.requests.signal);
    } catch (e) {
      if (this.fresh(epoch)) setStatus('Error: ' + e.message);
      return;
    }
    if (!this.fresh(epoch)) return;
    const scores = 'scores ' + r.scores.join(', ');
    if (this.resigned !== null) {
      // The game ends there: the highest score among the others wins (alone, nobody does).
      const others = r.scores.map((s, i) => [s, i + 1]).filter(([, seat]) => seat !== this.resigned);
      const top = Math.max(...others.map(([s]) => s));
      const winners = others.filter(([s]) => s === top).map(([, seat]) => seat);
      const result = !winners.length ? ''
        : winners.length === 1 ? `; player ${winners[0]} wins` : `; players ${winners.join(' and ')} share the win`;
      setStatus(`Game over: player ${this.resigned} resigned${result}; ${scores}`);
    } else if (r.scores.length === 1) {
      setStatus(`Game over: solitaire, ${r.scores[0]} captured; ${scores}`);
    } else if (!r.winners) {
      setStatus(`Error: the referee finds the game not over; ${scores}`);
    } else if (r.winners.length === 1) {
      setStatus(`Game over: player ${r.winners[0]} wins; ${scores}`);
    } else {
      setStatus(`Game over: players ${r.winners.join(' and ')} share the win; ${scores}`);
    }
  }

  recordText() {
    const lines = ['[Event "leapfrog serve"]', `[Start "${this.start}"]`, ''];
    lines.push(this.turns.map((t, i) => `${i + 1}. ${t}`).join(' '));
    return lines.join('\n') + '\n';
  }

  render() {
    this.draw();
    UI.board.dataset.position = this.info.position;
    renderMoveList(this.turns, this.byEngine, this.redoStack.length, this.resigned !== null);
    UI.endTurn.disabled = true;
  }

  kind(value) {
    return (this.info.kinds.find((k) => k.value === value) || { name: 'piece', colour: 'burlywood' });
  }

  draw() {
    const info = this.info;
    this.view = drawBoard(UI.board, {
      width: info.width, height: info.height, hex: info.hex, cells: info.cells,
      title: 'Leap-Frog board, ' + info.position,
      fill: () => '#ecd9b4',
      drawPiece: (g, c, x, y, size) => {
        if (!c.value) return;
        const colour = this.kind(c.value).colour;
        const fill = PIECE_FILLS[colour] || colour;
        const p = svgEl('g', { class: 'piece', 'data-value': String(c.value) }, g);
        svgEl('circle', { cx: x, cy: y, r: size * 0.38, fill, stroke: '#333', 'stroke-width': 2 }, p);
        const t = svgEl('text', { x, y: y + size * 0.16, 'text-anchor': 'middle', 'font-size': size * 0.45,
          'font-weight': 'bold', fill: DARK_FILLS.has(fill) ? '#ffffff' : '#000000' }, p);
        t.textContent = String(c.value);
      },
      label: (c) => c.value ? `${c.name}: ${this.kind(c.value).name}, worth ${c.value}` : `${c.name}: empty`,
      ...this.boardClicks(),
    });
    this.drawMarks();
  }

  // The candidates: each legal turn with its squares.
  candidates() {
    return this.legal.map((t) => ({ t, s: turnSquares(t), removal: t.startsWith('x') }));
  }
  extending(prefix) {
    return this.candidates().filter((c) => !c.removal && c.s.length > prefix.length &&
      prefix.every((q, i) => c.s[i] === q));
  }
  // The squares the chain clicked so far can land on next.
  landings() { return [...new Set(this.extending(this.partial).map((c) => c.s[this.partial.length]))]; }

  drawMarks() {
    const v = this.view;
    if (!v) return;
    v.marks.replaceChildren();
    const last = this.turns.length && !this.review ? turnSquares(this.turns[this.turns.length - 1]) : [];
    markTint(v, last);
    if (this.highlight) markPath(v, this.highlight.squares, this.highlight.hint ? 'hint-path' : '');
    if (this.partial.length) {
      markRing(v, this.partial[0]);
      markPath(v, this.partial);
      markDots(v, this.landings());
    }
  }

  // Must the board's questions wait (says why, true)? Until there is a position to ask about,
  // and while a line is stepped through: the board then shows a step, not the game.
  questionsWait() {
    if (!this.start) {
      say(this.mode === 'puzzle' ? CHOOSE_PUZZLE : 'Start a game first.');
      return true;
    }
    if (!this.review) return false;
    say('Stepping through a line: "Back to the game" returns to it.');
    return true;
  }

  click(name) {
    say('');
    if (this.questionsWait()) return;
    if (this.stale) return this.retryClick();
    if (this.over) return say('The game is over: start a new one.');
    if (!this.info) return;
    if (this.mode === 'game' && this.engine.has(this.info.to_move)) return this.retryClick();
    const all = this.candidates();
    const k = this.partial.length;
    if (k === 0) {
      const removal = all.find((c) => c.removal && c.s[0] === name);
      if (removal) return this.play(removal.t);
      if (!all.some((c) => !c.removal && c.s[0] === name) && !this.unlisted(name)) return say(this.why(name, all));
      this.partial = [name];
      return this.drawMarks();
    }
    if (name === this.partial[k - 1]) {
      if (k === 1) { this.partial = []; this.drawMarks(); }
      return;
    }
    const next = this.extending(this.partial).filter((c) => c.s[k] === name);
    if (!next.length) {
      if (k === 1 && all.some((c) => !c.removal && c.s[0] === name)) {
        this.partial = [name];
        return this.drawMarks();
      }
      if (!this.complete) {
        // Not in the cut list: the server judges the chain when the turn is ended.
        this.partial.push(name);
        UI.endTurn.disabled = false;
        say(`${this.partial.join('x')}: the list of legal turns is cut short here (a huge position), ` +
          'so this chain is not in it: jump on, or end the turn (End turn) and the server checks it.');
        return this.drawMarks();
      }
      const landings = this.landings();
      return say(`${this.partial.join('x')} cannot land on ${name}: ` +
        (landings.length ? `it can land on ${landings.join(', ')}` : 'the chain cannot go on') + '.');
    }
    this.partial.push(name);
    const turn = this.partial.join('x');
    const complete = all.some((c) => c.t === turn);
    // A cut list may leave out the longer chains of its turns: then the person ends the turn.
    const longer = this.extending(this.partial).length > 0 || !this.complete;
    UI.endTurn.disabled = !complete || !longer;
    if (complete && !longer) return this.play(turn);
    if (complete) say(`${turn}: jump on, or end the turn here (End turn, or double-click).`);
    this.drawMarks();
  }

  // May a chain start on `name` though no listed turn does? Only when the list was cut short
  // (the server's answer for a huge position) and a piece stands there: the server then
  // judges the turn when it is played.
  unlisted(name) {
    if (this.complete || this.candidates().some((c) => c.removal)) return false;
    const cell = this.info.cells.find((c) => c.name === name);
    return !!(cell && cell.value);
  }

  // Why no turn starts on `name`: one line for the person who clicked it.
  why(name, all) {
    const cell = this.info.cells.find((c) => c.name === name);
    const removals = all.filter((c) => c.removal);
    if (removals.length) {
      if (!cell || !cell.value) return `${name} is empty: the opening turn removes a piece.`;
      return `The opening turn removes a piece, but not this one (the rules allow ${removals.map((c) => c.s[0]).slice(0, 6).join(', ')}${removals.length > 6 ? '…' : ''}).`;
    }
    if (!cell || !cell.value) return `${name} is empty: click a piece that can jump.`;
    const starts = [...new Set(all.map((c) => c.s[0]))];
    return `The piece on ${name} has no capture` + (starts.length ? ` (pieces that can jump: ${starts.slice(0, 8).join(', ')}${starts.length > 8 ? '…' : ''}).` : '.');
  }

  endTurn() {
    const turn = this.partial.join('x');
    if (this.partial.length > 1 && (this.legal.includes(turn) || !this.complete)) return this.play(turn);
    if (this.partial.length > 1) {
      say(`${turn} cannot end here: the rules make the chain go on (it can land on ${this.landings().join(', ')}).`);
    }
  }
  cancel() { this.partial = []; say(''); UI.endTurn.disabled = true; this.drawMarks(); }

  undo() {
    // Taken back, the engine's turns would only be played again, the same ones.
    if (this.mode === 'game' && this.info && this.resigned === null && this.turns.length &&
        this.engine.size >= this.info.players) {
      return say('The engine plays every seat: there is no turn of yours to take back.');
    }
    this.closeReview();
    this.solved = false;
    return undoTurn(this, this.turns, this.positions,
      () => this.mode === 'game' && this.engine.has(this.seatAt(this.turns.length)));
  }
  // The seat to move after `plies` turns, from the stored positions' text ("turn=N"; 1 if none).
  seatAt(plies) {
    const m = / turn=(\d+)/.exec(' ' + this.positions[plies].split(' ').slice(1).join(' '));
    return m ? Number(m[1]) : 1;
  }
  redo() { return redoTurn(this); }

  async hint() {
    if (this.questionsWait()) return;
    if (this.over) return say(this.mode === 'puzzle' ? 'The puzzle is over: Undo to try again.' : 'The game is over: no turn to hint at.');
    say('Looking for a hint…');
    const epoch = this.epoch;
    try {
      const found = await this.findHint(this.current);
      if (!this.fresh(epoch)) return;
      if (!found) return say('No turn: the game is over.');
      this.highlight = { squares: found.squares, hint: true };
      this.drawMarks();
      say(found.text);
    } catch (e) { if (this.fresh(epoch)) say(e.message); }
  }

  // A hint serves the goal on the board: in a chain puzzle the first jump of a largest
  // capture (the game's best turn need not be one), with one player the first turn of an
  // optimal line, in a game the engine's choice. Null when there is no turn.
  async findHint(position) {
    const signal = this.requests.signal;
    if (this.mode === 'puzzle' && this.puzzle && this.puzzle.kind === 'chain') {
      const r = await api('best', { position, 'time-limit': 4 }, null, signal);
      if (!r.complete) throw new Error('No hint: the search for the largest capture stopped before it finished (the time limit).');
      if (!r.best) return null;
      const squares = turnSquares(r.best).slice(0, 2);
      const largest = `the largest ${r.removal ? 'removal' : 'capture'}${r.complete ? '' : ' found'}`;
      return { squares, text: `Hint: begin with ${r.removal ? r.best : squares.join('x')}; ${largest} takes ${amount(r.value, r.by)}.` };
    }
    if (this.info && this.info.players === 1) {
      const r = await api('solve', { position, 'time-limit': 4 }, null, signal);
      if (!r.line.length) return null;
      return { squares: turnSquares(r.line[0]), text: `Hint: ${r.line[0]} (the most left to capture: ` +
        `${r.value} ${r.by}${r.proved ? ', proved' : ', the best found'}).` };
    }
    const r = await api('analyse', { position, nodes: this.nodes }, null, signal);
    if (!r.best) return null;
    return { squares: turnSquares(r.best), text: `Hint: ${r.best} (value ${signed(r.value)}${r.proved ? ', proved' : ''}).` };
  }

  // The person at the board resigns: the seat to move when it is a person's; when the engine
  // is to move, the one seat the engine does not play (or, with several, the seat that played
  // the last turn not the engine's). With the engine on every seat there is no person's seat
  // to resign. A puzzle is given up instead (puzzle.giveUp).
  resign() {
    if (this.questionsWait() || this.over || !this.info) return;
    if (this.mode === 'puzzle') return this.giveUp();
    if (this.mode === 'game' && this.engine.size >= this.info.players) {
      return say('The engine plays every seat: there is no seat of yours to resign.');
    }
    this.resigned = this.resigningSeat();
    this.refresh();
  }
  resigningSeat() {
    const p = this.info.to_move;
    if (this.mode !== 'game' || !this.engine.has(p)) return p;
    const people = [];
    for (let seat = 1; seat <= this.info.players; ++seat) if (!this.engine.has(seat)) people.push(seat);
    if (people.length === 1) return people[0];
    for (let ply = this.turns.length - 1; ply >= 0; --ply) {
      if (!this.byEngine[ply]) return this.seatAt(ply);
    }
    return people.length ? people[0] : p;
  }

  // --- analysis ---
  analyse() {
    if (this.questionsWait()) return;
    UI.chart.replaceChildren();  // the pane's answer is this one now, not a judging's
    UI.analysis.textContent = 'Searching…';
    paneSearch(this, 'analyse', { position: this.current, 'time-limit': 4 }, (p) => {
      UI.analysis.textContent = `Searching: ${p.nodes} positions, ${p.note || ''} value ${signed(p.best)}`;
    }).then((r) => {
      if (!r.best) { UI.analysis.textContent = 'The game is over (value 0).'; return; }
      UI.analysis.textContent = `Value ${signed(r.value)} for player ${r.to_move}` +
        `${r.proved ? ' (proved)' : r.depth === 0 ? ' (the largest capture alone: no search depth finished)' : ` (estimate, ${r.depth} turns ahead)`}\nBest ${r.best}\nLine ${r.pv.join(' ')}\n${r.nodes} positions`;
      this.highlight = { squares: turnSquares(r.best), hint: true };
      this.drawMarks();
    }).catch(paneError);
  }

  async largest() {
    if (this.questionsWait()) return;
    UI.chart.replaceChildren();
    const epoch = this.epoch;
    const position = this.current;
    UI.analysis.textContent = 'Looking for the largest capture…';
    try {
      const r = await paneRequest(this, (signal) => api('best', { position, 'time-limit': 4 }, null, signal));
      if (!this.fresh(epoch)) return;
      if (!r.complete) {
        UI.analysis.textContent = 'The search stopped before it finished (the time limit' +
          (r.out_of_memory ? ', or the server\'s memory for it' : '') + '): the largest capture is not known.';
        return;
      }
      if (!r.best) { UI.analysis.textContent = 'No capture: the player to move has no turn.'; return; }
      UI.analysis.textContent = `Largest ${r.removal ? 'removal' : 'capture'}: ${amount(r.value, r.by)} ` +
        `(${r.count} ${r.count === 1 ? 'way' : 'ways'}), e.g. ${r.best}`;
      this.highlight = { squares: turnSquares(r.best), hint: false };
      this.drawMarks();
    } catch (e) { if (this.fresh(epoch)) paneError(e); }
  }

  solve() {
    if (this.questionsWait()) return;
    UI.chart.replaceChildren();
    UI.analysis.textContent = 'Solving (one player makes every turn)…';
    const start = this.current;
    paneSearch(this, 'solve', { position: start, 'time-limit': 5 }, (p) => {
      UI.analysis.textContent = `Solving: ${p.nodes} positions, best ${p.best}` + (p.bound >= 0 ? ` (at most ${p.bound})` : '');
    }).then((r) => {
      UI.analysis.textContent = `One player captures ${amount(r.value, r.by)}` +
        `${r.proved ? ', proved optimal' : ', not proved'}` +
        (r.line.length ? `: ${r.line.join(' ')}` : ' (no capture is left)');
      if (r.line.length) {
        say('');  // what was said under the board was about the game, not the steps
        this.startReview(start, r.line);
      }
    }).catch(paneError);
  }

  // Steps through a solitaire line on the board (forward and back), then back to the game.
  // The line is one player's from `start` (as solve reads it), so the steps are played on
  // the position as one player's. The steps belong to the game on the board: a turn, Undo,
  // Redo, a new game or another tab closes them (closeReview).
  startReview(start, line) {
    // The marks of the game's position (a hint's path, the largest capture, a chain begun) are
    // not the steps'.
    this.highlight = null;
    this.partial = [];
    this.review = { start: solitaireText(start), line, index: 0 };
    $('#solve-steps').hidden = false;
    this.showReview();
  }
  async showReview() {
    const r = this.review;
    if (!r) return;
    const epoch = this.moved();
    try {
      const params = { position: r.start };
      if (r.index > 0) params.then = r.line.slice(0, r.index).join(' ');
      const at = await api('show', params, null, this.requests.signal);
      const info = await api('board', { position: at.position }, null, this.requests.signal);
      if (!this.fresh(epoch) || this.review !== r) return;
      this.info = info;
      this.draw();
      UI.board.dataset.position = info.position;
      if (r.index > 0) markPath(this.view, turnSquares(r.line[r.index - 1]));
      const where = `after ${r.index} of ${r.line.length} turns` +
        (r.index ? ` (${r.line[r.index - 1]})` : '') + `; captured ${at.scores[0]}`;
      $('#step-text').textContent = where;
      setStatus(`Stepping through a one-player line: ${where}`);
    } catch (e) { if (this.fresh(epoch)) say(e.message); }
  }
  step(delta) {
    if (!this.review) return;
    this.review.index = Math.max(0, Math.min(this.review.line.length, this.review.index + delta));
    this.showReview();
  }
  closeReview() {
    if (!this.review) return;
    this.review = null;
    $('#solve-steps').hidden = true;
  }
  endReview() {
    if (!this.review) return;
    this.closeReview();
    this.refresh(undefined, false);
  }

  // The record judged turn by turn, with the expected final margin as a chart.
  async judge() {
    if (this.questionsWait()) return;
    if (!this.turns.length) { stopAnalysis(); UI.analysis.textContent = 'No turns to judge yet.'; return; }
    UI.analysis.textContent = `Judging every turn (${this.turns.length}); Stop ends it…`;
    const epoch = this.epoch;
    const record = this.recordText();
    const turns = this.turns.length;
    try {
      const [j, v] = await paneRequest(this, (signal) => Promise.all([
        api('analyse-game', { nodes: 20000 }, record, signal), api('verify-game', {}, record, signal)]));
      if (!this.fresh(epoch)) return;
      if (!j.turns.length) {
        UI.analysis.textContent = "The server's time limit stopped the judging before its first turn.";
        return;
      }
      const lines = j.turns.map((t) => `${t.ply}. ${t.move} (player ${t.player}): value ${signed(t.value)}, best ${t.best}` +
        (t.loss > 0 ? `, loses ${t.loss}` : '') + (j.mistakes.includes(t.ply) ? '  MISTAKE' : ''));
      // The server's time limit may stop the judging part way: say how far it got.
      const short = j.stopped
        ? `Judged ${j.turns.length} of ${turns} turns: the server's time limit stopped the judging there.\n` : '';
      UI.analysis.textContent = short + (j.mistakes.length ? `Mistakes at plies ${j.mistakes.join(', ')}` : 'No mistakes') +
        (short ? ' (among those judged)' : '') + '\n' + lines.join('\n');
      drawChart(j, v);
    } catch (e) { if (this.fresh(epoch)) paneError(e); }
  }
}

// The position `text` as one player's, as solve reads any position: its board and rules, no
// turn or scores, and one opening removal owed when any player owed one.
function solitaireText(text) {
  const [board, ...fields] = text.trim().split(/\s+/);
  const kept = fields.filter((f) => !/^(players|turn|scores|removals)=/.test(f));
  const removals = fields.find((f) => f.startsWith('removals='));
  if (removals) kept.push(removals === 'removals=-' ? 'removals=-' : 'removals=1');
  return [board, ...kept, 'players=1'].join(' ');
}

// The expected final margin of player 1 before each ply (two players) or the mover's expected
// total (more): the scores so far plus the engine's value.
function drawChart(judged, verified) {
  const players = verified.scores.length;
  const scores = new Array(players).fill(0);
  const points = [];
  judged.turns.forEach((t, i) => {
    const mover = t.player - 1;
    const y = players === 2 ? scores[0] - scores[1] + (mover === 0 ? t.value : -t.value) : scores[mover] + t.value;
    points.push(y);
    scores[mover] += verified.checks[i].value;
  });
  points.push(players === 2 ? scores[0] - scores[1] : scores[0]);
  const w = 320, h = 160, pad = 24;
  const lo = Math.min(0, ...points), hi = Math.max(1, ...points);
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, points.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo);
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': 'value chart', width: '100%' });
  svgEl('line', { x1: pad, x2: w - pad, y1: y(0), y2: y(0), stroke: '#999', 'stroke-dasharray': '4 3' }, svg);
  svgEl('polyline', { points: points.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: '#0072b2', 'stroke-width': 2.5 }, svg);
  for (const ply of judged.mistakes) {
    svgEl('rect', { x: x(ply - 1) - 4, y: y(points[ply - 1]) - 4, width: 8, height: 8, fill: '#d55e00' }, svg);
  }
  const caption = svgEl('text', { x: w / 2, y: 14, 'text-anchor': 'middle', 'font-size': 11, fill: '#333' }, svg);
  caption.textContent = players === 2 ? "player 1's expected final margin, ply by ply"
    : "the mover's expected final total, ply by ply";
  const legend = svgEl('text', { x: w / 2, y: h - 6, 'text-anchor': 'middle', 'font-size': 10, fill: '#555' }, svg);
  legend.textContent = judged.mistakes.length ? 'squares: mistakes; dashed: even' : 'dashed line: even';
  UI.chart.replaceChildren(svg);
}

const game = new LeapFrog('game');
const puzzle = new LeapFrog('puzzle');

// --- puzzles ---
Object.assign(puzzle, {
  async openPuzzle(p) {
    this.puzzle = p;
    this.solved = false;
    $('#puzzle-info').textContent = `${p.id}: ` + (p.kind === 'chain'
      ? `find the largest capture in one turn (rating ${p.rating}).`
      : `one player: capture as much as you can (the best is ${p.value}; rating ${p.rating}).`);
    await this.begin(p.position, [], 0);
  },
  // Resign in a puzzle: it ends with its answer shown; Undo takes it back.
  giveUp() {
    this.resigned = 1;
    this.refresh();
  },
  async judgePuzzle(epoch) {
    const p = this.puzzle;
    if (this.resigned !== null) {
      this.solved = false;
      setStatus(`Given up: the answer is ${p.solution.join(' ')}; Undo to try again.`);
      if (p.kind === 'chain' && !this.turns.length) {
        this.highlight = { squares: turnSquares(p.solution[0]), hint: true };
        this.drawMarks();
      }
    } else if (p.kind === 'chain') {
      let r;
      try {
        r = await api('verify', { position: this.start, move: this.turns[0] }, null, this.requests.signal);
      } catch (e) {
        if (this.fresh(epoch)) setStatus('Error: ' + e.message);
        return;
      }
      if (!this.fresh(epoch)) return;
      // The server's time limit can stop its search for the maximum: the puzzle's own proved
      // value then judges a legal turn.
      const max = r.complete === false ? p.value : r.max;
      if (r.complete === false && r.legal !== true) {
        this.solved = false;
        setStatus(`Not judged: the server's time limit stopped its search (${r.reason}).`);
        return;
      }
      this.solved = r.legal && r.value === max;
      setStatus(this.solved ? `Solved: ${this.turns[0]} captures ${r.value}, the most.`
        : `Not the largest: ${this.turns[0]} captures ${r.value} of ${max}; Undo and try again.`);
    } else {
      const info = this.info;
      const got = info.scores[0];
      this.solved = got >= p.value;
      setStatus(this.solved ? `Solved: ${got} captured, the best there is.`
        : `No capture left: ${got} captured, the best is ${p.value}; Undo and try again.`);
    }
  },
  check() {
    if (!this.puzzle) return say(CHOOSE_PUZZLE);
    if (this.over) return say(UI.status.textContent);
    say(this.turns.length ? `So far ${this.info.scores[0]} captured; the goal is ${this.puzzle.value}.` : 'Play a turn first.');
  },
  showAnswer() {
    const p = this.puzzle;
    if (!p) return say(CHOOSE_PUZZLE);
    say('Answer: ' + p.solution.join(' '));
    if (p.kind === 'chain') {
      this.highlight = { squares: turnSquares(p.solution[0]), hint: true };
      this.drawMarks();
    } else {
      this.startReview(p.position, p.solution);
    }
  },
});

async function loadCollection() {
  const files = (await api('collection')).files;
  const select = $('#puzzle-file');
  select.replaceChildren(...files.map((f) => new Option(f, f)));
  await loadPuzzleFile(files[0]);
}
let puzzleList = [];
// The puzzle being generated (its request's controller).
let generating = new AbortController();
async function loadPuzzleFile(file) {
  puzzleList = (await api('collection', { file })).puzzles;
  $('#puzzle-list').replaceChildren(...puzzleList.map((p, i) =>
    new Option(`${i + 1}. ${p.id} (${p.kind}, ${p.rating})`, String(i))));
}

// --- the shared controls and the tabs ---
const TABS = ['game', 'puzzles', 'chess'];

function activate(controller, tab) {
  stopAnalysis();
  generating.abort();
  // The board left behind asks nothing more (its engine's search included); its position is
  // asked again when its tab comes back.
  if (active && active !== controller) active.moved();
  // A line's steps belong to the board they were shown on.
  game.closeReview();
  puzzle.closeReview();
  for (const t of TABS) {
    $('#tab-' + t).setAttribute('aria-selected', String(t === tab));
    // One tab stop for the tab bar, at the chosen tab; the arrow keys move along it.
    $('#tab-' + t).tabIndex = t === tab ? 0 : -1;
    $('#pane-' + t).hidden = t !== tab;
  }
  const leapfrog = tab !== 'chess';
  for (const id of ['#largest', '#solve', '#judge']) $(id).disabled = !leapfrog;
  active = controller;
  // Until its refresh answers, the tab's own state: nothing to resign before a game begins.
  setOver(controller, !controller.start || controller.over);
  UI.analysis.textContent = '';
  UI.chart.replaceChildren();
  say('');
  if (controller.start) return controller.refresh();
  // No game on this tab yet: the other tab's board and status go at once (a Leap Chess game,
  // asked for now, may not begin: the server unreachable).
  UI.board.replaceChildren();
  renderMoveList([], [], 0, false);
  if (tab === 'chess') {
    setStatus('Starting a Leap Chess game…');
    $('#chess-new-game').requestSubmit();
  } else {
    setStatus(tab === 'puzzles' ? 'Choose a puzzle.' : 'Start a game.');
  }
}

// A whole-number field's text for the server: `fallback` when empty, and a number the browser
// reads as whole but the server would not (1e1) in digits. Plain digits stay as typed (a
// seed goes past what a JavaScript number holds exactly).
function wholeText(input, fallback) {
  const t = input.value.trim();
  if (t === '') return fallback;
  if (/^\d+$/.test(t)) return t;
  const n = input.valueAsNumber;
  return Number.isSafeInteger(n) && n >= 0 ? String(n) : t;
}

// A generation that opened no puzzle: why, on the message line, where it counted its seconds
// (the status line stays the open puzzle's).
function generationEnded(why) { say(why); }

// "1 point", "5 points" ("pieces" alike): `by` is the JSON's unit, a plural.
function amount(n, by) { return `${n} ${n === 1 ? String(by).replace(/s$/, '') : by}`; }

// The peg boards have a fixed size (the Size field is off for them); the six-direction shapes
// take it as their side.
const FIXED_SIZE = ['english', 'french', 'wiegleb', 'diamond'];

function newGameFromForm(form) {
  const f = new FormData(form);
  const params = { size: wholeText(form.elements.size, ''), seed: wholeText(form.elements.seed, '1'),
    players: wholeText(form.elements.players, '') };
  const variant = f.get('variant');
  if (f.get('continuation')) params.continuation = f.get('continuation');
  if (FIXED_SIZE.includes(variant)) delete params.size;
  for (const k of Object.keys(params)) if (params[k] === '') delete params[k];
  const engine = String(f.get('engine') || '').split(/[ ,]+/).filter(Boolean);
  return { variant, params, engine, nodes: Number(f.get('strength')) };
}

// The form's engine seats (its words, split at commas and spaces) as seat numbers of a game of
// `players`, or an Error naming the field and the value when one is not a seat.
function engineSeats(words, players) {
  const bad = words.find((w) => !/^\d+$/.test(w) || Number(w) < 1 || Number(w) > players);
  if (bad !== undefined) {
    return new Error(`Engine seats: '${bad}' is not a seat of this ${players}-player game ` +
      `(give seats 1 to ${players}, separated by commas, or nothing)`);
  }
  return words.map(Number);
}

// Choosing a variant sets the form's players to the variant's own (one on the peg boards, where
// the engine then has no seat).
function followVariant(form, players) {
  if (!players) return;
  form.players.value = String(players);
  if (players === 1) {
    if (form.engine.value) form.engine.dataset.kept = form.engine.value;
    form.engine.value = '';
  } else if (!form.engine.value && form.engine.dataset.kept) {
    form.engine.value = form.engine.dataset.kept;
    delete form.engine.dataset.kept;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  let variantPlayers = {};
  api('variants').then((r) => { variantPlayers = r.players || {}; }).catch(() => {});
  $('#new-game [name=variant]').addEventListener('change', (e) => {
    followVariant($('#new-game'), variantPlayers[e.target.value]);
    $('#new-game [name=size]').disabled = FIXED_SIZE.includes(e.target.value);
  });
  $('#tab-game').addEventListener('click', () => activate(game, 'game'));
  $('#tab-puzzles').addEventListener('click', () => activate(puzzle, 'puzzles'));
  $('#tab-chess').addEventListener('click', () => activate(chessGame, 'chess'));
  // The tab bar's keys (the WAI-ARIA tabs pattern): the arrows go to the tab before or after,
  // round the ends, Home and End to the first and last; the tab reached is chosen.
  $('[role=tablist]').addEventListener('keydown', (e) => {
    const at = TABS.indexOf(e.target.id.replace('tab-', ''));
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (at < 0 || to === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    const next = $('#tab-' + TABS[(to + TABS.length) % TABS.length]);
    next.focus();
    if (next.getAttribute('aria-selected') !== 'true') next.click();
  });

  $('#new-game').addEventListener('submit', async (e) => {
    e.preventDefault();
    const { variant, params, engine, nodes } = newGameFromForm(e.target);
    try {
      // The start position with the form's rules written into its text.
      const start = await api('show', Object.assign({ position: variant }, params));
      const seats = engineSeats(engine, start.scores.length);
      if (seats instanceof Error) return say(seats.message);
      if (active !== game) activate(game, 'game');
      await game.begin(start.position, seats, nodes);
    } catch (err) { say(err.message); }
  });
  $('#load-position').addEventListener('click', async () => {
    const text = $('#paste-position').value.trim();
    if (!text) return say('Paste a position first.');
    try {
      // A chain rule chosen in the form applies to the pasted position too; the text's own
      // fields stand otherwise.
      const f = newGameFromForm($('#new-game'));
      const rules = f.params.continuation ? { continuation: f.params.continuation } : {};
      const start = await api('show', Object.assign({ position: text }, rules));
      // One player is the person, as when the form's variant is a peg board: the form's engine
      // seats are for the games of several.
      const players = start.scores.length;
      const seats = players === 1 ? [] : engineSeats(f.engine, players);
      if (seats instanceof Error) return say(seats.message);
      if (active !== game) activate(game, 'game');
      await game.begin(start.position, seats, f.nodes);
    } catch (err) { say(err.message); }
  });
  $('#load-record').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const text = await file.text();
      if (!text.trim()) throw new Error(`${file.name} is empty: no record in it.`);
      const r = await api('verify-game', { plies: 1 }, text);
      if (active !== game) activate(game, 'game');
      game.start = r.plies[0].position;
      game.positions = r.plies.map((p) => p.position);
      game.turns = r.plies.slice(1).map((p) => p.move);
      game.byEngine = game.turns.map(() => false);
      game.redoStack = [];
      game.engine = new Set();
      game.resigned = null;
      game.closeReview();
      await game.refresh();
      // An illegal turn ends what is loaded; a wrong [Scores] claim is the record's, not a turn's.
      if (r.first_error) {
        const bad = r.first_error;
        say(bad.ply === null ? `The record is wrong: ${bad.reason}`
          : `The record stops before its illegal turn, ply ${bad.ply} (line ${bad.line}) ${bad.move}: ${bad.reason}`);
      }
    } catch (err) { say(err.message); }
    e.target.value = '';
  });
  $('#download-record').addEventListener('click', () => {
    if (!game.start) return say('No game to save yet.');
    const blob = new Blob([game.recordText()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'game.lfr';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  UI.endTurn.addEventListener('click', () => active && active.endTurn());
  $('#cancel-turn').addEventListener('click', () => active && active.cancel());
  $('#undo').addEventListener('click', () => active && active.undo());
  $('#redo').addEventListener('click', () => active && active.redo());
  $('#hint').addEventListener('click', () => active && active.hint());
  $('#resign').addEventListener('click', () => active && active.resign());
  $('#analyse').addEventListener('click', () => active && active.analyse());
  $('#largest').addEventListener('click', () => active && active.largest && active.largest());
  $('#solve').addEventListener('click', () => active && active.solve && active.solve());
  $('#judge').addEventListener('click', () => active && active.judge && active.judge());
  // Stop leaves the search's last progress (its best so far) in the pane.
  $('#stop-analysis').addEventListener('click', () => {
    const shown = analysisStream && analysisStream.shown;
    stopAnalysis(shown ? 'Stopped. ' + shown : 'Stopped.');
  });
  $('#step-back').addEventListener('click', () => active && active.step && active.step(-1));
  $('#step-forward').addEventListener('click', () => active && active.step && active.step(1));
  $('#step-close').addEventListener('click', () => active && active.endReview && active.endReview());
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    // Ctrl+R and the like are the browser's.
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') active && active.cancel();
    else if (e.key === 'u') active && active.undo();
    else if (e.key === 'r') active && active.redo();
    else if (e.key === 'h') active && active.hint();
    else if (e.key === 'e') active && active.endTurn();
  });

  $('#puzzle-file').addEventListener('change', (e) => loadPuzzleFile(e.target.value).catch((err) => say(err.message)));
  $('#puzzle-open').addEventListener('click', () => {
    generating.abort();  // the puzzle chosen, not one still being generated
    const p = puzzleList[Number($('#puzzle-list').value)];
    if (p) puzzle.openPuzzle(p);
  });
  $('#puzzle-generate').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    // A newer request, or leaving the tab, drops this one (generating.abort()).
    generating.abort();
    const mine = generating = new AbortController();
    // The seconds so far, each second, until the answer, Stop, a newer request or a tab.
    const started = Date.now();
    const counting = () => {
      if (mine === generating && !mine.signal.aborted && active === puzzle)
        say(`Generating a puzzle… ${Math.floor((Date.now() - started) / 1000)} s (the server's time limit ends it)`);
    };
    counting();
    const ticker = setInterval(counting, 1000);
    const stop = $('#puzzle-generate-stop');
    stop.disabled = false;
    mine.signal.addEventListener('abort', () => { clearInterval(ticker); stop.disabled = true; });
    try {
      const form = e.target.elements;
      const r = await api('generate/puzzles', { kind: f.get('kind'), size: wholeText(form.size, '6'),
        seed: wholeText(form.seed, '1'), count: 1 },
        null, mine.signal);
      // Answered: no more counting, and nothing left for Stop while the puzzle opens.
      clearInterval(ticker);
      if (mine === generating) stop.disabled = true;
      if (mine !== generating || active !== puzzle) return;
      if (!r.puzzles.length) {
        return generationEnded(r.stopped ? 'No puzzle yet: the server\'s time limit stopped the search; try a smaller size or another seed.'
          : 'No puzzle found with these settings; try another seed.');
      }
      await puzzle.openPuzzle(r.puzzles[0]);
    } catch (err) {
      if (mine === generating && active === puzzle && err.name !== 'AbortError') generationEnded('Error: ' + err.message);
    } finally {
      clearInterval(ticker);
      if (mine === generating) stop.disabled = true;
    }
  });
  $('#puzzle-generate-stop').addEventListener('click', () => {
    generating.abort();
    if (active === puzzle) generationEnded('Stopped: no puzzle generated.');
  });
  $('#puzzle-check').addEventListener('click', () => puzzle.check());
  $('#puzzle-answer').addEventListener('click', () => puzzle.showAnswer());

  activate(game, 'game');
  loadCollection().catch((err) => say(err.message));
  // The first game: the form's defaults.
  $('#new-game').requestSubmit();
});
