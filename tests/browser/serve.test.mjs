// The web board in a real browser (Debian's chromium, headless, driven by playwright-core):
// a Murray 6x6 game against the engine, a Leap Chess game and a puzzle, each played by clicking
// squares, each checked against the command line's referee. Screenshots go to OUTDIR.
//   node serve.test.mjs LEAPFROG OUTDIR CHROMIUM
// Exit 0 on success, 1 on a failure (named), 77 when the browser cannot start.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [leapfrog, outdir, browserPath] = process.argv.slice(2);
// How long the page may take to show what it must: generous, since a loaded machine (the
// other tests beside this one, a sanitizer build) slows the server and the browser alike.
const kWait = 60000;
mkdirSync(outdir, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'leapfrog-browser-'));

function fail(message) {
  throw new Error(message);
}
function check(condition, message) {
  if (!condition) fail(message);
}
function cli(args) {
  try {
    return execFileSync(leapfrog, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  } catch (e) {
    // verify exits 1 on an illegal turn: its JSON is still the answer.
    if (e.status === 1 && e.stdout) return e.stdout;
    throw e;
  }
}
const cliJson = (args) => JSON.parse(cli([...args, '--json']));

// A server on a free port of 127.0.0.1; stopped in every case (see the finally below).
const servers = [];
const serverUrls = [];
async function startServer(options) {
  const server = spawn(leapfrog, ['serve', '--port', '0', ...options], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(server);
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the server printed no address')), 10000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (m) { clearTimeout(timer); serverUrls.push(m[0]); resolve(m[0]); }
    });
    server.on('exit', (code) => reject(new Error('the server exited with ' + code)));
  });
}
const stopServer = () => {
  for (const server of servers) { try { server.kill('SIGTERM'); } catch (e) { /* gone already */ } }
};
process.on('exit', stopServer);
const url = await startServer(['--max-time', '5']);

async function apiGet(path) {
  const res = await fetch(url + 'api/' + path);
  const j = await res.json();
  if (!res.ok) fail(`GET /api/${path}: ${res.status} ${j.error}`);
  return j;
}

let browser;
try {
  browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
} catch (e) {
  console.log('skipped: chromium did not start: ' + e.message.split('\n')[0]);
  stopServer();
  process.exit(77);
}

