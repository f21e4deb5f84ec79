// Top of the Stretch's board: the race as a fan follows it. Every frame is drawn whole
// from the race's JSON (frame.view): the call so far, the running lines (Fullplay), the
// result chart once the race is over, and the paper-style scoresheet. A replay steps
// through the frames, so the call and the running lines unfold segment by segment; a
// race run while the page watches is called part by part as it comes in.
// At a table of players (view.tote) it also shows each horse's chances and fair odds
// beside the morning line, the tote, a window to bet at before the off, and the payoffs.
// Derby Cast's TV may draw a race with it too: only frame.view's race is needed.
"use strict";
const CALL_STEP_MS = 1200;  // one part of the call after another, as a caller speaks
const unfolding = { table: null, shown: null, timer: null, redraw: null };
let rollShown = false;  // the roll box was shown at the last drawing: it appears when not
// Every heading, label and set line is the rules' (games/stretch/rules/words.py, the view's
// captions and a player's ``yours``); {name} in one is filled in here.
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key]);

window.homestretchBoard = (frame, box, tools) => {
  const { el } = tools;
  const race = frame.view;
  const entries = race.entries;
  const says = race.captions;
  const mode = race.mode === "full" ? says.full : says.quick;
  const parts = [];
  const shown = callShown(frame, tools, () => window.homestretchBoard(frame, box, tools));
  const complete = shown >= race.call.length;
  // While the call is being read out the generic page below keeps quiet: its notices,
  // its log of the rolls and its result would tell the finish before the caller does.
  if (frame.game === "stretch") document.body.classList.toggle("stretch-calling", !complete);
  const status = document.getElementById("status");  // nor does "the game is over" up top
  if (status && frame.game === "stretch" && frame.over && tools.mode !== "replay") status.textContent = complete ? says.over : says.calling;

  const head = el("div", null, "stretch-head");
  head.append(el("h3", [race.race.name, race.race.track, race.race.date].filter(Boolean).join(", ")));
  const course = race.race.course_seconds_per_furlong;  // a course's own clock (S22)
  const clock = course ? ` (${fill(says.course, { seconds: Math.abs(course), how: says.course_how[course < 0 ? 0 : 1] })})` : "";
  const facts = [`${race.race.distance} on the ${race.race.surface}, ${race.race.condition}${clock}`, mode];
  if (race.pace && complete) {
    // the Race Pace reading, with the field-size term's Field die where it was rolled (S18)
    const die = race.field_die === null || race.field_die === undefined ? "" : `, Field die ${race.field_die}`;
    facts.push(race.mode === "full" ? `pace ${race.pace} (top two ${race.pace_total}${die})` : `pace ${race.pace}`);
  }
  head.append(el("p", facts.join("; ")));
  parts.push(head);
  // once the whole call is read, who won comes first (the official notice, said again at
  // the call's end): on a phone the call and the tote put it a few screens down
  const official = complete ? announced(frame, true).after.find((n) => n.type === "official") : null;
  if (official) parts.push(oddsWhole(el("p", null, "stretch-official-top"), official.words));
  // and at a table of friends, which of them won: the most money after the tote paid
  if (official && race.tote && race.tote.settled && race.tote.players.length > 1) {
    parts.push(el("p", bettorsWon(frame), "stretch-bettors-won"));
  }

  // a player whose window is open is asked first (the chances and the tote a jump below)
  const betting = Boolean(race.tote) && frame.legal.some((l) => l.action.kind === "done");
  const turn = document.getElementById("turn");
  if (turn && race.tote) turn.hidden = betting;  // the window takes the generic buttons' place
  if (betting) parts.push(betWindow(frame, el, tools), jumps(el, race.yours.buttons));
  else if (race.yours) {  // a player's own: done and waiting, or what the tote paid
    const own = race.yours.done || (complete ? race.yours.outcome : "");
    if (own) parts.push(el("p", own, "stretch-mine"));
    // while the race is called, the tickets the player holds on it, above the call (they
    // were under the whole call, in the tote's list, a few screens down on a phone)
    const holds = race.tote && race.tote.tickets.some((t) => t.seat === frame.seat);
    if (!own && !complete && holds) parts.push(el("p", race.yours.tickets, "stretch-held"));
  }
  const early = !race.call.length;  // before the off the chances come first
  if (frame.game === "stretch" && early) parts.push(window.stretchChances(frame, el));
  // while the race is being called the call comes first, the tote after it
  const tote = race.tote ? toteBoard(frame, el, complete) : null;
  if (tote && complete) parts.push(tote);

  const call = el("div", null, "stretch-call");
  call.id = "stretch-call";
  const told = announced(frame, complete);
  told.before.forEach((n) => call.append(oddsWhole(el("p", null, `stretch-n-${n.type}`), n.words)));
  if (!race.call.length) call.append(el("p", !race.tote || !race.tote.open ? says.in_the_gate : rolling(race) ? says.odds_rolling : says.windows_open));
  race.call.slice(0, shown).forEach((part) => {
    const line = el("p");
    line.append(el("b", `${part.heading}. `));
    oddsWhole(line, part.words);
    call.append(line);
  });
  if (!complete) call.append(el("p", "\u2026"));
  told.after.forEach((n) => call.append(oddsWhole(el("p", null, `stretch-n-${n.type}`), sayer(frame, n))));
  parts.push(call);
  // with the dice typed in, the box for them right under the call's latest line, where the
  // player reads what the last roll did (it was at the page's top: on a phone, a scroll up
  // and down each roll); table.js still shows and hides it
  const roll = frame.game === "stretch" && tools.mode !== "replay" ? document.getElementById("roll") : null;
  if (roll) parts.push(roll);

  if (race.mode === "full" && entries.some((e) => (e.race_points || []).length)) {
    parts.push(runningLines(race, el, race.call.slice(0, shown).map((p) => p.heading)));
  }
  if (tote && !complete) parts.push(tote);
  if (race.finished && complete) {
    parts.push(resultChart(race, el));
    if (race.tote && race.tote.settled) parts.push(totePaid(frame, el));
  }
  if (frame.game === "stretch" && !early) parts.push(window.stretchChances(frame, el));
  if (complete) parts.push(scoresheet(race, el));  // its figures would give the finish away
  const typing = document.activeElement;
  const following = roll && inView(roll);  // the roll box in sight (or typed in) before the call grew
  placeParts(box, parts);
  if (typing && typing !== document.activeElement && box.contains(typing)) typing.focus();  // kept
  // the call grew above it (or the chances went from above the call to below it): kept in
  // sight at the screen's foot, the newest lines just over it; a player scrolled away (to
  // the tote, the chances) is left there
  if (following && !roll.hidden && !inView(roll, false)) roll.scrollIntoView({ block: "end" });
  // the box appearing for this player (the roll is hers now: the status line says so) is
  // brought into sight once, the least scroll that shows it; it sat under the call, below
  // a phone's screen. Not on each redraw: a player who scrolled up to read is left there
  const appears = roll !== null && !roll.hidden && !rollShown;
  rollShown = roll !== null && !roll.hidden;
  if (appears && !following && !inView(roll, false)) roll.scrollIntoView({ block: "nearest" });
};

