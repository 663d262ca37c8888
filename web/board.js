// The board as a pure view: it draws squares and pieces as SVG, marks squares, and reports
// clicks. What is legal is asked of the server (app.js, chess.js); nothing here knows the rules.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';

function svgEl(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// GET /api/PATH?params, or POST the body; the JSON answer, or an Error with the server's reason.
// An AbortSignal, when given, aborts the request (the server then stops its search).
// A server whose queue is full answers 503 "busy": the page's own requests (several at once as
// it loads) may outnumber a small --queue, so a busy answer is asked again a few times, after
// waits growing from a tenth of a second.
// How often, and after how long a wait, a busy answer is asked again (api and streamApi).
const RETRIES = 6;
const retryWait = (attempt) => new Promise((resolve) => setTimeout(resolve, 100 << attempt));
async function api(path, params, body, signal) {
  const query = new URLSearchParams(params || {}).toString();
  const init = body == null ? {} : { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } };
  if (signal) init.signal = signal;
  for (let attempt = 0; ; ++attempt) {
    let res;
    try {
      res = await fetch('/api/' + path + (query ? '?' + query : ''), init);
    } catch (e) {
      // The browser's own words for a network failure ("Failed to fetch") say nothing to a
      // person at the board; an abort stays an abort (its caller drops it).
      if (e.name === 'AbortError') throw e;
      throw new Error(UNREACHABLE);
    }
    let json;
    try { json = await res.json(); } catch (e) { throw new Error(res.status + ' ' + res.statusText); }
    const busy = res.status === 503 && String(json.error).startsWith('busy');
    if (busy && attempt < RETRIES) {
      await retryWait(attempt);
      continue;
    }
    if (busy) {
      // Still busy after the retries: said once, without the server's own "try again".
      const e = new Error('the server is busy (' + String(json.error).replace(/^busy: /, '')
        .replace(/; try again shortly$/, '') + ')');
      e.busy = true;
      throw e;
    }
    if (!res.ok) throw new Error(json.error || res.statusText);
    return json;
  }
}

const UNREACHABLE = 'cannot reach the server: is leapfrog serve still running?';

// A search whose progress streams as server-sent events. onProgress gets each progress object;
// the promise resolves with the answer. close() stops it (the server stops the search when the
// connection closes). A stream refused before it opens (a busy server answers 503, which an
// EventSource cannot read) is asked again a few times, as api() asks again.
function streamApi(path, params, onProgress) {
  const query = new URLSearchParams(params || {}).toString();
  let source = null, closed = false, settle;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
    const open = (attempt) => {
      if (closed) return;
      let opened = false;
      source = new EventSource('/api/' + path + '?' + query);
      source.addEventListener('open', () => { opened = true; });
      source.addEventListener('progress', (e) => onProgress && onProgress(JSON.parse(e.data)));
      source.addEventListener('result', (e) => { source.close(); resolve(JSON.parse(e.data)); });
      source.addEventListener('error', (e) => {
        // An answer that is no stream (a 503) closes the source; a network failure leaves it
        // trying to connect again.
        const unreachable = source.readyState === EventSource.CONNECTING;
        source.close();
        if (e.data) {
          try { reject(new Error(JSON.parse(e.data).error)); } catch (x) { reject(new Error(e.data)); }
        } else if (!opened && attempt < RETRIES) {
          retryWait(attempt).then(() => open(attempt + 1));
        } else {
          reject(new Error(opened ? 'the connection to the server closed before the answer: is leapfrog serve still running?'
            : unreachable ? UNREACHABLE : 'the server is too busy to take the search: try again'));
        }
      });
    };
    open(0);
  });
  return { promise, close: () => { closed = true; if (source) source.close(); settle.reject(new Error('stopped')); } };
}

