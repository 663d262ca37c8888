// The web board in a real browser (Debian's chromium, headless, driven by playwright-core):
// a Murray 6x6 game against the engine, a Leap Chess game and a puzzle, each played by clicking
// squares, each checked against the command line's referee. Screenshots go to OUTDIR.
//   node serve.test.mjs LEAPFROG OUTDIR CHROMIUM
// Exit 0 on success, 1 on a failure (named), 77 when the browser cannot start.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [leapfrog, outdir, browserPath] = process.argv.slice(2);
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
    return execFileSync(leapfrog, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    // verify exits 1 on an illegal turn: its JSON is still the answer.
    if (e.status === 1 && e.stdout) return e.stdout;
    throw e;
  }
}
const cliJson = (args) => JSON.parse(cli([...args, '--json']));

// The server on a free port of 127.0.0.1; stopped in every case (see the finally below).
const server = spawn(leapfrog, ['serve', '--port', '0', '--max-time', '5'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  const timer = setTimeout(() => reject(new Error('the server printed no address')), 10000);
  server.stdout.on('data', (d) => {
    text += d;
    const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
    if (m) { clearTimeout(timer); resolve(m[0]); }
  });
  server.on('exit', (code) => reject(new Error('the server exited with ' + code)));
});
const stopServer = () => { try { server.kill('SIGTERM'); } catch (e) { /* gone already */ } };
process.on('exit', stopServer);

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
    if (!r.url().startsWith(url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
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
      !document.querySelector('#end-turn').disabled, before, { timeout: 20000 });
    if ((await moveList()).length === before) await page.click('#end-turn');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before, { timeout: 20000 });
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
    }, null, { timeout: 30000 });
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

  // --- 2. Leap Chess, at least 10 moves against the engine (Black) ---
  await page.click('#tab-chess');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('to move'), null, { timeout: 20000 });
  await page.selectOption('#chess-new-game [name=strength]', '2000');
  await page.selectOption('#chess-new-game [name=engine]', 'black');
  await page.click('#chess-new-game button[type=submit]');
  for (;;) {
    await page.waitForFunction(() => {
      const s = document.querySelector('#status').textContent;
      return s.startsWith('Game over') || s.startsWith('Red to move');
    }, null, { timeout: 30000 });
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
  await page.waitForFunction(() => document.querySelectorAll('#puzzle-list option').length > 0, null, { timeout: 20000 });
  await page.selectOption('#puzzle-file', 'chain-08.epd');
  await page.waitForFunction(() => document.querySelector('#puzzle-list option') && document.querySelector('#puzzle-list option').textContent.includes('chain'), null, { timeout: 20000 });
  const collection = await apiGet('collection?file=chain-08.epd');
  const puzzle = collection.puzzles[0];
  await page.selectOption('#puzzle-list', '0');
  await page.click('#puzzle-open');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('to move') || document.querySelector('#status').textContent.startsWith('Your move'), null, { timeout: 20000 });
  const answer = puzzle.solution[0];
  await clickTurn(answer.startsWith('x') ? [answer.slice(1)] : answer.split('x'), 0);
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Solved'), null, { timeout: 20000 });
  const puzzleMoves = await moveList();
  await page.screenshot({ path: join(outdir, 'puzzle.png'), fullPage: true });
  const puzzleRecord = join(scratch, 'puzzle.lfr');
  writeFileSync(puzzleRecord, `[Start "${puzzle.position}"]\n\n1. ${puzzleMoves[0]}\n`);
  const puzzleReplay = cliJson(['verify', '--game', puzzleRecord]);
  check(puzzleReplay.legal && puzzleReplay.checks[0].maximal, 'the puzzle turn is not legal and maximal');
  console.log(`puzzle ${puzzle.id}: ${puzzleMoves[0]}; ${await status()}`);

  // --- a phone-sized window: the board still fits ---
  await page.setViewportSize({ width: 390, height: 800 });
  const box = await page.$eval('#board svg', (svg) => svg.getBoundingClientRect().width);
  check(box <= 390, 'the board is wider than a phone screen: ' + box);
  await page.screenshot({ path: join(outdir, 'phone.png') });

  check(outside.length === 0, 'the page asked for something from elsewhere: ' + outside.join(', '));
  check(errors.length === 0, 'the page threw: ' + errors.join('; '));
} catch (e) {
  failed = true;
  console.log('FAILED: ' + e.message);
} finally {
  await browser.close();
  stopServer();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
