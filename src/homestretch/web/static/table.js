// A table's page: draws whatever frame the server sends (any game, as nested tables),
// and sends the seat's moves. Frames are pushed by server-sent events; the page keeps
// nothing of its own, so a reload or a reconnect is drawn from the first frame.
"use strict";
const body = document.body;
const tableId = body.dataset.table;
const mode = body.dataset.mode;
const token = body.dataset.token;
const $ = (id) => document.getElementById(id);
let frame = null;
let replayAt = 0;
let typedFor = null;
let log = [];  // every log line so far: a frame brings the lines from frame.log_from on
let drawnLog = 0;  // how many of them the page shows
// the stream's watch (see listen()): the server's keep-alive interval (the page is served
// with it), whether this stream was heard from, when last, and how to open another
let aliveEvery = Number(body.dataset.alive) || 15, heardLately = false, lastHeard = Date.now(), reopen = null;
const TITLE = document.title;
// A game's own board, if its script (static/games/<game>.js, loaded before this one) set
// window.homestretchBoard = (frame, box, tools) => {...}: it draws each frame into box and
// may send moves with tools.send({action}) or tools.send({roll: faces}). The generic
// moves, view and result stay below it, folded, so nothing the board leaves out is out of reach.
// A board marks where its player makes the move the table waits for with the attribute
// data-your-move (on the form, the buttons or the box that holds them; several marks are
// taken in the page's order): see "Your turn" pinned below.
// A finger held on the board while another player's move comes in: the board is drawn
// once it lifts if what its buttons do is the same (see decisionOf: the board may say
// what they mean besides the moves, homestretchBoard.decision = (frame) => ...; its
// controls whose meaning is not the turn's are marked data-any-turn), unless it keeps its buttons in the
// page itself (homestretchBoard.keepsHeldTaps: drawn at once). A board that draws itself
// again between frames (a timer) does it through tools.drawAgain(), which waits as well.
const board = typeof window.homestretchBoard === "function" ? window.homestretchBoard : null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

// JSON as readable nested tables and lists.
function draw(value) {
  if (value === null || value === undefined) return el("span", "\u2014", "none");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", value.join(", "));
    const list = el("ol");
    value.forEach((v) => { const item = el("li"); item.append(draw(v)); list.append(item); });
    return list;
  }
  if (typeof value === "object") {
    const table = el("table");
    for (const [key, v] of Object.entries(value)) {
      const row = el("tr");
      row.append(el("th", key.replaceAll("_", " ")));
      const cell = el("td");
      cell.append(draw(v));
      row.append(cell);
      table.append(row);
    }
    return table;
  }
  return el("span", value);
}

// {"kind": "bid", "horse": 7} -> "bid horse 7"
function actionText(action) {
  const { kind, ...fields } = action;
  return [kind, ...Object.entries(fields).map(([k, v]) => `${k} ${JSON.stringify(v)}`)].join(" ");
}

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

function seatName(seat) {
  const s = frame.seats[seat];
  return s ? s.name : `seat ${seat}`;
}
// a person waited for whose page is not open is said so: the table knows to call him
const waitedFor = (seat) => `${seatName(seat)}${frame.seats[seat] && frame.seats[seat].kind === "person" && !frame.seats[seat].connected ? " (not here)" : ""}`;

// A notice the rules worded themselves (``words``) is shown as its words, else as data.
// Words about a player open with the ``name`` the game was set up with: the seat's own
// name is said instead (someone may have taken an open seat since).
function noticeWords(n) {
  const named = typeof n.seat === "number" && typeof n.name === "string" && n.words.startsWith(n.name);
  return named ? seatName(n.seat) + n.words.slice(n.name.length) : n.words;
}

// The notices, newest first as the log is, each numbered in the order it came (an
// Across meet runs to 80 and more): the newest few in sight, the older folded under
// "N older notices", a box of its own height that scrolls, left open or shut as the
// player left it when the next frame comes (up to seven notices are all in sight).
const NOTICES_SHOWN = 5;
// The fold's words, "12 older notices" (served: frame.words; a board that lists its own
// notices folds them alike: tools.olderNotices)
const olderNotices = (n) => (n === 1 ? frame.words.older_notice : frame.words.older_notices).replace("{n}", String(n));
let olderNoticesOpen = false;
function drawNotices() {
  if (board && board.drawsNotices) return;  // the board lists them (its box stays hidden): not built each frame for nothing
  const items = frame.notices.map((n, at) => {
    const li = el("li");
    li.value = at + 1;
    li.append(typeof n.words === "string" ? el("span", noticeWords(n)) : draw(n));
    return li;
  }).reverse();
  const older = items.length > NOTICES_SHOWN + 2 ? items.splice(NOTICES_SHOWN) : [];  // no fold of one or two
  if (older.length) {
    const fold = el("details");
    fold.id = "notices-older";
    fold.open = olderNoticesOpen;
    fold.addEventListener("toggle", () => { olderNoticesOpen = fold.open; });
    fold.append(el("summary", olderNotices(older.length)));
    const list = el("ol");
    list.append(...older);
    fold.append(list);
    const holder = el("li", null);
    holder.className = "notices-older";
    holder.append(fold);
    items.push(holder);
  }
  $("notices").replaceChildren(...items);
}

// The log kept by the page: a frame brings only the lines it lacks (log_from); a frame
// that would leave a gap (a line missed) is asked for whole.
function takeLog(next) {
  if (next.log_from > log.length) {
    refetch();
    return false;
  }
  log = log.slice(0, next.log_from).concat(next.log);
  return true;
}

// A frame asked for (a reconnect, a tab shown again) while the stream is open may come
// after the stream's own frame at its version, built later: who is "here" is the
// stream's then (every page come or gone is pushed on it), and an older answer drawn
// over it said a player whose page was open was not there (the last word on a final
// screen, whose stream has ended).
let pushed = 0;  // frames the event stream has brought

async function refetch() {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const asked = pushed;
  const response = await fetch(`/api/tables/${tableId}/frame${query}`);
  if (!response.ok) return;
  const next = await response.json();
  if (pushed !== asked && frame && next.version <= frame.version) return;  // the stream's is as new
  render(next);
}

// What a frame says that only a move (or a seat handed over, renamed) changes: all of it
// but who is here, how long the table has stood (``since``) and the log lines it brings.
function movesOf(shown) {
  const { since, log: lines, log_from: from, seats, ...rest } = shown;
  return JSON.stringify({ ...rest, seats: (seats || []).map(({ connected, ...seat }) => seat) });
}
let drawnMoves = null;  // movesOf the frame last drawn whole