// Okabe-Ito tones for the pieces' colour names: safe for colour-blind eyes, and every piece also
// shows its value.
const PIECE_FILLS = {
  white: '#f7f7f2', yellow: '#f0e442', red: '#d55e00', green: '#009e73', blue: '#0072b2',
  royalblue: '#0072b2', burlywood: '#deb887',
};
const DARK_FILLS = new Set(['#d55e00', '#009e73', '#0072b2']);

// Draws a board into `container`. spec: { width, height, hex, cells: [{name, file, rank}],
// fill(cell) -> square colour, drawPiece(group, cell, x, y, size) (draws the piece, if any),
// label(cell) -> text for screen readers, onClick(name), onDouble(name) }.
// Returns { centre(name) -> [x, y], marks: an SVG group above the pieces, focus(name) }.
function drawBoard(container, spec) {
  const cell = 60;
  const shift = spec.hex ? 0.5 : 0;
  const pitch = spec.hex ? Math.sqrt(3) / 2 : 1;
  let left = 0, columns = spec.width;
  if (spec.hex) {
    let lo = Infinity, hi = -Infinity;
    for (const c of spec.cells) {
      lo = Math.min(lo, c.file + shift * c.rank);
      hi = Math.max(hi, c.file + shift * c.rank);
    }
    left = lo;
    columns = hi - lo + 1;
  }
  // The coordinates at least kCoordPixels high as drawn, the board being scaled to its
  // container's width: on a phone a large board's cells are small, and labels of a fixed size
  // in the board's units would be too. The margin grows to hold them (the width depends on
  // the margin, so the size is found from a board with the margin it asks for).
  const kCoordPixels = 9;
  const shown = container.clientWidth;
  let coordSize = 13, margin = cell * 0.55;
  for (let i = 0; shown > 0 && i < 3; ++i) {
    coordSize = Math.min(cell * 0.8, Math.max(13, (kCoordPixels * (2 * margin + columns * cell)) / shown));
    margin = Math.max(cell * 0.55, coordSize * 1.4);
  }
  const cx = (file, rank) => margin + (file + shift * rank - left + 0.5) * cell;
  const cy = (rank) => margin + ((spec.height - 1 - rank) * pitch + 0.5) * cell;
  const w = 2 * margin + columns * cell;
  const h = 2 * margin + ((spec.height - 1) * pitch + 1) * cell;
  const svg = svgEl('svg', { viewBox: `0 0 ${w.toFixed(1)} ${h.toFixed(1)}`, role: 'group',
    'aria-label': spec.title || 'board' });
  svgEl('rect', { x: 0, y: 0, width: w, height: h, fill: '#fbf6ea' }, svg);
  const squares = svgEl('g', { class: 'squares' }, svg);
  const byName = new Map();
  const byPlace = new Map();
  // One Tab stop for the whole board (the arrow keys move between squares): the square last
  // focused on this board, else the first. A redraw (every turn) keeps the focus where it was.
  const hadFocus = container.contains(document.activeElement);
  const stop = spec.cells.some((c) => c.name === container.dataset.focusSquare)
    ? container.dataset.focusSquare : (spec.cells[0] || {}).name;
  for (const c of spec.cells) {
    const x = cx(c.file, c.rank), y = cy(c.rank);
    const g = svgEl('g', { class: 'sq', 'data-square': c.name, tabindex: c.name === stop ? '0' : '-1',
      role: 'button', 'aria-label': spec.label ? spec.label(c) : c.name }, squares);
    // The squares' own focus events, not focusin on their group: Chromium makes an SVG
    // element with focus listeners a Tab stop of its own.
    g.addEventListener('focus', (e) => {
      for (const other of squares.querySelectorAll('[tabindex="0"]')) other.setAttribute('tabindex', '-1');
      g.setAttribute('tabindex', '0');
      container.dataset.focusSquare = c.name;
      showRing(e);
    });
    g.addEventListener('blur', () => ring.setAttribute('visibility', 'hidden'));
    if (spec.hex) {
      svgEl('circle', { class: 'cell', cx: x, cy: y, r: cell * 0.47, fill: spec.fill(c),
        stroke: '#9c7c4a', 'stroke-width': 1.8 }, g);
    } else {
      svgEl('rect', { class: 'cell', x: x - cell / 2, y: y - cell / 2, width: cell, height: cell,
        fill: spec.fill(c), stroke: '#9c7c4a', 'stroke-width': 1.8 }, g);
    }
    spec.drawPiece(g, c, x, y, cell);
    g.addEventListener('click', () => spec.onClick(c.name));
    g.addEventListener('dblclick', () => spec.onDouble && spec.onDouble(c.name));
    g.addEventListener('keydown', (e) => onKey(e, c));
    byName.set(c.name, [x, y]);
    byPlace.set(c.file + ',' + c.rank, g);
  }
  // Coordinates: files along the bottom (hex: above each file's top cell), ranks on the left.
  const coords = svgEl('g', { class: 'coordinates', 'font-size': coordSize }, svg);
  const files = new Map(), ranks = new Map();
  for (const c of spec.cells) {
    if (!files.has(c.file) || (spec.hex ? c.rank > files.get(c.file).rank : c.rank < files.get(c.file).rank)) files.set(c.file, c);
    if (!ranks.has(c.rank) || c.file < ranks.get(c.rank).file) ranks.set(c.rank, c);
  }
  for (const [f, c] of files) {
    const letter = String.fromCharCode(97 + f);
    const t = spec.hex
      ? svgEl('text', { class: 'coord', x: cx(c.file, c.rank) + cell * 0.4, y: cy(c.rank) - cell * 0.62, 'text-anchor': 'middle' }, coords)
      : svgEl('text', { class: 'coord', x: cx(f, 0), y: h - margin * 0.3, 'text-anchor': 'middle' }, coords);
    t.textContent = letter;
  }
  for (const [r, c] of ranks) {
    const t = svgEl('text', { class: 'coord', x: spec.hex ? cx(c.file, r) - cell * 0.75 : margin * 0.45,
      y: cy(r) + coordSize * 0.38, 'text-anchor': 'middle' }, coords);
    t.textContent = String(r + 1);
  }
  const marks = svgEl('g', { class: 'marks' }, svg);
  // The keyboard's focus is drawn last, above the squares after it and the marks, which
  // would cover a square's own outline; it follows the focused square.
  const ring = spec.hex
    ? svgEl('circle', { class: 'focus-ring', r: cell * 0.47 }, svg)
    : svgEl('rect', { class: 'focus-ring', width: cell, height: cell }, svg);
  ring.setAttribute('visibility', 'hidden');
  const showRing = (e) => {
    const g = e.target.closest && e.target.closest('.sq');
    const at = g && g.matches(':focus-visible') && byName.get(g.dataset.square);
    if (!at) return ring.setAttribute('visibility', 'hidden');
    if (spec.hex) { ring.setAttribute('cx', at[0]); ring.setAttribute('cy', at[1]); }
    else { ring.setAttribute('x', at[0] - cell / 2); ring.setAttribute('y', at[1] - cell / 2); }
    ring.setAttribute('visibility', 'visible');
  };
  container.replaceChildren(svg);
  if (hadFocus) {
    const g = squares.querySelector('[tabindex="0"]');
    if (g) g.focus({ preventScroll: true });  // a redraw never scrolls the page
  }

  function onKey(e, c) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      spec.onClick(c.name);
    } else if (steps[e.key]) {
      e.preventDefault();
      const [df, dr] = steps[e.key];
      for (let k = 1; k <= Math.max(spec.width, spec.height); ++k) {
        const g = byPlace.get((c.file + df * k) + ',' + (c.rank + dr * k));
        if (g) { g.focus(); break; }
      }
    }
  }
  return {
    centre: (name) => byName.get(name),
    marks,
    cell,
    focus: (name) => { const g = container.querySelector(`[data-square="${name}"]`); if (g) g.focus(); },
  };
}