// Whether ``node`` is drawn and wholly on the screen, or (``focus``) holds the focus: a
// phone's keyboard may cover it while it is typed in.
function inView(node, focus = true) {
  if (node.hidden || !node.getClientRects().length) return false;
  if (focus && node.contains(document.activeElement)) return true;
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}
// The betting window stays in the page from frame to frame (placeParts), its buttons under
// a finger too: the board is drawn at once, a tap held on it or not (table.js).
window.homestretchBoard.keepsHeldTaps = true;

// The board's parts put in ``box`` in order, those kept from frame to frame (the betting
// window, the chances) left where they are, not taken out and put back: a finger down on
// "Buy the ticket" while another player's bet redrew the board lifted off a button no
// longer the one it pressed (taken out of the page and put back): no click, the bet
// lost. Only a part whose place changed is moved.
function placeParts(box, parts) {
  const kept = new Set(parts);
  for (const child of [...box.childNodes]) if (!kept.has(child)) child.remove();
  let at = box.firstChild;
  for (const part of parts) {
    if (part === at) at = at.nextSibling;
    else box.insertBefore(part, at);
  }
}

// The race's notices, worded by the rules (games/stretch/rules/notices.py): the morning line,
// the windows closing and the off before the call; the official result and what the tote
// paid after it, once the whole call is shown (they would give the finish away). The
// call's own notices are the parts drawn from the view.
const BEFORE = ["morning-line", "betting-closed", "off"];
const AFTER = ["official", "pool", "payout"];
function announced(frame, complete) {
  const notices = frame.game === "stretch" ? frame.notices || [] : [];
  return {
    before: notices.filter((n) => BEFORE.includes(n.type)),
    after: complete ? notices.filter((n) => AFTER.includes(n.type)) : [],
  };
}

// A notice about a player opens with the name the race was set up with: say the seat's
// name instead when someone took the seat under another.
function sayer(frame, notice) {
  if (notice.seat === undefined || !notice.words.startsWith(notice.name)) return notice.words;
  return playerName(frame, notice) + notice.words.slice(notice.name.length);
}