// What a frame asks of this page's controls: all of it but who sits where and is here,
// the names the view and the notices say, and the log. A frame at the version drawn
// that differs only there (a seat handed to the computer, a guest named) leaves the
// generic moves as they are (renderSeats).
function turnOf(shown) {
  const { since, log: lines, log_from: from, seats, view, notices, links, name, ...rest } = shown;
  return JSON.stringify(rest);
}
let drawnTurn = null;  // turnOf the frame last drawn whole

// What this seat's controls decide in a frame: its moves (the legal ones, the typed form,
// the dice it may type), whether it is asked, and what the board says its buttons mean
// besides (a board's ``decision(frame)``: Across's horse on the block and the offer put
// to this player, Totopoly's lot). Another player's move that leaves it as it was (an
// offer between two others, a bid while this player's standing order stands) leaves a
// tap held on the board as it is: see render.
// A board's control whose meaning is not the turn's (data-any-turn: a standing order set
// or cancelled, kept by the page; an Across offer, made whenever the game waits, R16)
// means the same while the board's own part of the decision does, whoever is asked: a
// finger held on one leaves the board as drawn till it lifts, though the seat's turn
// came meanwhile (the order would have answered for it, "Cancel" taken from under the
// finger; the offer lost).
const ownDecision = (shown) => JSON.stringify(board && typeof board.decision === "function" ? board.decision(shown) : null);
function decisionOf(shown) {
  const roll = shown.waiting ? shown.waiting.roll : null;
  return JSON.stringify([shown.seat, shown.your_turn, shown.legal, shown.typed, shown.forms, shown.may_roll, roll, shown.over, ownDecision(shown)]);
}
let drawnDecision = null;  // decisionOf the frame last drawn whole
let drawnOwn = null;  // ownDecision of the frame last drawn whole

// A control held: the pointer down on it (a finger on a button, not yet lifted), or a
// field being typed in. A part of the page redrawn under it would lose the tap (its
// button replaced under the finger: no click) or the keyboard, so a redraw at the same
// version that would replace it waits until the tap is through (owed, drawn then).
let pressed = null;
const owed = { board: false, admin: false, status: false };
document.addEventListener("pointerdown", (event) => { pressed = event.target instanceof Element ? event.target : null; }, true);
const released = () => { pressed = null; setTimeout(drawOwed, 0); };  // after the click it makes
document.addEventListener("pointerup", released, true);
document.addEventListener("pointercancel", released, true);
document.addEventListener("focusout", () => setTimeout(drawOwed, 0), true);

const pressedIn = (box) => pressed !== null && box.contains(pressed);
function busyIn(box) {
  if (pressedIn(box)) return true;
  const typing = document.activeElement;
  return typing !== null && box.contains(typing) && typing.matches("input, textarea, select");
}

function drawOwed() {
  if (!frame) return;
  if (owed.board && !busyIn($("board"))) { owed.board = false; drawBoard(); }
  if (owed.admin && !busyIn($("admin"))) { owed.admin = false; drawAdmin(); }
  if (owed.status && pressed === null) { owed.status = false; drawStatus(); }
}

// A board may say where its reader is on the page (homestretchBoard.readingPlace(box):
// Across keeps the part read in place as the board is drawn anew). A frame asks it as it
// comes, before the page changes anything, and gives it back to the board's draw as
// tools.reading: the page's layout is read while it is still laid out (read after the
// status, the moves and the seats changed, the browser laid the page out once more, a
// phone's work every frame). A draw without it (a held tap's, a timer's) reads its own.
const readingPlace = () => (board && typeof board.readingPlace === "function" ? board.readingPlace($("board")) : undefined);

function drawBoard(reading = undefined) {
  if (!board) return;
  $("board-box").hidden = false;
  const typing = typedIn($("board"));
  typingKey = typing ? typing.key : null;
  try {
    board(frame, $("board"), { send, el, draw, seatName, noticeWords, olderNotices, mode, showError, draft, refusals, drawAgain, wholeBox, follows, sayHeld, reading });
  } finally {
    typingKey = null;
  }
  if (!unsent) dropNotSent();  // a "not sent" a board drew again at this version: the table is known again
  if (typing) typeOn(typing);
  amountBoxes.tellAgain();
}

// A field of the board being typed in (a bid, an amount) while another's move draws the
// board anew: the same field drawn again (the board's data-keep, else its id) takes the
// focus at once, its caret where it was, so a phone's keyboard stays up and the next
// key lands in it (the value was kept; the focus went with the field replaced, the
// keyboard shut). A board's box for an amount is a text box (wholeBox), whose caret is
// told, not a number box: a number box tells none, and typing went on at its end.
function fieldKey(node) {
  if (node.dataset.keep) return `[data-keep="${CSS.escape(node.dataset.keep)}"]`;
  return node.id ? `#${CSS.escape(node.id)}` : null;
}
function typedIn(box) {
  const node = document.activeElement;
  if (!node || !box.contains(node) || !node.matches("input, textarea, select")) return null;
  const key = fieldKey(node);
  if (!key) return null;
  let caret = null;
  try { caret = node.selectionStart === null ? null : [node.selectionStart, node.selectionEnd, node.selectionDirection]; } catch { /* a number box */ }
  return { node, key, caret };
}
function typeOn({ node, key, caret }) {
  if (node.isConnected && document.activeElement === node) return;  // left as it was
  const again = $("board").querySelector(key);
  if (!again || again.disabled) return;
  again.focus({ preventScroll: true });
  if (!caret) return;
  try { again.setSelectionRange(...caret); } catch { /* a field that takes no caret */ }
}

// A board's boxes for a whole amount (tools.wholeBox; tools.follows for one whose bounds
// follow another field) and what they say of an amount they may not send, in or out of
// a form: amount-boxes.js, loaded before this page's script, told here where the page's
// words, fields and board are.
const { wholeBox, follows, notANumber, sayHeld } = amountBoxes;
let typingKey = null;  // the key of the field being typed in while the board is drawn (drawBoard)
amountBoxes.use({ words: () => (frame ? frame.words : null), keyOf: fieldKey, board: () => $("board"), typing: () => typingKey });

// A board drawn again by its own timers (Derby Cast's call read part by part): now, or
// once a finger held on it lifts (its button not taken from under the finger).
function drawAgain() {
  if (!frame) return;
  if (pressedIn($("board"))) owed.board = true;
  else drawBoard();
}