let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  // Nothing may come from elsewhere: the page works offline.
  const outside = [];
  page.on('request', (r) => {
    if (!serverUrls.some((u) => r.url().startsWith(u)) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  const status = () => page.textContent('#status');
  const moveList = () => page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
  const boardPosition = () => page.getAttribute('#board', 'data-position');

  // Clicks the squares of a turn in order, ends the chain if it could go on, and waits for the
  // move list to grow.
  async function clickTurn(squares, before) {
    for (const sq of squares) await page.click(`#board [data-square="${sq}"]`);
    await endTurn(before);
  }
  // After the last square: the turn is played by itself, or (a chain that could go on) waits
  // for #end-turn.
  async function endTurn(before) {
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n ||
      !document.querySelector('#end-turn').disabled, before, { timeout: kWait });
    if ((await moveList()).length === before) await page.click('#end-turn');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before, { timeout: kWait });
  }

  // --- 1. Murray 6x6, the engine on seat 2 ---
  await page.selectOption('#new-game [name=variant]', 'murray');
  await page.fill('#new-game [name=size]', '6');
  await page.fill('#new-game [name=seed]', '3');
  await page.fill('#new-game [name=players]', '2');
  await page.fill('#new-game [name=engine]', '2');
  await page.selectOption('#new-game [name=strength]', '2000');
  await page.click('#new-game button[type=submit]');
  const start = cliJson(['show', 'murray', '--size', '6', '--seed', '3', '--players', '2']).position;
  for (let turns = 0; ; ++turns) {
    check(turns < 80, 'the Murray game did not end');
    await page.waitForFunction(() => {
      const s = document.querySelector('#status').textContent;
      return s.startsWith('Game over') || s.startsWith('Player 1 to move');
    }, null, { timeout: kWait });
    if ((await status()).startsWith('Game over')) break;
    const position = await boardPosition();
    // The person plays the largest capture (any legal turn would do).
    const best = await apiGet('best?position=' + encodeURIComponent(position));
    const turn = best.best;
    const squares = turn.startsWith('x') ? [turn.slice(1)] : turn.split('x');
    await clickTurn(squares, (await moveList()).length);
  }
  const murrayMoves = await moveList();
  const murrayStatus = await status();
  await page.screenshot({ path: join(outdir, 'murray-6x6.png'), fullPage: true });
  const record = join(scratch, 'murray.lfr');
  writeFileSync(record, `[Start "${start}"]\n\n${murrayMoves.map((m, i) => `${i + 1}. ${m}`).join(' ')}\n`);
  const replay = cliJson(['verify', '--game', record]);
  check(replay.legal, 'a turn of #moves is illegal: ' + JSON.stringify(replay.first_error));
  check(replay.finished, 'the replay of #moves does not end the game');
  const m = /Game over: (?:player (\d+) wins|players ([\d and]+) share the win); scores ([\d, ]+)$/.exec(murrayStatus);
  check(m, 'unexpected #status at the end: ' + murrayStatus);
  const winners = m[1] ? [Number(m[1])] : m[2].split(' and ').map(Number);
  const scores = m[3].split(', ').map(Number);
  check(JSON.stringify(winners) === JSON.stringify(replay.winners), `#status names winners ${winners}, the replay ${replay.winners}`);
  check(JSON.stringify(scores) === JSON.stringify(replay.scores), `#status gives scores ${scores}, the replay ${replay.scores}`);
  console.log(`murray 6x6: ${murrayMoves.length} turns, all legal; ${murrayStatus}`);

  // --- 1b. A Leap Chess game that cannot begin (the server refuses it) leaves no board: the
  // Leap-Frog board must not stay under the chess tab, where clicks would play it.
  const refuseChess = (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"error": "refused by the test"}' });
  const chessShow = (u) => u.pathname === '/api/chess/show';
  await page.route(chessShow, refuseChess);
  await page.click('#tab-chess');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('No Leap Chess game'), null, { timeout: kWait });
  check(await page.$$eval('#board [data-square]', (s) => s.length) === 0, 'the Leap-Frog board stayed under the chess tab');
  check((await moveList()).length === 0, 'the Leap-Frog moves stayed under the chess tab');
  await page.click('#hint');
  check((await page.textContent('#message')).startsWith('No game has begun'), 'Hint without a chess game: ' + await page.textContent('#message'));
  await page.unroute(chessShow, refuseChess);
  await page.click('#tab-game');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  console.log('a Leap Chess game that cannot begin leaves an empty board');

  // --- 2. Leap Chess, at least 10 moves against the engine (Black) ---
  await page.click('#tab-chess');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('to move'), null, { timeout: kWait });
  await page.selectOption('#chess-new-game [name=strength]', '2000');
  await page.selectOption('#chess-new-game [name=engine]', 'black');
  await page.click('#chess-new-game button[type=submit]');
  for (;;) {
    await page.waitForFunction(() => {
      const s = document.querySelector('#status').textContent;
      return s.startsWith('Game over') || s.startsWith('Red to move');
    }, null, { timeout: kWait });
    const played = await moveList();
    if ((await status()).startsWith('Game over') || played.length >= 12) break;
    const fen = await boardPosition();
    const r = await apiGet(`chess/analyse?nodes=300&fen=${encodeURIComponent(fen)}`);
    const move = r.best;
    const squares = move.includes('x') ? move.split('x') : [move.slice(0, 2), move.slice(2, 4)];
    for (const sq of squares) await page.click(`#board [data-square="${sq}"]`);
    if (await page.isVisible(`#promotion [data-move="${move}"]`)) await page.click(`#promotion [data-move="${move}"]`);
    await endTurn(played.length);
  }
  const chessMoves = await moveList();
  const chessStatus = await status();
  check(chessMoves.length >= 10 || chessStatus.startsWith('Game over'), 'the chess game has ' + chessMoves.length + ' moves');
  check((await page.$$('#board [data-piece]')).length > 0, 'no piece on the chess board');
  await page.screenshot({ path: join(outdir, 'leap-chess.png'), fullPage: true });
  const chessRecord = join(scratch, 'chess.pgn');
  writeFileSync(chessRecord, chessMoves.map((mv, i) => `${i + 1}. ${mv}`).join(' ') + '\n');
  const chessReplay = cliJson(['chess', 'verify', '--game', chessRecord]);
  check(chessReplay.legal && chessReplay.turns === chessMoves.length, 'the chess moves do not replay: ' + JSON.stringify(chessReplay.first_error));
  if (chessReplay.game_over) {
    check(chessStatus.includes(chessReplay.game_over), `#status ${chessStatus} but the replay says ${chessReplay.game_over}`);
  } else {
    const side = chessReplay.final.split(' ')[1] === 'w' ? 'Red' : 'Black';
    check(chessStatus.startsWith(side + ' to move'), `#status ${chessStatus}, the replay has ${side} to move`);
  }
  console.log(`leap chess: ${chessMoves.length} moves, all legal; ${chessStatus}`);

  // --- 3. A puzzle of the collection, solved by clicks ---
  await page.click('#tab-puzzles');
  await page.waitForFunction(() => document.querySelectorAll('#puzzle-list option').length > 0, null, { timeout: kWait });
  await page.selectOption('#puzzle-file', 'chain-08.epd');
  await page.waitForFunction(() => document.querySelector('#puzzle-list option') && document.querySelector('#puzzle-list option').textContent.includes('chain'), null, { timeout: kWait });
  const collection = await apiGet('collection?file=chain-08.epd');
  const puzzle = collection.puzzles[0];
  // Every puzzle of every file: its name, kind and rating fit the list's box, as the text is
  // drawn there (the box less its padding and the arrow, taken as 1.5 em).
  for (const file of await page.$$eval('#puzzle-file option', (os) => os.map((o) => o.value))) {
    const first = (await apiGet(`collection?file=${encodeURIComponent(file)}`)).puzzles[0].id;
    await page.selectOption('#puzzle-file', file);
    await page.waitForFunction((id) => document.querySelector('#puzzle-list option') &&
      document.querySelector('#puzzle-list option').textContent.startsWith(`1. ${id} (`), first, { timeout: kWait });
    const listFit = await page.evaluate(() => {
      const list = document.querySelector('#puzzle-list');
      const style = getComputedStyle(list);
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const texts = [...list.options].map((o) => o.text);
      const widest = texts.reduce((a, t) => (context.measureText(t).width > context.measureText(a).width ? t : a), '');
      const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
      return { widest, width: context.measureText(widest).width, room };
    });
    check(listFit.width <= listFit.room, `the puzzle list of ${file} cuts '${listFit.widest}': ${listFit.width.toFixed(0)} px of text in ${listFit.room.toFixed(0)} px`);
  }
  await page.selectOption('#puzzle-file', 'chain-08.epd');
  await page.waitForFunction(() => document.querySelector('#puzzle-list option') && document.querySelector('#puzzle-list option').textContent.includes('chain-8'), null, { timeout: kWait });
  await page.selectOption('#puzzle-list', '0');
  await page.click('#puzzle-open');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('to move') || document.querySelector('#status').textContent.startsWith('Your move'), null, { timeout: kWait });
  const answer = puzzle.solution[0];
  await clickTurn(answer.startsWith('x') ? [answer.slice(1)] : answer.split('x'), 0);
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Solved'), null, { timeout: kWait });
  const puzzleMoves = await moveList();
  await page.screenshot({ path: join(outdir, 'puzzle.png'), fullPage: true });
  const puzzleRecord = join(scratch, 'puzzle.lfr');
  writeFileSync(puzzleRecord, `[Start "${puzzle.position}"]\n\n1. ${puzzleMoves[0]}\n`);
  const puzzleReplay = cliJson(['verify', '--game', puzzleRecord]);
  check(puzzleReplay.legal && puzzleReplay.checks[0].maximal, 'the puzzle turn is not legal and maximal');
  console.log(`puzzle ${puzzle.id}: ${puzzleMoves[0]}; ${await status()}`);

  // --- 4. What the page does when the position changes under a question, and other edges ---
  const message = () => page.textContent('#message');
  const badResponses = [];
  page.on('response', (r) => { if (r.status() >= 400) badResponses.push(`${r.status()} ${r.url()}`); });
  // A new Leap-Frog game from the form; waits until its start is on the board.
  async function newGame(variant, size, seed, players, engine, strength) {
    await page.click('#tab-game');
    await page.selectOption('#new-game [name=variant]', variant);
    await page.fill('#new-game [name=size]', String(size));
    await page.fill('#new-game [name=seed]', String(seed));
    await page.fill('#new-game [name=players]', String(players));
    await page.fill('#new-game [name=engine]', engine);
    await page.selectOption('#new-game [name=strength]', String(strength));
    const position = cliJson(['show', variant, '--size', String(size), '--seed', String(seed), '--players', String(players)]).position;
    await page.click('#new-game button[type=submit]');
    await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p &&
      document.querySelectorAll('#moves li').length === 0 && / to move/.test(document.querySelector('#status').textContent),
    position, { timeout: kWait });
    return position;
  }
  const turnClicks = (turn) => (turn.startsWith('x') ? [turn.slice(1)] : turn.split('x'));
  // Holds the page's requests that `match` (a URL) until release(); settled() waits until each
  // held one has ended in the page (answered, failed or aborted).
  async function holdRequests(match) {
    let open;
    const gate = new Promise((resolve) => { open = resolve; });
    const held = [];
    const handler = async (route) => {
      const ended = new Promise((resolve) => {
        const done = (r) => { if (r === route.request()) resolve(); };
        page.on('requestfinished', done);
        page.on('requestfailed', done);
      });
      held.push(ended);
      await gate;
      try { await route.continue(); } catch (e) { /* the page gave it up */ }
    };
    await page.route(match, handler);
    return {
      count: () => held.length,
      release: () => open(),
      settled: async () => { await Promise.all(held); await page.unroute(match, handler); },
    };
  }
  const apiPath = (name) => (u) => u.pathname === '/api/' + name;

  // Another tab stops what the board left behind was asking: its engine's search is aborted.
  {
    const held = await holdRequests(apiPath('analyse'));
    const failed = [];
    const onFailed = (r) => { if (new URL(r.url()).pathname === '/api/analyse') failed.push(r.failure().errorText); };
    page.on('requestfailed', onFailed);
    await newGame('murray', 6, 3, 2, '1', 2000);
    await page.waitForFunction(() => document.querySelector('#status').textContent.includes('thinking'), null, { timeout: kWait });
    // While it thinks, the status line counts the seconds.
    await page.waitForFunction(() => /thinking… [1-9]\d* s$/.test(document.querySelector('#status').textContent), null, { timeout: 5000 });
    await page.click('#tab-chess');
    held.release();
    await held.settled();
    page.off('requestfailed', onFailed);
    check(failed.length > 0, "the engine's search for the game left behind went on in another tab");
  }

  // Resign while the engine thinks: the person (seat 1) resigns, not the engine.
  await newGame('murray', 12, 1, 2, '2', 500000);
  await page.click('#board [data-square="a1"]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('thinking'), null, { timeout: kWait });
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check((await status()).startsWith('Game over: player 1 resigned; player 2 wins'),
    'Resign while the engine thinks: ' + await status());
  check(await page.isDisabled('#resign'), 'Resign is enabled after a resignation has ended the game');
  await page.click('#tab-chess');
  await page.selectOption('#chess-new-game [name=engine]', 'black');
  await page.selectOption('#chess-new-game [name=strength]', '200000');
  await page.click('#chess-new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Red to move') &&
    document.querySelectorAll('#moves li').length === 0, null, { timeout: kWait });
  await page.click('#board [data-square="e3"]');
  await page.click('#board [data-square="e4"]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('thinking'), null, { timeout: kWait });
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check((await status()).startsWith('Game over: Red resigned; Black wins'), 'Resign while the chess engine thinks: ' + await status());
  check(await page.isDisabled('#resign'), 'Resign is enabled after a chess resignation has ended the game');

  // Answers about a position that has changed are dropped: Hint, Engine's view, Largest capture.
  const staleStart = await newGame('murray', 6, 3, 2, '', 2000);
  const analyseHeld = await holdRequests(apiPath('analyse'));
  const bestHeld = await holdRequests(apiPath('best'));
  await page.click('#hint');
  await page.click('#analyse');
  await page.click('#largest');
  while (analyseHeld.count() < 2 || bestHeld.count() < 1) await new Promise((r) => setTimeout(r, 20));
  const removal = (await apiGet('moves?position=' + encodeURIComponent(staleStart))).moves[0];
  await clickTurn(turnClicks(removal), 0);
  analyseHeld.release();
  bestHeld.release();
  await analyseHeld.settled();
  await bestHeld.settled();
  await page.waitForTimeout(200);
  check(!(await message()).startsWith('Hint'), 'a hint for the position before the turn is shown after it: ' + await message());
  const pane = await page.textContent('#analysis');
  check(!/Best|Largest/.test(pane), 'an answer for the position before the turn is in the analysis pane: ' + pane);
  check((await page.$$('#board .path')).length === 0, 'a path for the position before the turn is drawn on the board');

  // Stop leaves the search's progress, its best so far, in the pane.
  await newGame('murray', 12, 1, 2, '', 2000);
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelector('#analysis').textContent.startsWith('Searching:'), null, { timeout: kWait });
  await page.click('#stop-analysis');
  const stopped = await page.textContent('#analysis');
  check(stopped.startsWith('Stopped. Searching: ') && stopped.includes('value'), 'the pane after Stop: ' + stopped);

  // Resign in a puzzle before any turn: it is given up, with the answer; Undo takes it back.
  await page.click('#tab-puzzles');
  await page.selectOption('#puzzle-list', '0');
  await page.click('#puzzle-open');
  const puzzleOpen = () => page.waitForFunction(() => / to move|^Your move/.test(document.querySelector('#status').textContent) &&
    document.querySelectorAll('#moves li').length === 0, null, { timeout: kWait });
  await puzzleOpen();
  const bad = badResponses.length;
  await page.click('#resign');
  await page.waitForFunction(() => !/ to move|^Your move/.test(document.querySelector('#status').textContent), null, { timeout: 5000 })
    .catch(() => {});
  check((await status()).startsWith('Given up') && (await status()).includes(puzzle.solution[0]), 'Resign in a puzzle: ' + await status());
  check(badResponses.length === bad, 'Resign in a puzzle failed a request: ' + badResponses.slice(bad).join(', '));
  check(!(await page.isDisabled('#undo')), 'Undo is disabled after giving up a puzzle');
  check(await page.isDisabled('#resign'), 'Resign is enabled after giving up a puzzle');
  await page.click('#undo');
  await puzzleOpen();
  check(!(await page.isDisabled('#resign')), 'Resign is disabled after a puzzle given up is taken back');
  check(errors.length === 0, 'the page threw: ' + errors.join('; '));

  // Hint in a chain puzzle: the first jump of a largest capture, also where the engine's
  // choice for the game (what Hint shows in a game) is a smaller capture.
  const smaller = collection.puzzles.findIndex((p) =>
    !cliJson(['verify', p.position, cliJson(['analyse', p.position, '--nodes', '20000']).best]).maximal);
  check(smaller >= 0, 'no puzzle of chain-08.epd where the game engine picks a smaller capture');
  const largest = cliJson(['best', collection.puzzles[smaller].position, '--all']);
  await page.selectOption('#puzzle-list', String(smaller));
  await page.click('#puzzle-open');
  await puzzleOpen();
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint|Error/.test(document.querySelector('#message').textContent), null, { timeout: kWait });
  const hinted = /^Hint: begin with (\w+x\w+); the largest capture takes (\d+) points\.$/.exec(await message());
  check(hinted && Number(hinted[2]) === largest.value &&
    largest.chains.some((c) => c.startsWith(hinted[1] + 'x') || c === hinted[1]),
  `the hint in chain puzzle ${collection.puzzles[smaller].id} (largest ${largest.value}: ${largest.chains.join(' ')}): ` + await message());
  const hintPath = await page.getAttribute('#board polyline.hint-path', 'points');
  check(hintPath && hintPath.trim().split(/\s+/).length === 2, 'the hint path in a chain puzzle: ' + hintPath);

  // Hint with one player: the first turn of an optimal line, proved (a 6x6 puzzle: solved in
  // milliseconds, well within the hint's time limit even in a sanitizer's build).
  await page.selectOption('#puzzle-file', 'solitaire-6.csv');
  await page.waitForFunction(() => document.querySelector('#puzzle-list option') && document.querySelector('#puzzle-list option').textContent.includes('solo'), null, { timeout: kWait });
  const solo = (await apiGet('collection?file=solitaire-6.csv')).puzzles[1];
  await page.selectOption('#puzzle-list', '1');
  await page.click('#puzzle-open');
  await puzzleOpen();
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint|Error/.test(document.querySelector('#message').textContent), null, { timeout: kWait });
  const soloLine = cliJson(['solve', solo.position]);
  check(await message() === `Hint: ${soloLine.line[0]} (the most left to capture: ${solo.value} points, proved).`,
    `the hint in solitaire puzzle ${solo.id} (best ${solo.value}, line ${soloLine.line[0]}): ` + await message());

  // A peg board is one player's: choosing it sets the form's players to 1 and frees the
  // engine's seat; a game of two players gets them back.
  await page.click('#tab-game');
  await page.fill('#new-game [name=engine]', '2');
  await page.selectOption('#new-game [name=variant]', 'english');
  check(await page.inputValue('#new-game [name=players]') === '1', 'players after choosing English: ' + await page.inputValue('#new-game [name=players]'));
  check(await page.inputValue('#new-game [name=engine]') === '', 'engine seats after choosing English: ' + await page.inputValue('#new-game [name=engine]'));
  check(await page.isDisabled('#new-game [name=size]'), 'the Size field is on for English, whose board has one size');
  const english = cliJson(['show', 'english', '--players', '1']).position;
  await page.click('#new-game button[type=submit]');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, english, { timeout: kWait });
  check((await status()).startsWith('Your move'), 'English from the form: ' + await status());
  await page.selectOption('#new-game [name=variant]', 'murray');
  check(await page.inputValue('#new-game [name=players]') === '2' && await page.inputValue('#new-game [name=engine]') === '2',
    'players and engine seats after choosing Murray again');
  check(!(await page.isDisabled('#new-game [name=size]')), 'the Size field is off for Murray');
  // Capture takes the Size as its side, as `show capture --size 4` does (37 squares).
  await newGame('capture', 4, 1, 2, '', 2000);

  // Engine seats that are not seats are refused, naming the field and the value.
  const seatsStart = await newGame('murray', 5, 1, 2, '', 2000);
  await page.fill('#new-game [name=size]', '6');
  for (const seats of ['abc', '5', '1;2']) {
    // The last value's message cleared, so that the wait below sees this value's.
    await page.evaluate(() => { document.querySelector('#message').textContent = ''; });
    await page.fill('#new-game [name=engine]', seats);
    await page.click('#new-game button[type=submit]');
    await page.waitForFunction((p) => document.querySelector('#message').textContent !== '' ||
      document.querySelector('#board').dataset.position !== p, seatsStart, { timeout: kWait });
    check(await boardPosition() === seatsStart, `engine seats '${seats}' started a game`);
    const said = await message();
    check(said.includes('Engine seats') && said.includes(seats), `engine seats '${seats}': ${said}`);
  }

  // Redo after Undo against the engine: the engine plays its turn again, nothing is left to redo.
  await newGame('murray', 6, 3, 2, '2', 2000);
  for (let i = 0; i < 2; ++i) {
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Player 1 to move'), null, { timeout: kWait });
    const best = (await apiGet('best?position=' + encodeURIComponent(await boardPosition()))).best;
    await clickTurn(turnClicks(best), (await moveList()).length);
  }
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Player 1 to move'), null, { timeout: kWait });
  const fullList = await moveList();
  await page.click('#undo');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n - 2, fullList.length, { timeout: kWait });
  // Resigning there: Redo cannot play past it, and Undo takes back the resignation alone.
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check(await page.isDisabled('#redo'), 'Redo is enabled after a resignation');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Player 1 to move'), null, { timeout: kWait });
  check((await moveList()).length === fullList.length - 2, 'Undo of a resignation took back turns too: ' + JSON.stringify(await moveList()));
  check(!(await page.isDisabled('#redo')), 'Redo is lost after a resignation taken back');
  await page.click('#redo');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n &&
    document.querySelector('#status').textContent.startsWith('Player 1 to move'), fullList.length, { timeout: kWait });
  check(await page.isDisabled('#redo'), 'Redo is enabled after the engine played its turn again: ' + JSON.stringify(await moveList()));
  // A turn the server refuses says why under the board, and leaves the position, and the
  // pane's search about it (held here, so it is still under way), as they were.
  const refuse = (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"error": "refused by the test"}' });
  const playing = (u) => u.pathname === '/api/show' && u.searchParams.has('then');
  await page.route(playing, refuse);
  const paneHeld = await holdRequests(apiPath('analyse'));
  await page.click('#analyse');
  while (paneHeld.count() < 1) await new Promise((r) => setTimeout(r, 20));
  const before = await boardPosition();
  const next = (await apiGet('best?position=' + encodeURIComponent(before))).best;
  for (const sq of turnClicks(next)) await page.click(`#board [data-square="${sq}"]`);
  if (!(await page.isDisabled('#end-turn'))) await page.click('#end-turn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('refused by the test'), null, { timeout: 5000 })
    .catch(() => {});
  check((await message()).includes('refused by the test'), 'a refused turn says nothing: ' + await message());
  check(await boardPosition() === before, 'a refused turn changed the position on the board');
  check(!(await page.isDisabled('#stop-analysis')) && (await page.textContent('#analysis')).startsWith('Searching'),
    "a refused turn stopped the pane's search: " + await page.textContent('#analysis'));
  await page.click('#stop-analysis');
  paneHeld.release();
  await paneHeld.settled();
  // An answer on its way (the largest capture, held here) still comes after a refused turn.
  const largestHeld = await holdRequests(apiPath('best'));
  await page.click('#largest');
  while (largestHeld.count() < 1) await new Promise((r) => setTimeout(r, 20));
  for (const sq of turnClicks(next)) await page.click(`#board [data-square="${sq}"]`);
  if (!(await page.isDisabled('#end-turn'))) await page.click('#end-turn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('refused by the test'), null, { timeout: 5000 })
    .catch(() => {});
  largestHeld.release();
  await largestHeld.settled();
  await page.waitForFunction(() => document.querySelector('#analysis').textContent.startsWith('Largest'), null, { timeout: kWait })
    .catch(() => {});
  check((await page.textContent('#analysis')).startsWith('Largest'), 'a refused turn dropped the largest capture on its way: ' +
    await page.textContent('#analysis'));
  await page.unroute(playing, refuse);

  // Solve in mid-game (player 2 to move, scores made): the line is stepped through on the board,
  // #board's data-position and #status describe the step; the steps close with their game.
  const midStart = '3441./33311/.1.41/.4.../.41.1';
  await page.fill('#new-game [name=engine]', '');
  if (!(await page.isVisible('#paste-position'))) await page.click('#pane-game summary');
  await page.fill('#paste-position', midStart);
  await page.click('#load-position');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, midStart, { timeout: kWait });
  await clickTurn(['e3', 'c3', 'a3'], 0);
  const mid = await boardPosition();
  // A hint first: its path and its line under the board are the game's, not the steps'.
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Hint:'), null, { timeout: kWait });
  await page.click('#solve');
  await page.waitForFunction(() => !document.querySelector('#solve-steps').hidden &&
    (document.querySelector('#step-text').textContent !== '' || /^(?!Hint:)./.test(document.querySelector('#message').textContent)), null, { timeout: kWait });
  check(await message() === '', 'the start of the solve line fails, or keeps the hint: ' + await message());
  check(await page.$$eval('#board .marks *', (m) => m.length) === 0, 'the hint\'s marks stay on the first step of the line');
  const line = cliJson(['solve', mid]).line;
  await page.click('#step-forward');
  await page.waitForFunction(() => document.querySelector('#step-text').textContent.startsWith('after 1 ') ||
    document.querySelector('#message').textContent !== '', null, { timeout: kWait });
  check(await message() === '', 'a step of the solve line fails: ' + await message());
  const stepBoard = cliJson(['show', mid, '--then', line[0]]).position.split(' ')[0];
  check((await boardPosition()).split(' ')[0] === stepBoard, `#board's data-position during a step is ${await boardPosition()}, the step's board ${stepBoard}`);
  check((await status()).startsWith('Stepping through'), '#status during a step: ' + await status());
  // The game's questions wait while a step is shown: they would be about the game, drawn on the step.
  await page.click('#analyse');
  check((await message()).startsWith('Stepping through'), "Engine's view during a step: " + await message());
  check(!(await page.textContent('#analysis')).startsWith('Searching'), "Engine's view searched during a step");
  await page.click('#undo');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, midStart, { timeout: kWait });
  check(await page.isHidden('#solve-steps'), 'the steps stay after Undo');
  await page.click('#solve');
  await page.waitForSelector('#solve-steps', { state: 'visible', timeout: kWait });
  await page.click('#tab-chess');
  check(await page.isHidden('#solve-steps'), 'the steps stay on the Leap Chess tab');
  await page.click('#tab-game');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, midStart, { timeout: kWait });
  await page.click('#solve');
  await page.waitForSelector('#solve-steps', { state: 'visible', timeout: kWait });
  await newGame('murray', 5, 1, 2, '', 2000);
  check(await page.isHidden('#solve-steps'), 'the steps stay after New game');
  await page.click('#board [data-square="a1"]');
  check(!(await message()).startsWith('Stepping'), 'a click on the new game: ' + await message());

  // A position with more turns than the server lists ("complete": false): a turn not in the
  // list is still played, the server judging it.
  // A server with one worker and a queue of one: the page's requests as it loads outnumber
  // the queue, and are asked again until they are answered.
  const queueUrl = await startServer(['--jobs', '1', '--queue', '1']);
  await page.goto(queueUrl);
  await page.waitForFunction(() => / to move|^Error|busy/.test(document.querySelector('#status').textContent + document.querySelector('#message').textContent), null, { timeout: kWait });
  check(/ to move/.test(await status()), 'the page on a server with --queue 1: ' + await status() + ' ' + await message());
  await page.waitForFunction(() => document.querySelectorAll('#puzzle-file option').length > 0, null, { timeout: kWait })
    .catch(() => {});
  check((await page.$$('#puzzle-file option')).length > 0, 'the puzzle files on a server with --queue 1: ' + await message());

  const smallUrl = await startServer(['--max-time', '5', '--hash', '1']);
  let seed = 4;
  const random = () => { seed = (seed * 48271) % 2147483647; return seed / 2147483647; };
  const rows = [];
  for (let r = 0; r < 20; ++r) { let row = ''; for (let f = 0; f < 20; ++f) row += random() < 0.6 ? '1' : '.'; rows.push(row); }
  const huge = rows.join('/') + ' diagonal=yes';
  const cut = await (await fetch(smallUrl + 'api/moves?position=' + encodeURIComponent(huge))).json();
  check(cut.complete === false, 'the small server lists every turn of the big position');
  const listed = new Set(cut.moves);
  const starts = new Set(cut.moves.map((t) => t.split('x')[0]));
  const every = cliJson(['moves', huge]).moves;
  const unlisted = every.find((t) => !listed.has(t) && !starts.has(t.split('x')[0]) && t.split('x').length === 2);
  check(unlisted, 'every single jump of the big position is listed by the small server');
  // A listed turn that the cut left a longer chain of: the list cannot say the chain ends.
  const longer = every.find((t) => !listed.has(t) && listed.has(t.slice(0, t.lastIndexOf('x'))));
  check(longer, 'no listed turn of the big position has a longer chain left out of the list');
  await page.goto(smallUrl);
  await page.waitForFunction(() => / to move/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
  await page.fill('#new-game [name=engine]', '');
  await page.click('#pane-game summary');
  await page.fill('#paste-position', huge);
  await page.click('#load-position');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p &&
    / to move/.test(document.querySelector('#status').textContent), huge, { timeout: kWait });
  const hops = longer.split('x');
  for (const sq of hops.slice(0, -1)) await page.click(`#board [data-square="${sq}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length > 0 ||
    !document.querySelector('#end-turn').disabled, null, { timeout: kWait });
  check((await moveList()).length === 0, `${hops.slice(0, -1).join('x')} was played at once, though ${longer} goes on`);
  await page.click(`#board [data-square="${hops[hops.length - 1]}"]`);
  await endTurn(0);
  check(JSON.stringify(await moveList()) === JSON.stringify([longer]), 'the turn played is not ' + longer);
  await page.click('#undo');
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p &&
    document.querySelectorAll('#moves li').length === 0, huge, { timeout: kWait });
  for (const sq of unlisted.split('x')) await page.click(`#board [data-square="${sq}"]`);
  check(!(await page.isDisabled('#end-turn')), `${unlisted}, not in the cut list, cannot be ended: ${await message()}`);
  await endTurn(0);
  check(JSON.stringify(await moveList()) === JSON.stringify([unlisted]), 'the turn played is not ' + unlisted);
  console.log('edges: resign, stale answers, puzzle resign, engine seats, redo, solve steps, a cut list');

  // A full board that owes no removal (removals=-) is a game over before it began.
  if (!(await page.isVisible('#paste-position'))) await page.click('#pane-game summary');
  await page.fill('#paste-position', '1111/1111/1111 removals=-');
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait })
    .catch(() => {});
  check((await status()).startsWith('Game over: players 1 and 2 share the win'), 'a finished full board: ' + await status() + ' / ' + await message());
  await page.click('#hint');
  check((await message()).startsWith('The game is over'), 'Hint after the game is over: ' + await message());
  // A pasted one-player position is the person's, whatever engine seats the form holds.
  await page.fill('#new-game [name=engine]', '2');
  await page.fill('#paste-position', '3441./33311/.1.41/.4.../.41.1 players=1');
  await page.click('#load-position');
  await page.waitForFunction(() => /players=1/.test(document.querySelector('#board').dataset.position || '') ||
    document.querySelector('#message').textContent.startsWith('Engine seats'), null, { timeout: kWait });
  check(/players=1/.test(await boardPosition()) && (await status()).startsWith('Your move'),
    'a pasted one-player position beside engine seat 2: ' + await status() + ' / ' + await message());
  // Alone at the board, a resignation names no winner.
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check(await status() === 'Game over: player 1 resigned; scores 0', 'one player resigns: ' + await status());
  // Number fields as the browser reads them: 4e0 is 4, and an empty seed is the default 1.
  await page.selectOption('#new-game [name=variant]', 'traditional');
  await page.fill('#new-game [name=size]', '4e0');
  await page.fill('#new-game [name=seed]', '');
  await page.fill('#new-game [name=players]', '2');
  await page.fill('#new-game [name=engine]', '');
  await page.click('#new-game button[type=submit]');
  const typedStart = cliJson(['show', 'traditional', '--size', '4', '--players', '2']).position;
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p ||
    document.querySelector('#message').textContent !== '', typedStart, { timeout: kWait });
  check(await boardPosition() === typedStart, 'size 4e0 and an empty seed: ' + await message());
  // The engine on every seat: Undo has no turn of a person's to take back (taken back, the
  // engine's turns would be played again, the same ones).
  await page.selectOption('#new-game [name=variant]', 'traditional');
  await page.fill('#new-game [name=size]', '4');
  await page.fill('#new-game [name=seed]', '1');
  await page.fill('#new-game [name=players]', '2');
  await page.fill('#new-game [name=engine]', '1,2');
  // Resign while the engine thinks for a seat: no seat is a person's, so nothing is resigned.
  const selfHeld = await holdRequests(apiPath('analyse'));
  await page.click('#new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('thinking'), null, { timeout: kWait });
  await page.click('#resign');
  check((await message()).startsWith('The engine plays every seat: there is no seat of yours to resign') &&
    !(await status()).startsWith('Game over'), 'Resign with the engine on every seat: ' + await message() + ' / ' + await status());
  selfHeld.release();
  await selfHeld.settled();
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check(!(await status()).includes('resigned'), 'the engine resigned a seat: ' + await status());
  const selfPlayed = await moveList();
  await page.click('#undo');
  check((await message()).startsWith('The engine plays every seat') &&
    JSON.stringify(await moveList()) === JSON.stringify(selfPlayed), 'Undo with the engine on every seat: ' + await message());
  // Three players: a resignation ends the game, and the highest score among the others wins
  // (or those with it share the win).
  await newGame('traditional', 4, 1, 3, '', 2000);
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check(await status() === 'Game over: player 1 resigned; players 2 and 3 share the win; scores 0, 0, 0',
    'three players, player 1 resigns at the start: ' + await status());
  await page.click('#undo');
  await page.click('#board [data-square="a1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1 &&
    / to move/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: kWait });
  check(await status() === 'Game over: player 2 resigned; player 1 wins; scores 1, 0, 0',
    'three players, player 2 resigns after a capture of 1: ' + await status());

  // The keyboard: the board is one Tab stop, and a turn played with Enter keeps the focus there.
  // A finished answer in the pane is about its position: a turn clears it.
  const keyStart = await newGame('traditional', 4, 1, 2, '', 2000);
  check((await page.$$('#board [tabindex="0"]')).length === 1, 'the board is not one Tab stop');
  await page.click('#largest');
  await page.waitForFunction(() => document.querySelector('#analysis').textContent.startsWith('Largest'), null, { timeout: kWait });
  const keyTurn = (await apiGet('moves?position=' + encodeURIComponent(keyStart))).moves[0];
  await page.focus(`#board [data-square="${turnClicks(keyTurn)[0]}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1 &&
    / to move/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
  check(await page.evaluate(() => document.activeElement && document.activeElement.dataset.square) === turnClicks(keyTurn)[0],
    'the focus left the board after a turn played with Enter');
  check(!(await page.textContent('#analysis')).startsWith('Largest'), 'the pane still answers about the position before the turn');
  // The keyboard's focus is drawn above every square and mark, round the focused square.
  const ringAt = () => page.evaluate(() => {
    const ring = document.querySelector('#board .focus-ring');
    const g = document.activeElement;
    if (!ring || !g || !g.dataset.square) return 'no ring or no focused square';
    if (ring.getAttribute('visibility') !== 'visible') return 'the ring is hidden';
    if (ring !== ring.ownerSVGElement.lastElementChild) return 'the ring is not drawn last';
    const a = ring.getBBox(), b = g.querySelector('.cell').getBBox();
    return [a.x, a.y, a.width, a.height].join() === [b.x, b.y, b.width, b.height].join() ? g.dataset.square
      : `the ring at ${[a.x, a.y]} and ${g.dataset.square} at ${[b.x, b.y]}`;
  });
  await page.keyboard.press('ArrowRight');
  const ringSquare = await ringAt();
  check(ringSquare !== turnClicks(keyTurn)[0] &&
    ringSquare === await page.evaluate(() => document.activeElement.dataset.square),
    'the focus ring after ArrowRight: ' + ringSquare);
  // Tab from the tab bar reaches the board's square at once: nothing of the board before it.
  await page.focus('#tab-game');
  await page.keyboard.press('Tab');
  const afterTabs = await page.evaluate(() => document.activeElement.outerHTML.slice(0, 40));
  check(afterTabs.startsWith('<g class="sq"'), 'Tab from the tab bar reached ' + afterTabs);
  // The tab bar is one Tab stop; its arrow keys choose the tab before or after, Home the first.
  await page.focus('#tab-game');
  await page.keyboard.press('ArrowRight');
  check(await page.evaluate(() => document.activeElement.id) === 'tab-puzzles' &&
    await page.getAttribute('#tab-puzzles', 'aria-selected') === 'true' && !(await page.isVisible('#pane-game')),
    'ArrowRight on the Game tab did not choose Puzzles');
  check((await page.$$('[role=tab][tabindex="0"]')).length === 1 &&
    await page.getAttribute('#tab-puzzles', 'tabindex') === '0', 'the tab bar is not one Tab stop at the chosen tab');
  await page.keyboard.press('Home');
  check(await page.evaluate(() => document.activeElement.id) === 'tab-game' &&
    await page.getAttribute('#tab-game', 'aria-selected') === 'true', 'Home on the tab bar did not choose Game');

  // An engine request that fails leaves the game waiting for a click on the board, which asks again.
  const failing = (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"error": "refused by the test"}' });
  const analysing = apiPath('analyse');
  await page.route(analysing, failing);
  const engineStart = await newGame('traditional', 4, 1, 2, '2', 2000);
  await clickTurn(turnClicks((await apiGet('moves?position=' + encodeURIComponent(engineStart))).moves[0]), 0);
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('Engine error'), null, { timeout: kWait });
  check((await status()).includes('click the board to ask again'), 'after an engine error: ' + await status());
  await page.unroute(analysing, failing);
  await page.click('#board [data-square="a1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2, null, { timeout: kWait })
    .catch(() => {});
  check((await moveList()).length === 2, 'a click after an engine error did not ask again: ' + await status());

  // A server still busy after the page's retries: said once, and the board asks again.
  {
    const busy = (route) => route.fulfill({ status: 503, contentType: 'application/json',
      body: '{"error": "busy: too many requests waiting; try again shortly"}' });
    await page.route(analysing, busy);
    const busyStart = await newGame('traditional', 4, 1, 2, '2', 2000);
    await clickTurn(turnClicks((await apiGet('moves?position=' + encodeURIComponent(busyStart))).moves[0]), 0);
    await page.waitForFunction(() => /busy/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
    check((await status()) === 'No engine move yet: the server is busy (too many requests waiting); click the board to ask again.',
      'the engine\'s turn on a busy server: ' + await status());
    await page.unroute(analysing, busy);
  }

  // A record with an illegal turn loads up to it, and the message names the turn: its ply,
  // line and move, then the reason.
  {
    const faulty = fileURLToPath(new URL('../../puzzles/records/murray-6x6-faulty.lfr', import.meta.url));
    await page.setInputFiles('#load-record', faulty);
    await page.waitForFunction(() => /illegal turn/.test(document.querySelector('#message').textContent), null, { timeout: kWait });
    const said = await message();
    check(said.startsWith('The record stops before its illegal turn, ply 6 (line 12) d4xb4: ') &&
      !said.includes(': ply '), 'a record with an illegal turn: ' + said);
  }

  // The board request after the engine's turn fails: the board may be stale, so a click asks
  // the server again, and the engine does not play the person's turn.
  const staleStart2 = await newGame('traditional', 4, 1, 2, '2', 2000);
  let shows = 0, failBoard = false;
  const showing = (u) => u.pathname === '/api/show' && u.searchParams.has('then');
  const countShows = async (route) => { if (++shows === 2) failBoard = true; await route.continue(); };
  const boarding = apiPath('board');
  const failIfAsked = (route) => (failBoard
    ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error": "refused by the test"}' })
    : route.continue());
  await page.route(showing, countShows);
  await page.route(boarding, failIfAsked);
  await clickTurn(turnClicks((await apiGet('moves?position=' + encodeURIComponent(staleStart2))).moves[0]), 0);
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Error'), null, { timeout: kWait });
  check((await status()).includes('click the board to ask again'), 'after a failed board request: ' + await status());
  failBoard = false;
  await page.unroute(showing, countShows);
  await page.unroute(boarding, failIfAsked);
  await page.click('#board [data-square="a1"]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Player 1 to move'), null, { timeout: kWait })
    .catch(() => {});
  check((await moveList()).length === 2 && (await status()).startsWith('Player 1 to move'),
    `a click on a stale board: ${await status()}; ${JSON.stringify(await moveList())}`);
  // Answered, the page no longer says it is asking.
  await page.waitForFunction(() => !document.querySelector('#message').textContent.startsWith('Asking'), null, { timeout: 5000 })
    .catch(() => {});
  check(!(await message()).startsWith('Asking'), 'the retry was answered, but the page says: ' + await message());

  // Leap Chess: a promotion is chosen once and its chooser closes; castling is no capture.
  await page.click('#tab-chess');
  await page.selectOption('#chess-new-game [name=engine]', 'none');
  await page.fill('#chess-new-game [name=fen]', '*2k1*/1P4/6/6/6/6/6/*K3* w - - 0 1');
  await page.click('#chess-new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Red to move') &&
    document.querySelector('#board').dataset.position.startsWith('*2k1*/1P4'), null, { timeout: kWait });
  await page.click('#board [data-square="b7"]');
  await page.click('#board [data-square="b8"]');
  await page.click('#promotion [data-move="b7b8s"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null, { timeout: kWait });
  check(!(await page.isVisible('#promotion')), 'the promotion chooser stays after the promotion');
  await page.fill('#chess-new-game [name=fen]', 'startpos');
  await page.click('#chess-new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Red to move') &&
    document.querySelectorAll('#moves li').length === 0, null, { timeout: kWait });
  check(!(await page.isVisible('#promotion')), 'the promotion chooser is shown in a new game');
  const startMoves = (await apiGet('chess/moves?fen=startpos')).moves;
  const blocked = 'b2';  // a Pawn with no move, while castling (d1e1) is legal
  check(!startMoves.some((m) => m.startsWith(blocked)) && startMoves.includes('d1e1'), 'the start position has changed: ' + startMoves);
  await page.click(`#board [data-square="${blocked}"]`);
  check((await message()).includes('has no legal move') && !(await message()).includes('capture is due'),
    `a blocked piece on ${blocked} in the start position: ${await message()}`);
  // A forced win is worded as the command line words it: mate in 1, not +29999.
  await page.fill('#chess-new-game [name=fen]', '*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1');
  await page.click('#chess-new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Black to move'), null, { timeout: kWait });
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Hint:'), null, { timeout: kWait });
  check((await message()).includes('mate in 1'), 'the hint for a mate in one: ' + await message());
  // A threefold repetition ends the game, as the command line's referee says.
  await page.selectOption('#chess-new-game [name=engine]', 'none');
  await page.fill('#chess-new-game [name=fen]', 'startpos');
  await page.click('#chess-new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Red to move') &&
    document.querySelectorAll('#moves li').length === 0, null, { timeout: kWait });
  const knights = ['c3c4', 'c6c5', 'b1c3', 'b8c6', 'c3b1', 'c6b8', 'b1c3', 'b8c6', 'c3b1', 'c6b8', 'b1c3', 'b8c6'];
  for (const [i, m] of knights.entries()) {
    // The list shows the move at once; the board (and its legal moves) once the server has
    // answered: the next move waits for that.
    const shown = await page.$eval('#board', (b) => b.dataset.position);
    await page.click(`#board [data-square="${m.slice(0, 2)}"]`);
    await page.click(`#board [data-square="${m.slice(2, 4)}"]`);
    await page.waitForFunction(([n, before]) => document.querySelectorAll('#moves li').length === n &&
      document.querySelector('#board').dataset.position !== before, [i + 1, shown], { timeout: kWait })
      .catch(() => {});
    check((await moveList()).length === i + 1, `the move ${m} of the repetition was not played: ${await message()}`);
  }
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'), null, { timeout: 5000 })
    .catch(() => {});
  check((await status()) === 'Game over: Draw by threefold repetition', 'a threefold repetition: ' + await status());
  check(await page.isDisabled('#resign'), 'Resign is enabled after a chess game drawn by repetition');
  // Undo takes back the last move (no engine: that one alone), and the game goes on.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 11 &&
    document.querySelector('#status').textContent.startsWith('Black to move'), null, { timeout: kWait })
    .catch(() => {});
  check((await moveList()).length === 11 && (await status()).startsWith('Black to move'),
    `Undo after the repetition: ${(await moveList()).length} moves, ${await status()}`);
  check(!(await page.isDisabled('#resign')) && !(await page.isDisabled('#redo')),
    'Resign or Redo is disabled after the drawn game is taken back a move');
  await page.click('#tab-game');

  // Under forced continuation a chain that must go on says so when it is ended early.
  await page.fill('#paste-position', '11.1. continuation=forced');
  await page.click('#load-position');
  await page.waitForFunction(() => / to move/.test(document.querySelector('#status').textContent) &&
    document.querySelector('#board').dataset.position.startsWith('11.1.'), null, { timeout: kWait });
  await page.click('#board [data-square="a1"]');
  await page.click('#board [data-square="c1"]');
  await page.dblclick('#board [data-square="c1"]');
  check((await message()).includes('cannot end here') && (await message()).includes('e1'), 'ending a forced chain early: ' + await message());
  check((await moveList()).length === 0, 'a forced chain was played short');
  // A chain rule chosen in the form applies to a pasted position too.
  await page.selectOption('#new-game [name=continuation]', 'forced');
  await page.fill('#paste-position', '111.1.');
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelector('#board').dataset.position.startsWith('111.1.'), null, { timeout: kWait });
  const pasted = await page.$eval('#board', (b) => b.dataset.position);
  check(pasted.includes('continuation=forced'), 'the chosen chain rule was not applied to a pasted position: ' + pasted);
  await page.selectOption('#new-game [name=continuation]', '');
  // The form takes as many players as the rules do, not only four.
  await page.selectOption('#new-game [name=variant]', 'traditional');
  await page.fill('#new-game [name=size]', '4');
  await page.fill('#new-game [name=players]', '6');
  await page.fill('#new-game [name=engine]', '');
  await page.click('#new-game button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#board').dataset.position.includes('players=6'), null, { timeout: 5000 })
    .catch(() => {});
  check((await page.$eval('#board', (b) => b.dataset.position)).includes('players=6'),
    'a six-player game could not be started from the form: ' + await status());

  // --- 5. Feedback: a board with nothing on it yet, searches stopped or refused, a server gone ---
  const quickUrl = await startServer(['--max-time', '1']);
  await page.goto(quickUrl);
  await page.waitForFunction(() => / to move/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
  // Before a puzzle is chosen, the pane's buttons, Hint, Check and Show the answer ask for one
  // (and ask the server nothing).
  const quickStart = await newGame('murray', 6, 3, 2, '', 2000);
  await clickTurn(turnClicks((await apiGet('moves?position=' + encodeURIComponent(quickStart))).moves[0]), 0);
  await page.waitForFunction((p) => document.querySelector('#board').dataset.position !== p, quickStart, { timeout: kWait });
  const quickGame = await boardPosition();  // the game tab's board, which a puzzle must not change
  await page.click('#tab-puzzles');
  check(await page.isDisabled('#undo'), "Undo is enabled on the puzzle tab before a puzzle, after a game's turn");
  const refusedBefore = badResponses.length;
  for (const button of ['#analyse', '#largest', '#solve', '#judge', '#hint', '#puzzle-check', '#puzzle-answer']) {
    await page.click(button);
    check((await message()).startsWith('Choose a puzzle first'), `${button} before a puzzle is chosen: ${await message()}`);
  }
  await page.waitForTimeout(200);
  check(badResponses.length === refusedBefore && (await page.textContent('#analysis')) === '',
    'a button before a puzzle is chosen asked the server: ' + badResponses.slice(refusedBefore).join(', ') +
    ' ' + await page.textContent('#analysis'));
  // A generation stopped by the server's time limit says so (this one takes far longer).
  await page.selectOption('#puzzle-generate [name=kind]', 'solitaire');
  await page.fill('#puzzle-generate [name=size]', '12');
  await page.fill('#puzzle-generate [name=seed]', '5');
  await page.click('#puzzle-generate button[type=submit]');
  await page.waitForFunction(() => !document.querySelector('#message').textContent.startsWith('Generating'), null, { timeout: kWait });
  check((await message()).includes("the server's time limit stopped the search") && (await status()) === 'Choose a puzzle.',
    'a generation the time limit stopped: ' + await message() + ' / ' + await status());
  // A generation counts its seconds, and its own Stop ends it: the request is aborted.
  {
    check(await page.isDisabled('#puzzle-generate-stop'), 'the generation\'s Stop is enabled with no generation');
    const aborted = [];
    const onFailed = (r) => { if (new URL(r.url()).pathname === '/api/generate/puzzles') aborted.push(r.failure().errorText); };
    page.on('requestfailed', onFailed);
    const held = await holdRequests(apiPath('generate/puzzles'));
    await page.click('#puzzle-generate button[type=submit]');
    while (held.count() < 1) await new Promise((r) => setTimeout(r, 20));
    await page.waitForFunction(() => /^Generating a puzzle… [1-9][0-9]* s/.test(document.querySelector('#message').textContent), null, { timeout: kWait });
    await page.click('#puzzle-generate-stop');
    held.release();
    await held.settled();
    page.off('requestfailed', onFailed);
    await page.waitForTimeout(1200);  // a second's count would show by now
    check((await message()) === 'Stopped: no puzzle generated.' && (await status()) === 'Choose a puzzle.' &&
      (await page.isDisabled('#puzzle-generate-stop')),
      'after the generation\'s Stop: ' + await message() + ' / ' + await status());
    check(aborted.length > 0, 'the generation\'s Stop left its request running');
  }
  // With a puzzle open, a generation leaves the status line to that puzzle.
  {
    await page.selectOption('#puzzle-list', '0');
    await page.click('#puzzle-open');
    await page.waitForFunction(() => / to move|^Your move/.test(document.querySelector('#status').textContent), null, { timeout: kWait });
    const before = await status();
    const held = await holdRequests(apiPath('generate/puzzles'));
    await page.click('#puzzle-generate button[type=submit]');
    while (held.count() < 1) await new Promise((r) => setTimeout(r, 20));
    await page.waitForFunction(() => /^Generating a puzzle/.test(document.querySelector('#message').textContent), null, { timeout: kWait });
    check((await status()) === before, 'a generation took the open puzzle\'s status line: ' + await status());
    await page.click('#puzzle-generate-stop');
    held.release();
    await held.settled();
    check((await message()) === 'Stopped: no puzzle generated.' && (await status()) === before,
      'a generation stopped over an open puzzle: ' + await message() + ' / ' + await status());
  }
  // A generation left behind by another tab (the one just stopped, asked for again) says
  // nothing there.
  {
    const held = await holdRequests(apiPath('generate/puzzles'));
    await page.click('#puzzle-generate button[type=submit]');
    while (held.count() < 1) await new Promise((r) => setTimeout(r, 20));
    await page.click('#tab-game');
    // The game's own board and status: the puzzle tab's status (a puzzle is open) also says
    // who is to move.
    await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p &&
      / to move/.test(document.querySelector('#status').textContent), quickGame, { timeout: kWait });
    const gameBoard = await boardPosition();
    held.release();
    await held.settled();
    await page.waitForTimeout(300);
    check(/ to move/.test(await status()) && (await boardPosition()) === gameBoard,
      `a puzzle generated after the tab was left: ${await status()}; ${await boardPosition()}`);
  }
  // The largest capture says it is looking, and Stop ends it: its request is aborted.
  const feedbackStart = await newGame('murray', 6, 3, 2, '', 2000);
  {
    const aborted = [];
    const onFailed = (r) => { if (new URL(r.url()).pathname === '/api/best') aborted.push(r.failure().errorText); };
    page.on('requestfailed', onFailed);
    const held = await holdRequests(apiPath('best'));
    await page.click('#largest');
    check((await page.textContent('#analysis')).startsWith('Looking for the largest capture'),
      'the pane while the largest capture is sought: ' + await page.textContent('#analysis'));
    check(!(await page.isDisabled('#stop-analysis')), 'Stop is disabled while the largest capture is sought');
    await page.click('#stop-analysis');
    held.release();
    await held.settled();
    page.off('requestfailed', onFailed);
    await page.waitForTimeout(200);
    check((await page.textContent('#analysis')) === 'Stopped.' && (await page.isDisabled('#stop-analysis')),
      'the pane after Stop on the largest capture: ' + await page.textContent('#analysis'));
    check(aborted.length > 0, 'Stop left the request for the largest capture running');
  }
  // Judging stopped part way by the server says how far it got (the server's answer is cut
  // here to its first turn, as a time limit cuts a long game's).
  {
    const removals = (await apiGet('moves?position=' + encodeURIComponent(feedbackStart))).moves;
    await clickTurn(turnClicks(removals[0]), 0);
    const after = await boardPosition();
    await clickTurn(turnClicks((await apiGet('moves?position=' + encodeURIComponent(after))).moves[0]), 1);
    const cutShort = async (route) => {
      const response = await route.fetch();
      const judged = await response.json();
      // On a slow build (a sanitizer's) this server's one-second limit can stop the judging
      // before its first turn: that turn is then made up, as what is tested is the page.
      if (judged.turns.length === 0) {
        judged.turns = [{ ply: 1, player: 1, move: removals[0], value: 0, best: removals[0], loss: 0, proved: false }];
      }
      judged.turns = judged.turns.slice(0, 1);
      judged.mistakes = judged.mistakes.filter((ply) => ply <= 1);
      judged.stopped = true;
      judged.final_value = null;
      await route.fulfill({ response, json: judged });
    };
    await page.route(apiPath('analyse-game'), cutShort);
    await page.click('#judge');
    await page.waitForFunction(() => !document.querySelector('#analysis').textContent.startsWith('Judging'), null, { timeout: kWait });
    await page.unroute(apiPath('analyse-game'), cutShort);
    check((await page.textContent('#analysis')).startsWith('Judged 1 of 2 turns'), 'a judging stopped part way: ' +
      await page.textContent('#analysis'));
    check(await page.evaluate(() => document.querySelector('#chart').childElementCount) > 0, 'a judging drew no chart');
  }
  // A streamed search the server is too busy to take is asked for again.
  {
    let refusals = 0;
    const busyTwice = (route) => (++refusals <= 2
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error": "busy: try again"}' })
      : route.continue());
    await page.route(apiPath('analyse'), busyTwice);
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelector('#analysis').textContent.startsWith('Value'), null, { timeout: kWait })
      .catch(() => {});
    await page.unroute(apiPath('analyse'), busyTwice);
    check(refusals >= 3 && (await page.textContent('#analysis')).startsWith('Value'),
      `the engine's view after ${refusals} requests, two refused as busy: ` + await page.textContent('#analysis'));
    // The pane is the engine's view now: the judging's chart went with its text.
    check(await page.evaluate(() => document.querySelector('#chart').childElementCount) === 0,
      'the judging\'s chart stayed under the engine\'s view');
  }
  // A server that cannot be reached is named so, not by the browser's words.
  {
    const refuse = (route) => route.abort('connectionrefused');
    await page.route(apiPath('analyse'), refuse);
    await page.click('#hint');
    await page.waitForFunction(() => !document.querySelector('#message').textContent.startsWith('Looking'), null, { timeout: kWait });
    await page.unroute(apiPath('analyse'), refuse);
    check((await message()).startsWith('cannot reach the server'), 'a hint from a server that cannot be reached: ' + await message());
  }
  // A stream that ends before its answer, as when the server stops in the middle of a search,
  // asks whether the server is still running.
  {
    const cut = (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: ': thinking\n\n' });
    await page.route(apiPath('analyse'), cut);
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelector('#analysis').textContent.includes('still running'), null, { timeout: kWait })
      .catch(() => {});
    await page.unroute(apiPath('analyse'), cut);
    check((await page.textContent('#analysis')).includes('closed before the answer: is leapfrog serve still running?'),
      "the engine's view when its stream ended before the answer: " + await page.textContent('#analysis'));
  }
  console.log('feedback: no puzzle yet, a stopped generation, a tab left, Stop, a judging cut short, busy, unreachable, cut off');

  // --- a phone-sized window: the board still fits ---
  await page.setViewportSize({ width: 390, height: 800 });
  const box = await page.$eval('#board svg', (svg) => svg.getBoundingClientRect().width);
  check(box <= 390, 'the board is wider than a phone screen: ' + box);
  // A long word quoted in a message wraps: the page does not scroll sideways.
  if (!(await page.isVisible('#paste-position'))) await page.click('#pane-game summary');
  await page.fill('#paste-position', 'x'.repeat(120));
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelector('#message').textContent.length > 60, null, { timeout: kWait });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, 'a long message makes the phone page ' + wide + ' px wide');
  await page.screenshot({ path: join(outdir, 'phone.png') });
  // The largest board: its coordinates still readable (at least 8 px high as drawn), and
  // clear of the squares.
  await newGame('traditional', 26, 1, 2, '', 2000);
  const coords = await page.$$eval('#board .coord', (ts) => ts.map((t) => {
    const b = t.getBoundingClientRect();
    return { text: t.textContent, top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height };
  }));
  const cells = await page.$$eval('#board .cell', (cs) => {
    const bs = cs.map((c) => c.getBoundingClientRect());
    return { left: Math.min(...bs.map((b) => b.left)), bottom: Math.max(...bs.map((b) => b.bottom)) };
  });
  check(coords.length === 52 && coords.every((c) => c.height >= 8),
    'the coordinates of a 26x26 board on a phone: ' + JSON.stringify(coords.slice(0, 3)));
  check(coords.every((c) => (/^\d+$/.test(c.text) ? c.right <= cells.left : c.top >= cells.bottom)),
    'a coordinate of the 26x26 board overlaps its squares: ' + JSON.stringify(cells) + ' ' + JSON.stringify(coords.slice(0, 3)));
  await (await page.$('#board')).screenshot({ path: join(outdir, 'phone-26x26.png') });

  check(outside.length === 0, 'the page asked for something from elsewhere: ' + outside.join(', '));
  check(errors.length === 0, 'the page threw: ' + errors.join('; '));
} catch (e) {
  failed = true;
  console.log('FAILED: ' + e.stack);
} finally {
  await browser.close();
  stopServer();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