// How many parts of the call to show: all of them in a replay, else the parts come in
// one by one. A page opened (or reloaded, or woken) while the call is being read picks
// it up where the pages kept open are, by the server's clock (``frame.since``: how long
// ago the race was run), so a phone that slept through the off does not tell its player
// the finish before the others hear it; opened later, or where the server does not
// know when, the call is whole.
function callShown(frame, tools, redraw) {
  const total = frame.view.call.length;
  const table = `${document.body.dataset.table}`;
  unfolding.redraw = redraw;
  if (tools.mode === "replay") {
    unfolding.shown = total;
    return total;
  }
  if (unfolding.table !== table || unfolding.shown === null) {
    unfolding.table = table;
    const heard = frame.over && typeof frame.since === "number" ? Math.floor((frame.since * 1000) / CALL_STEP_MS) : total;
    unfolding.shown = Math.min(total, heard);
  }
  if (unfolding.shown > total) unfolding.shown = total;
  if (unfolding.shown < total && unfolding.timer === null) {
    unfolding.timer = setTimeout(() => {
      unfolding.timer = null;
      unfolding.shown += 1;
      unfolding.redraw();
    }, CALL_STEP_MS);
  }
  return unfolding.shown;
}

// The odds still being rolled (dice typed in, one horse after another): the players bet
// once the morning line is up (ruling S19), so no window is open yet. The page said "The
// windows are open: bet before the off" and listed each player as betting, no window
// to bet at in sight.
const rolling = (race) => race.segment === "odds";

// --- chances and fair odds beside the morning line -------------------------------------
// Asked of the server once per page (Quickplay: proven brackets at once, the exact
// figures when ready; Fullplay: simulated), kept in one box moved from frame to frame.
const chances = { box: null, data: null, asked: false };

window.stretchChances = (frame, el) => {
  if (!chances.box) chances.box = el("div", null, "stretch-table");
  chances.box.id = "stretch-chances";
  if (frame.game === "stretch" && !chances.asked) {
    chances.asked = true;
    askChances(el, frame);
  }
  drawChances(frame, el);
  return chances.box;
};

async function askChances(el, frame) {
  const token = document.body.dataset.token;
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  try {
    const response = await fetch(`/api/stretch/tables/${document.body.dataset.table}/chances${query}`);
    const answer = await response.json();
    chances.data = response.ok ? answer : { method: "unavailable", says: answer.error, entries: [] };
  } catch { /* offline for a moment: asked again below */ }
  drawChances(frame, el);
  if (!chances.data || chances.data.pending || chances.data.method === "pending") {
    setTimeout(() => askChances(el, chances.frame || frame), 1500);
  }
}

const pct = (v) => `${(v * 100).toFixed(1)}%`;

function drawChances(frame, el) {
  chances.frame = frame;
  const data = chances.data;
  const box = chances.box;
  const says = frame.view.captions;
  const title = el("h4", says.chances);
  // the morning line's book, in words, where a player weighs the odds against the chances
  const book = frame.view.book === null || frame.view.book === undefined ? []
    : [el("p", fill(says.book, { book: pct(frame.view.book) }), "stretch-says stretch-book")];
  if (!data || !data.entries.length) {
    box.replaceChildren(title, el("p", data ? data.says + (data.method === "pending" ? "\u2026" : "") : says.working, "stretch-says"), ...book);
    return;
  }
  const odds = Object.fromEntries(frame.view.entries.map((e) => [e.post, e.odds]));
  const range = (e, what) => (e[what] !== undefined ? pct(e[what]) : `${pct(e[`${what}_low`])}\u2013${pct(e[`${what}_high`])}`);
  const rows = data.entries.map((e) => [e.post, e.horse, odds[e.post] || "", pct(e.win), range(e, "place"), range(e, "show"), e.fair_odds || "-"]);
  const grid = table(el, "", says.chances_headings, rows, "stretch-chances-table");
  box.dataset.method = data.method;
  // the exact show chances' proven bound, said only where it could change a figure shown
  const note = data.note ? [el("p", data.note, "stretch-says stretch-note")] : [];
  box.replaceChildren(title, el("p", data.says, "stretch-says"), grid.querySelector("table"), ...note, ...book);
}

// --- the players' tote ----------------------------------------------------------------
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;

// A player is called by the seat's name: whoever took an open seat named themselves.
function playerName(frame, player) {
  const seat = (frame.seats || [])[player.seat];
  return seat ? seat.name : player.name;
}

// Who ended with the most money and by how much, as the terminal says it at the end of
// a race with bettors (stretch/terminal/bettors.py bettors_line), each by the seat's name.
function bettorsWon(frame) {
  const players = frame.view.tote.players.map((p) => ({ name: playerName(frame, p), cash: p.cash, net: p.net }));
  const levels = [...new Set(players.map((p) => p.cash))].sort((a, b) => b - a);
  const won = players.filter((p) => p.cash === levels[0]);
  const gained = `${won[0].net >= 0 ? "+" : "-"}${dollars(Math.abs(won[0].net))}`;
  if (levels.length < 2) return `Everyone ends level, on ${dollars(levels[0])} (${gained}).`;
  const names = (some) => (some.length === 1 ? some[0].name
    : `${some.slice(0, -1).map((p) => p.name).join(", ")} and ${some[some.length - 1].name}`);
  const behind = players.filter((p) => p.cash === levels[1]);
  const margin = `${dollars(levels[0] - levels[1])} ahead of ${names(behind)} (${dollars(levels[1])})`;
  const most = won.length === 1 ? "ends with the most money" : "end with the most money, level";
  return `${names(won)} ${most}, ${dollars(levels[0])} (${gained}), ${margin}.`;
}