// The table pushed again at the version drawn with its seats changed (a seat handed to
// the computer or opened, a guest who took an open seat named): what says who sits
// where is drawn again (the seats, the status, the view, the notices, the log), the
// generic moves are left as they are (the same moves), and the board and the creator's
// seat tools, which say the names too but hold buttons, are drawn again once no tap is
// held on them and nothing in them is being typed.
function renderSeats(next, moves, turn) {
  const kept = Math.min(next.log_from, log.length);
  if (!takeLog(next)) return;
  drawnMoves = moves;
  drawnTurn = turn;
  frame = { ...next, log, log_from: 0 };
  holding();
  drawStatusAgain();
  drawSeats();
  drawView();
  drawNotices();
  drawLog(kept);
  owed.board = Boolean(board);
  owed.admin = Boolean(frame.admin);
  drawOwed();
  pinPlaced();
  if (mode === "seat") keepSeat(seatName(frame.seat));
}

// The table pushed again at the version drawn, only someone's page come or gone (the
// seats list says who is "here"): the seats, the status and the log are drawn again, and
// the move buttons, the typed form and the board are left as they are, so a tap held on a
// button while a friend's page opens is not lost (its button replaced under the finger).
function renderPresence(next) {
  const kept = Math.min(next.log_from, log.length);
  if (!takeLog(next)) return;
  frame = { ...next, log, log_from: 0 };
  holding();
  drawStatusAgain();  // "reconnecting..." said while the stream was down
  drawSeats();
  drawLog(kept);
  pinPlaced();
}

// The status line and the tab's title.
function drawStatus() {
  let status;
  if (frame.over) status = "the game is over";
  else if (frame.your_turn) status = "your turn";
  else if (frame.waiting.roll) status = `${frame.may_roll ? "your roll" : "waiting for the roll"}: ${frame.waiting.roll.label}`;  // the roller's own: the box under it
  else status = `waiting for ${frame.waiting.seats.map(waitedFor).join(", ")}`;
  // a seat the creator handed to the computer: its person is told why nothing is asked
  const own = frame.seat !== null && frame.seat !== undefined ? frame.seats[frame.seat] : null;
  if (own && own.kind === "bot" && !frame.over) status = `the computer plays your seat; ${status}`;
  if ($("status").textContent !== status) $("status").textContent = status;  // as it was: no layout to redo
  // the tab's title says it too: a phone's tab switcher, a laptop's tab among others
  const title = frame.your_turn && !frame.over && mode !== "replay" ? `Your turn \u00b7 ${TITLE}` : TITLE;
  if (document.title !== title) document.title = title;
}

// "reconnecting..." while the stream is down, and what the status said before it: an
// ended game's status is its board's (Stretch's call being read), said again when the
// stream is back (an ended table's stream stays open, telling who comes and goes).
const RECONNECTING = "reconnecting\u2026";
let statusBefore = null;
function sayReconnecting() {
  const status = $("status");
  if (status.textContent !== RECONNECTING) statusBefore = status.textContent;
  status.textContent = RECONNECTING;
}
function drawStatusAgain() {
  if (!frame.over) drawStatus();
  else if ($("status").textContent === RECONNECTING && statusBefore !== null) $("status").textContent = statusBefore;
}

// What loading the saved table said (frame.notes, worded by the server: a Derby Cast
// game saved before games recorded the files they read, its desk race run again on
// today's Top of the Stretch files), at the page's top: once, however many frames come.
function drawTableNotes() {
  const box = $("table-notes");
  if (!box) return;  // a page served before it had the box
  const notes = frame.notes || [];
  box.replaceChildren(...notes.map((words) => el("p", words)));
  box.hidden = !notes.length;
}

function drawSeats() {
  $("seats").replaceChildren(...frame.seats.map((s) => {
    const who = s.kind === "bot" ? s.words || `computer (${s.bot})` : s.kind;
    const item = el("li", `${s.name}: ${who}${s.connected ? ", here" : ""}${s.seat === frame.seat ? " (you)" : ""}`);
    item.dataset.seat = s.seat;
    return item;
  }));
}

// "The table" (the whole view as nested tables: some 1,800 elements of an Across page)
// drawn while its fold is open, and only when the view changed: a board's page keeps it
// folded, and drawing it with every frame was most of the page's work a frame (a phone's
// battery). It is drawn as the player opens it (the summary's click comes before the fold
// opens: no paint of what it showed before), or once it is open by other means (toggle).
let viewDrawn = null;  // the JSON of the view #view shows
function drawView(opening = false) {
  if (!$("view-box").open && !opening) return;
  const shown = JSON.stringify(frame.view);
  if (viewDrawn === shown) return;
  viewDrawn = shown;
  $("view").replaceChildren(draw(frame.view));
}
$("view-box").querySelector("summary").addEventListener("click", () => { if (frame && !$("view-box").open) drawView(true); });
$("view-box").addEventListener("toggle", () => { if (frame) drawView(); });