// Marks on a drawn board: a ring round a square, dots on squares, a path through squares.
function markRing(view, name) {
  const p = view.centre(name);
  if (p) svgEl('circle', { class: 'selected-ring', cx: p[0], cy: p[1], r: view.cell * 0.45 }, view.marks);
}
function markDots(view, names) {
  for (const n of names) {
    const p = view.centre(n);
    if (p) svgEl('circle', { class: 'landing-dot', cx: p[0], cy: p[1], r: view.cell * 0.13 }, view.marks);
  }
}
function markTint(view, names) {
  for (const n of names) {
    const p = view.centre(n);
    if (p) svgEl('rect', { class: 'last-move', x: p[0] - view.cell / 2, y: p[1] - view.cell / 2, width: view.cell, height: view.cell }, view.marks);
  }
}
function markPath(view, names, extraClass) {
  const pts = names.map((n) => view.centre(n)).filter(Boolean);
  if (pts.length < 2) {
    if (pts.length === 1) svgEl('circle', { class: 'path ' + (extraClass || ''), cx: pts[0][0], cy: pts[0][1], r: view.cell * 0.3 }, view.marks);
    return;
  }
  svgEl('polyline', { class: 'path ' + (extraClass || ''), points: pts.map((p) => p.join(',')).join(' ') }, view.marks);
  const end = pts[pts.length - 1];
  svgEl('circle', { class: 'path ' + (extraClass || ''), cx: end[0], cy: end[1], r: view.cell * 0.16 }, view.marks);
}