// ``called``: the whole call is shown; until then the players' money is shown as it was
// at the off, or the board would give the finish away.
function toteBoard(frame, el, called) {
  const tote = frame.view.tote;
  const says = frame.view.captions;
  const paidTo = (seat) => (tote.settled && !called
    ? tote.settled.reduce((sum, pool) => sum + (pool.paid[seat] || 0), 0) : 0);
  const box = el("div", null, "stretch-tote");
  box.id = "stretch-tote";
  // the tote's odds to win as the board reads them ("even", "5-2", "stake back": words.py)
  // alone with the house there are no pools of others' money, so no tote odds (S29)
  const odds = (post) => (tote.house_pays ? [] : [tote.tote_odds[post]]);
  const rows = frame.view.entries.map((e) => [e.post, e.horse, e.odds || "",
    ...["win", "place", "show"].map((p) => dollars(tote.pools[p].by_post[e.post])), ...odds(e.post)]);
  // the totals row names itself (a row heading): labelled by its column it read "Horse
  // Pool" on a phone, where each cell shows its column's name
  rows.push(["", { heading: says.pool }, "", ...["win", "place", "show"].map((p) => dollars(tote.pools[p].total)), ...(tote.house_pays ? [] : [""])]);
  const headings = tote.house_pays ? says.tote_headings.slice(0, -1) : says.tote_headings;
  box.append(table(el, says.tote, headings, rows, "stretch-pools"));
  const players = el("ul");
  players.id = "stretch-players";
  tote.players.forEach((p) => {
    const tickets = tote.tickets.filter((t) => t.seat === p.seat).map((t) => `$${t.dollars} ${t.pool} #${t.post}`);
    const state = tote.open && !rolling(frame.view) ? `, ${p.done ? says.done : says.betting}` : "";
    const item = el("li", `${playerName(frame, p)}: ${dollars(p.cash - paidTo(p.seat))}${state}${tickets.length ? ` \u2014 ${tickets.join(", ")}` : ""}`);
    item.dataset.seat = p.seat;
    players.append(item);
  });
  box.append(el("h4", says.players), players);
  return box;
}

// Where the chances and the tote are, below the window.
function jumps(el, says) {
  const nav = el("p", says.before, "stretch-jumps");
  const link = (text, target) => { const a = el("a", text); a.href = `#${target}`; return a; };
  nav.append(link(says.chances, "stretch-chances"), el("span", " \u00b7 ", "stretch-dot"), link(says.tote, "stretch-tote"));
  return nav;
}

// The player's betting window, made once a table and kept from frame to frame: a bet
// half chosen (or the amount being typed) stays as it is when another player's bet or
// a reconnect redraws the board. Each frame brings the money held and the tickets, in
// the rules' words (games/stretch/rules/words.py, the view's ``yours``).
const windowKept = { table: null, form: null };

// A refused bet (or done) is said under the window, where the player pressed, not at the
// top of the page (off a phone's screen); it goes with the player's next good move or the
// next frame that changes the table (another's bet, say), when it may no longer apply.
// Kept for a reload till then (tools.refusals), as the window's fields are.
const REFUSED = "bet-refusal";
function refuse(form, tools, refusal) {
  tools.refusals.set(REFUSED, refusal ? { text: refusal } : null);
  sayRefused(form, tools);
}
function sayRefused(form, tools) {
  const kept = tools.refusals.get(REFUSED);  // null once the table moved on
  const line = form.querySelector(".stretch-refused");
  line.textContent = kept ? kept.text : "";
  line.hidden = !kept;
}

// The window's fields, kept for this table and seat through a reload (tools.draft) until
// a bet or "done" is made with them (a move refused keeps them).
const WINDOW_FIELDS = ["bet-pool", "bet-horse", "bet-dollars"];

async function sendFromWindow(form, tools, action) {
  const answer = await tools.send({ action }, WINDOW_FIELDS);
  // said under the window instead, while it is open; a window the refusal's frame closed
  // (this seat's "done" made first on another device) leaves it said at the page's top
  const open = form.isConnected && form.getClientRects().length > 0;
  if (answer.refused && open) tools.showError("");
  refuse(form, tools, open ? answer.refused || "" : "");
}

