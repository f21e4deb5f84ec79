// Totopoly's own board: the seat's hand, the players, the auction block, the training
// ring, the racecourse with its lanes and coloured lengths, and the Tote pad. Everything
// is drawn from the seat's view in each frame (which holds only what that seat may
// see); the moves are the board's own buttons, in words (the generic page's are folded
// below). Horses on the course are kept as the same elements from frame to frame, so
// they run along the lanes as dice fall.
"use strict";
(() => {
  const COLOUR_OF = { K: "black", R: "red", Y: "yellow", B: "blue" };
  const CELL = 18;  // px a length at least, and a lane's height (courseRows)
  const PADDOCK = 2 * CELL;  // px left of the gate: horses waiting in one lane's gate side by side

  let W = null;  // the board's words, served with the view (totopoly/rules/words.py PAGE)

  function make(tools, tag, text, cls) { return tools.el(tag, text, cls); }
  // A template of the served words with its {fields} filled in.
  const say = (key, fields) => W[key].replace(/\{(\w+)\}/g, (_, name) => String(fields[name]));
  const guineas = (n) => say(n === 1 ? "guinea" : "guineas", { n });
  const no = (n) => say("no", { n });

  function chip(tools, colour, text) {
    const span = make(tools, "span", text, `tp-chip tp-${colour}`);
    span.title = colour;
    return span;
  }

  function cardLine(tools, card) {
    const item = make(tools, "li", null, "tp-card");
    if (card.horse !== undefined) {
      item.append(chip(tools, card.colour, no(card.horse)), say("horse_card", card));
      item.dataset.horse = card.horse;
    } else {
      item.append(say("business_card", card));
    }
    item.dataset.card = card.card;
    return item;
  }

  // The course is drawn in rows of as many lengths as the board's width holds at CELL px
  // a length (a phone takes five rows of twelve, so no horse is out of sight sideways),
  // then each length drawn as large as the width lets the rows be (up to BIG px: a phone
  // on its side or a laptop uses its width): where length ``length`` of lane ``lane``
  // (0 at the top) is drawn, in px, and the size ``cell`` of a length.
  const ROW_GAP = 8;
  const BIG = 30;  // px a length at most
  function courseRows(layout, width) {
    const most = Math.max(10, Math.floor((width - PADDOCK) / CELL) - 2);
    const rows = Math.ceil(layout.lengths / most);
    const perRow = Math.ceil(layout.lengths / rows);  // rows of even length
    const cell = Math.max(CELL, Math.min(BIG, Math.floor(width / (perRow + 4))));  // the paddock's two, the post, a spare
    const height = layout.tracks.length * cell + cell + ROW_GAP;  // the lanes and the ruler
    const spot = (length, lane) => {
      const row = length <= 0 ? 0 : Math.min(rows - 1, Math.floor((length - 1) / perRow));
      return [2 * cell + (length - row * perRow) * cell, row * height + lane * cell];
    };
    return { perRow, rows, height, spot, cell };
  }
  // the width the course may take inside its section on this screen
  const roomFor = (box) => Math.max(240, box.clientWidth - 26);
  // The training ring's loop: as many columns as the width holds at TAP px a square (a
  // square is tapped to be read: a fingertip's 44 px and a little over), a square loop at
  // most, the rows making up the rest (a phone: a tall loop of six or seven columns).
  const TAP = 46;
  const RING_GAP = 2;  // px between squares (.tp-squares gap)
  function ringShape(size, width) {
    const around = Math.ceil((size + 4) / 2);  // columns and rows together
    const fit = Math.floor((width + RING_GAP) / (TAP + RING_GAP));
    const columns = Math.max(3, Math.min(Math.ceil(around / 2), fit));
    return { columns, rows: around - columns };
  }

  function skeleton(box, tools, layout) {
    box.replaceChildren();
    const root = make(tools, "div", null, "tp");
    const parts = {};
    for (const name of ["status", "moves", "refusal", "lately", "hand", "players", "lot", "news", "ring", "course", "tote"]) {
      const section = make(tools, "section", null, `tp-${name}`);
      section.id = `tp-${name}`;
      if (name === "moves") section.dataset.yourMove = "";  // the page's "Your turn" pin goes here
      if (name === "refusal") {  // shown with a refused move's reason (alone: table.js
        section.hidden = true;  // hides it with a "not sent" line it drops)
        section.dataset.alertBox = "";
      }
      if (W.sections[name]) section.append(make(tools, "h3", W.sections[name]));
      const inner = make(tools, "div", null, "tp-inner");
      section.append(inner);
      root.append(section);
      parts[name] = { section, inner };
    }
    // The racecourse: lanes of lengths, the gate at the left, the post at the right.
    const course = make(tools, "div", null, "tp-track");
    const rows = courseRows(layout, roomFor(box));
    course.style.width = `${(rows.perRow + 4) * rows.cell}px`;
    course.style.setProperty("--len", `${rows.cell}px`);
    course.style.height = `${rows.rows * rows.height - ROW_GAP}px`;
    layout.tracks.forEach((row, track) => {
      const lane = layout.tracks.length - 1 - track;  // the rails (track 1) at the bottom
      for (let length = 0; length <= layout.lengths + 1; length++) {
        const code = length === 0 ? "gate" : length > layout.lengths ? "post" : row[length - 1];
        const cell = make(tools, "div", null, "tp-len");
        const [left, top] = rows.spot(length, lane);
        cell.style.left = `${left}px`;
        cell.style.top = `${top}px`;
        if (code === "gate" || code === "post") cell.classList.add(`tp-${code}`);
        else if (COLOUR_OF[code]) cell.classList.add(`tp-${COLOUR_OF[code]}`);
        else if (code !== ".") { cell.textContent = code; cell.classList.add("tp-instr"); cell.title = layout.instructions[code] || code; }
        if (length >= layout.bend[0] && length <= layout.bend[1]) cell.classList.add("tp-bend");
        cell.dataset.length = length;
        cell.dataset.track = track + 1;
        course.append(cell);
      }
    });
    for (let length = 5; length <= layout.lengths; length += 5) {
      const mark = make(tools, "div", String(length), "tp-ruler");
      const [left, top] = rows.spot(length, layout.tracks.length);
      mark.style.left = `${left}px`;
      mark.style.top = `${top}px`;
      course.append(mark);
    }
    for (let row = 1; row < rows.rows; row++) {  // a row goes on from the one above
      const first = row * rows.perRow + 1;
      const mark = make(tools, "div", `${first} \u2192`, "tp-ruler tp-row-start");
      const [, top] = rows.spot(first, 0);
      mark.style.left = "0px";
      mark.style.top = `${top + rows.cell}px`;
      course.append(mark);
    }
    const scroller = make(tools, "div", null, "tp-scroll");
    scroller.append(course);
    const lanes = layout.tracks.length;
    const instructions = Object.entries(layout.instructions).map(([code, text]) => say("instruction", { code, text })).join("; ");
    const legend = make(tools, "p", say("course_legend", { lanes, instructions }), "tp-legend");
    parts.course.inner.append(scroller, legend);
    parts.track = course;
    parts.spot = rows.spot;
    parts.cell = rows.cell;
    // The training ring: a loop of squares round the board's edge, clockwise from
    // square 0 at the top left, each horse standing on its own square.
    const ring = make(tools, "ol", null, "tp-squares");
    const shape = ringShape(layout.ring_size, roomFor(box));
    ring.style.gridTemplateColumns = `repeat(${shape.columns}, minmax(0, 1fr))`;
    ring.dataset.columns = shape.columns;
    const codes = Object.fromEntries(layout.ring.map((sq) => [sq.at, sq]));
    for (let at = 0; at < layout.ring_size; at++) {
      const square = make(tools, "li", null, "tp-square");
      square.dataset.square = at;
      const [row, column] = loopCell(at, shape);
      square.style.gridRow = String(row);
      square.style.gridColumn = String(column);
      const sq = codes[at];
      square.append(make(tools, "span", String(at), "tp-num"), make(tools, "span", sq ? sq.code : "", "tp-code"));
      if (sq) square.title = sq.text;
      square.tabIndex = 0;  // read with a tap, a click or Enter (a phone shows no tooltip)
      square.setAttribute("role", "button");
      const boxes = Object.entries(layout.boxes).filter(([, s]) => s === at).map(([h]) => h);
      if (boxes.length) square.append(make(tools, "span", say("box", { boxes: boxes.join(",") }), "tp-box"));
      square.append(make(tools, "span", null, "tp-here"));
      ring.append(square);
    }
    const middle = make(tools, "li", W.ring_middle, "tp-ring-middle");
    middle.style.gridRow = `2 / ${shape.rows}`;
    middle.style.gridColumn = `2 / ${shape.columns}`;
    ring.append(middle);
    const said = make(tools, "p", W.tap_square, "tp-square-said");
    said.setAttribute("aria-live", "polite");
    const read = (square) => {
      if (!square || !square.dataset.square) return;
      const at = Number(square.dataset.square);
      const sq = codes[at];
      const boxes = Object.entries(layout.boxes).filter(([, s]) => s === at).map(([h]) => h);
      const outside = boxes.length ? say("leaves_box", { horses: boxes.map(no).join(", ") }) : "";
      said.textContent = sq ? say("square", { at, code: sq.code, text: sq.text, outside }) : say("plain_square", { at, outside });
      ring.querySelectorAll(".tp-read").forEach((s) => s.classList.remove("tp-read"));
      square.classList.add("tp-read");
      box.tpSquareRead = at;  // read again after the board is drawn anew (a phone turned)
    };
    ring.addEventListener("click", (event) => read(event.target.closest(".tp-square")));
    ring.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      read(event.target.closest(".tp-square"));
    });
    if (box.tpSquareRead !== undefined) read(ring.querySelector(`[data-square="${box.tpSquareRead}"]`));
    parts.ring.inner.append(ring, said, make(tools, "p", W.ring_legend, "tp-legend"));
    parts.squares = ring;
    parts.tokens = {};
    box.append(root);
    return parts;
  }

  // Square ``at`` of a loop round a grid of ``columns`` and ``rows``: along the top,
  // down the right, back along the bottom and up the left (1-based row, column).
  function loopCell(at, { columns, rows }) {
    const across = columns - 1;
    const down = rows - 1;
    if (at < across) return [1, at + 1];
    if (at < across + down) return [at - across + 1, columns];
    if (at < 2 * across + down) return [rows, columns - (at - across - down)];
    return [rows - (at - 2 * across - down), 1];
  }

  // The end: who won the game (the owner of the race winner) and the placings.
  function drawResult(inner, tools, frame, view) {
    const result = frame.result || {};
    const named = (n, owned = true) => {
      const h = view.horses.find((one) => one.number === n);
      if (!h) return no(n);
      return owned && h.owner !== null ? say("horse_owned", { n, name: h.name, owner: tools.seatName(h.owner) }) : say("horse", { n, name: h.name });
    };
    const winner = result.winner === null || result.winner === undefined ? null : tools.seatName(result.winner);
    inner.append(make(tools, "p", winner ? say("winner", { winner, horse: named(view.placings[0], false) }) : W.nobody_won, "tp-winner"));
    if (view.placings.length) inner.append(make(tools, "p", say("placed", { placings: view.placings.map((n, i) => say("placing", { place: W.places[i], horse: named(n) })).join("; ") }), "tp-placings"));
    if ((result.disqualified || []).length) inner.append(make(tools, "p", say("disqualified", { horses: result.disqualified.map((n) => named(n)).join("; ") }), "tp-placings"));
  }

  function drawStatus(parts, tools, frame, view) {
    const inner = parts.status.inner;
    inner.replaceChildren(make(tools, "p", say(view.short ? "now_short" : "now", { phase: W.phases[view.phase] || view.phase }), "tp-phase"));
    if (frame.over) drawResult(inner, tools, frame, view);
    // the prompt as the rules word it for this seat ("you threw 3" to the thrower only;
    // a replay from his seat reads it as he did)
    const asked = frame.your_turn || (tools.mode === "replay" && view.you !== null && view.to_act.includes(view.you));
    if (view.prompt) inner.append(make(tools, "p", asked ? say("your_turn", view) : say("waiting", { name: tools.seatName(view.to_act[0]), prompt: view.prompt }), "tp-prompt"));
    if (view.your_report && view.phase === "training") inner.append(make(tools, "p", say("your_report", { report: view.your_report }), "tp-report"));
    // the throw a prompt is about is named in it ("you threw 4", "give a throw of 4"):
    // "Last throw" is said only of a throw the prompt does not name
    const named = view.prompt && view.asked && view.asked.throw === view.last_throw;
    if (view.last_throw && view.phase === "race" && !named) inner.append(make(tools, "p", say("last_throw", { throw: view.last_throw }), "tp-throw"));
  }

  function drawHand(parts, tools, view) {
    const inner = parts.hand.inner;
    inner.replaceChildren();
    if (view.you === null || view.you === undefined) {
      parts.hand.section.hidden = true;
      return;
    }
    parts.hand.section.hidden = false;
    for (const key of ["hand", "leases", "known_lots"]) {
      const cards = view[key] || [];
      if (!cards.length) continue;
      inner.append(make(tools, "h4", W.hand_titles[key]));
      const list = make(tools, "ul", null, `tp-cards tp-${key}`);
      cards.forEach((card) => list.append(cardLine(tools, card)));
      inner.append(list);
    }
    if (!inner.childNodes.length) inner.append(make(tools, "p", W.no_leases));
  }

  // One row a player; on a phone each row is a block of labelled items (the cells'
  // data-label), so no word is broken to fit a narrow column.
  function drawPlayers(parts, tools, view) {
    const table = make(tools, "table", null, "tp-table tp-players-table");
    const head = make(tools, "tr");
    const titles = W.player_columns;
    const business = view.board.businesses;
    titles.forEach((t) => head.append(make(tools, "th", t)));
    table.append(head);
    view.players.forEach((p) => {
      const row = make(tools, "tr");
      const roles = [];
      if (p.seat === view.banker) roles.push(W.roles.banker);
      if (p.seat === view.auctioneer) roles.push(W.roles.auctioneer);
      if (p.member) roles.push(W.roles.member);
      const name = tools.seatName(p.seat);
      row.append(make(tools, "td", p.seat === view.you ? W.you : ""), make(tools, "td", roles.length ? say("with_roles", { name, roles: roles.join(", ") }) : name),
        make(tools, "td", p.cash === null ? W.unseen : say("pounds", { n: p.cash })));
      const cards = make(tools, "td");
      for (const colour of ["black", "red", "yellow", "blue"]) if (p.cards[colour]) cards.append(chip(tools, colour, say("colour_cards", { n: p.cards[colour], colour })));
      row.append(cards, make(tools, "td", p.cards.white || ""), make(tools, "td", p.kept.map((k) => W.specials[k.special] || k.special).join(", ")));
      row.append(make(tools, "td", p.businesses.map((b) => business[b] || b).join(", ")));
      row.append(make(tools, "td", p.face_down ? say(p.face_down === 1 ? "lease" : "leases", { n: p.face_down }) : ""));
      row.append(make(tools, "td", p.nominated ? no(p.nominated) : ""));
      row.dataset.seat = p.seat;
      [...row.children].forEach((cell, i) => { if (i > 1) cell.dataset.label = titles[i]; });
      table.append(row);
    });
    parts.players.inner.replaceChildren(table);
  }

  function drawLot(parts, tools, view) {
    const lot = view.lot;
    parts.lot.section.hidden = view.phase !== "auction";
    const inner = parts.lot.inner;
    if (!lot) { inner.replaceChildren(make(tools, "p", W.no_lot)); return; }
    const card = make(tools, "div", null, "tp-lotcard");
    if (lot.horse !== undefined) card.append(chip(tools, lot.colour, no(lot.horse)), say("lot_horse", lot));
    else card.append(lot.name);
    card.append(make(tools, "div", say("face_value", lot)));
    const bid = lot.bidder === null ? W.no_bid : say("bid_by", { guineas: guineas(lot.bid), name: tools.seatName(lot.bidder) });
    // bids are in guineas, money in pounds: what a guinea costs (T11)
    inner.replaceChildren(card, make(tools, "p", say("bidding", { bid }), "tp-bid"), make(tools, "p", W.guinea_note, "tp-guinea"));
  }

  function drawRing(parts, tools, view) {
    const training = view.horses.filter((h) => h.square !== undefined);
    parts.ring.section.hidden = view.phase !== "training";
    parts.squares.querySelectorAll(".tp-here").forEach((here) => here.replaceChildren());
    training.forEach((h) => {
      const square = parts.squares.querySelector(`[data-square="${h.square}"] .tp-here`);
      if (square) square.append(chip(tools, h.colour, String(h.number)));
    });
  }

  function drawCourse(parts, tools, view) {
    const racing = ["entry", "sales", "nomination", "tote", "race", "over"].includes(view.phase);
    parts.course.section.hidden = !racing && view.phase !== "racecourse";
    const seen = new Set();
    const lanes = view.board.tracks.length;
    const gate = {};
    view.horses.filter((h) => h.length !== undefined).forEach((h) => {
      seen.add(h.number);
      let token = parts.tokens[h.number];
      if (!token) {
        token = make(tools, "div", String(h.number), `tp-horse tp-${h.colour}`);
        token.dataset.horse = h.number;
        parts.tokens[h.number] = token;
        parts.track.append(token);
      }
      // Horses at the gate share their lane's gate square: the second and third (the
      // board's three a lane) wait beside it, a length each to its left, so every
      // number shows; any more, and a horse sharing a length, are offset a little.
      const key = `${h.length}:${h.track}`;
      const slot = (gate[key] = (gate[key] || 0) + 1) - 1;
      const aside = h.length === 0 ? -Math.min(slot, 2) * parts.cell + Math.max(0, slot - 2) * 4 : slot * 4;
      const [left, top] = parts.spot(h.length, lanes - h.track);
      token.style.left = `${left + aside}px`;
      token.style.top = `${top}px`;
      token.title = say("on_course", { n: h.number, ...h });
      token.classList.toggle("tp-fallen", h.status === "fallen");
      token.classList.toggle("tp-nominated", view.players.some((p) => p.nominated === h.number));
    });
    for (const [number, token] of Object.entries(parts.tokens)) {
      if (!seen.has(Number(number))) { token.remove(); delete parts.tokens[number]; }
    }
    const done = parts.course.inner.querySelector(".tp-finish") || make(tools, "p", null, "tp-finish");
    done.textContent = view.finish.length ? say("past_post", { horses: view.finish.map(no).join(", ") }) : "";
    parts.course.inner.append(done);
  }

  // What the table did lately, newest first (the rules' own news, as the terminal prints
  // it): a player who was not looking sees what the others did before his turn.
  // The bids on the lot up are said too (the rules' news says the lot and its sale, not
  // each bid: a player who looked away would not know who bid what): each from the log
  // as the server sent it to this seat (so redacted as his view is). Once the lot is
  // sold its bids are said in one line before the sale ("The bids: Ann bid 5 guineas,
  // Bob bid 6 guineas"), so the story of the last lot stays readable when the next lot
  // comes up and its own bids follow. Each line goes where it was said in the log
  // (news_at: the log's length when the rules said it; a move comes before what it made).
  const TABLE_LINES = 6;
  function drawLately(parts, tools, frame, view) {
    const at = view.news_at || [];
    const news = view.news.map((text, i) => ({ text, at: at.length === view.news.length ? at[i] : Infinity, move: false }));
    const lines = [...news, ...lotBids(tools, frame, view)]
      .sort((a, b) => a.at - b.at || Number(b.move) - Number(a.move)).map((line) => line.text);
    const list = make(tools, "ul", null, "tp-said");
    lines.slice(-TABLE_LINES).reverse().forEach((line) => list.append(make(tools, "li", line)));
    parts.lately.section.hidden = !lines.length;
    parts.lately.inner.replaceChildren(list);
  }

  // "Ann bid 5 guineas", each bid on the lot up, from the log since it was offered; and
  // the bids on the last lot sold, in one line where its last bid was made.
  function lotBids(tools, frame, view) {
    const log = frame.log || [];
    const offered = log.map((entry, i) => (entry.action && entry.action.kind === "lot" ? i : -1)).filter((i) => i >= 0);
    if (!offered.length) return [];
    const bidsFrom = (start, end) => log.slice(start + 1, end)
      .filter((entry) => entry.action && entry.action.kind === "bid" && entry.words)
      .map((entry) => ({ text: say("lately_move", { name: tools.seatName(entry.player), move: entry.words }), at: entry.position + 1, move: true }));
    const up = view.lot && view.phase === "auction";
    const last = offered[offered.length - 1];
    const lines = up ? bidsFrom(last, log.length) : [];
    const sold = up ? offered[offered.length - 2] : last;
    if (sold !== undefined) {
      const bids = bidsFrom(sold, up ? last : log.length);
      if (bids.length) lines.push({ text: say("lately_bids", { bids: bids.map((b) => b.text).join(", ") }), at: bids[bids.length - 1].at, move: true });
    }
    return lines;
  }

  // The typed notices as the rules worded them (words.py: the terminal says the same),
  // newest first, numbered in the order they came: the last ten in sight, the older
  // folded under "N older notices" (a box of its own that scrolls, left open or shut as
  // the player left it). The board draws all of them, so the page's own "Notices" list,
  // the same lines again below it, is not drawn (homestretchBoard.drawsNotices).
  const NEWS_SHOWN = 10;
  let olderNewsOpen = false;
  function drawNews(parts, tools, frame) {
    const items = frame.notices.map((n, at) => {
      const item = make(tools, "li", typeof n.words === "string" && tools.noticeWords ? tools.noticeWords(n) : n.words);
      item.value = at + 1;
      item.dataset.type = n.type;
      return item;
    }).reverse();
    const older = items.splice(NEWS_SHOWN);
    const list = make(tools, "ol", null, "tp-notices");
    list.append(...items);
    const drawn = [list];
    if (older.length) {
      const fold = make(tools, "details", null, "tp-older");
      fold.open = olderNewsOpen;
      fold.addEventListener("toggle", () => { olderNewsOpen = fold.open; });
      fold.append(make(tools, "summary", tools.olderNotices(older.length)));
      const rest = make(tools, "ol", null, "tp-notices");
      rest.append(...older);
      fold.append(rest);
      drawn.push(fold);
    }
    parts.news.section.hidden = !frame.notices.length;
    parts.news.inner.replaceChildren(...drawn);
  }

  // What £1 on a horse brings back if it wins, the pool as it stands (T18: the clerk's
  // 10% rounded down, the rest shared by its tickets), as the terminal's Tote says it: a
  // bettor on a phone read only the pounds laid.
  function pays(pool, laid) {
    if (!laid) return W.nothing_laid;
    const back = (pool - Math.floor((pool * 10) / 100)) / laid;
    return say("pounds", { n: back < 100 ? back.toFixed(2) : back.toFixed(0) });
  }

  function drawTote(parts, tools, view) {
    parts.tote.section.hidden = view.short || !["tote", "race", "over"].includes(view.phase);
    const table = make(tools, "table", null, "tp-table tp-pad");
    const head = make(tools, "tr");
    const paying = view.phase !== "over";  // once paid out the pool is empty: nothing to say
    W.tote_columns.slice(0, paying ? undefined : -1).forEach((t) => head.append(make(tools, "th", t)));
    table.append(head);
    view.horses.filter((h) => ["running", "fallen", "finished", "out"].includes(h.status)).forEach((h) => {
      const row = make(tools, "tr");
      const name = make(tools, "td");
      name.append(chip(tools, h.colour, no(h.number)), ` ${h.name}`);
      const laid = view.tote.by_horse[String(h.number)] || 0;
      row.append(name, make(tools, "td", h.owner === null ? "" : tools.seatName(h.owner)), make(tools, "td", say("pounds", { n: laid })));
      if (paying) row.append(make(tools, "td", pays(view.tote.pool, laid)));
      row.dataset.horse = h.number;
      table.append(row);
    });
    const laid = Object.values(view.tote.by_horse).reduce((sum, n) => sum + n, 0);
    const pool = paying ? say("pool", view.tote) : say("pool_settled", { laid });
    parts.tote.inner.replaceChildren(table, make(tools, "p", pool, "tp-pool"));
  }

  // A horse on a coloured square ("No. 1 (black) is on a red square"): the card it may
  // play is of its own colour, and moves it on as far as that colour's squares do.
  const MOVE_ON = { black: 4, red: 3, yellow: 2, blue: 1 };
  function colourText(choice, asked) {
    const colour = asked && MOVE_ON[asked.colour] ? asked.colour : null;  // the rules' data, not the prompt's words
    const on = colour ? say(MOVE_ON[colour] === 1 ? "move_on_one" : "move_on_many", { n: MOVE_ON[colour] }) : W.move_on;
    const card = colour ? say("a_colour_card", { colour }) : W.any_colour_card;
    return {
      advantage: on[0].toUpperCase() + on.slice(1), white: W.white_instead,
      card: say("play_card", { card, on }), "card+white": say("play_card_white", { card }),
      stand: W.stand,
    }[choice] || null;
  }

  // A horse on a button: "No. 5 Copper Kettle (red)", as the view names it.
  function horseSaid(number, view) {
    const horse = view.horses.find((h) => h.number === number);
    return horse ? say("horse_coloured", { n: number, name: horse.name, colour: horse.colour }) : no(number);
  }

  // Moves in words: a lease card by its name, a horse by its number, name and colour,
  // "stay" first.
  function moveText(action, view, names) {
    const card = action.card || action.item;
    const named = card && names[card] ? names[card] : card;
    switch (action.kind) {
      case "reject": case "discard": case "lot": case "sell": return say(action.kind, { card: named });
      case "done": {  // at the Tote: what it ends (the owners' own window, or his betting)
        if (view.phase !== "tote") return W.done;
        return view.asked && view.asked.window === "own" ? W.done_own_bets : W.done_betting;
      }
      case "pass": return W.pass;
      case "bid": return say("bid", { guineas: guineas(action.guineas) });
      case "bet": return say("bet", action);
      // a horse by its name and colour too: "Nominate No. 5" sent a person to the
      // leases to find which horse No. 5 was
      case "use": {  // where the horse stands too (the course is out of sight on a phone)
        const at = view.horses.find((h) => h.number === action.horse);
        const horse = horseSaid(action.horse, view);
        if (!at || at.length === undefined) return say("use", { horse });
        return say(at.length === 0 ? "use_gate" : "use_at", { horse, length: at.length, track: at.track });
      }
      case "scratch": return say(action.kind, { horse: horseSaid(action.horse, view) });
      case "nominate": return action.horse ? say("nominate", { horse: horseSaid(action.horse, view) }) : W.nominate_nobody;
      case "track": {
        const here = view.crossing ? view.crossing[1] : null;
        return action.track === here ? say("stay", { track: here }) : say("cross", action);
      }
      case "report": return say("report", { deck: W.decks[action.deck] || say("some_report", action), horse: action.horse });
      case "throw": return W.throw;
      case "offer": return action.pounds ? say("offer", action) : W.no_offer;
      case "join": return action.yes ? W.join : W.not_join;
      case "accept": return action.yes ? W.accept : W.refuse;
      case "special": return action.yes ? W.play_kept : W.keep_kept;
      case "colour": return colourText(action.choice, view.asked);
      default: return null;
    }
  }

  // Why a move was refused, said where it was made (the page's own error line is at its
  // top, scrolled off on a phone) until the table moves on: a typed amount under its
  // box; a button's move (refused because someone moved first, say), or an amount whose
  // box is gone with the turn, in the board's own line just under the moves. Kept for a
  // reload at the same version (tools.refusals), as what was typed in its box is.
  const REFUSED = "tp-refusal";
  function sayRefusal(tools) {
    document.querySelectorAll(".tp-refused").forEach((line) => line.remove());
    const refusal = tools.refusals ? tools.refusals.get(REFUSED) : null;  // null once the table moved on
    const now = Boolean(refusal);
    const board = document.getElementById("tp-refusal");
    const where = (now && document.querySelector(`.tp-amount-${refusal.kind}`)) || (now && board && board.querySelector(".tp-inner"));
    if (board) board.hidden = !where || !board.contains(where);
    if (!where) return;
    const line = document.createElement("p");
    line.className = "tp-refused";
    line.setAttribute("role", "alert");
    line.textContent = refusal.text;
    where.append(line);
  }
  async function sendMove(tools, action, kind) {
    const answer = await tools.send({ action }, TYPED);
    if (tools.refusals) tools.refusals.set(REFUSED, answer.refused ? { kind, text: answer.refused } : null);
    sayRefusal(tools);
    if (answer.refused && document.querySelector(".tp-refused")) tools.showError("");  // said on the board, not twice
  }

  // What is typed in the amount boxes (and the horse picked to back) is kept for this
  // table and seat through a reload (tools.draft) until the player makes a move: every
  // move of his ends the decision they were typed for (a move refused keeps them). An amount kept that the box's
  // bounds no longer take (typed before another's bid raised the least, and shown again
  // after his bid was refused as stale) is said at once by the box's own line, in the
  // rules' words: he sees why before pressing, and what he typed is his to change.
  const TYPED = ["bid", "bet", "offer", "bet-horse"].map((key) => `tp-${key}`);
  function kept(tools, field, key) {
    // the key is the field's data-keep too: a field being typed in when the board is
    // drawn anew (another's move, a phone turned) is found again by it, and keeps the
    // focus and the caret (table.js fieldKey), the phone's keyboard up
    field.dataset.keep = key;
    const value = tools.draft.get(key);
    if (value !== undefined && (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value))) field.value = value;
    if (value !== undefined && tools.sayHeld) tools.sayHeld(field);
    const typed = () => tools.draft.set(key, field.value);
    field.addEventListener("input", typed);
    field.addEventListener("change", typed);
  }

  // A bid, a bet or an offer may be any whole amount, not only the listed steps: a
  // box to type it in beside the buttons (the rules check it and say why if not).
  function amountForm(tools, kind, legal, view) {
    const form = make(tools, "form", null, `tp-amount tp-amount-${kind}`);
    const what = { bid: "guineas", bet: "pounds", offer: "pounds" }[kind];  // the action's field
    const input = make(tools, "input");
    // a text box (its caret kept through a redraw); a bid no more than the last one, a
    // stake or an offer outside what the rules take, a bid above what he can pay (the
    // view's ``amounts``: least, most and the rules' words for each) is said beside it
    // before it is sent (amount-boxes.js)
    const high = kind === "bid" && view.lot ? view.lot.bid || 0 : null;
    const bounds = view.amounts ? view.amounts[kind] : null;
    if (bounds) tools.wholeBox(input, bounds.least, bounds.below, bounds.most, bounds.above);
    else if (high === null) tools.wholeBox(input);
    else tools.wholeBox(input, high + 1, say("bid_more_than", { guineas: guineas(high) }));
    input.required = true;
    input.name = what;
    input.setAttribute("aria-label", say("amount_label", { kind: W.amount_buttons[kind], unit: W.units[kind] }));
    let horse = null;
    if (kind === "bet") {
      horse = make(tools, "select");
      horse.name = "horse";
      horse.setAttribute("aria-label", W.horse_to_back);
      for (const h of new Set(legal.map((l) => l.action.horse))) {
        const runner = view.horses.find((one) => one.number === h);
        const option = make(tools, "option", runner ? say("horse", { n: h, name: runner.name }) : no(h));
        option.value = String(h);
        horse.append(option);
      }
      form.append(horse);
    }
    input.placeholder = W.units[kind];
    const go = make(tools, "button", W.amount_buttons[kind], "tp-move");
    go.type = "submit";
    form.append(input, go);
    kept(tools, input, `tp-${kind}`);
    if (horse) kept(tools, horse, "tp-bet-horse");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const action = { kind, [what]: Number(input.value) };
      if (horse) action.horse = Number(horse.value);
      await sendMove(tools, action, kind);
    });
    return form;
  }

  function cardNames(view) {
    // every lease card by its id (content.py's, kept out of the view: a seat's frame holds
    // no card id it may not see); a log line names a card thrown away long ago by it
    const names = {};
    const horse = (n, h) => say("horse_coloured", { n, name: h.name, colour: h.colour });
    for (const h of view.horses) names[`lease:horse-${String(h.number).padStart(2, "0")}`] = horse(h.number, h);
    for (const [id, name] of Object.entries(view.board.businesses)) names[`lease:${id}`] = name;
    for (const key of ["hand", "leases", "known_lots"]) for (const c of view[key] || []) names[c.card] = c.horse !== undefined ? horse(c.horse, c) : c.name;
    if (view.lot) names[view.lot.card] = view.lot.horse !== undefined ? say("horse", { n: view.lot.horse, name: view.lot.name }) : view.lot.name;
    // what a player may sell: a kept card, a horse, an advantage card of a colour
    for (const p of view.players) for (const k of p.kept) names[k.id] = say("kept_card", { name: W.specials[k.special] || k.special });
    for (const h of view.horses) names[`horse:${h.number}`] = horse(h.number, h);
    for (const colour of Object.keys(MOVE_ON)) names[`colour:${colour}`] = say("advantage_card", { colour });
    return names;
  }

  // The moves are made again only when the table has moved on: a push at the same
  // version (someone else connecting) or a redraw (a phone's keyboard opening) keeps an
  // amount half typed, and the box keeps the focus.
  function drawMoves(parts, tools, frame, view) {
    const names = cardNames(view);
    const drawn = `${frame.version}:${frame.seat}`;
    if (parts.movesDrawn !== drawn) {
      parts.movesDrawn = drawn;
      makeMoves(parts, tools, frame, view, names);
    }
    // The generic page's buttons and list, folded below, say the same in words.
    document.querySelectorAll("#actions button, #legal-select option").forEach((node) => {
      const source = node.dataset.action || node.value;
      if (!source) return;
      try {
        const words = moveText(JSON.parse(source), view, names);
        if (words) node.textContent = words;
      } catch (error) { /* not an action of ours */ }
    });
  }

  function makeMoves(parts, tools, frame, view, names) {
    const inner = parts.moves.inner;
    inner.replaceChildren();
    parts.moves.section.hidden = !frame.legal.length;
    const amounts = ["bid", "bet", "offer"];
    // A bet is a horse and a stake: the box beside the horses' list says it in one line
    // (a button for every horse and listed stake made a wall of them on a phone).
    const many = frame.legal.length > 40;
    // what he holds, said over a bid, a stake or an offer he types (the players' table
    // with his cash is a long scroll below on a phone)
    const me = view.players.find((p) => p.seat === view.you);
    if (me && me.cash !== null && frame.legal.some((l) => amounts.includes(l.action.kind))) {
      inner.append(make(tools, "p", say("you_hold", { n: me.cash }), "tp-held"));
    }
    // at the Tote "No more bets" goes under the ticket's box, not over it (see done_betting)
    const last = view.phase === "tote" && frame.legal.some((l) => l.action.kind === "bet") ? ["done"] : [];
    const button = (legal) => {
      const node = make(tools, "button", moveText(legal.action, view, names) || legal.text, "tp-move");
      node.type = "button";
      node.dataset.action = JSON.stringify(legal.action);
      node.addEventListener("click", () => sendMove(tools, legal.action, "button"));
      return node;
    };
    for (const legal of frame.legal) {
      if (legal.action.kind === "bet" || (many && amounts.includes(legal.action.kind))) continue;
      if (!last.includes(legal.action.kind)) inner.append(button(legal));
    }
    for (const kind of amounts) {
      const ofKind = frame.legal.filter((l) => l.action.kind === kind);
      if (ofKind.length) inner.append(amountForm(tools, kind, ofKind, view));
    }
    frame.legal.filter((l) => last.includes(l.action.kind)).forEach((legal) => inner.append(button(legal)));
    if (biddingOn(frame, view)) inner.append(standingForm(tools, frame, view));
    sayRefusal(tools);
  }

  // A standing order on the lot up: the bidding goes round again after every bid (T5:
  // a player who passed may come back in), so a player out of it is asked again and
  // again. "Pass on this lot" or "Bid for me up to N" is answered by this page for him
  // each time he is asked on this lot (a guinea over the last bid while that is N or
  // less, else a pass), shown on the block with a button to cancel it; kept for the
  // table and seat through a reload (tools.draft), dropped once the lot is sold.
  const STANDING = "tp-standing";
  const biddingOn = (frame, view) => view.phase === "auction" && view.lot && frame.legal.some((l) => l.action.kind === "pass")
    && frame.legal.some((l) => l.action.kind === "bid");
  function standing(tools, view) {
    const order = tools.draft.get(STANDING);
    return order && view.lot && order.card === view.lot.card ? order : null;
  }
  function standingForm(tools, frame, view) {
    const form = make(tools, "form", null, "tp-standing-form");  // not a .tp-amount: the bid's box is found as it was
    const pass = make(tools, "button", W.standing_pass, "tp-move tp-standing-pass");
    pass.type = "button";
    pass.dataset.anyTurn = "";  // kept by the page, whoever is asked (table.js: held through a frame)
    pass.addEventListener("click", () => setStanding(tools, { card: view.lot.card, kind: "pass", n: 0 }));
    const limit = make(tools, "input");
    // the page bids for him no more than he may bid: the bid box's most (what he can pay,
    // commission and all: the view's ``amounts``) bounds the limit too, in its words
    const bid = view.amounts ? view.amounts.bid : null;
    Object.assign(tools.wholeBox(limit, 1, null, bid ? bid.most : null, bid ? bid.above : null), { required: true });
    limit.name = "limit";
    limit.setAttribute("aria-label", W.standing_label);
    limit.placeholder = W.units.bid;
    kept(tools, limit, "tp-standing-limit");
    const upto = make(tools, "button", W.standing_upto, "tp-move tp-standing-upto");
    upto.type = "submit";
    upto.dataset.anyTurn = "";
    form.append(pass, upto, limit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      setStanding(tools, { card: view.lot.card, kind: "upto", limit: Number(limit.value), n: 0 });
    });
    return form;
  }
  function setStanding(tools, order) {
    if (order) tools.draft.set(STANDING, order);
    else tools.draft.drop([STANDING]);
    if (shown) window.homestretchBoard(...shown);  // shown on the block, and answered now
  }
  // What the order answers now: a guinea over the last bid, or a pass.
  function standingMove(order, frame, view) {
    const next = (view.lot.bid || 0) + 1;
    const bid = frame.legal.find((l) => l.action.kind === "bid" && l.action.guineas === next);
    if (order.kind === "upto" && bid && next <= order.limit) return bid.action;
    return { kind: "pass" };
  }
  let answeredAt = null;  // the version the standing order last answered
  function answerStanding(tools, frame, view) {
    const order = standing(tools, view);
    if (!order || tools.mode === "replay" || !frame.your_turn || !biddingOn(frame, view)) return;
    if (answeredAt === frame.version) return;
    answeredAt = frame.version;
    tools.draft.set(STANDING, { ...order, n: order.n + 1 });
    sendMove(tools, standingMove(order, frame, view), "standing");
  }
  function drawStanding(parts, tools, frame, view) {
    const order = standing(tools, view);
    if (!order && tools.draft.get(STANDING) && (view.phase !== "auction" || view.lot)) tools.draft.drop([STANDING]);  // its lot is gone
    if (!order) return;
    const box = make(tools, "div", null, "tp-standing");
    const lot = view.lot.horse !== undefined ? no(view.lot.horse) : view.lot.name;
    const text = order.kind === "pass" ? say("standing_passing", { lot, n: order.n })
      : say("standing_bidding", { lot, limit: guineas(order.limit), n: order.n });
    const cancel = make(tools, "button", W.standing_cancel, "tp-move tp-standing-cancel");
    cancel.type = "button";
    cancel.dataset.anyTurn = "";
    cancel.addEventListener("click", () => setStanding(tools, null));
    box.append(make(tools, "p", text), cancel, make(tools, "p", W.standing_note, "tp-legend"));
    parts.lot.inner.append(box);
  }

  // The part of the board the game is at comes up under the moves (on a phone the
  // racecourse was a long scroll below the cards and the players, out of sight of the
  // "which horse takes the throw?" it answers); the rest keep their places.
  // At the Tote the pad (what is laid on each horse) comes first, then the course: on a
  // phone the pad was a long scroll below the course, the cards and the players, out of
  // sight of the bet it prices.
  const AT_STAKE = { auction: ["lot"], training: ["ring"], tote: ["tote", "course"] };
  const ON_THE_COURSE = ["racecourse", "entry", "sales", "nomination", "tote", "race", "over"];
  function putFirst(parts, phase) {
    const first = AT_STAKE[phase] || (ON_THE_COURSE.includes(phase) ? ["course"] : []);
    const names = Object.keys(parts).filter((name) => parts[name] && parts[name].section);
    const top = ["status", "moves", "refusal", ...first];
    const order = [...top, ...names.filter((n) => !top.includes(n))];
    order.forEach((name, at) => { if (name && parts[name]) parts[name].section.style.order = String(at); });
  }

  // The board is drawn again when its width changes (a phone turned: the course and the
  // ring are drawn to the width), through the page (tools.drawAgain, table.js drawBoard),
  // which gives the field being typed in its focus and caret back; drawn straight from
  // here, a bid half typed lost the focus and the phone's keyboard shut. Its height alone
  // (the keyboard coming up, the address bar folding) leaves the board as it is drawn.
  let shown = null;  // the last frame drawn (setStanding draws it again)
  let drawnWidth = null;  // the board's width when last drawn
  window.addEventListener("resize", () => {
    if (shown && shown[1].clientWidth !== drawnWidth) shown[2].drawAgain();
  });

  window.homestretchBoard = (frame, box, tools) => {
    const view = frame.view;
    if (!view || !view.board) return;
    W = view.page;
    shown = [frame, box, tools];
    drawnWidth = box.clientWidth;
    // a refusal at the top of the page is stale once the table has moved on
    if (box.tpVersion !== undefined && frame.version > box.tpVersion && tools.mode !== "replay") tools.showError("");
    box.tpVersion = frame.version;
    const room = roomFor(box);
    const fitted = courseRows(view.board, room);
    const layout = `${JSON.stringify(view.board)} ${fitted.perRow} ${fitted.cell} ${ringShape(view.board.ring_size, room).columns}`;
    if (!box.tpParts || box.tpLayout !== layout) {
      box.tpParts = skeleton(box, tools, view.board);
      box.tpLayout = layout;
    }
    const parts = box.tpParts;
    drawStatus(parts, tools, frame, view);
    drawMoves(parts, tools, frame, view);
    drawLately(parts, tools, frame, view);
    drawHand(parts, tools, view);
    drawPlayers(parts, tools, view);
    drawLot(parts, tools, view);
    drawStanding(parts, tools, frame, view);
    drawNews(parts, tools, frame);
    drawRing(parts, tools, view);
    drawCourse(parts, tools, view);
    drawTote(parts, tools, view);
    putFirst(parts, view.phase);
    answerStanding(tools, frame, view);
  };
  window.homestretchBoard.drawsNotices = true;  // in its "Money and cards" (drawNews)
  // What the board's buttons mean besides the seat's moves (table.js decisionOf): the
  // lot up (a standing order's "Cancel" is for it) and the phase. Another player's bid
  // that leaves them as they were leaves a finger's tap on "Cancel" where it is.
  window.homestretchBoard.decision = (frame) => {
    const view = frame.view || {};
    return [view.phase, view.lot ? view.lot.card : null];
  };
})();