// A Leap-Frog turn's squares: "xd4" -> ["d4"] (a removal), "c3xe3xe5" -> ["c3", "e3", "e5"].
function turnSquares(turn) {
  return turn.startsWith('x') ? [turn.slice(1)] : turn.split('x');
}

// Whether the game on the board is over (`game.over`); Resign is for a game still played.
function setOver(game, over) {
  game.over = over;
  document.querySelector('#resign').disabled = over;
}

// The moves list (#moves) and the undo/redo buttons of a game: each turn in notation, the
// engine's marked. After a resignation (`resigned`) Undo takes it back, even one before any
// turn, and nothing is redone past it.
function renderMoveList(turns, byEngine, redoCount, resigned) {
  const list = document.querySelector('#moves');
  list.replaceChildren();
  turns.forEach((t, i) => {
    const li = document.createElement('li');
    li.textContent = t;
    if (byEngine[i]) li.className = 'engine';
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  document.querySelector('#undo').disabled = turns.length === 0 && !resigned;
  document.querySelector('#redo').disabled = redoCount === 0 || resigned;
}

// Undo for a game controller (Leap-Frog or Leap Chess), whose `turns` and `positions` (one
// more: the start first) are its record: a resignation is taken back alone, the turns before
// it kept; else the last turn, and before it every turn back to one played where
// `engineToMove()` is false (the engine's turns are taken back with the person's before them).
// What is taken back can be redone.
async function undoTurn(game, turns, positions, engineToMove) {
  if (game.resigned !== null) {
    game.resigned = null;
    return game.refresh();
  }
  if (!turns.length) return;
  do {
    positions.pop();
    game.redoStack.push([turns.pop(), game.byEngine.pop()]);
  } while (turns.length && engineToMove());
  await game.refresh();
}

// Redo for a game controller (Leap-Frog or Leap Chess): plays the turn taken back last again,
// keeping what is left to redo and who played it. Nothing after a resignation.
async function redoTurn(game) {
  if (!game.redoStack.length || game.resigned) return;
  const [turn, byEngine] = game.redoStack.pop();
  await game.play(turn, byEngine, true);
}

// What is left to redo after `turn` is played (not by Redo): the rest of the stack when the
// turn is the one taken back last (the engine playing its turn again), else nothing.
function afterTurn(redoStack, turn) {
  const top = redoStack[redoStack.length - 1];
  if (top && top[0] === turn) return redoStack.slice(0, -1);
  return [];
}