// Who is still betting, the rules' line (own.waiting) unless a seat nobody has taken is
// among them: an empty seat bets nothing, so it is said apart (the words' ``untaken``).
const joined = (names) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);
function stillBetting(frame, own) {
  const seats = frame.seats || [];
  const untaken = (own.betting || []).filter((i) => seats[i] && seats[i].kind === "open");
  if (!untaken.length) return own.waiting;
  const says = own.buttons;
  const name = (i) => seats[i].name;
  const others = own.betting.filter((i) => !untaken.includes(i)).map(name);
  const still = fill(says.still_you, { names: joined([says.you, ...others]) });
  return `${still} ${fill(says.untaken, { names: joined(untaken.map(name)) })}`;
}

function betWindow(frame, el, tools) {
  const table = `${document.body.dataset.table}:${frame.seat}`;
  if (windowKept.table !== table) windowKept.form = makeWindow(frame, el, tools);
  windowKept.table = table;
  const form = windowKept.form;
  const own = frame.view.yours;
  form.querySelector("h4").textContent = own.holding;
  form.querySelector(".stretch-says").textContent = own.tickets;
  form.querySelector(".stretch-waiting").textContent = stillBetting(frame, own);
  form.querySelector(".stretch-house").textContent = own.house || "";  // alone (S29)
  sayRefused(form, tools);  // gone once the table moved on since; said again after a reload
  const odds = Object.fromEntries(frame.view.entries.map((e) => [e.post, e.odds || ""]));
  form.querySelectorAll("#bet-horse option").forEach((o) => { o.textContent = `${o.value} ${o.dataset.horse} ${odds[o.value]}`; });
  return form;
}