// ``whole``: drawn whole even at the version drawn (the frame of a refused move: a board
// clears its old refusal as it draws).
function render(next, whole = false) {
  if (frame && mode !== "replay" && next.version < frame.version) return;  // came in late
  if (unsent && mode !== "replay") connectionBack();  // the table as it is, known again
  const moves = movesOf(next);
  const again = !whole && frame && mode !== "replay" && next.version === frame.version;
  if (again && moves === drawnMoves) {
    renderPresence(next);
    return;
  }
  const turn = turnOf(next);
  if (again && turn === drawnTurn) {
    renderSeats(next, moves, turn);
    return;
  }
  const kept = Math.min(next.log_from, log.length);
  if (!takeLog(next)) return;
  // Another player's move (not one this page sent: its controls are held till that is
  // drawn) that leaves this seat's decision as it was: the moves' buttons and the typed
  // form stay as they are, and a board with a finger down on it is drawn once the finger
  // lifts (owed), so the tap is made, at this version. Drawn under the finger, its button
  // was taken out of the page and the lifted finger made no click: Across's "Pass" held
  // while a computer player offered another a loan, Totopoly's "Cancel" of a standing
  // order held while someone bid, lost, nothing said. A frame that changes the decision
  // is drawn at once, as every frame was: the tap was meant for what is gone.
  const decision = decisionOf(next);
  const own = ownDecision(next);
  const later = !whole && frame !== null && mode !== "replay" && next.version > frame.version;
  const same = later && !body.classList.contains("moving") && decision === drawnDecision;
  const anyTurn = pressed !== null && pressed.closest("#board [data-any-turn]") !== null;
  const held = later && board !== null && !board.keepsHeldTaps && pressedIn($("board"))
    && (same || (anyTurn && own === drawnOwn));
  drawnMoves = moves;
  drawnTurn = turn;
  drawnDecision = decision;
  drawnOwn = own;
  owed.board = owed.admin = false;  // drawn now
  const reading = held ? undefined : readingPlace();  // before anything changes: see drawBoard
  const before = frame && frame.version !== next.version ? new Set(document.querySelectorAll(CONTROLS)) : null;
  const spots = before && same ? new Set([...before].map(spotOf)) : null;  // see settle
  const mine = body.classList.contains("moving");  // the frame a move of this page made (or one before it)
  frame = { ...next, log, log_from: 0 };  // a board is given the whole log
  body.dataset.version = String(frame.version);
  holding();  // the frame a move of this page made: its controls take taps again
  $("version").textContent = frame.version;
  // a held board's status waits with it: a line more or less above the board ("waiting
  // for Bob (not here)" wraps where "your turn" does not) moved it under the finger
  owed.status = held;
  if (!held) drawStatus();
  const actions = $("actions");
  if (!same) actions.replaceChildren();
  if (!same && frame.legal.length <= 40) {
    for (const legal of frame.legal) {
      const button = el("button", legal.text);
      button.type = "button";
      button.dataset.action = JSON.stringify(legal.action);
      button.addEventListener("click", () => send({ action: legal.action }));
      actions.append(button);
    }
  }
  $("typed").hidden = !frame.typed;
  $("turn-fold").hidden = !frame.legal.length && !frame.typed;  // nothing to do: no heading
  if (same) typedFor = frame.version;  // the same moves: the form kept as typed
  else if (frame.version !== typedFor) {  // a push at the same version keeps what is being typed
    typedFor = frame.version;
    const select = $("legal-select");
    select.replaceChildren(...frame.legal.map((legal) => {
      const option = el("option", legal.text);
      option.value = JSON.stringify(legal.action);
      return option;
    }));
    $("legal-choice").hidden = !frame.legal.length;
    $("typed-action").value = frame.legal.length ? select.value : "";
    drawForms(frame.forms || []);
  }
  $("roll").hidden = !frame.may_roll;
  if (frame.may_roll) $("roll-label").textContent = `${frame.waiting.roll.label}, ${frame.waiting.roll.dice} dice`;
  drawSeats();
  drawTableNotes();
  if (frame.admin && pressedIn($("admin"))) owed.admin = true;  // a seat's hand-over held
  else if (frame.admin) drawAdmin();
  drawView();
  if (held) owed.board = true;  // drawn once the finger lifts
  else drawBoard(reading);
  $("result-box").hidden = !frame.over;
  if (frame.over) $("result").replaceChildren(draw(frame.result));
  drawNotices();
  const noticesBox = $("notices-box");  // (absent from a page served before it had one)
  // a heading over nothing (a spectator's) reads as a list gone missing; a board that
  // draws the notices itself (Totopoly's "Money and cards") has them listed once
  if (noticesBox) noticesBox.hidden = !frame.notices.length || Boolean(board && board.drawsNotices);
  drawLog(kept);
  $("digest").textContent = frame.seed_digest;
  $("seed").textContent = frame.seed !== null ? `seed ${frame.seed} (check it: homestretch verify ${tableId})` : "(the seed is shown when the game ends)";
  if (mode === "replay") $("version").textContent = `${frame.at} of ${frame.length}`;
  const replay = $("replay-link");
  replay.hidden = !frame.over || mode === "replay";  // under the heading: no scrolling to the foot of a long page
  $("replay-box").hidden = replay.hidden;
  if (!replay.hidden) {
    const query = new URLSearchParams();
    if (frame.seat !== null) query.set("seat", frame.seat);
    if (token) query.set("token", token);
    replay.href = `/t/${tableId}/replay?${query}`;
  }
  if (before) settle(before, spots, mine);
  placeBack();
  pinPlaced();
  if (mode === "seat") keepSeat(seatName(frame.seat));
}

// A reload keeps the player where she was on the page. The browser's own restoring of
// the scroll comes before the first frame is drawn (the page is empty till its stream
// brings one), so a phone scrolled down to the race card or the news came back at the
// top. Where she was is kept for the tab's life (as the drafts are), per page address,
// when the page goes (or is hidden: a phone may drop a hidden tab unasked), and the
// first frame drawn takes her back there; the browser's own restoring is off. Every
// game's page is this one: the same for each. A page opened afresh starts at its top.
const PLACE_KEY = `homestretch-place:${location.pathname}`;
let placeKept = null;  // where to go back to, till the first frame is drawn
try { placeKept = JSON.parse(sessionStorage.getItem(PLACE_KEY)); } catch { /* storage off: the top */ }
if ("scrollRestoration" in history) history.scrollRestoration = "manual";
let placeTaken = false;  // the first frame drawn (and the place gone back to)
const OWN_SCROLL = ["wheel", "touchstart", "pointerdown", "keydown"];
function placeBack() {
  if (placeTaken) return;
  placeTaken = true;
  const y = placeKept && Number.isFinite(placeKept.y) ? placeKept.y : 0;
  const tall = placeKept && Number.isFinite(placeKept.h) ? placeKept.h : 0;
  if (y <= 0) return;
  const page = document.documentElement;
  const there = () => { window.scrollTo(0, y); return page.scrollHeight >= tall - 1; };
  if (there()) return;
  // the page drawn shorter than it was (a board that draws the rest a moment later: a
  // race watched, its call and then its sheets): taken back there as it grows (what
  // grows above moved the place down), till it is as tall as it was, or the player
  // scrolls or taps herself
  const grown = new ResizeObserver(() => { if (there()) stop(); });
  const stop = () => {
    grown.disconnect();
    OWN_SCROLL.forEach((kind) => window.removeEventListener(kind, stop, true));
  };
  grown.observe(page);
  OWN_SCROLL.forEach((kind) => window.addEventListener(kind, stop, { capture: true, passive: true }));
  setTimeout(stop, 10000);
}
function keepPlace() {
  if (!placeTaken) return;  // gone before a frame came: what was kept stays
  try { sessionStorage.setItem(PLACE_KEY, JSON.stringify({ y: Math.round(window.scrollY), h: document.documentElement.scrollHeight })); } catch { /* storage full or off */ }
}
window.addEventListener("pagehide", keepPlace);
document.addEventListener("visibilitychange", () => { if (document.hidden) keepPlace(); });

// The seats this browser holds (seats-held.js: several a table, every game), this one
// among them, so an invitation opened here again leads back to it (seat-kept.js), the
// lobby lists it ("Your seats on this browser") and another seat's tab here may lead to
// it (Derby Cast); forgotten once the seat is handed over (``name`` null).
function keepSeat(name) {
  if (name === null) seatsHeld.forget(location.pathname);
  else seatsHeld.keep(tableId, frame.seat, name, location.pathname, TITLE);
}

