// Across the Board's own board: the totalizator and the seven windows, the race card
// filling with X's, the auction block, every player's fifties and the bins. It draws
// each frame from scratch (a reload or a late join shows the same board) and sends
// moves through tools.send; the generic moves and view stay folded below it.
"use strict";
(() => {
  const HORSES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const WINDOWS = ["Winners Circle", "WIN", "WIN", "WIN", "WIN", "PLACE", "SHOW"];
  const BINS = { race3: "3rd-race purse", race5: "5th-race purse", win8: "8th WIN", place8: "8th PLACE", show8: "8th SHOW" };
  let T = null;  // the tools of the frame being drawn
  let V = null;  // its view
  let NAMES = [];  // the seats' names at this table
  let MARKS = [];  // their initials on the totalizator, unique (names.py does the same)
  const DRAFT = {};  // what is typed in the dealing forms, kept across redraws
  const DEALINGS = ["sell", "buy", "lend", "lend_terms", "payback", "ring"];

  const f = (n) => (n === 1 ? "1 fifty" : `${n} fifties`);
  const who = (seats) => seats.map((s) => NAMES[s]).join(" and ");
  const ownerOf = (h) => (V.owners[String(h)] ? who(V.owners[String(h)]) : "unsold");
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
  // such box has a data-say name that survives the redraw of the frame.
  let refusal = null;
  async function sendFrom(sender, action) {
    const box = sender.closest("[data-say]");
    const answer = await T.send({ action });
    refusal = answer.refused && box ? { say: box.dataset.say, text: answer.refused, version: document.body.dataset.version } : null;
    sayRefusal();
  }
  function sayRefusal() {
    document.querySelectorAll(".ab-refused").forEach((line) => line.remove());
    const box = refusal && refusal.version === document.body.dataset.version && document.querySelector(`[data-say="${refusal.say}"]`);
    if (!box) return;
    const line = node("p", refusal.text, "ab-refused");
    line.setAttribute("role", "alert");
    box.append(line);
  }
  const section = (title, cls) => { const s = node("section", null, `ab-panel ${cls}`, { say: cls }); s.append(node("h3", title)); return s; };
  const windowsText = (list) => list.map((n, i) => `${i + 1} ${WINDOWS[i]} ${n}`).join(" | ");
  const range = (ws) => (ws.length > 2 ? `windows ${ws[0]}-${ws[ws.length - 1]}` : `window${ws.length > 1 ? "s" : ""} ${ws.join(", ")}`);

  function header(frame) {
    const box = node("div", null, "ab-head");
    const card = V.card;
    box.append(node("strong", card ? `${card.name}, ${card.city}` : "Across the Board"));
    const doing = V.phase === "race" ? "" : ` \u00b7 ${V.phase}`; // "race 5 \u00b7 race" says it twice
    box.append(node("span", ` \u00b7 meet ${V.meet}${V.race ? `, race ${V.race}` : ""}${doing}`));
    box.append(node("div", frame.over ? theEnd(frame) : frame.your_turn ? "Your turn." : waitingFor(frame), "ab-turn"));
    return box;
  }

  // Whom the table waits for and what for: "Waiting for Ann to bid on #7 or pass".
  function waitingFor(frame) {
    const seats = frame.waiting.seats;
    if (!seats.length) return "Waiting for the dice.";
    return `Waiting for ${seats.map((s) => `${NAMES[s]} ${waitedTo(s)}`).join("; ")}.`;
  }

  function waitedTo(seat) {
    const asked = V.phase === "offer" ? V.offer : (V.offers || []).find((o) => o.to === seat);
    if (asked) return `to answer ${NAMES[asked.from]}'s offer`;
    const race = V.race_card;
    switch (V.phase) {
      case "choose track": return "to choose the track";
      case "auction": return `to bid on #${V.lot.horse} or pass`;
      case "betting": return `to bet on race ${V.race} or say done`;
      case "race": return race && race.stage === "accept or reject" ? `to accept or reject the roll of #${race.rolled}` : "to roll";
      default: return "";
    }
  }

  // Who won, and everyone's fifties, most first: "The meet is over: Di wins with 75
  // fifties. Cy 34, Bob 28, Ann 23."
  function theEnd(frame) {
    const result = frame.result;
    if (!result) return "The game is over.";
    const best = result.fifties[result.winners[0]];
    const won = result.winners.length > 1 ? `${who(result.winners)} share the win with ${f(best)} each` : `${NAMES[result.winners[0]]} wins with ${f(best)}`;
    const others = NAMES.map((name, seat) => [seat, name]).filter(([seat]) => !result.winners.includes(seat))
      .sort(([a], [b]) => result.fifties[b] - result.fifties[a]).map(([seat, name]) => `${name} ${result.fifties[seat]}`);
    const over = result.meets.length > 1 ? "The game is over" : "The meet is over";
    return `${over}: ${won}.${others.length ? ` ${others.join(", ")}.` : ""}`;
  }

  function players() {
    const s = section("Players", "ab-players");
    const table = node("table");
    table.append(row(["", "player", "role", "fifties", "horses"], "th"));
    const roles = {};
    Object.entries(V.roles).forEach(([role, seat]) => { roles[seat] = role; });
    NAMES.forEach((name, seat) => {
      const horses = Object.entries(V.owners).filter(([, o]) => o.includes(seat))
        .map(([h]) => `#${h}${V.in_hock[h] ? " (in hock)" : ""}`).join(" ");
      const tr = row([MARKS[seat], name + (seat === V.you ? " (you)" : ""), roles[seat] || "", String(V.cash[seat]), horses]);
      tr.dataset.seat = seat;
      tr.querySelector("td:nth-child(4)").className = "ab-cash";
      if (V.to_act.includes(seat)) tr.className = "ab-acting";
      table.append(tr);
    });
    s.append(table);
    V.debts.forEach((d) => s.append(node("p", `${NAMES[d.borrower]} owes ${NAMES[d.lender]} ${f(d.amount)}`)));
    return s;
  }

  function row(cells, tag) {
    const tr = node("tr");
    cells.forEach((c) => tr.append(node(tag || "td", c)));
    return tr;
  }

  function bins() {
    const s = section("Bins", "ab-bins");
    const list = node("div", null, "ab-bin-row");
    Object.entries(BINS).forEach(([key, title]) => {
      const b = node("div", null, "ab-bin", { bin: key });
      b.append(node("span", title), node("strong", String(V.bins[key])));
      list.append(b);
    });
    const dd = node("div", null, "ab-bin", { bin: "daily_double" });
    dd.append(node("span", "Daily Double"), node("strong", String(V.daily_double_bin)));
    const carry = node("div", null, "ab-bin", { bin: "carry" });
    carry.append(node("span", "carried forward"), node("strong", String(V.carry)));
    list.append(dd, carry);
    s.append(list);
    return s;
  }

  function windowsBoard() {
    const s = section("MPH Parimutuel Windows", "ab-windows");
    const racing = V.phase === "race";
    const payoff = !racing && V.payoff;
    const shown = payoff ? payoff.dealt : V.windows;
    const paid = {};
    if (payoff) payoff.steps.filter((st) => st.step === "window_payoff").forEach((st) => { paid[st.windows[0]] = st; });
    const boxes = node("div", null, "ab-window-row");
    shown.forEach((n, i) => {
      const w = node("div", null, "ab-window", { window: i + 1 });
      w.append(node("span", `${i + 1} ${WINDOWS[i]}`), node("strong", String(n)));
      const p = paid[i + 1];
      if (p) w.append(node("em", `${p.pool} paid on #${p.horse}`));
      boxes.append(w);
    });
    if (payoff) s.append(node("p", `Race ${payoff.race} as dealt, and what each group paid:`));
    s.append(boxes);
    if (payoff) payoff.steps.filter((st) => st.step === "redeal").forEach((st) => {
      s.append(node("p", `Rule ${st.rules.join(" and ")}: ${range(st.emptied)} re-dealt into ${range(st.into)}: ${windowsText(st.windows)}`));
    });
    return s;
  }

  function totalizator() {
    const s = section(`MPH Totalizator${V.race ? `, race ${V.race}` : ""}`, "ab-tote");
    const table = node("table");
    table.append(row(HORSES.map((h) => `#${h}`), "th"));
    const cols = HORSES.map((h) => V.tickets.filter(([, hh]) => hh === h).map(([seat]) => MARKS[seat]));
    const depth = Math.max(1, ...cols.map((c) => c.length));
    for (let r = 0; r < depth; r++) table.append(row(cols.map((c) => c[r] || "")));
    s.append(table);
    (V.rings || []).forEach((r) => s.append(node("p", `Ring on #${r.horse}: ${r.tickets} ticket(s) under ${MARKS[r.members[0]]}, ${NAMES[r.members[0]]} ${r.stakes[0]} and ${NAMES[r.members[1]]} ${r.stakes[1]} fifties`, "ab-ring-line")));
    if (V.daily_double.length) {
      s.append(node("h4", "Daily Double"));
      const list = node("ul", null, "ab-dd");
      V.daily_double.forEach(([seat, a, b]) => list.append(node("li", `${NAMES[seat]}: #${a} then #${b}`)));
      s.append(list);
    }
    return s;
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
    const title = race ? `Race card, race ${race.number}${race.running ? "" : " (finished)"}` : "The track card";
    const s = section(title, "ab-card");
    const table = node("table");
    table.append(row(["#", "horse", "owner", "X's to finish", ""], "th"));
    const placing = {};
    if (race) race.finish.forEach((h, i) => { placing[h] = ["WIN", "PLACE", "SHOW"][i]; });
    HORSES.forEach((h) => {
      const info = card.horses[String(h)];
      const progress = race ? race.progress[String(h)] : info.preprinted;
      const tr = node("tr", null, `ab-${info.class}`, { horse: h });
      const number = node("td", `${h}${card.best_pick === h ? "\u2605" : ""}`);
      number.title = info.name;
      tr.append(number, node("td", info.name, "ab-name"));
      const owner = node("td", ownerMarks(h), "ab-owner");
      owner.title = ownerOf(h);
      tr.append(owner);
      const cell = node("td", null, "ab-squares");
      for (let i = 0; i < info.need / 2; i++) {
        cell.append(square(info.preprinted - 2 * i, progress - 2 * i, info.need === 12 && i === 0));
      }
      tr.append(cell);
      const rolled = race && race.running && race.stage === "accept or reject" && race.rolled === h;
      tr.append(node("td", placing[h] || (rolled ? "\u2190 rolled" : "")));
      if (rolled) tr.classList.add("ab-rolled");
      if (placing[h]) tr.classList.add("ab-placed");
      table.append(tr);
    });
    s.append(table);
    if (race) s.append(node("p", `${race.rolls} rolls. ${race.calls.slice(-3).join("; ")}`, "ab-calls"));
    else s.append(node("p", `Handicap and Auction News: ${card.conditions}`, "ab-news"));
    s.append(node("p", "Grey: preprinted X's and half X's; black: marked in the race; ringed: the circled, shaded square; \u2605 the newspaper's best pick.", "ab-legend"));
    return s;
  }

  function auctionBlock(frame) {
    const lot = V.lot;
    if (!lot) return null;
    const info = V.card.horses[String(lot.horse)];
    const s = section("On the block", "ab-block");
    s.append(node("p", `#${lot.horse} ${info.name}, by ${info.sire} out of ${info.dam}`, "ab-title-card"));
    s.append(node("p", `${info.class}; opening bid ${lot.opening}; Shady Fence Farms suggest ${info.suggested_bid}`));
    s.append(node("p", lot.high === null ? `Asking ${f(lot.min_bid)}: no bid yet` : `High bid ${f(lot.high)} by ${who(lot.bidders)}; the next bid is at least ${lot.min_bid}`, "ab-high"));
    if (frame.your_turn && V.phase === "auction") {
      const bar = node("div", null, "ab-moves");
      frame.legal.filter((l) => l.action.kind === "bid" || l.action.kind === "pass").forEach((l) => {
        const text = l.action.kind === "pass" ? "Pass" : `Bid ${l.action.amount}${l.action.partner >= 0 ? ` with ${NAMES[l.action.partner]}` : ""}`;
        bar.append(button(text, l.action));
      });
      const amount = keep(`bid${lot.horse}`, node("input", null, "ab-amount"), lot.min_bid);
      amount.type = "number";
      amount.min = String(lot.min_bid);
      amount.setAttribute("aria-label", "bid amount");
      bar.append(amount, dealButton("Bid this", "ab-bid-own", () => ({ kind: "bid", amount: Number(amount.value), partner: -1 })));
      bar.dataset.say = "bid";
      s.append(bar);
    }
    return s;
  }

  function rollChoice(frame) {
    const race = V.race_card;
    const s = section(`You rolled #${race.rolled}`, "ab-roll");
    const backers = [...new Set(V.tickets.filter(([, h]) => h === race.rolled).map(([seat]) => NAMES[seat]))];
    s.append(node("p", `Owner: ${ownerOf(race.rolled)}; tickets: ${backers.join(", ") || "none"}`));
    const bar = node("div", null, "ab-moves ab-big");
    bar.append(button(`Accept: one X for #${race.rolled}`, { kind: "accept" }, "ab-accept"));
    bar.append(button("Reject: half an X, roll again", { kind: "reject" }, "ab-reject"));
    s.append(bar);
    return s;
  }

  function bettingMoves(frame) {
    const s = section(`Your bets for race ${V.race}`, "ab-betting");
    const mine = {};
    V.tickets.filter(([seat]) => seat === V.you).forEach(([, h]) => { mine[h] = (mine[h] || 0) + 1; });
    const grid = node("div", null, "ab-horse-grid");
    frame.legal.filter((l) => l.action.kind === "bet").forEach((l) => {
      const h = l.action.horse;
      grid.append(button(`#${h}${mine[h] ? ` \u00d7${mine[h]}` : ""}`, l.action, "ab-bet"));
    });
    if (grid.childElementCount) s.append(node("p", "A ticket is $150 (3 fifties) across the board; tap again to double up."), grid);
    const dd = frame.legal.some((l) => l.action.kind === "dd");
    if (dd) {
      s.append(node("h4", "Daily Double ($50: one horse to win race 1, one to win race 2)"));
      const pick = (key, label) => {
        const sel = node("select", null, "ab-dd-pick");
        sel.setAttribute("aria-label", label);
        HORSES.forEach((h) => { const o = node("option", `#${h}`); o.value = String(h); sel.append(o); });
        return keep(key, sel, 7);
      };
      const first = pick("dd1", "race 1 winner");
      const second = pick("dd2", "race 2 winner");
      const buy = dealButton("Buy the Daily Double", "ab-dd-buy", () => ({ kind: "dd", first: Number(first.value), second: Number(second.value) }));
      const bar = node("div", null, "ab-moves", { say: "dd" });
      bar.append(first, second, buy);
      s.append(bar);
    }
    const other = frame.legal.filter((l) => !["bet", "dd", "done", ...DEALINGS].includes(l.action.kind));
    if (other.length) {
      s.append(node("h4", "Loans from the 8th-race WIN bin"));
      const bar = node("div", null, "ab-moves ab-dealings", { say: "loans" });
      other.slice(0, 24).forEach((l) => bar.append(button(loanText(l), l.action)));
      s.append(bar);
    }
    s.append(button("Done: no more from me this race", { kind: "done" }, "ab-done"));
    return s;
  }

  // A bin loan in words, not its action's ids ("loan 3 1"): what is borrowed on which
  // horse and what is due back (R13: the loan and one fifty of interest before race 7).
  function loanText(legal) {
    const a = legal.action;
    if (a.kind === "loan") return `Borrow ${f(a.amount)} with #${a.horse} in hock (${a.amount + 1} due before race 7)`;
    if (a.kind === "repay") return `Repay the loan on #${a.horse}: ${f(V.in_hock[String(a.horse)] + 1)}`;
    return legal.text;
  }

  function offerChoice() {
    const o = V.offer;
    const s = section("An offer to you", "ab-offer");
    const text = o.kind === "syndicate" ? `${NAMES[o.from]} asks you into a syndicate: ${o.amount} for #${o.horse} (your share ${Math.floor(o.amount / 2)})` : offerText(o);
    s.append(node("p", text));
    const bar = node("div", null, "ab-moves ab-big");
    bar.append(button("Yes", { kind: "answer", accept: true }), button("No", { kind: "answer", accept: false }));
    s.append(bar);
    return s;
  }

  function offerText(o) {
    const from = NAMES[o.from];
    const to = o.to === V.you ? "you" : NAMES[o.to];
    if (o.kind === "horse") return `${from} offers ${to} #${o.horse} for ${f(o.amount)}`;
    if (o.kind === "buy") return `${from} offers ${to} ${f(o.amount)} for #${o.horse}`;
    if (o.kind === "ring") return `${from} asks ${to} into a ring: ${o.tickets} ticket(s) on #${o.horse}, ${o.to === V.you ? "you" : NAMES[o.to]} putting in ${o.amount} of the ${3 * o.tickets} fifties, winnings shared the same way`;
    return `${from} offers to lend ${to} ${f(o.amount)}${o.repay !== o.amount ? `, to be repaid ${o.repay}` : ""}`;
  }

  // A form field whose value survives the redraw of each frame.
  function keep(key, el, initial) {
    el.value = DRAFT[key] !== undefined ? DRAFT[key] : String(initial);
    el.dataset.keep = key;
    el.addEventListener("input", () => { DRAFT[key] = el.value; });
    el.addEventListener("change", () => { DRAFT[key] = el.value; });
    return el;
  }
  function choice(key, label, options) {
    const sel = node("select", null, "ab-pick");
    sel.setAttribute("aria-label", label);
    options.forEach(([value, text]) => { const o = node("option", text); o.value = String(value); sel.append(o); });
    if (!options.some(([v]) => String(v) === DRAFT[key])) delete DRAFT[key];  // gone since
    return keep(key, sel, options[0][0]);
  }
  function amount(key, label, initial) {
    const input = node("input", null, "ab-amount");
    input.type = "number";
    input.min = "0";
    input.setAttribute("aria-label", label);
    return keep(key, input, initial);
  }
  function dealButton(text, cls, make) {
    const b = node("button", text, cls);
    b.type = "button";
    b.addEventListener("click", () => sendFrom(b, make()));
    return b;
  }

  // Offers to buy, sell and lend, made whenever the game waits (in turn or not); the
  // other player answers, and play goes on meanwhile (ruling R16).
  function dealingsPanel(frame) {
    if (V.you === null || V.you === undefined || frame.over) return null;
    const s = section("Dealings", "ab-dealings-panel");
    (V.offers || []).forEach((o) => s.append(node("p", `${offerText(o)}: waiting for ${o.to === V.you ? "your" : `${NAMES[o.to]}'s`} answer`, "ab-pending")));
    V.debts.filter((d) => d.borrower === V.you).forEach((d) => {
      const bar = node("div", null, "ab-moves ab-payback", { say: `payback${d.lender}` });
      const n = amount(`pay${d.lender}`, `pay back ${NAMES[d.lender]}`, Math.min(d.amount, V.cash[V.you]));
      bar.append(node("span", `You owe ${NAMES[d.lender]} ${f(d.amount)}`), n,
        dealButton("Pay back", "ab-pay", () => ({ kind: "payback", lender: d.lender, amount: Number(n.value) })));
      s.append(bar);
    });
    if (!V.dealings_open) { s.append(node("p", "Dealings reopen once the game waits on a player.")); return s; }
    if (V.offered.includes(V.you)) { s.append(node("p", "You have made your offer for this race.")); return s; }
    const others = NAMES.map((name, seat) => [seat, name]).filter(([seat]) => seat !== V.you);
    const owned = Object.entries(V.owners).filter(([h]) => !V.in_hock[h]);
    const theirs = owned.filter(([, o]) => !o.includes(V.you)).map(([h, o]) => [h, `#${h} (${who(o)})`]);
    const mine = owned.filter(([, o]) => o[0] === V.you).map(([h]) => [h, `#${h}`]);
    if (V.phase === "race") s.append(node("p", "Horses change hands between races; loans may be offered now."));
    else {
      if (theirs.length) {
        const bar = node("div", null, "ab-moves ab-buy", { say: `buy` });
        const h = choice("buyHorse", "horse to buy", theirs);
        const n = amount("buyPrice", "price offered", 5);
        bar.append(node("span", "Buy"), h, node("span", "for"), n,
          dealButton("Offer to buy", "ab-offer-buy", () => ({ kind: "buy", horse: Number(h.value), price: Number(n.value) })));
        s.append(bar);
      }
      if (mine.length) {
        const bar = node("div", null, "ab-moves ab-sell", { say: `sell` });
        const h = choice("sellHorse", "horse to sell", mine);
        const to = choice("sellTo", "buyer", others);
        const n = amount("sellPrice", "asking price", 5);
        bar.append(node("span", "Sell"), h, node("span", "to"), to, node("span", "for"), n,
          dealButton("Offer to sell", "ab-offer-sell", () => ({ kind: "sell", horse: Number(h.value), buyer: Number(to.value), price: Number(n.value) })));
        s.append(bar);
      }
    }
    if (V.phase === "betting") {  // an investing ring: tickets bought together (R23)
      const bar = node("div", null, "ab-moves ab-ring", { say: `ring` });
      const h = choice("ringHorse", "ring's horse", HORSES.map((x) => [x, `#${x}`]));
      const k = amount("ringTickets", "ring's tickets", 1);
      const to = choice("ringWith", "ring partner", others);
      const n = amount("ringStake", "partner's fifties", 1);
      bar.append(node("span", "Ring: tickets on"), h, k, node("span", "with"), to, node("span", "who puts in"), n,
        dealButton("Offer the ring", "ab-offer-ring", () => ({ kind: "ring", horse: Number(h.value), tickets: Number(k.value), partner: Number(to.value), stake: Number(n.value) })));
      s.append(bar);
    }
    const bar = node("div", null, "ab-moves ab-lend", { say: `lend` });
    const to = choice("lendTo", "borrower", others);
    const n = amount("lendAmount", "amount lent", 5);
    const back = amount("lendBack", "to be repaid", 5);
    bar.append(node("span", "Lend"), to, n, node("span", "to be repaid"), back,
      dealButton("Offer the loan", "ab-offer-lend", () => ({ kind: "lend_terms", borrower: Number(to.value), amount: Number(n.value), repay: Number(back.value) })));
    s.append(bar);
    return s;
  }

  function trackChoice() {
    const s = section("Choose the track", "ab-tracks");
    V.tracks.forEach((t) => {
      const b = button(`${t.name}, ${t.city}: ${t.conditions} Best pick #${t.best_pick}.`, { kind: "track", track: t.key }, "ab-track");
      s.append(b);
    });
    return s;
  }

  function yourMove(frame) {
    if (!frame.your_turn) return null;
    if (V.offer && V.offer.to === V.you) return offerChoice();
    if (V.phase === "race") return rollChoice(frame);
    if (V.phase === "betting") return bettingMoves(frame);
    if (V.phase === "choose track") return trackChoice();
    return null;  // the auction's moves are on the block
  }

  function announcements(frame) {
    const s = section("At the table", "ab-talk");
    const list = node("ul", null, "ab-notices");  // newest first: no numbers counting back
    // Each notice as words.py words it (the terminal prints the same text).
    frame.notices.filter((n) => n.words).slice(-14).reverse().forEach((n) => {
      list.append(node("li", n.words, `ab-n-${n.type}`));
    });
    s.append(list);
    return s;
  }

  window.homestretchBoard = (frame, box, tools) => {
    T = tools;
    V = frame.view;
    NAMES = V.names.map((name, seat) => (frame.seats[seat] ? frame.seats[seat].name : name));
    MARKS = initials(NAMES);
    box.className = "ab-board";
    const parts = [header(frame), yourMove(frame), auctionBlock(frame), raceCard(), dealingsPanel(frame), windowsBoard(), totalizator(), players(), bins(), announcements(frame)];
    box.replaceChildren(...parts.filter(Boolean));
    sayRefusal();
  };
})();