function makeWindow(frame, el, tools) {
  const form = el("form", null, "stretch-bet");
  form.id = "stretch-bet";
  form.dataset.yourMove = "";  // the page's "Your turn" pin takes a player here
  const field = (label, input) => {
    const wrap = el("div");
    const text = el("label", label);
    text.htmlFor = input.id;
    wrap.append(text, input);
    return wrap;
  };
  const pool = el("select");
  pool.id = "bet-pool";
  ["win", "place", "show"].forEach((p) => pool.append(el("option", p)));
  const horse = el("select");
  horse.id = "bet-horse";
  frame.view.entries.forEach((e) => {
    const option = el("option");
    option.value = e.post;
    option.dataset.horse = e.horse;
    horse.append(option);
  });
  const amount = el("input");
  amount.id = "bet-dollars";
  const says = frame.view.yours.buttons;
  // a text box (its caret kept through a redraw); a smaller ticket said beside it in the
  // rules' words before it is sent (amount-boxes.js)
  tools.wholeBox(amount, 2, says.ticket_at_least);
  amount.min = "2";  // the least ticket, bought when left blank
  // a bet stopped by the box itself (below the least ticket, said beside the box) takes
  // away the line of the last bet the tote refused, or the window said "a $150 ticket is
  // too much" over a box holding 0
  amount.addEventListener("amount-stopped", () => refuse(form, tools, ""));
  // blank, not 2: a phone's tap leaves the caret after a 2 already there, and "10"
  // typed in would bet $210; left blank it buys the least ticket, as `win 3` does
  amount.placeholder = says.dollars_hint;
  const buy = el("button", says.buy);
  buy.type = "submit";
  const done = el("button", says.done);
  done.type = "button";
  done.id = "bet-done";
  done.addEventListener("click", () => sendFromWindow(form, tools, { kind: "done" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const dollars = amount.value.trim() === "" ? Number(amount.min) : Number(amount.value);
    sendFromWindow(form, tools, { kind: "bet", pool: pool.value, post: Number(horse.value), dollars });
  });
  const refused = el("p", null, "stretch-refused");
  refused.setAttribute("role", "alert");
  refused.hidden = true;
  form.append(el("h4"), el("p", null, "stretch-says"), el("p", null, "stretch-waiting"), el("p", null, "stretch-house"), field(says.bet, pool), field(says.on, horse), field(says.dollars, amount), buy, done, refused);
  [pool, horse, amount].forEach((input) => {
    const kept = tools.draft.get(input.id);
    if (kept !== undefined && (input.tagName !== "SELECT" || [...input.options].some((o) => o.value === kept))) input.value = kept;
    const typed = () => tools.draft.set(input.id, input.value);
    input.addEventListener("input", typed);
    input.addEventListener("change", typed);
  });
  return form;
}

function totePaid(frame, el) {
  const race = frame.view;
  const says = race.captions;
  const tote = race.tote;
  const names = Object.fromEntries(tote.players.map((p) => [p.seat, playerName(frame, p)]));
  const horses = Object.fromEntries(race.entries.map((e) => [e.post, e.horse]));
  const rows = [];
  tote.settled.forEach((pool) => {
    if (!pool.total) return;
    const paid = Object.entries(pool.paid).map(([seat, c]) => `${names[seat]} ${dollars(c)}`).join(", ");
    if (pool.refunded) rows.push([pool.pool, says.refunded, "", paid]);
    Object.entries(pool.prices).forEach(([post, cents]) => rows.push([pool.pool, `${post} ${horses[post]}`, dollars(cents), paid]));
  });
  const box = el("div");
  box.id = "stretch-tote-paid";
  const house = tote.paid_by === "house";  // a lone bettor, paid page 15's prices (S29)
  // no ticket paid: said so under the heading, not an empty table (a phone drew the
  // heading over nothing, a laptop a row of column names)
  const title = house ? says.paid_house : says.paid;
  if (rows.length) box.append(table(el, title, says.paid_headings, rows));
  else {
    const none = el("div", null, "stretch-table");
    none.append(el("h4", title), el("p", says.none_paid, "stretch-none-paid"));
    box.append(none);
  }
  const standing = el("ul", null, "stretch-paid");
  tote.players.forEach((p) => {
    const net = p.net > 0 ? fill(says.up, { money: dollars(p.net) })
      : p.net < 0 ? fill(says.down, { money: dollars(-p.net) }) : says.level;
    standing.append(el("li", `${names[p.seat]}: ${dollars(p.cash)} (${net})`));
  });
  const kept = tote.settled.reduce((sum, pool) => sum + pool.kept, 0);
  const took = tote.settled.reduce((sum, pool) => sum + pool.total, 0);
  const keptSays = house ? fill(says.house_kept, { money: dollars(took), paid: dollars(took - kept) })
    : fill(says.kept, { takeout: tote.takeout, breakage: tote.breakage, money: dollars(kept) });
  box.append(standing, el("p", keptSays, "stretch-says"));
  return box;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// ``text`` added to ``node`` with each price ("9-2", "25-1") kept on one line: a phone
// wrapping "9-" away from "2" would be misread. The text itself is unchanged.
function oddsWhole(node, text) {
  text.split(/(\d+-\d+)/).forEach((piece, i) => {
    if (i % 2 === 0) { node.append(document.createTextNode(piece)); return; }
    const price = document.createElement("span");
    price.className = "stretch-odds";
    price.textContent = piece;
    node.append(price);
  });
  return node;
}

// Horses level at a call are drawn a lane (3px, a line and a gap) apart, centred on where
// they were, in the order they finished: drawn on one spot, one line hid the other's run.
const LANE = 3;
const LINE_GAP = 14;  // the running lines' names at the end of each line, a line apart (11px type)
function laneApart(columns, entries) {
  const finished = (h) => entries[h].beaten_lengths ?? Infinity;
  return columns.map((column) => {
    const lift = column.map(() => 0);
    const level = new Map();
    column.forEach((v, h) => {
      if (v === null) return;
      if (!level.has(v)) level.set(v, []);
      level.get(v).push(h);
    });
    level.forEach((horses) => {
      horses.sort((a, b) => finished(a) - finished(b) || a - b);
      horses.forEach((h, k) => { lift[h] = (k - (horses.length - 1) / 2) * LANE; });
    });
    return lift;
  });
}

// ``text`` as drawn in ``font`` if it is at most ``room`` wide, else cut short with an
// ellipsis to fit (measured on a canvas: the figure is not on the page yet).
function fitted(text, room, font) {
  const pen = fitted.pen || (fitted.pen = document.createElement("canvas").getContext("2d"));
  pen.font = font;
  if (pen.measureText(text).width <= room) return text;
  let cut = text.length - 1;
  while (cut > 1 && pen.measureText(`${text.slice(0, cut).trimEnd()}\u2026`).width > room) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}\u2026`;
}

// Lengths behind the leader after each segment (a race point is half a length, page 17),
// then at the wire; a horse that went out stops where it was last seen.
function runningLines(race, el, called) {
  const segmentCalls = ["At the break", "Down the backstretch", "Turning for home"];
  const segments = Math.min(
    Math.max(...race.entries.map((e) => (e.race_points || []).length)),
    called.filter((h) => segmentCalls.includes(h)).length,
  );
  const columns = [];
  for (let at = 0; at < segments; at++) {
    const points = race.entries.map((e) => (e.race_points || [])[at]);
    const lead = Math.max(...points.filter((p) => p !== undefined));
    columns.push(points.map((p) => (p === undefined ? null : (lead - p) / 2)));
  }
  const route = race.race.furlongs >= 8; // the Pace Setup segment: a mile and up
  const [brk, back, turn, wire] = race.captions.lines_at;
  const names = (route ? [brk, back, turn] : [brk, turn]).slice(0, segments);
  if (race.finished && called.includes("At the wire")) {
    columns.push(race.entries.map((e) => (e.status === "out" ? null : e.beaten_lengths)));
    names.push(wire);
  }
  if (!columns.length) return el("div");  // not at the break yet: no empty figure
  const deepest = Math.max(1, ...columns.flat().filter((v) => v !== null));
  // a phone gets a figure drawn near its own width, so the 11px labels stay 11px
  const narrow = window.matchMedia("(max-width: 40rem)").matches;
  const width = narrow ? 360 : 640, left = narrow ? 20 : 40;
  const right = narrow ? 118 : 130, top = 16, bottom = 28;
  // tall enough for the names at the end of the lines a line apart (LINE_GAP), each
  // column's stack between the leader's line and the axis, not over "wire" or below it
  const ending = columns.map(() => 0);  // how many lines end at each call
  race.entries.forEach((_, horse) => {
    const last = columns.findLastIndex((c) => c[horse] !== null);
    if (last >= 0) ending[last] += 1;
  });
  const height = Math.max(narrow ? 240 : 220, top + bottom + (Math.max(1, ...ending) - 1) * LINE_GAP + 8);
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, columns.length - 1);
  const y = (v) => top + (v * (height - top - bottom)) / deepest;
  const figure = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "stretch-lines", role: "img" });
  const figureFont = `11px ${getComputedStyle(document.body).fontFamily}`;  // .stretch-lines's
  figure.append(svg("title", {}));
  figure.firstChild.textContent = race.captions.lines_label;
  names.forEach((name, i) => {
    figure.append(svg("line", { x1: x(i), x2: x(i), y1: top, y2: height - bottom, class: "grid" }));
    const label = svg("text", { x: x(i), y: height - 8, "text-anchor": "middle" });
    label.textContent = name;
    figure.append(label);
  });
  const lift = laneApart(columns, race.entries);
  const labels = [];
  race.entries.forEach((entry, horse) => {
    const seen = columns.map((c, i) => [i, c[horse]]).filter(([, v]) => v !== null);
    if (!seen.length) return;
    const hue = (horse * 137) % 360;
    const at = (i, v) => y(v) + lift[i][horse];
    const path = seen.map(([i, v], k) => `${k ? "L" : "M"}${x(i).toFixed(1)},${at(i, v).toFixed(1)}`);
    figure.append(svg("path", { d: path.join(" "), stroke: `hsl(${hue} 70% 40%)`, class: "horse" }));
    const [lastAt, lastV] = seen[seen.length - 1];
    const label = svg("text", { x: x(lastAt) + 6, fill: `hsl(${hue} 70% 35%)` });
    // a long name cut short to end inside the figure (on a 320 px phone "12 American
    // Pharoah" ran off it), the whole name its group's title
    const whole = `${entry.post} ${entry.horse}`;
    label.textContent = fitted(whole, width - x(lastAt) - 6 - 2, figureFont);
    const named = svg("g", {});
    if (label.textContent !== whole) named.append(svg("title", {}));
    if (named.firstChild) named.firstChild.textContent = whole;
    named.append(label);
    labels.push({ label, named, at: lastAt, y: at(lastAt, lastV) + 4 });
  });
  // horses that end close together: their names moved apart a line each, not overprinted
  labels.sort((a, b) => a.at - b.at || a.y - b.y);
  labels.forEach((item, k) => {
    const above = labels[k - 1];
    if (above && above.at === item.at) item.y = Math.max(item.y, above.y + LINE_GAP);
  });
  // a stack pushed below the axis (the stragglers bunched at the back) is lifted back
  // up from the deepest horse's place: a 14-horse field's last names fell over "wire"
  const floor = height - bottom + 4;
  for (let k = labels.length - 1; k >= 0; k--) {
    const below = labels[k + 1];
    const limit = below && below.at === labels[k].at ? below.y - LINE_GAP : floor;
    labels[k].y = Math.min(labels[k].y, limit);
  }
  labels.forEach(({ label, named, y: at }) => { label.setAttribute("y", at.toFixed(1)); figure.append(named); });
  const box = el("div", null, "stretch-lines-box");
  box.append(el("h4", race.captions.lines), figure);
  return box;
}

function table(el, title, headings, rows, id) {
  const wrap = el("div", null, "stretch-table");
  wrap.append(el("h4", title));
  const grid = el("table");
  if (id) grid.id = id;
  const header = el("tr");
  headings.forEach((h) => header.append(el("th", h)));
  grid.append(header);
  rows.forEach((cells) => {
    const row = el("tr");
    cells.forEach((c, i) => {
      if (c && typeof c === "object" && "heading" in c) {  // a row's own name, unlabelled
        const named = el("th", c.heading);
        named.scope = "row";
        row.append(named);
        return;
      }
      const cell = el("td", c === null || c === undefined ? "" : c);
      cell.dataset.label = headings[i];  // a phone shows each horse as a card of labelled cells
      row.append(cell);
    });
    grid.append(row);
  });
  wrap.append(grid);
  return wrap;
}

const money = (v) => (v ? `$${v.toFixed(2)}` : "");
const signed = (v) => (v > 0 ? `+${v}` : String(v));

function resultChart(race, el) {
  const says = race.captions;
  const finishers = race.entries
    .filter((e) => e.finish !== null)
    .sort((a, b) => a.finish - b.finish || a.post - b.post);
  const rows = finishers.map((e) => [
    e.finish,
    e.post,
    e.horse + (e.status === "disqualified" ? ` (${says.dq})` : ""),
    e.margin,
    e.odds,
    money(e.payoffs.win),
    money(e.payoffs.place),
    money(e.payoffs.show),
    e.time,
  ]);
  race.entries.filter((e) => e.status === "out").forEach((e) => {
    rows.push(["-", e.post, `${e.horse} (${says.out})`, "", e.odds, "", "", "", ""]);
  });
  // at a table with a tote its own prices are the ones paid (the box below): the chart's
  // $2 prices at the odds would say another sum for the same ticket
  const columns = (row) => (race.tote ? [...row.slice(0, 5), row[8]] : row);
  const caption = fill(says.result, { time: race.final_time || "-" });
  return table(el, caption, columns(says.result_headings), rows.map(columns), "stretch-result");
}

function scoresheet(race, el) {
  const full = race.mode === "full";
  const segments = full ? Math.max(0, ...race.entries.map((e) => (e.race_points || []).length)) : 0;
  const says = race.captions;
  const all = says.sheet_headings;  // its running columns (Brk, R2, R3) as far as the race has them
  // on a wet track the Wet rating that offset the going's effect (page 7), after Form
  const wet = race.race.wet_effect < 0 ? [says.sheet_wet] : [];
  // Fullplay: the race points dropped back turning for home (rulings S30, S31; already in R3),
  // after the Final APR they are read from, when a horse did drop back
  const drop = full && race.entries.some((e) => e.drop_back) ? [says.sheet_drop] : [];
  const headings = [...all.slice(0, 5), ...wet, ...all.slice(5, 12),
    ...all.slice(12, 12 + segments), ...all.slice(15, 19), ...drop, ...all.slice(19)];
  // a figure the race has not come to yet is blank, as on a paper sheet: before the off
  // the sheet (shown to the bettors for its ratings) read "Pace adj 0, Form adj 0, Final
  // APR 19, Fact adj 0", the Final APR the starting one, as if the race were worked out
  const reached = (step, figure) => (step || race.finished ? figure : "");
  const paced = race.pace !== null && race.pace !== undefined;
  const factored = race.race_factor !== null && race.race_factor !== undefined;
  const rows = race.entries.map((e) => {
    const r = e.ratings;
    const finish = { out: says.out, disqualified: `${e.finish} ${says.dq}` }[e.status] || e.finish;
    const formed = e.form_roll !== null && e.form_roll !== undefined;
    return [e.post, e.horse, e.jockey, r.pace, r.form, ...(wet.length ? [r.wet] : []),
      signed(r.class), signed(r.speed), signed(r.trip), r.wire, signed(r.ride), r.trouble, e.start_apr,
      ...Array.from({ length: segments }, (_, i) => (e.race_points || [])[i]),
      reached(paced, signed(e.pace_adj)), e.form_roll, reached(formed, signed(e.form_adj)),
      reached(formed, e.final_apr), ...(drop.length ? [e.status === "out" ? "" : e.drop_back] : []),
      reached(factored, signed(e.factor_adj)),
      e.speed_roll, e.final_speed, e.photo_total, e.dq_roll, finish];
  });
  // under it, what its abbreviations stand for (those of the columns shown): "Cls, Spd,
  // Trp", "Brk, R2, R3" and "Fact adj" were bare letters to a fan
  const key = el("p", null, "stretch-says stretch-sheet-key");
  says.sheet_key.filter(([abbr]) => abbr.split(", ").some((a) => headings.includes(a))).forEach(([abbr, meaning], i) => {
    if (i) key.append(" \u00b7 ");
    key.append(el("b", abbr), ` ${meaning}`);
  });
  if (!SPLIT_SHEET.matches) {
    const whole = table(el, says.sheet, headings, rows, "stretch-sheet");
    whole.append(key);
    return whole;
  }
  // a tablet or a small laptop: two tables, the ratings to the starting APR and the race
  // from the break to the finish, each opening with the post and the horse
  const at = headings.indexOf(all[11]) + 1;  // after Start APR
  const half = (from, to) => rows.map((cells) => [...cells.slice(0, 2), ...cells.slice(from, to)]);
  const ratings = table(el, says.sheet, [...headings.slice(0, at)], rows.map((cells) => cells.slice(0, at)), "stretch-sheet");
  const run = table(el, null, [...headings.slice(0, 2), ...headings.slice(at)], half(at, headings.length), "stretch-sheet-run");
  ratings.classList.add("stretch-split");
  ratings.append(run.querySelector("table"), key);
  return ratings;
}

// Where the whole scoresheet (22 to 26 columns) is wider than the window, and a phone's
// cards are not drawn: split in two (redrawn when the window crosses either width).
const SPLIT_SHEET = window.matchMedia("(min-width: 40.01rem) and (max-width: 74.99rem)");
SPLIT_SHEET.addEventListener("change", () => { if (unfolding.redraw) unfolding.redraw(); });