// A tap meant for one decision never lands on the next. A quick double tap on a phone:
// the first tap sends the move, and the second comes either to the same button, still
// on the screen until the move's frame arrives, or to the button the new frame drew in
// its place. So (1) while a move of this page is on its way, and until the frame it made
// is drawn, the move controls take no tap (dimmed: the tap was taken); a move that leaves
// the seat at the same decision (a Stretch bet, the window still open: the server's
// answer says so, ``again``) frees the other controls at once, its own button a moment
// later; (2) a control a new frame drew takes a tap only if the finger came down on it
// after it was drawn (a tap counts when it lands on what the player saw: one whose
// pointerdown came before is aimed at what was there), and after a move of this page,
// none for a moment (SETTLE: the second tap of a double tap may come down just after
// the move's frame, aimed at the button it tapped); (3) a move chosen on a frame whose
// decision this page's own earlier move has already answered is not sent (a tap that
// slipped past both, a keyboard's Enter). A held control lets the tap through to what
// lies under it (pointer-events: none), so nothing behind it acts either.
const CONTROLS = ":is(#board, #actions, #typed, #roll) :is(button, input[type=submit])";
const SETTLE = 200;  // ms a control newly drawn by the frame of this page's own move takes no tap
const AGAIN_SETTLE = 400;  // ms the button of a move that left the decision open takes no second tap
let moving = 0;  // moves of this page sent and not yet answered
let movedTo = 0;  // the version the page waits to draw before its controls take taps again
let answered = -1;  // the newest frame version whose decision this page's own move answered
let tapped = null;  // the control being tapped, while its click runs

function holding() {
  body.classList.toggle("moving", moving > 0 || (frame !== null && frame.version < movedTo));
}

// ``spots``: where the controls stood, and what each did, before another player's move
// that left this seat's decision as it was (render's ``same``): a control drawn anew just
// where one doing the same stood is no new thing to a finger, and takes a tap at once
// (it took none for a moment: a tap that came then, right after a friend's move, was
// lost, nothing said).
const spotOf = (node) => {
  const box = node.getBoundingClientRect();
  return [node.dataset.action || "", node.textContent, Math.round(box.left), Math.round(box.top), Math.round(box.width), Math.round(box.height)].join("|");
};

// When each control a frame drew anew was drawn, and when the finger last came down (a
// key last pressed: a keyboard's Enter or Space on a control makes its click too).
const drawnAt = new WeakMap();
let downAt = -Infinity, keyAt = -Infinity;
document.addEventListener("pointerdown", () => { downAt = performance.now(); }, true);
document.addEventListener("keydown", () => { keyAt = performance.now(); }, true);

function settle(before, spots = null, mine = false) {
  const fresh = [...document.querySelectorAll(CONTROLS)].filter((node) => !before.has(node) && !(spots && spots.has(spotOf(node))));
  const now = performance.now();
  fresh.forEach((node) => drawnAt.set(node, now));
  if (!mine) return;
  fresh.forEach((node) => { node.dataset.fresh = ""; });
  if (fresh.length) setTimeout(() => fresh.forEach((node) => delete node.dataset.fresh), SETTLE);
}

// A click on a control drawn since the finger came down: the tap was aimed at what was
// there before. A click no finger made (a keyboard's, a screen reader's: ``detail`` 0)
// counts if a key came after the control was drawn, or once it has stood for SETTLE.
function unseen(control, event) {
  const drawn = drawnAt.get(control);
  if (drawn === undefined) return false;
  if (event.detail > 0) return downAt < drawn;
  return Math.max(downAt, keyAt) < drawn && performance.now() - drawn < SETTLE;
}

function held(control, event) {
  return body.classList.contains("moving") || "fresh" in control.dataset || "sent" in control.dataset || unseen(control, event);
}

