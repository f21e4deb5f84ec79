// Across the Board's own board: the totalizator and the seven windows, the race card
// filling with X's, the auction block, every player's fifties and the bins. It draws
// each frame from scratch (a reload or a late join shows the same board) and sends
// moves through tools.send; the generic moves and view stay folded below it.
"use strict";
(() => {
  const HORSES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  let T = null;  // the tools of the frame being drawn
  let V = null;  // its view
  let W = null;  // the board's words, served with the view (across/rules/words.py PAGE)
  let NAMES = [];  // the seats' names at this table
  let MARKS = [];  // their initials on the totalizator, unique (names.py does the same)
  const DRAFT = {};  // what is typed in the forms, kept across redraws (and reloads: tools.draft)
  const DEALINGS = ["sell", "buy", "lend", "lend_terms", "payback", "ring"];

  // A template of the served words with its {fields} filled in.
  const say = (key, fields) => W[key].replace(/\{(\w+)\}/g, (_, name) => String(fields[name]));
  const f = (n) => say(n === 1 ? "fifty" : "fifties", { n });
  const tickets = (n) => say(n === 1 ? "ticket" : "tickets", { n });
  const both = (items) => items.reduce((a, b) => say("and", { a, b }));
  const who = (seats) => both(seats.map((s) => NAMES[s]));
  const ownerOf = (h) => (V.owners[String(h)] ? who(V.owners[String(h)]) : W.unsold);
  const ownerMarks = (h) => (V.owners[String(h)] ? V.owners[String(h)].map((s) => MARKS[s]).join("+") : "\u2014");

  function initials(names) {
    const first = (name) => name.split(/\s+/).filter(Boolean).map((w) => w[0]).join("").toUpperCase().slice(0, 3) || "?";
    const prefix = (name, n) => name.replace(/\s+/g, "").toUpperCase().slice(0, n) || "?";
    let marks = names.map(first);
    for (const length of [2, 3]) {
      const clash = (m) => marks.filter((x) => x === m).length > 1;
      marks = marks.map((m, i) => (clash(m) ? prefix(names[i], length) : m));
    }
    return marks.map((m, i) => (marks.filter((x) => x === m).length > 1 ? `${m}${i}` : m));
  }
  const node = (tag, text, cls, attrs) => {
    const n = T.el(tag, text, cls);
    Object.entries(attrs || {}).forEach(([k, v]) => { n.dataset[k] = v; });
    return n;
  };
  const button = (text, action, cls) => {
    const b = node("button", text, cls);
    b.type = "button";
    b.dataset.action = JSON.stringify(action);
    b.addEventListener("click", () => sendFrom(b, action));
    return b;
  };

  // Why a move was refused, said under the row or panel that sent it (the page's own
  // error line is at its top, scrolled off on a phone) until the table moves on: each
  // such box has a data-say name that survives the redraw of the frame. Kept for a
  // reload at the same version (tools.refusals), as what was typed in the row is.
  const REFUSED = "ab-refusal";
  async function sendFrom(sender, action) {
    const box = sender.closest("[data-say]");
    // the fields of the row it was sent from: their drafts go once the move is made
    const fields = [...sender.parentElement.querySelectorAll("[data-keep]")];
    const used = fields.map((field) => field.dataset.keep);
    const sent = fields.map((field) => [field.dataset.keep, field.value]);
    const answer = await T.send({ action }, used);
    if (!answer.refused) used.forEach((key) => { delete DRAFT[key]; });
    // refused, what was typed stays until the player changes it: on the screen, and for a
    // reload (tools.send keeps it in the tab's keeping); what he typed while the move was
    // on its way stays
    else sent.forEach(([key, value]) => { if (DRAFT[key] === undefined) DRAFT[key] = value; });
    T.refusals.set(REFUSED, answer.refused && box ? { say: box.dataset.say, text: answer.refused } : null);
    sayRefusal();
  }
  function sayRefusal() {
    document.querySelectorAll(".ab-refused").forEach((line) => line.remove());
    const refusal = T.refusals.get(REFUSED);  // null once the table moved on
    const box = refusal && document.querySelector(`[data-say="${refusal.say}"]`);
    if (!box) return;
    const line = node("p", refusal.text, "ab-refused");
    line.setAttribute("role", "alert");
    box.append(line);
  }
  const section = (title, cls) => { const s = node("section", null, `ab-panel ${cls}`, { say: cls }); s.append(node("h3", title)); return s; };
  const windowsText = (list) => list.map((count, i) => say("window_dealt", { n: i + 1, title: W.windows[i], count })).join(" | ");
  const range = (ws) => (ws.length > 2 ? say("window_range", { first: ws[0], last: ws[ws.length - 1] })
    : ws.length > 1 ? say("window_two", { a: ws[0], b: ws[1] }) : say("window_one", { n: ws[0] }));

  function header(frame) {
    const box = node("div", null, "ab-head");
    const card = V.card;
    box.append(node("strong", card ? say("track", card) : W.game));
    // answering an offer, in any phase, it heads the screen as the terminal's does
    // ("Bob: answer Ann's offer"): the phase goes on when it is answered
    const asked = V.offer && V.offer.to === V.you ? V.offer : null;
    const phase = asked ? say("answer_offer", { name: NAMES[asked.from] }) : W.phases[V.phase];
    const doing = V.phase === "race" && !asked ? "" : ` \u00b7 ${phase}`; // "race 5 \u00b7 race" says it twice
    box.append(node("span", say(V.race ? "meet_race" : "meet", V) + doing));
    // the player who types the real dice in is asked for them (the page's roll box above),
    // not told "Waiting for the dice." as the others are: the table waited on him, unsaid
    const rolls = frame.may_roll && frame.waiting.roll ? say("your_dice", frame.waiting.roll) : null;
    box.append(node("div", frame.over ? theEnd(frame) : frame.your_turn ? yourTurn() : rolls || waitingFor(frame), "ab-turn"));
    return box;
  }

  // Whom the table waits for and what for: "Waiting for Ann to bid on #7 or pass".
  function waitingFor(frame) {
    const seats = frame.waiting.seats;
    if (!seats.length) return W.waiting_dice;
    return say("waiting", { who: seats.map((s) => say("waiting_one", { name: NAMES[s], what: waitedTo(s) })).join("; ") });
  }

  // "Your turn.", or what comes first: another's offer is answered before one's own move.
  function yourTurn() {
    const asked = V.offer && V.offer.to === V.you ? V.offer : null;
    return asked ? say("your_turn_answer", { name: NAMES[asked.from] }) : W.your_turn;
  }

  function waitedTo(seat) {
    const asked = V.phase === "offer" ? V.offer : (V.offers || []).find((o) => o.to === seat);
    if (asked) return asked.from === V.you ? W.to_answer_yours : say("to_answer", { name: NAMES[asked.from] });
    const race = V.race_card;
    switch (V.phase) {
      case "choose track": return W.to_track;
      case "auction": return say("to_bid", V.lot);
      case "betting": return say("to_bet", V);
      case "race": return race && race.stage === "accept or reject" ? say("to_decide", { horse: race.rolled }) : W.to_roll;
      default: return "";
    }
  }

  // Who won, and everyone's fifties, most first: "The meet is over: Di wins with 75
  // fifties. Cy 34, Bob 28, Ann 23."
  function theEnd(frame) {
    const result = frame.result;
    if (!result) return W.game_over;
    const winners = result.winners.map((w) => w.seat); // each {seat, name}, as every game's result
    const best = result.fifties[winners[0]];
    const won = winners.length > 1 ? say("won_shared", { names: who(winners), fifties: f(best) })
      : say("won_alone", { name: NAMES[winners[0]], fifties: f(best) });
    const others = NAMES.map((name, seat) => [seat, name]).filter(([seat]) => !winners.includes(seat))
      .sort(([a], [b]) => result.fifties[b] - result.fifties[a]).map(([seat, name]) => say("standing", { name, n: result.fifties[seat] }));
    const over = result.meets.length > 1 ? W.over_game : W.over_meet;
    return say(others.length ? "the_end_others" : "the_end", { over, won, others: others.join(", ") });
  }

  function players() {
    const s = section(W.players, "ab-players");
    const table = node("table");
    table.append(row(W.player_columns, "th"));
    const roles = {};
    Object.entries(V.roles).forEach(([role, seat]) => { roles[seat] = W.roles[role]; });
    NAMES.forEach((name, seat) => {
      const horses = Object.entries(V.owners).filter(([, o]) => o.includes(seat))
        .map(([h]) => say(V.in_hock[h] ? "in_hock_mark" : "horse", { horse: h })).join(" ");
      const tr = row([MARKS[seat], seat === V.you ? say("you_mark", { name }) : name, roles[seat] || "", String(V.cash[seat]), horses]);
      tr.dataset.seat = seat;
      tr.querySelector("td:nth-child(4)").className = "ab-cash";
      // a phone has no room for the role's own column (seven players' names and horses
      // ran off the screen's edge): it shows the role under the name instead (across.css)
      if (roles[seat]) tr.querySelector("td:nth-child(2)").append(node("span", roles[seat], "ab-role-in"));
      if (V.to_act.includes(seat)) tr.className = "ab-acting";
      table.append(tr);
    });
    s.append(table);
    V.debts.forEach((d) => s.append(node("p", say("owes", { borrower: NAMES[d.borrower], lender: NAMES[d.lender], fifties: f(d.amount) }))));
    return s;
  }

  function row(cells, tag) {
    const tr = node("tr");
    cells.forEach((c) => tr.append(node(tag || "td", c)));
    return tr;
  }

  function bins() {
    const s = section(W.bins, "ab-bins");
    const list = node("div", null, "ab-bin-row");
    Object.entries(W.bin_names).forEach(([key, title]) => {
      const b = node("div", null, "ab-bin", { bin: key });
      b.append(node("span", title), node("strong", String(V.bins[key])));
      list.append(b);
    });
    const dd = node("div", null, "ab-bin", { bin: "daily_double" });
    dd.append(node("span", W.daily_double), node("strong", String(V.daily_double_bin)));
    const carry = node("div", null, "ab-bin", { bin: "carry" });
    carry.append(node("span", W.carried), node("strong", String(V.carry)));
    list.append(dd, carry);
    s.append(list);
    return s;
  }

  function windowsBoard() {
    const s = section(W.windows_title, "ab-windows");
    const racing = V.phase === "race";
    const payoff = !racing && V.payoff;
    const shown = payoff ? payoff.dealt : V.windows;
    const paid = {};
    if (payoff) payoff.steps.filter((st) => st.step === "window_payoff").forEach((st) => { paid[st.windows[0]] = st; });
    const boxes = node("div", null, "ab-window-row");
    shown.forEach((n, i) => {
      const w = node("div", null, "ab-window", { window: i + 1 });
      w.append(node("span", say("window", { n: i + 1, title: W.windows[i] })), node("strong", String(n)));
      const p = paid[i + 1];
      if (p) w.append(node("em", say("paid_on", p)));
      boxes.append(w);
    });
    if (payoff) s.append(node("p", say("as_dealt", payoff)));
    s.append(boxes);
    if (payoff) payoff.steps.filter((st) => st.step === "redeal").forEach((st) => {
      s.append(node("p", say("redealt", { rules: both(st.rules), emptied: range(st.emptied), into: range(st.into), windows: windowsText(st.windows) })));
    });
    return s;
  }

  function totalizator() {
    const s = section(V.race ? say("tote_race", V) : W.tote, "ab-tote");
    // no tickets on the board: said, not an empty grid under the race's name (at a meet's
    // end the payouts had cleared race 8's tickets, and the grid read as a fault)
    if (!V.tickets.length) s.append(node("p", toteEmpty(), "ab-tote-empty"));
    else {
      const table = node("table");
      table.append(row(HORSES.map((horse) => say("horse", { horse })), "th"));
      const cols = HORSES.map((h) => V.tickets.filter(([, hh]) => hh === h).map(([seat]) => MARKS[seat]));
      const depth = Math.max(...cols.map((c) => c.length));
      for (let r = 0; r < depth; r++) table.append(row(cols.map((c) => c[r] || "")));
      s.append(table);
    }
    (V.rings || []).forEach((r) => s.append(node("p", say("ring_line", {
      horse: r.horse, tickets: tickets(r.tickets), mark: MARKS[r.members[0]],
      a: NAMES[r.members[0]], x: r.stakes[0], b: NAMES[r.members[1]], y: r.stakes[1],
    }), "ab-ring-line")));
    if (V.daily_double.length) {
      s.append(node("h4", W.daily_double));
      const list = node("ul", null, "ab-dd");
      V.daily_double.forEach(([seat, first, second]) => list.append(node("li", say("dd_line", { name: NAMES[seat], first, second }))));
      s.append(list);
    }
    return s;
  }

  // Why the totalizator holds no tickets: this race's were paid out (the windows' board
  // says what each paid), or none is bought yet.
  function toteEmpty() {
    if (V.payoff && V.payoff.race === V.race) return say(V.phase === "over" ? "tote_paid_over" : "tote_paid", V);
    return V.race ? say("tote_none", V) : W.tote_empty;
  }

  // One square of the track card: preprinted marks look different from earned ones.
  function square(pre, total, shaded) {
    const printed = Math.min(2, Math.max(0, pre));
    const earned = Math.max(0, Math.min(2, Math.max(0, total)) - printed);
    const sq = node("span", null, "ab-sq");
    const marks = ["", "half", "full"];
    if (printed) sq.classList.add(`pre-${marks[printed]}`);
    if (earned) sq.classList.add(`got-${marks[earned]}`);
    if (shaded) sq.classList.add("shaded");
    sq.textContent = printed + earned === 2 ? "X" : printed + earned === 1 ? "/" : "";
    return sq;
  }

  function raceCard() {
    const race = V.race_card;
    const card = V.card;
    if (!card) return null;
    const title = race ? say(race.running ? "card_race" : "card_finished", { race: race.number }) : W.card_track;
    const s = section(title, "ab-card");
    const table = node("table");
    table.append(row(W.card_columns, "th"));
    const placing = {};
    if (race) race.finish.forEach((h, i) => { placing[h] = W.placings[i]; });
    HORSES.forEach((h) => {
      const info = card.horses[String(h)];
      const progress = race ? race.progress[String(h)] : info.preprinted;
      const tr = node("tr", null, `ab-${info.class}`, { horse: h });
      const number = node("td", `${h}${card.best_pick === h ? "\u2605" : ""}`);
      number.title = info.name;
      tr.append(number, node("td", info.name, "ab-name"));
      const yours = (V.owners[String(h)] || []).includes(V.you);  // a player finds her own at a glance
      const owner = node("td", yours ? say("owner_you", { marks: ownerMarks(h) }) : ownerMarks(h), "ab-owner");
      owner.title = ownerOf(h);
      tr.append(owner);
      const cell = node("td", null, "ab-squares");
      for (let i = 0; i < info.need / 2; i++) {
        cell.append(square(info.preprinted - 2 * i, progress - 2 * i, info.need === 12 && i === 0));
      }
      tr.append(cell);
      const rolled = race && race.running && race.stage === "accept or reject" && race.rolled === h;
      tr.append(node("td", placing[h] || (rolled ? W.rolled : "")));
      if (rolled) tr.classList.add("ab-rolled");
      if (placing[h]) tr.classList.add("ab-placed");
      table.append(tr);
    });
    s.append(table);
    if (race) s.append(callsSaid(race));
    else s.append(node("p", say("news", card), "ab-news"));
    s.append(node("p", W.legend, "ab-legend"));
    return s;
  }

  // The last three calls, each said by its own roller, a roller a line ("Computer 1: #8
  // accepted: one X"): run together unnamed above "Your turn", the computers' rolls made
  // before hers read as her own (the terminal's Race.callers fix, on the phone too).
  function callsSaid(race) {
    const p = node("p", say("calls", { rolls: say(race.rolls === 1 ? "roll" : "rolls", { n: race.rolls }) }), "ab-calls");
    const callers = race.callers || [];
    const last = race.calls.map((call, i) => [callers[i - race.calls.length + callers.length], call]).slice(-3);
    const lines = [];
    last.forEach(([seat, call]) => {
      const line = lines[lines.length - 1];
      if (line && line.seat === seat) line.calls.push(call);
      else lines.push({ seat, calls: [call] });
    });
    lines.forEach(({ seat, calls }) => {
      const name = seat === undefined ? null : seat === V.you ? W.you_caller : NAMES[seat];
      const text = calls.join("; ");
      p.append(node("span", name === null ? text : say("caller_calls", { name, calls: text }), "ab-call", { seat: seat === undefined ? "" : String(seat) }));
    });
    return p;
  }

  function auctionBlock(frame) {
    const lot = V.lot;
    if (!lot) return null;
    const info = V.card.horses[String(lot.horse)];
    const s = section(W.block, "ab-block");
    s.append(node("p", say("title_card", { horse: lot.horse, ...info }), "ab-title-card"));
    s.append(node("p", say("lot", { class: info.class, opening: lot.opening, suggested: info.suggested_bid })));
    s.append(node("p", lot.high === null ? say("asking", { fifties: f(lot.min_bid) })
      : say("high_bid", { fifties: f(lot.high), who: who(lot.bidders), least: lot.min_bid }), "ab-high"));
    s.append(node("p", holdings(), "ab-holdings"));
    if (frame.your_turn && V.phase === "auction" && !(V.offer && V.offer.to === V.you)) {  // an offer first
      const bar = node("div", null, "ab-moves");
      frame.legal.filter((l) => l.action.kind === "bid" || l.action.kind === "pass").forEach((l) => {
        const a = l.action;
        const text = a.kind === "pass" ? W.pass : a.partner >= 0 ? say("bid_with", { amount: a.amount, partner: NAMES[a.partner] }) : say("bid", a);
        bar.append(button(text, a));
      });
      const amount = keep(`bid${lot.horse}`, node("input", null, "ab-amount"), lot.min_bid);
      bounded(amount, span("bid") || { least: lot.min_bid, below: say("bid_at_least", { fifties: f(lot.min_bid) }) });  // a text box: its caret kept through a redraw
      amount.setAttribute("aria-label", W.bid_amount);
      bar.append(amount, dealButton(W.bid_this, "ab-bid-own", () => ({ kind: "bid", amount: Number(amount.value), partner: -1 })));
      bar.dataset.say = "bid";
      s.append(bar);
      if (!standing()) s.append(standingForm(lot));
      // a bin loan on a horse already won, to bid with: on the block, as at the windows
      // (it was only among the page's folded moves, where a phone's player never looked)
      const loans = frame.legal.filter((l) => l.action.kind === "loan" || l.action.kind === "repay");
      if (loans.length) {
        s.append(node("h4", W.bin_loans));
        const more = node("div", null, "ab-moves ab-dealings", { say: "auction-loans" });
        loans.slice(0, 24).forEach((l) => more.append(button(loanText(l), l.action)));
        s.append(more);
      }
    }
    const order = standing();
    if (order) s.append(standingBox(order));
    return s;
  }

  // Everyone's fifties, the horses each holds and who is the Auctioneer, whose bids the
  // table hears as "Auctioneer's bid is N", in the terminal's line (render.holdings_line):
  // "Fifties: Ann 34 (#5), Kim 40 (you), Bob 40 (Auctioneer)".
  function holdings() {
    const players = NAMES.map((name, seat) => {
      const horses = Object.keys(V.owners).filter((h) => V.owners[h].includes(seat)).map((h) => `#${h}`).join(" ");
      const marks = [...(horses ? [horses] : []), ...(seat === V.you ? [W.you] : []),
        ...(seat === V.roles.auctioneer ? [W.roles.auctioneer] : [])];
      return say(marks.length ? "holding_marked" : "holding", { name, cash: V.cash[seat], marks: marks.join(", ") });
    });
    return say("holdings", { players: players.join(", ") });
  }

  // A standing order on the horse on the block (its own classes, not the bid row's: the
  // block's "Pass" and amount are found as they were): R2 asks everyone again after a bid and
  // each time the price falls a fifty (six times on one horse at a table that passes),
  // so "Pass at any price" or "Bid for me up to N" is answered by this page for its
  // player each time he is asked on that horse (the least bid while that is N or less,
  // else a pass), shown on the block with a button to cancel it; kept for the table and
  // seat through a reload (tools.draft), dropped once the horse is sold.
  const STANDING = "ab-standing";
  const lotKey = () => (V.lot ? `${V.meet}:${V.race}:${V.lot.horse}` : null);
  function standing() {
    const order = T.draft.get(STANDING);
    return order && order.lot === lotKey() ? order : null;
  }
  function setStanding(order) {
    if (order) T.draft.set(STANDING, order);
    else T.draft.drop([STANDING]);
    if (shown) window.homestretchBoard(...shown);  // shown on the block, and answered now
  }
  function standingForm(lot, initial) {
    const bar = node("div", null, "ab-standing-form", { say: "standing" });
    const pass = node("button", say("standing_pass", lot), "ab-standing-pass");
    pass.type = "button";
    pass.dataset.anyTurn = "";  // kept by the page, whoever is asked (table.js: held through a frame)
    pass.addEventListener("click", () => setStanding({ lot: lotKey(), kind: "pass", n: 0 }));
    const limit = keep("standingLimit", node("input", null, "ab-standing-limit"), initial || lot.min_bid);
    T.wholeBox(limit, 1);
    limit.setAttribute("aria-label", W.standing_label);
    const upto = node("button", W.standing_upto, "ab-standing-upto");
    upto.type = "button";
    upto.dataset.anyTurn = "";
    upto.addEventListener("click", () => setStanding({ lot: lotKey(), kind: "upto", limit: Number(limit.value), n: 0 }));
    bar.append(pass, upto, limit);
    return bar;
  }
  function standingBox(order) {
    const box = node("div", null, "ab-standing");
    const text = order.kind === "pass" ? say("standing_passing", { horse: V.lot.horse, n: order.n })
      : say("standing_bidding", { horse: V.lot.horse, limit: f(order.limit), n: order.n });
    const cancel = node("button", W.standing_cancel, "ab-standing-cancel");
    cancel.type = "button";
    cancel.dataset.anyTurn = "";
    cancel.addEventListener("click", () => setStanding(null));
    box.append(node("p", text));
    if (V.lot.syndicates) {  // asked into a syndicate on this horse, the order answers too
      box.append(node("p", say(order.kind === "pass" ? "standing_syndicate_no" : "standing_syndicate_upto", { horse: V.lot.horse, limit: f(order.limit) })));
    }
    box.append(cancel, node("p", W.standing_note, "ab-legend"));
    return box;
  }
  let answeredAt = null;  // the version the standing order last answered
  function answerStanding(frame) {
    const order = standing();
    if (!order && T.draft.get(STANDING)) T.draft.drop([STANDING]);  // its horse is sold
    if (!order || T.mode === "replay" || !frame.your_turn) return;
    if (answeredAt === frame.version) return;
    // asked into a syndicate on this horse (the auction waits on him): yes while the bid
    // is within his limit, else no; a player skipping the horse says no
    const partner = V.phase === "offer" && V.offer && V.offer.to === V.you && V.offer.kind === "syndicate" && V.offer.horse === V.lot.horse;
    if (!partner && (V.phase !== "auction" || (V.offer && V.offer.to === V.you))) return;
    const bid = frame.legal.find((l) => l.action.kind === "bid" && l.action.partner === -1 && l.action.amount === (V.lot && V.lot.min_bid));
    const action = partner ? { kind: "answer", accept: order.kind === "upto" && V.offer.amount <= order.limit }
      : order.kind === "upto" && bid && V.lot.min_bid <= order.limit ? bid.action : { kind: "pass" };
    // said under the moves it stands for: the block's, or the syndicate's yes and no
    const from = document.querySelector(partner ? ".ab-offer .ab-moves button" : ".ab-block .ab-moves button");
    if (!from) return;
    answeredAt = frame.version;
    T.draft.set(STANDING, { ...order, n: order.n + 1 });
    sendFrom(from, action);
  }

  function rollChoice(frame) {
    const race = V.race_card;
    const s = section(say("you_rolled", { horse: race.rolled }), "ab-roll");
    // said to the roller: his own horse's owner and his own tickets are "you", not his name
    const toYou = (seat) => (seat === V.you ? W.you : NAMES[seat]);
    const owners = V.owners[String(race.rolled)];
    const backers = [...new Set(V.tickets.filter(([, h]) => h === race.rolled).map(([seat]) => toYou(seat)))];
    s.append(node("p", say("roll_backers", { owner: owners ? both(owners.map(toYou)) : W.unsold, backers: backers.join(", ") || W.none })));
    const bar = node("div", null, "ab-moves ab-big");
    bar.append(button(say("accept", { horse: race.rolled }), { kind: "accept" }, "ab-accept"));
    bar.append(button(W.reject, { kind: "reject" }, "ab-reject"));
    s.append(bar);
    return s;
  }

  function bettingMoves(frame) {
    const s = section(say("bets", V), "ab-betting");
    const mine = {};
    V.tickets.filter(([seat]) => seat === V.you).forEach(([, h]) => { mine[h] = (mine[h] || 0) + 1; });
    const grid = node("div", null, "ab-horse-grid");
    frame.legal.filter((l) => l.action.kind === "bet").forEach((l) => {
      const h = l.action.horse;
      grid.append(button(mine[h] ? say("bet_again", { horse: h, n: mine[h] }) : say("bet", { horse: h }), l.action, "ab-bet"));
    });
    // what he holds, said where he spends it (the players' table is a long scroll below
    // on a phone), and why no horse is offered when he cannot pay for a ticket
    s.append(node("p", say(grid.childElementCount ? "bets_held" : "bets_short", { fifties: f(V.cash[V.you]) }), "ab-held"));
    if (grid.childElementCount) s.append(node("p", W.ticket_note), grid);
    // done right under the horses: not below the Daily Double and a loan for every horse
    s.append(button(W.done, { kind: "done" }, "ab-done"));
    const dd = frame.legal.some((l) => l.action.kind === "dd");
    if (dd) {
      s.append(node("h4", W.dd_title));
      const pick = (key, label) => {
        const sel = node("select", null, "ab-dd-pick");
        sel.setAttribute("aria-label", label);
        HORSES.forEach((h) => { const o = node("option", say("horse", { horse: h })); o.value = String(h); sel.append(o); });
        return keep(key, sel, 7);
      };
      const first = pick("dd1", W.dd_first);
      const second = pick("dd2", W.dd_second);
      const buy = dealButton(W.dd_buy, "ab-dd-buy", () => ({ kind: "dd", first: Number(first.value), second: Number(second.value) }));
      // each pick under its race's words, in sight: two selects both showing "#7" left
      // a phone's player to guess which was race 1's
      const labelled = (label, pick) => { const l = node("label", label, "ab-dd-race"); l.append(pick); return l; };
      const bar = node("div", null, "ab-moves", { say: "dd" });
      bar.append(labelled(W.dd_first, first), labelled(W.dd_second, second), buy);
      s.append(bar);
    }
    const other = frame.legal.filter((l) => !["bet", "dd", "done", ...DEALINGS].includes(l.action.kind));
    if (other.length) {
      s.append(node("h4", W.bin_loans));
      const bar = node("div", null, "ab-moves ab-dealings", { say: "loans" });
      other.slice(0, 24).forEach((l) => bar.append(button(loanText(l), l.action)));
      s.append(bar);
    }
    return s;
  }

  // A bin loan in words, not its action's ids ("loan 3 1"): what is borrowed on which
  // horse and what is due back (R13: the loan and one fifty of interest before race 7).
  function loanText(legal) {
    const a = legal.action;
    if (a.kind === "loan") return say("borrow", { fifties: f(a.amount), horse: a.horse, due: a.amount + 1 });
    if (a.kind === "repay") return say("repay", { horse: a.horse, fifties: f(V.in_hock[String(a.horse)] + 1) });
    return legal.text;
  }

  // An offer put to this player (answered first, before any other move of his: R16).
  function offerChoice() {
    const o = V.offer;
    const s = node("div", null, "ab-offer", { say: "offer" });
    s.append(node("h4", W.offer_to_you));
    const text = o.kind === "syndicate" ? say("syndicate", { frm: NAMES[o.from], amount: o.amount, horse: o.horse, share: Math.floor(o.amount / 2) }) : offerText(o);
    s.append(node("p", text));
    const bar = node("div", null, "ab-moves ab-big");
    bar.append(button(W.yes, { kind: "answer", accept: true }), button(W.no, { kind: "answer", accept: false }));
    s.append(bar);
    // a partner asked into a syndicate on the horse on the block may leave the answers on
    // this horse to the page, as a bidder may (his own bidding form is not shown while
    // the auction waits on him)
    if (o.kind === "syndicate" && V.lot && V.lot.horse === o.horse && !standing()) s.append(standingForm(V.lot, o.amount));
    return s;
  }

  // An offer in words, said to whom it concerns: "Bob offers to lend you 3 fifties" to
  // the one asked, "You offer to lend Ann 3 fifties" to the one who made it.
  const OFFER_WORDS = {
    horse: ["offer_horse", "own_offer_horse"],
    buy: ["offer_buy", "own_offer_buy"],
    ring: ["offer_ring", "own_offer_ring"],
    loan: ["offer_loan", "own_offer_loan"],
    terms: ["offer_loan_terms", "own_offer_loan_terms"],
  };
  function offerText(o) {
    const frm = NAMES[o.from];
    const to = o.to === V.you ? W.you : NAMES[o.to];
    const fields = { frm, to, horse: o.horse, fifties: f(o.amount), amount: o.amount, tickets: tickets(o.tickets), total: 3 * o.tickets, repay: o.repay };
    const kind = o.kind === "loan" && o.repay !== o.amount ? "terms" : OFFER_WORDS[o.kind] ? o.kind : "loan";
    const [theirs, own] = OFFER_WORDS[kind];
    return say(o.from === V.you ? own : theirs, fields);
  }

  // A form field whose value survives the redraw of each frame, and a reload (kept for
  // this table and seat by the page: tools.draft). One drawn holding what was kept is
  // marked (data-held): its amount is checked against the bounds drawn now (sayHeld).
  const drafted = (key) => (DRAFT[key] !== undefined ? DRAFT[key] : T.draft.get(key));
  function keep(key, el, initial) {
    const kept = drafted(key);
    el.value = kept !== undefined ? kept : String(initial);
    if (kept !== undefined) el.dataset.held = "";
    el.dataset.keep = key;
    const typed = () => { DRAFT[key] = el.value; T.draft.set(key, el.value); };
    el.addEventListener("input", typed);
    el.addEventListener("change", typed);
    return el;
  }
  function choice(key, label, options) {
    const sel = node("select", null, "ab-pick");
    sel.setAttribute("aria-label", label);
    options.forEach(([value, text]) => { const o = node("option", text); o.value = String(value); sel.append(o); });
    if (drafted(key) !== undefined && !options.some(([v]) => String(v) === drafted(key))) {  // gone since
      delete DRAFT[key];
      T.draft.drop([key]);
    }
    return keep(key, sel, options[0][0]);
  }
  // A box's bounds as the view gives them (the rules' own: dealings.amounts, the least
  // and most each box may hold, the player's fifties or a ring's tickets, and the
  // server's words for an amount outside them), said under its row before anything is
  // sent (table.js: "Amount boxes outside a form").
  const span = (name) => (V.amounts ? V.amounts[name] : null);
  const bounded = (input, b) => T.wholeBox(input, b ? b.least : 0, b ? b.below : null, b && b.most !== undefined ? b.most : null, b ? b.above : null);
  // A box whose bounds follow another field of its row (amount-boxes.js follows): the
  // bounds for what the other holds, as the view gives them (null: none).
  const following = (input, other, boundsOf) => T.follows(input, other, (value) => {
    const b = boundsOf(value);
    return b ? { least: b.least, says: b.below, most: b.most, mostSays: b.above } : null;
  });
  const whole = (text) => /^[0-9]+$/.test(text.trim());
  // An amount kept from before (typed, then the table moved: another's bid raised the
  // least, a horse bought took fifties a loan typed would lend) that the bounds drawn
  // now do not take is said at once under its row, in the server's words (the view's
  // amounts), as Totopoly's kept bid is: kept for the player to change, nothing sent. Said
  // once the board is in place (the line goes under the box's row, and a following box's
  // bounds are set by then).
  const sayHeld = (board) => board.querySelectorAll("input[data-held]").forEach((input) => T.sayHeld(input));
  function amount(key, label, initial, bounds) {
    const input = node("input", null, "ab-amount");
    bounded(input, bounds);
    input.setAttribute("aria-label", label);
    return keep(key, input, initial);
  }
  function dealButton(text, cls, make) {
    const b = node("button", text, cls);
    b.type = "button";
    b.addEventListener("click", () => sendFrom(b, make()));
    return b;
  }
  // an offer or a payment, made whenever the game waits (R16), whoever is asked: a finger
  // held on it is not taken from under by another's move (table.js)
  const anyTurn = (b) => { b.dataset.anyTurn = ""; return b; };

  // What asks something of this player, or answers him, under the heading where a phone
  // opens (the rest of the table talk is further down): an offer to answer, his own
  // offers waiting for an answer, what became of his dealings this race, what he owes
  // another player (with the form to pay it back) and his horses in hock.
  function forYou(frame) {
    if (V.you === null || V.you === undefined) return null;
    const s = section(W.for_you, "ab-for-you");
    const asked = V.offer && V.offer.to === V.you ? V.offer : null;
    const answering = asked && frame.your_turn ? JSON.stringify(asked) : null;
    if (answering) s.append(offerChoice());
    (V.offers || []).filter((o) => o.to === V.you && JSON.stringify(o) !== answering)
      .forEach((o) => s.append(node("p", say("awaits_you", { offer: offerText(o) }), "ab-pending")));
    (V.offers || []).filter((o) => o.from === V.you)
      .forEach((o) => s.append(node("p", say("awaits", { offer: offerText(o), name: NAMES[o.to] }), "ab-pending")));
    s.append(...lastRace(frame));
    // each said to him (words_you: "Bob lends you 3 fifties"), served only on what concerns
    // him and this box shows (words.py SAID_TO_YOU): his dealings; his payments are above
    frame.notices.filter((n) => n.words_you && n.type !== "payment" && n.meet === V.meet && n.race === V.race)
      .slice(-3).forEach((n) => s.append(node("p", n.words_you, "ab-news-yours")));
    if (!frame.over) V.debts.filter((d) => d.borrower === V.you).forEach((d) => {
      const bar = node("div", null, "ab-moves ab-payback", { say: `payback${d.lender}` });
      const n = amount(`pay${d.lender}`, say("pay_back_amount", { lender: NAMES[d.lender] }), Math.min(d.amount, V.cash[V.you]), span("payback"));
      bar.append(node("span", say("you_owe", { lender: NAMES[d.lender], fifties: f(d.amount) })), n,
        anyTurn(dealButton(W.pay_back, "ab-pay", () => ({ kind: "payback", lender: d.lender, amount: Number(n.value) }))));
      s.append(bar);
    });
    if (V.loans_open) Object.entries(V.in_hock).filter(([h]) => (V.owners[h] || [])[0] === V.you)
      .forEach(([h, owed]) => s.append(node("p", say("hock_due", { horse: h, due: owed + 1 }), "ab-hock")));
    return s.childElementCount > 1 ? s : null;
  }

  // Between races (and at the end): how the race just run finished and what this player
  // collected from it, or that he collected nothing (the table's news says it all, lower).
  function lastRace(frame) {
    if (!["betting", "over"].includes(V.phase)) return [];
    const results = frame.notices.filter((n) => n.type === "race_result" && n.meet === V.meet);
    if (!results.length) return [];
    const result = results[results.length - 1];
    const paid = frame.notices.filter((n) => n.type === "payment" && n.meet === V.meet && n.race === result.race && n.seat === V.you);
    const lines = [result.words, ...paid.map((n) => n.words_you || n.words)].map((text) => node("p", text, "ab-news-yours ab-collected"));
    if (!paid.length) lines.push(node("p", say("collected_nothing", result), "ab-collected"));
    return lines;
  }

  // Offers to buy, sell and lend, made whenever the game waits (in turn or not); the
  // other player answers, and play goes on meanwhile (ruling R16).
  function dealingsPanel(frame) {
    if (V.you === null || V.you === undefined || frame.over) return null;
    const s = section(W.dealings, "ab-dealings-panel");
    (V.offers || []).filter((o) => o.from !== V.you && o.to !== V.you)  // his own: under "For you"
      .forEach((o) => s.append(node("p", say("awaits", { offer: offerText(o), name: NAMES[o.to] }), "ab-pending")));
    // closed while the track is chosen (dealings start with the auction) and while a
    // syndicate's partner is asked (the auction waits on him alone)
    if (!V.dealings_open) { s.append(node("p", V.phase === "choose track" ? W.dealings_at_track : W.dealings_closed)); return s; }
    if (V.offered.includes(V.you)) { s.append(node("p", V.phase === "auction" ? W.offered_in_auction : W.offered_already)); return s; }
    const others = NAMES.map((name, seat) => [seat, name]).filter(([seat]) => seat !== V.you);
    const owned = Object.entries(V.owners).filter(([h]) => !V.in_hock[h]);
    const theirs = owned.filter(([, o]) => !o.includes(V.you)).map(([h, o]) => [h, say("horse_of", { horse: h, owners: who(o) })]);
    const mine = owned.filter(([, o]) => o[0] === V.you).map(([h]) => [h, say("horse", { horse: h })]);
    if (V.phase === "race") s.append(node("p", W.dealings_in_race));
    else {
      if (theirs.length) {
        const bar = node("div", null, "ab-moves ab-buy", { say: `buy` });
        const h = choice("buyHorse", W.horse_to_buy, theirs);
        const n = amount("buyPrice", W.price_offered, 5, span("buy"));
        bar.append(node("span", W.buy), h, node("span", W.for), n,
          anyTurn(dealButton(W.offer_to_buy, "ab-offer-buy", () => ({ kind: "buy", horse: Number(h.value), price: Number(n.value) }))));
        s.append(bar);
      }
      if (mine.length) {
        const bar = node("div", null, "ab-moves ab-sell", { say: `sell` });
        const h = choice("sellHorse", W.horse_to_sell, mine);
        const to = choice("sellTo", W.buyer, others);
        const n = amount("sellPrice", W.asking_price, 5);
        following(n, to, (buyer) => (span("sell") || [])[Number(buyer)]);  // the buyer's fifties bound it
        bar.append(node("span", W.sell), h, node("span", W.to), to, node("span", W.for), n,
          anyTurn(dealButton(W.offer_to_sell, "ab-offer-sell", () => ({ kind: "sell", horse: Number(h.value), buyer: Number(to.value), price: Number(n.value) }))));
        s.append(bar);
      }
    }
    if (V.phase === "betting") {  // an investing ring: tickets bought together (R23)
      const bar = node("div", null, "ab-moves ab-ring", { say: `ring` });
      const h = choice("ringHorse", W.ring_horse, HORSES.map((x) => [x, say("horse", { horse: x })]));
      const k = amount("ringTickets", W.ring_tickets, 1, span("ring_tickets"));
      const to = choice("ringWith", W.ring_partner, others);
      const n = amount("ringStake", W.partner_fifties, 1);
      // the tickets typed bound it: 1 to all but one fifty of their price, and at least
      // what this player cannot pay of it
      following(n, k, (count) => (whole(count) ? (span("ring_stake") || [])[Number(count) - 1] : null));
      // a sentence on the screen, each box with its words ("Ring: [2] tickets on [#5] with
      // [Ann] who puts in [3] of the 6 fifties"), each box kept on a line with its words
      const onWord = node("span");
      const ofWord = node("span");
      const worded = () => {
        const count = Number(k.value);
        const whole = k.value !== "" && Number.isInteger(count) && count > 0;
        onWord.textContent = W[count === 1 ? "ring_ticket_on" : "ring_tickets_on"];
        ofWord.textContent = whole ? say("ring_of_total", { total: 3 * count }) : W.ring_of_fifties;
      };
      worded();
      k.addEventListener("input", worded);
      const group = (...parts) => { const g = node("span", null, "ab-words"); g.append(...parts); return g; };
      bar.append(group(node("span", W.ring), k, onWord, h), group(node("span", W.with), to),
        group(node("span", W.who_puts_in), n, ofWord),
        anyTurn(dealButton(W.offer_ring_button, "ab-offer-ring", () => ({ kind: "ring", horse: Number(h.value), tickets: Number(k.value), partner: Number(to.value), stake: Number(n.value) }))));
      s.append(bar);
    }
    const bar = node("div", null, "ab-moves ab-lend", { say: `lend` });
    const to = choice("lendTo", W.borrower, others);
    const n = amount("lendAmount", W.amount_lent, 5, span("lend"));
    const back = amount("lendBack", W.to_be_repaid, 5);
    const repay = span("repay");  // at least the sum lent, typed beside it
    following(back, n, (lent) => (whole(lent) && repay ? { least: Number(lent), below: repay.below } : null));
    bar.append(node("span", W.lend), to, n, node("span", W.to_be_repaid), back,
      anyTurn(dealButton(W.offer_loan_button, "ab-offer-lend", () => ({ kind: "lend_terms", borrower: Number(to.value), amount: Number(n.value), repay: Number(back.value) }))));
    s.append(bar);
    return s;
  }

  function trackChoice() {
    const s = section(W.choose_track, "ab-tracks");
    V.tracks.forEach((t) => {
      const b = button(say("track_choice", { ...t, pick: t.best_pick }), { kind: "track", track: t.key }, "ab-track");
      s.append(b);
    });
    return s;
  }

  function yourMove(frame) {
    if (!frame.your_turn) return null;
    if (V.offer && V.offer.to === V.you) return null;  // answered first, under "For you"
    if (V.phase === "race") return rollChoice(frame);
    if (V.phase === "betting") return bettingMoves(frame);
    if (V.phase === "choose track") return trackChoice();
    return null;  // the auction's moves are on the block
  }

  // The bids and passes on the horse on the block ("Bob bid 6 fifties", "Cy passed"), so
  // a player who looked away reads who bid what: each from the log as the server sent it
  // to this seat (redacted as his view is), from the last horse's sale on; each with the
  // place in the log it came at, to go among the notices in order.
  function lotMoves(frame) {
    if (!V.lot) return [];
    const sales = frame.notices.filter((n) => n.type === "sale");
    const from = sales.length ? sales[sales.length - 1].at : 0;
    return (frame.log || []).filter((e) => e.position >= from && e.action && ["bid", "pass"].includes(e.action.kind) && e.words)
      .map((e) => ({ at: e.position + 1, move: true, words: say("said_move", { name: NAMES[e.player], move: e.words }), type: e.action.kind }));
  }

  function announcements(frame) {
    // a notice comes at the log's length when told (``at``): after the move that made it
    const said = [...frame.notices.filter((n) => n.words), ...lotMoves(frame)]
      .sort((a, b) => a.at - b.at || Number(b.move || false) - Number(a.move || false));
    if (!said.length) return null;  // a meet's start: no empty box, it comes with the first news
    const s = section(W.at_the_table, "ab-talk");
    // Each notice as words.py words it (the terminal prints the same text), newest first
    // (no numbers counting back): the last 8 in sight, whole (no box scrolling inside the
    // page: a finger scrolling the page over it scrolled the box, its bottom line cut in
    // half), the older folded under "N older notices", left open or shut as the player
    // left it. The board says them all, so the
    // page's own "Notices" list, the same lines again below it, is not drawn for it
    // (homestretchBoard.drawsNotices).
    const lines = said.reverse().map((n) => node("li", n.words, `ab-n-${n.type}`));
    const older = lines.splice(TALK_SHOWN);
    const list = node("ul", null, "ab-notices");
    list.append(...lines);
    s.append(list);
    if (older.length) {
      const fold = node("details", null, "ab-older");
      fold.open = olderTalkOpen;
      fold.addEventListener("toggle", () => { olderTalkOpen = fold.open; });
      fold.append(node("summary", T.olderNotices(older.length)));
      const rest = node("ul", null, "ab-notices");
      rest.append(...older);
      fold.append(rest);
      s.append(fold);
    }
    return s;
  }
  const TALK_SHOWN = 8;
  let olderTalkOpen = false;

  // Where this player's move is, for the page's "Your turn" pin (table.js): an offer to
  // answer first, then the roll, the betting, the tracks, the bid; else the turn's line.
  const MOVES = [".ab-for-you .ab-offer", ".ab-roll", ".ab-betting", ".ab-tracks", ".ab-block .ab-moves", ".ab-turn"];
  function markMove(box) {
    const move = MOVES.map((where) => box.querySelector(where)).find(Boolean);
    if (move) move.dataset.yourMove = "";
  }

  // A player scrolled down reading (the table talk, the card) keeps her place when the
  // board is drawn again: the board is made anew each frame, so the browser's own scroll
  // anchoring loses its anchor, and a box coming above (her move when her turn comes, a
  // bid's lines) pushed what she read down the screen. The part at the top of her screen
  // stays where it was; at the top of the page nothing is kept, so a new move is in sight.
  // A box being typed in keeps its own place: a line said inside its panel, above it
  // (another's offer pending, in the dealings), moved it down under the player's finger
  // while he typed, the part's top kept where it was.
  const partKey = (part) => part.dataset.say || part.className;
  function readingPlace(box) {
    const typing = document.activeElement;
    if (typing && typing.dataset.keep && box.contains(typing)) return { field: typing.dataset.keep, top: typing.getBoundingClientRect().top };
    if (window.scrollY <= 0) return null;
    const part = [...box.children].find((p) => p.getBoundingClientRect().bottom > 0);
    return part ? { key: partKey(part), top: part.getBoundingClientRect().top } : null;
  }
  function keepPlace(box, reading) {
    const field = reading && reading.field && box.querySelector(`[data-keep="${CSS.escape(reading.field)}"]`);
    const part = field || (reading && [...box.children].find((p) => partKey(p) === reading.key));
    if (part) window.scrollBy(0, part.getBoundingClientRect().top - reading.top);
  }

  // The board's parts put in its box, made anew each frame: a part without controls (the
  // card, the windows, the tote, the players, the bins) made just as the one drawn (the
  // same part, isEqualNode) is left where it is, not replaced, so the browser keeps its
  // style and layout: a phone laid the whole board out anew with every frame, most of
  // its work a frame while the others bid and pass. A part with controls is always the
  // new one (its buttons act on this frame).
  const CONTROLS = "button, input, select, textarea, details, a";
  function placeParts(box, parts) {
    const drawn = new Map([...box.children].map((part) => [partKey(part), part]));
    const next = parts.map((part) => {
      const was = drawn.get(partKey(part));
      return was && !part.querySelector(CONTROLS) && was.isEqualNode(part) ? was : part;
    });
    const kept = new Set(next);
    [...box.children].forEach((part) => { if (!kept.has(part)) part.remove(); });
    // the kept parts stay in their order: the new ones go in around them, none is moved
    next.forEach((part, at) => { if (box.children[at] !== part) box.insertBefore(part, box.children[at] || null); });
  }

  let shown = null;  // the frame last drawn, drawn again when a standing order is set
  window.homestretchBoard = (frame, box, tools) => {
    shown = [frame, box, tools];
    T = tools;
    V = frame.view;
    W = V.page;
    NAMES = V.names.map((name, seat) => (frame.seats[seat] ? frame.seats[seat].name : name));
    MARKS = initials(NAMES);
    box.className = "ab-board";
    // A phone reads from the top: whose turn, what is put to this player, his move, the
    // race, then the table's news, the dealings he may offer, the windows and the rest.
    const parts = [header(frame), forYou(frame), yourMove(frame), auctionBlock(frame), raceCard(), announcements(frame),
      dealingsPanel(frame), windowsBoard(), totalizator(), players(), bins()];
    const reading = tools.reading !== undefined ? tools.reading : readingPlace(box);  // table.js's: read before the frame changed the page
    placeParts(box, parts.filter(Boolean));
    keepPlace(box, reading);
    sayRefusal();
    sayHeld(box);
    markMove(box);
    answerStanding(frame);
  };
  window.homestretchBoard.readingPlace = readingPlace;
  window.homestretchBoard.drawsNotices = true;  // in its "At the table" (announcements)
  // What the board's buttons mean besides the seat's moves (table.js decisionOf): the
  // horse on the block (a standing order's "Cancel" is for it), the offer put to this
  // player (yes and no are the same moves whatever is offered). Another player's move
  // that leaves these and the moves as they were leaves a finger's tap where it is.
  window.homestretchBoard.decision = (frame) => {
    const view = frame.view;
    const offer = view.offer && view.offer.to === view.you ? view.offer : null;
    return [view.phase, view.meet, view.race, view.lot ? view.lot.horse : null, offer];
  };
})();