document.addEventListener("click", (event) => {
  const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  if (!control || mode === "replay") return;
  if (held(control, event)) {
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  if (!amountBoxes.holds(control)) {  // an amount box it sends holds what may not be sent: said by it (amount-boxes.js)
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  tapped = control;
  setTimeout(() => { if (tapped === control) tapped = null; }, 0);
}, true);

// "Your turn" pinned to the screen: a phone scrolled away from its move (down to the race
// card, the tote, the news) while the table waits for it is told so, and a tap takes it
// back. The move is where the board marked it (data-your-move), or the generic moves of
// a game without a board; the pin shows while the frame says it is this seat's turn and
// no marked move is in sight, and goes once one is (or the move is made). Its words are
// the server's (frame.words, web/words.py).
const PIN_SEEN = 40;  // px of a move on the screen that count as seeing it (all of a smaller one)
const PIN_GAP = 12;  // px between the page's last line and the pin

function movesMarked() {
  const marked = board ? [...$("board").querySelectorAll("[data-your-move]")] : [$("turn")];
  return marked.filter((node) => node.getClientRects().length);  // drawn, not hidden
}

function inSight(node) {
  const box = node.getBoundingClientRect();
  const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return shown >= Math.min(PIN_SEEN, box.height);
}

// The room under the page's last line is kept while the table asks for a marked move,
// the pin in sight or not: its coming and going as the player scrolls changes nothing
// on the page, so nothing moves under a finger about to tap. (The page grew by the room
// as the pin came, and a player at the foot was scrolled on by as much: a tap aimed at
// "Moves" just scrolled to landed on the seats below it, the moves left shut.)
// The pin's room (its height from the screen's foot: its words on one line or several),
// measured with the pin drawn, is kept till its words or the screen's size change: each
// layout read after a change to the page makes the browser lay it out again, and a frame
// laid out three times (the moves, the pin shown to be measured, the room set) was a good
// part of a phone's work a frame. So placePin reads all it needs first, then writes.
let pinMeasured = { key: null, room: 0 };
function placePin() {
  const pin = $("your-turn-pin");
  const asked = frame && frame.your_turn && !frame.over && mode !== "replay" && frame.words;
  const moves = asked ? movesMarked() : [];
  const page = document.documentElement;
  const atFoot = window.scrollY + window.innerHeight >= page.scrollHeight - 2;
  if (!moves.length) {
    if (body.classList.contains("pinned")) body.classList.remove("pinned");
    if (!pin.hidden) pin.hidden = true;
    return;
  }
  // its arrow points the way to the move: down while the moves out of sight are below
  const below = moves.every((node) => node.getBoundingClientRect().top > 0);
  const seen = moves.some(inSight);
  const words = below ? frame.words.your_turn_pin_below : frame.words.your_turn_pin;
  if (pin.textContent !== words) pin.textContent = words;
  // the room is the pin's own height from the screen's foot (its words on several lines),
  // so at the foot nothing is under it: measured drawn (no paint comes before it is hidden
  // again below); a player at the foot when the room grows (the turn's frame, other words,
  // a turned phone) is kept there, the last lines above the pin, not under it
  const key = `${words}|${window.innerWidth}|${window.innerHeight}`;
  if (pinMeasured.key !== key) {
    pin.hidden = false;
    pinMeasured = { key, room: Math.ceil(window.innerHeight - pin.getBoundingClientRect().top) + PIN_GAP };
  }
  if (pin.hidden !== seen) pin.hidden = seen;
  const room = `${pinMeasured.room}px`;
  const grown = !body.classList.contains("pinned") || body.style.getPropertyValue("--pin-room") !== room;
  if (!grown) return;
  body.classList.add("pinned");
  body.style.setProperty("--pin-room", room);
  if (atFoot && window.scrollY + window.innerHeight < page.scrollHeight - 2) window.scrollTo(0, page.scrollHeight);
}

$("your-turn-pin").addEventListener("click", () => {
  const move = movesMarked()[0];
  if (!move) return;
  const tall = move.getBoundingClientRect().height > window.innerHeight * 0.8;
  move.scrollIntoView({ block: tall ? "start" : "center" });  // a tall one from its top
  placePin();
});
window.addEventListener("scroll", placePin, { passive: true });
window.addEventListener("resize", placePin);
// A board may draw again between frames (a tap, a call read out part by part).
// A frame drawn places the pin itself (render), and drops what its drawing of the board
// left for this watch (pinPlaced): the pin placed twice, the page laid out again.
let pinPlacing = false;
const boardWatch = new MutationObserver(() => {
  if (pinPlacing) return;
  pinPlacing = true;
  requestAnimationFrame(() => { pinPlacing = false; placePin(); });
});
boardWatch.observe($("board"), { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "data-your-move"] });
function pinPlaced() {
  placePin();
  boardWatch.takeRecords();
}

// Open-ended actions (a result posted, a bid of any size): a form per kind of action,
// one input per field, that writes the action's JSON into the box below as it is filled.
// Lists are typed with commas; a blank item of a list that allows gaps is null.
const HOLDS = { text: "text", number: "a number", flag: "yes or no", texts: "texts, comma-separated", numbers: "numbers, comma-separated" };

function fieldValue(input, holds) {
  const optional = holds.endsWith("?");
  const kind = holds.replace("?", "");
  if (kind === "flag") return input.checked;
  const one = (text) => {
    if (!kind.startsWith("number")) return text;
    return text === "" && optional ? null : Number(text);
  };
  const text = input.value.trim();
  if (!kind.endsWith("s")) return one(text);
  return text === "" ? [] : text.split(",").map((item) => one(item.trim()));
}

function drawForms(forms) {
  $("action-form").hidden = !forms.length;
  const kinds = $("form-kind");
  kinds.replaceChildren(...forms.map((f) => { const o = el("option", f.kind); o.value = f.kind; return o; }));
  const fill = () => {
    const form = forms.find((f) => f.kind === kinds.value);
    const action = { kind: form.kind };
    for (const field of form.fields) action[field.name] = fieldValue($(`field-${field.name}`), field.holds);
    $("typed-action").value = JSON.stringify(action);
  };
  const fields = () => {
    const form = forms.find((f) => f.kind === kinds.value);
    $("form-fields").replaceChildren(...(form ? form.fields : []).flatMap((field) => {
      const blanks = field.holds.endsWith("?") ? ", a blank for none" : "";
      const label = el("label", `${field.name.replaceAll("_", " ")} (${HOLDS[field.holds.replace("?", "")]}${blanks})`);
      label.htmlFor = `field-${field.name}`;
      const input = el("input");
      input.id = `field-${field.name}`;
      input.name = field.name;
      if (field.holds === "number") input.inputMode = "numeric";
      input.addEventListener("input", fill);
      if (field.holds !== "flag") return [label, input];
      input.type = "checkbox";  // inside its label: a tap on the words ticks it too
      label.prepend(input);
      return [label];
    }));
    if (form && !frame.legal.length) fill();
  };
  kinds.onchange = fields;
  if (forms.length) fields();
}

// The creator's tools: a seat handed to a computer player of any kind the game has, or
// a computer's seat opened again (with a new link) for a person.
function logLine(entry) {
  const text = entry.chance !== undefined
    ? `${entry.position}: ${entry.chance}${entry.faces ? " " + entry.faces.join(" and ") : ""}`  // "2 and 5": "2-5" reads as odds
    : `${entry.position}: ${seatName(entry.player)}: ${entry.words || actionText(entry.action)}`;
  return el("li", text);
}

// Newest first; only the new lines are added when the rest is as drawn.
function drawLog(kept) {
  const box = $("log");
  if (kept < drawnLog) box.replaceChildren();
  const from = kept < drawnLog ? 0 : drawnLog;
  box.prepend(...log.slice(from).reverse().map(logLine));
  drawnLog = log.length;
}

function drawAdmin() {
  const box = $("admin");
  box.hidden = false;
  box.replaceChildren(el("h3", "Hand a seat over"));
  box.firstChild.hidden = frame.over;  // a finished game's seats play no more
  frame.seats.forEach((s) => {
    if (s.bot === "auto" || frame.over) return;
    const row = el("div", null, "hand-over");
    row.dataset.seat = s.seat;
    if (s.kind === "bot") {
      const button = el("button", `Open ${s.name}'s seat`);
      button.type = "button";
      button.addEventListener("click", () => handOver(s.seat, "open"));
      row.append(button);
    } else {
      const kinds = el("select");
      kinds.setAttribute("aria-label", `computer player for ${s.name}`);
      kinds.append(...frame.bots.map((kind) => { const o = el("option", frame.bot_words[kind] || kind); o.value = kind; return o; }));
      const button = el("button", `Computer plays ${s.name}`);
      button.type = "button";
      button.addEventListener("click", () => handOver(s.seat, kinds.value));
      row.append(kinds, button);
    }
    box.append(row);
  });
  // the table's links, to send on again (a friend who lost theirs, the invitation for
  // a seat opened again): the lobby showed them once, in a tab long closed
  const links = frame.links;
  if (!links) return;
  const list = el("ul");
  list.id = "admin-links";
  const item = (label, href) => {
    const row = el("li");
    const link = el("a", `${label}: ${new URL(href, location.href).href}`);
    link.href = href;
    const copy = el("button", "Copy", "copy");
    copy.type = "button";
    copy.dataset.copy = href;
    copy.setAttribute("aria-label", `Copy ${label}`);
    row.append(link, copy);
    list.append(row);
  };
  links.seats.forEach((s) => item(`${s.name}'s seat`, s.link));
  item("Invitation (takes an open seat)", links.invite);
  item("Watch link", links.watch);
  box.append(el("h3", "The table's links"), list, el("p", "Keep the seat links secret: whoever has one plays that seat."));
}

// A move that never reached the server (no connection: a phone in a tunnel) or got no
// answer from it (a proxy's error page while the server restarts) is said so, not left
// to look made; the refusal's status is 0 then.
const NOT_SENT = "Your move was not sent: this page could not reach the table's server (no connection?). Nothing was made: try again when you are back online.";

// Back online (the device says so, or the table's stream heard again after it was
// down), or the page knows the table again (a frame come since, pushed or asked for; an
// answer from the server to a move sent again): a "not sent" said meanwhile, at the top
// or under the move, no longer applies. Only the move's request may have failed (a
// proxy, a blocked request), the stream up all along: the line went with the next move
// only, however many frames said the table as it is. A board that draws its refusal
// again at the same version (kept till the table moves on) has it taken out again as it
// draws (drawBoard), and a box the board showed for it alone (data-alert-box) goes too.
let unsent = false;  // a move said not sent, and nothing heard of the table since
function connectionBack() {
  unsent = false;
  dropNotSent();
}
function dropNotSent() {
  if ($("error").textContent === NOT_SENT) showError("");
  $("board").querySelectorAll("[role=alert]").forEach((line) => {
    if (line.textContent !== NOT_SENT) return;
    line.textContent = "";
    line.hidden = true;
    const box = line.closest("[data-alert-box]");
    const said = box && [...box.querySelectorAll("[role=alert]")].some((other) => !other.hidden && other.textContent);
    if (box && !said) box.hidden = true;
  });
}
window.addEventListener("online", connectionBack);
let streamDown = false;  // the table's stream lost (set by listen's watch and its errors)

async function post(path, data, refused) {
  let response, answer;
  try {
    response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
    });
    answer = await response.json();
  } catch {
    unsent = true;
    showError(NOT_SENT);
    if (refused) refused(0);
    return null;
  }
  if (unsent) connectionBack();  // the server answered: what it said replaces the line
  if (!response.ok) {
    if (answer.frame) render(answer.frame, true);  // first: a board clears an old refusal as it draws
    showError(answer.error);
    if (refused) refused(response.status);
    return null;
  }
  showError("");
  return answer;
}

// What a board's player has half typed (an amount, a horse picked), kept per table and
// seat for the browser tab's life, so a reload shows it again: tools.draft.get(key) and
// .set(key, value). A move sent with the keys it used, tools.send(move, keys), drops them
// once made; a move refused keeps them, by the rules too: the page says an amount out of
// its bounds unsent, so what the rules refuse is seldom what was typed (an Across offer
// to answer first, R16; a Stretch ticket more than the money held), and a reload showed
// the boxes' first values.
const draftsKey = () => `homestretch-drafts:${tableId}:${frame && frame.seat !== null ? frame.seat : "-"}`;
function readDrafts() {
  try { return JSON.parse(sessionStorage.getItem(draftsKey())) || {}; } catch { return {}; }
}
function writeDrafts(all) {
  try { sessionStorage.setItem(draftsKey(), JSON.stringify(all)); } catch { /* storage full or off: kept on screen only */ }
}
const draft = {
  get: (key) => readDrafts()[key],
  set: (key, value) => writeDrafts({ ...readDrafts(), [key]: value }),
  drop: (keys) => { const all = readDrafts(); keys.forEach((key) => delete all[key]); writeDrafts(all); },
};

// Why a board's move was refused, said beside what sent it, kept as the drafts are for a
// reload at the same version and dropped once the table moves on: tools.refusals.set(key,
// refusal) (an object of the board's: its words, where it was made; null: none now) and
// .get(key) (null once the table moved on since it was said).
const refusalsSaid = {};  // the screen's own keeping (storage may be full or off)
const refusals = {
  set: (key, refusal) => {
    const kept = refusal ? { ...refusal, version: frame.version } : null;
    refusalsSaid[key] = kept;
    if (kept) draft.set(key, kept);
    else draft.drop([key]);
  },
  get: (key) => {
    const kept = refusalsSaid[key] || draft.get(key) || null;
    if (kept && kept.version === frame.version) return kept;
    if (kept) refusals.set(key, null);
    return null;
  },
};

// The answer to a move is the version it made; the frame comes by the event stream, as
// to every page of the table (a page whose stream is down asks for it after a while).
// A board may await it: the version, or the one line why the move was refused (shown at
// the top of the page too), to show by the form it came from.
// A player's own moves go one at a time, each at the version the one before made: "Done
// betting" pressed straight after "Buy the ticket" is not refused as stale because the
// bet's frame had not come yet. A move by anyone else in between still makes it stale.
let sending = Promise.resolve();
let made = 0;

function send(move, drafts = []) {
  if (notANumber(move.action)) {  // a box that held no number: nothing sent
    showError(frame.words.whole_number);
    return Promise.resolve({ refused: frame.words.whole_number });
  }
  const chosenOn = frame.version;  // the decision the move was chosen for
  const control = tapped;
  if (control) control.dataset.sent = "";
  moving += 1;
  holding();
  const turn = sending.then(async () => {
    if (chosenOn <= answered) return { dropped: true };  // that decision is answered already
    const version = Math.max(frame.version, made);
    let stale = false, unsent = false;
    const answer = await post(`/api/tables/${tableId}/moves`, { token, version, ...move }, (status) => { stale = status === 409; unsent = status === 0; });
    if (answer) draft.drop(drafts);  // made
    if (stale) answered = Math.max(answered, chosenOn);
    if (!answer) return { refused: $("error").textContent, stale };
    made = answer.version;
    if (!answer.again) {
      answered = Math.max(answered, chosenOn);
      movedTo = Math.max(movedTo, answer.version);
    }
    if (frame.version < answer.version) {
      setTimeout(() => { if (frame.version < answer.version) refetch(); }, 3000);
    }
    return { version: answer.version };
  });
  const over = () => {
    moving -= 1;
    holding();
    if (control) setTimeout(() => delete control.dataset.sent, AGAIN_SETTLE);
  };
  turn.then(over, over);
  turn.then((answer) => { if ("refused" in answer) setTimeout(showRefusal, 0); }, () => {});  // after the board said it
  sending = turn.catch(() => {});
  return turn;
}

// A refused move's reason scrolled into sight (on a phone, a line drawn under a button
// pressed at the screen's foot is below it): the line the board put where the move was
// made (role="alert"), else the page's own line at its top. An amount box's own line
// (amount-boxes.js: a kept bid the table's new least no longer takes, said as the board
// is drawn anew) may stand above it in the same row: the board's line is the one sought.
function showRefusal() {
  const lines = [...$("board").querySelectorAll("[role=alert]")].filter((line) => line.textContent.trim() && line.getClientRects().length);
  const said = lines.find((line) => !line.classList.contains("box-says")) || lines[0];
  const line = said || ($("error").hidden ? null : $("error"));
  if (line) line.scrollIntoView({ block: "nearest" });
}

async function handOver(seat, bot) {
  const answer = await post(`/api/tables/${tableId}/seats/${seat}`, { token, bot });
  if (answer) render(answer, true);
}

// A board draws the game, its moves and its result itself: the generic moves (buttons and
// the form for any action), the raw view and the result stay folded below it.
if (board) { $("turn-fold").open = false; $("view-box").open = false; $("result-fold").open = false; }

$("legal-select").addEventListener("change", () => { $("typed-action").value = $("legal-select").value; });

$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  let action;
  try { action = JSON.parse($("typed-action").value); } catch { showError("that is not JSON"); return; }
  send({ action });
});

$("roll").addEventListener("submit", (event) => {
  event.preventDefault();
  const faces = $("roll-faces").value.split(/[\s,-]+/).filter(Boolean).map(Number);
  $("roll-faces").value = "";
  send({ roll: faces });
});

let replayAsked = 0;  // the newest move asked for: an answer overtaken by a later ask is dropped

async function showReplay(at) {
  const asked = ++replayAsked;
  const seat = body.dataset.seat;
  const query = (seat === "" ? "" : `&seat=${seat}`) + (token ? `&token=${encodeURIComponent(token)}` : "");
  const response = await fetch(`/api/tables/${tableId}/replay?at=${at}${query}`);
  const answer = await response.json();
  if (asked !== replayAsked) return;
  if (!response.ok) { showError(answer.error); return; }
  replayAt = at;
  const address = new URL(location.href);  // the move kept in the address: a reload comes back to it
  address.searchParams.set("at", String(at));
  history.replaceState(history.state, "", address);
  render(answer);
  $("status").textContent = "replay";
  $("replay-at").max = String(answer.length);
  $("replay-at").value = String(at);
}

if (mode === "replay") {
  $("replay-controls").hidden = false;
  $("previous").addEventListener("click", () => replayAt > 0 && showReplay(replayAt - 1));
  $("next").addEventListener("click", () => frame && replayAt < frame.length && showReplay(replayAt + 1));
  // a long game is hundreds of moves: the slider goes to any of them, the buttons step
  $("replay-at").addEventListener("input", () => showReplay(Number($("replay-at").value)));
  showReplay(Math.max(0, Math.floor(Number(new URLSearchParams(location.search).get("at"))) || 0));
} else {
  listen(0);
}

// A phone woken, a tab come back to: its stream may have died unnoticed while it slept
// (the last frame still drawn, "your turn" perhaps no longer so), so the table as it is
// now is asked for at once.
// Its stream's watch is a timer, and a hidden tab's or a sleeping device's timers run
// late or not at all: a stream silent for longer than the watch allows, by the clock, is
// opened again now (not when the late timer comes, up to minutes on).
document.addEventListener("visibilitychange", () => {
  if (document.hidden || mode === "replay" || !frame || body.classList.contains("gone")) return;
  if (reopen && Date.now() - lastHeard > aliveEvery * 2500) reopen();
  else refetch();
});

// The table's frames, pushed. The browser connects again by itself after a dropped
// connection, but not after an error answer (a proxy's "bad gateway" while the server
// restarts): then the page does, after a few seconds, longer each time it fails.
// A stream can also die without a word (a phone changing networks, a proxy dropping a
// quiet connection): the server sends an "alive" event when it has had nothing to send
// for `aliveEvery` seconds (declared at the top), so a stream silent for 2.5 times that
// is closed and opened again, and the table asked for meanwhile (as when shown again).
function listen(failed) {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const events = new EventSource(`/api/tables/${tableId}/events${query}`);
  let drawn = false, silent = 0;
  const again = () => {
    streamDown = true;
    clearTimeout(silent);
    reopen = null;
    events.close();
    heardLately = false;
    sayReconnecting();
    refetch().catch(() => {}).then(() => {  // its frame drawn, the page still says it
      if (!heardLately) sayReconnecting();
    });
    // opened again at once: silence is no refusal by the server (an error answer is,
    // and onerror then waits); timers may have slept with the device, so none here
    listen(drawn ? 0 : failed + 1);
  };
  const heard = () => {  // any event: the stream is alive; the watch starts again
    heardLately = true;
    lastHeard = Date.now();
    clearTimeout(silent);
    silent = setTimeout(again, aliveEvery * 2500);
  };
  heard();
  heardLately = false;  // nothing heard yet on this stream: only its watch started
  reopen = again;
  events.addEventListener("alive", (event) => {
    aliveEvery = Number(JSON.parse(event.data).every) || aliveEvery;
    heard();
  });
  events.addEventListener("frame", (event) => {
    drawn = true;
    pushed += 1;
    heard();
    // an ended table's stream stays open: its final screen is told who comes and goes
    render(JSON.parse(event.data));
    if (streamDown) connectionBack();  // heard again after it was down: the server is reached
    streamDown = false;
  });
  events.onerror = () => {
    streamDown = true;
    sayReconnecting();
    heardLately = false;
    if (events.readyState !== EventSource.CLOSED) return;
    clearTimeout(silent);
    reopen = null;  // opened again after its wait below
    const tries = drawn ? 0 : failed + 1;
    setTimeout(() => listen(tries), Math.min(30, 2 ** tries) * 1000);
  };
  // the seat was handed over (opened for someone else): this link plays no more
  events.addEventListener("gone", (event) => {
    events.close();
    clearTimeout(silent);
    reopen = null;
    body.classList.add("gone");
    keepSeat(null);
    frame = null;  // the seat's cards and moves are the next holder's now: none kept here
    ["board", "actions", "view", "result", "notices", "log"].forEach((id) => $(id).replaceChildren());
    viewDrawn = null;
    $("status").textContent = "this link plays no seat now";
    showError(JSON.parse(event.data).gone);
  });
}
