// Derby Cast's own board: one script, three pages, each drawn from the frame its page
// is sent. The spectator link (a TV on the wall) shows the Odds Advancement Table, the
// race card, the picks once closed, the official result and the winner. A marker's seat
// link (a phone) picks a horse and Win/Place/Show in two taps. The score keeper's seat
// link is the keeper's desk: the card (typed, from a day's card file, or a race Top of
// the Stretch runs), closing picks, the result for review, official, and corrections.
// With sealed picks a phone sends its pick as one ticket the other seats cannot read.
// Everything is sent as the game's own actions; the server checks them.
"use strict";
(() => {
  const BETS = ["win", "place", "show"];
  const FINISH = 20; // points must be greater than this (section 4)
  const LANES = 12; // markers 13-20 trail the marker of the row ahead (section 1)
  let tapped = null; // the phone's first tap: { race, horse }
  let refused = null; // a phone's move refused: { text, version, where } (said where it was made)
  let deskDrawn = null; // the version the desk's forms were drawn for (keeps typing)
  let kept = { form: null, values: {}, open: new Set() }; // what the keeper typed, kept over a redraw
  // The pages read a race's call one part at a time, each part for the server's pace (the
  // frame's ``pace``, seconds: ``serve --call-pace``): with a computer keeper the server
  // holds the result that long, so every screen tells the call first, the result after.
  const CALL_STEP_MS = 1800; // a frame from a server that did not say its pace
  const stepMs = () => (latest && typeof latest[0].pace === "number" ? latest[0].pace * 1000 : CALL_STEP_MS);
  let call = { key: null, start: null, timer: null }; // the call read, from when (this page's clock)
  let latest = null; // the frame last drawn, for the call's timer

  function make(tools, tag, text, cls, attrs) {
    const node = tools.el(tag, text, cls);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    return node;
  }

  // A line of the rules' words with each price kept whole: "at 9-2" never broken into
  // "9-" and "2" at the end of a phone's line.
  function priced(tools, tag, text, cls) {
    const node = make(tools, tag, null, cls);
    text.split(/(\d+-\d+)/).forEach((piece, i) => {
      node.append(i % 2 ? make(tools, "span", piece, "dc-odds") : document.createTextNode(piece));
    });
    return node;
  }

  function button(tools, text, onClick, attrs) {
    const node = make(tools, "button", text, "", { type: "button", ...(attrs || {}) });
    node.addEventListener("click", onClick);
    return node;
  }

  // --- the TV ------------------------------------------------------------------------
  // Its headings, labels and the card's lines are the rules' words (derbycast/rules/words.py,
  // view.captions and card.words), as the phones' and the desk's buttons are.
  function advancementTable(view, tools) {
    const says = view.captions;
    const table = make(tools, "table", null, "dc-oat", { "aria-label": says.board });
    const head = make(tools, "tr");
    head.append(make(tools, "th", says.lane), make(tools, "th", says.gate));
    for (let space = 1; space <= FINISH; space += 1) head.append(make(tools, "th", space));
    head.append(make(tools, "th", says.finish));
    table.append(head);
    const lanes = Math.min(LANES, view.board.length);
    for (let lane = 1; lane <= lanes; lane += 1) {
      const row = make(tools, "tr");
      row.append(make(tools, "th", lane));
      const cells = [];
      for (let space = 0; space <= FINISH + 1; space += 1) {
        const cell = make(tools, "td", null, space === FINISH + 1 ? "dc-finish" : space === 0 ? "dc-gate" : "");
        cells.push(cell);
        row.append(cell);
      }
      for (const marker of view.board.filter((m) => (m.marker - 1) % LANES === lane - 1)) {
        const trailing = marker.marker > LANES;
        const chip = make(tools, "span", marker.marker, trailing ? "dc-chip dc-trail" : "dc-chip", {
          "data-marker": marker.marker,
          title: marker.title,
        });
        const cell = cells[Math.min(marker.points, FINISH + 1)];
        if (trailing) cell.append(chip); // behind the marker of the row ahead
        else cell.prepend(chip);
      }
      table.append(row);
    }
    return table;
  }

  // Where each marker stands, most points first, as the rules word it
  // (derbycast/rules/words.py: the terminal's board says the same).
  // Captioned: on a phone it comes under the card or the last race's lines, and a list of
  // points without a heading there reads as more of the race's.
  function standings(view, tools) {
    const box = make(tools, "section", null, "dc-standings-box");
    const list = make(tools, "ul", null, "dc-standings", { "aria-label": view.captions.standings });
    for (const row of view.standings) {
      const item = make(tools, "li", row.words);
      item.dataset.marker = row.marker;
      list.append(item);
    }
    box.append(make(tools, "h3", view.captions.standings, "dc-standings-head"), list);
    return box;
  }

  function standingOf(view, marker) {
    return view.standings.find((row) => row.marker === marker).words;
  }

  // The card, its picks by name (a phone's own as 'you'): the view's words for its reader.
  function raceCard(view, tools, showPicks, captioned = true) {
    const card = view.card;
    const says = view.captions;
    const table = make(tools, "table", null, "dc-card");
    if (captioned) table.append(make(tools, "caption", card.words.caption)); // (a phone's heads it)
    const head = make(tools, "tr");
    for (const title of [says.program, says.horse, says.odds, says.spaces, ...(showPicks ? [says.picked_by] : [])]) {
      head.append(make(tools, "th", title));
    }
    table.append(head);
    card.horses.forEach((horse, i) => {
      const words = card.words.rows[i];
      const row = make(tools, "tr", null, card.scratched.includes(horse) ? "dc-scratched" : "");
      row.dataset.program = card.programs[i];
      const name = make(tools, "td", words.name);
      if (words.yours) { // a phone's own pick, set apart in the card as on its buttons
        row.classList.add("dc-yours");
        row.dataset.yours = words.your_bet;
        name.append(yourBadge(tools, words.yours));
      }
      // the pick under the name, shown where the picks' own column leaves no room (below)
      if (showPicks && words.picked_by) name.append(make(tools, "span", words.picked_by, "dc-picked-in"));
      row.append(make(tools, "td", card.programs[i]), name,
        priced(tools, "td", words.odds), make(tools, "td", words.spaces, "dc-spaces"));
      if (showPicks) row.append(make(tools, "td", words.picked_by));
      table.append(row);
    });
    return table;
  }

  // "Your pick: win" on a phone's own horse, in a badge of its own: only "picked by you
  // (win)" under its name, in the field's small grey, set it apart, and a family's phone
  // among fourteen horses did not show at a glance which was its own. The line under
  // the name then names only the others who picked it (words.py's picked_line).
  function yourBadge(tools, words) {
    return make(tools, "span", words, "dc-your-pick");
  }

  // Open picks are shown as they are made, as at the table (R7); sealed ones once picks
  // close (R22).
  function picksShown(view) {
    return !(view.sealed && view.picks_open);
  }

  // The last official race as the rules word it: its title, the first four home and
  // what each pick earned (the terminal prints the same report). On a phone (``marker``,
  // its own) its own pick's line comes first (third of three, on a narrow screen with
  // long names, it fell below the first screen); with more picks than FOLDED_PICKS only
  // its own is shown and every pick is folded under it: twenty markers' lines were some
  // 900 px of a 667 px screen.
  const FOLDED_PICKS = 4;
  let allPicksOpen = { key: null, open: false };
  function lastRace(view, tools, withCall, marker) {
    const last = view.last_race;
    const words = last.words;
    const box = make(tools, "section", null, "dc-last");
    box.append(make(tools, "h3", words.title));
    const finish = make(tools, "ol", null, "dc-result");
    for (const line of words.finish) finish.append(priced(tools, "li", line));
    const moves = make(tools, "ul", null, "dc-moves");
    const folded = marker !== undefined && words.picks.length > FOLDED_PICKS;
    words.picks.forEach((line, i) => {
      if (last.picks[i].marker === marker) moves.prepend(priced(tools, "li", line, "dc-own-pick"));
      else if (!folded) moves.append(priced(tools, "li", line));
    });
    box.append(finish, moves);
    // a pick in the money that scored nothing, and why (the table gives a show at 5-2 no
    // spaces): "1st at 5-2: +0" alone read as a mistake
    if (words.nothing) box.append(priced(tools, "p", words.nothing, "dc-nothing"));
    if (folded) box.append(allPicks(view, tools));
    if (withCall && last.call) box.append(lastCall(view, tools));
    return box;
  }

  // Every pick of the last race, folded on a phone (opened or shut as its reader left it).
  function allPicks(view, tools) {
    const last = view.last_race;
    const key = `${last.race}:${last.name}`;
    if (allPicksOpen.key !== key) allPicksOpen = { key, open: false };
    const fold = make(tools, "details", null, "dc-all-picks");
    fold.open = allPicksOpen.open;
    fold.addEventListener("toggle", () => { if (allPicksOpen.key === key) allPicksOpen.open = fold.open; });
    fold.append(make(tools, "summary", `${view.captions.all_picks} (${last.words.picks.length})`));
    const list = make(tools, "ul", null, "dc-moves");
    for (const line of last.words.picks) list.append(priced(tools, "li", line));
    fold.append(list);
    return fold;
  }

  // On a phone, the last race's call (a race Top of the Stretch ran) under its result,
  // folded: the race as the TV and the terminal call it, opened when wanted and left
  // open or shut as the player left it while the next frames come.
  let lastCallOpen = { key: null, open: false };
  function lastCall(view, tools) {
    const last = view.last_race;
    const key = `${last.race}:${last.name}`;
    if (lastCallOpen.key !== key) lastCallOpen = { key, open: false };
    const fold = make(tools, "details", null, "dc-last-call", { "data-key": key });
    fold.open = lastCallOpen.open;
    fold.addEventListener("toggle", () => { if (lastCallOpen.key === key) lastCallOpen.open = fold.open; });
    fold.append(make(tools, "summary", view.captions.call));
    for (const part of last.call) {
      const line = make(tools, "p");
      line.append(make(tools, "b", `${part.heading}. `), document.createTextNode(part.words));
      fold.append(line);
    }
    return fold;
  }

  // The race call of a race Top of the Stretch ran, read out a part at a time on the TV
  // while the result is under review: the pace, the form, trouble, the stretch, the wire.
  // Every screen times the reading from when the table reached the review, by the
  // server's clock (the frame's ``since``), so a TV reloaded or opened late shows the
  // part every other TV shows. Once the result is official (or where the server does not
  // know when: a log stored before the store kept the time) the call is shown whole.
  function raceCall(parts, key, tools, since, says) {
    const shown = partsRead(parts, key, since);
    const box = make(tools, "section", null, "dc-call", { "aria-label": says.call_label });
    box.append(make(tools, "h3", says.call));
    for (const part of parts.slice(0, shown)) {
      const line = make(tools, "p");
      line.append(make(tools, "b", `${part.heading}. `), document.createTextNode(part.words));
      box.append(line);
    }
    return box;
  }

  // How many parts of the call are read by now (the page drawn again when the next is due).
  function partsRead(parts, key, since) {
    const start = typeof since === "number" ? Date.now() - since * 1000 : null;
    if (call.key !== key) {
      if (call.timer) clearTimeout(call.timer);
      call = { key, start, timer: null };
    } else if (start === null) {
      call.start = null; // official, a replay, or not known: whole
    } else if (call.start !== null) {
      call.start = Math.min(call.start, start); // a later push came later: keep the first
    } // (a call once shown whole stays whole)
    const step = stepMs();
    const elapsed = call.start === null || step <= 0 ? Infinity : Date.now() - call.start;
    const shown = Math.min(parts.length, 1 + Math.floor(elapsed / step));
    if (call.timer) clearTimeout(call.timer);
    call.timer = null;
    if (shown < parts.length) { // drawn again when the next part is due
      call.timer = setTimeout(() => { call.timer = null; drawAgain(); },
        step - (elapsed % step) + 20);
    }
    return shown;
  }

  // The race under review whose call is read: the TV's, a phone's and the desk's alike.
  function callKey(view) {
    return `${view.race}:${view.card.race}`;
  }

  function sealedNote(view, tools) {
    return make(tools, "p", view.sealed_note, "dc-sealed");
  }

  // The latest notice of a type, as the rules worded it (derbycast/rules/words.py: the
  // terminal prints the same words).
  function told(frame, type) {
    const found = frame.notices.filter((n) => n.type === type);
    return found.length ? found[found.length - 1].words : "";
  }

  function winners(frame, tools) {
    return make(tools, "p", told(frame, "winner"), "dc-winner");
  }

  // In two columns on a wide screen (derbycast.css, .dc-tv): the board, the standings and
  // the card on the left, what the table is doing, the call and the last race on the
  // right. In one column, a 1920 x 1080 TV showed only the call's first part ("The
  // pace") under a field of fourteen, the rest off the screen nobody scrolls; on a
  // narrow screen the two stack, in the same order as before.
  function drawTv(frame, box, tools) {
    const view = frame.view;
    if (frame.over) box.append(winners(frame, tools));
    if (view.tie_break.length && !frame.over) box.append(make(tools, "p", told(frame, "tie-break"), "dc-tie"));
    const main = make(tools, "div", null, "dc-tv-main");
    const side = make(tools, "div", null, "dc-tv-side");
    const columns = make(tools, "div", null, "dc-tv");
    columns.append(main, side);
    box.append(columns);
    main.append(advancementTable(view, tools), standings(view, tools));
    if (view.card) {
      main.append(raceCard(view, tools, picksShown(view)));
      if (view.sealed_note) main.append(sealedNote(view, tools));
    }
    if (view.status) side.append(make(tools, "p", view.status, "dc-status"));
    // whom the table waits for is the page's heading's to say, once, at the top of the
    // screen where the eye starts, with who is not here ("waiting for Kit (not here)"):
    // said here again by marker, twenty markers picking took some eight lines of the
    // same names beside the card, pushing the call and the last race off the screen
    const reading = tools.mode !== "replay"; // the call is in the view only under review
    if (view.call) side.append(raceCall(view.call, callKey(view), tools, reading ? frame.since : null, view.captions));
    if (view.last_race) side.append(lastRace(view, tools));
    // the last race's call under its result: drawn above it, it stood under the next
    // race's card and "They're off" as if it were that race's call
    if (view.last_race && view.last_race.call && !view.call) side.append(tvLastCall(view, tools));
  }

  // The last race's call on the TV once the next race is on (it was read out part by part
  // while that race was under review): shown whole under its result, folded under its
  // heading (a summary, opened again with a click or Enter) where it would run off the
  // screen (fitTheTv). Twenty markers' picks put it some 600 px below a 1080 px TV, cut
  // mid-line; a family picking from the next card wants that card and the last result,
  // the points each pick made, whole, more than a call they heard read out already.
  let tvCallOpen = { key: null, open: null }; // null: as the screen has room
  function tvLastCall(view, tools) {
    const last = view.last_race;
    const key = `${last.race}:${last.name}`;
    if (tvCallOpen.key !== key) tvCallOpen = { key, open: null };
    const fold = make(tools, "details", null, "dc-call", { "aria-label": view.captions.call_label, "data-key": key });
    fold.open = true;
    const summary = make(tools, "summary");
    summary.append(make(tools, "h3", view.captions.call));
    // the reader's click (or Enter) is kept; a fold made by fitTheTv is not
    summary.addEventListener("click", () => { if (tvCallOpen.key === key) tvCallOpen.open = !fold.open; });
    fold.append(summary);
    for (const part of last.call) {
      const line = make(tools, "p");
      line.append(make(tools, "b", `${part.heading}. `), document.createTextNode(part.words));
      fold.append(line);
    }
    return fold;
  }

  // A TV in two columns (derbycast.css), which nobody scrolls: its type as large as what
  // it must show whole still fits the screen (fitTheType), the last race's call folded
  // where it would run past the screen's bottom at that type (unless its reader opened
  // it), twenty markers' lowest standings folded into one line where they would
  // (foldTheStandings), and the first line the bottom edge cuts, in each column and in
  // the page's own lines under the board (its Seats, Notices, Log), moved wholly below
  // it: half a line is read by nobody, and a laptop that scrolls finds it whole there.
  // (a folded part's lines keep their boxes in Chromium, its content hidden, not gone)
  const shown = (node) => (node.checkVisibility ? node.checkVisibility() : node.getClientRects().length > 0);
  const top = (node) => node.getBoundingClientRect().top + window.scrollY;
  const bottom = (node) => node.getBoundingClientRect().bottom + window.scrollY;
  function fitTheTv(box, view) {
    document.documentElement.style.fontSize = ""; // the css's size, then fitted down
    for (const line of document.querySelectorAll("[data-moved]")) { // moved by the last fit
      line.style.marginTop = "";
      delete line.dataset.moved;
    }
    unfoldTheStandings(box); // folded by the last fit
    const columns = box.querySelector(".dc-tv");
    if (!columns) return;
    const beside = columns.querySelector(".dc-tv-side > .dc-standings-box"); // put there by the last fit
    if (beside) columns.querySelector(".dc-tv-main").append(beside);
    box.dataset.fits = String(Number(box.dataset.fits || 0) + 1); // the fits made, for its tests
    watchTheTv();
    if (getComputedStyle(columns).display !== "grid") return;
    const edge = window.innerHeight;
    const fold = columns.querySelector("details.dc-call");
    const chosen = tvCallOpen.open !== null; // opened or shut by its reader, left so
    // The type fitted to what must be whole, the call folded; the call then opened only
    // where it fits at that type. At 1280 x 720 a family's call that fitted at 14.4 px
    // was kept open at 14.4, every line of the TV smaller, where a longer call was
    // folded and the rest read at 16: the call was read out part by part while its race
    // was under review, and one click opens it; the card and the last result are read
    // from the sofa.
    if (fold) fold.open = chosen ? tvCallOpen.open : false;
    fitTheType(columns, edge);
    if (fold && !chosen) fold.open = true;
    if (fold && !chosen && bottom(fold) > edge + 0.5) fold.open = false;
    if (view) standingsOnTheScreen(columns, edge, view);
    for (const column of columns.children) moveTheCutLine(column.querySelectorAll("h3, li, p, caption, summary"), edge);
    moveTheCutLine(document.querySelectorAll("#board-box ~ :is(section, footer) :is(h2, h3, li, p, summary, caption)"), edge);
    sizesFitted();
  }

  // The first of ``lines`` (in the page's order) the screen's bottom edge cuts, moved
  // wholly below it: what follows it is below the edge too.
  function moveTheCutLine(lines, edge) {
    for (const line of lines) {
      if (!shown(line)) continue; // folded
      if (top(line) >= edge) continue; // (the standings come after the card on the screen)
      if (bottom(line) <= edge + 0.5) continue;
      // again where its margin collapsed into its list's (the first of the twenty
      // standings at 1920 x 1080 moved 2.5 px of 6.8, still cut; the Seats' first line,
      // 6 px over the edge under its list's 21.6 px margin, not at all in three tries)
      for (let tries = 0; tries < 8 && top(line) < edge - 0.5; tries += 1) {
        const margin = parseFloat(getComputedStyle(line).marginTop) || 0;
        line.style.marginTop = `${margin + edge - top(line)}px`;
        line.dataset.moved = "";
      }
      return;
    }
  }

  // The standings under the card, their lowest folded (foldTheStandings); beside it,
  // under what the table is doing, where not even the leader's line and the fold fit
  // under it: twenty markers picking, sealed, at 1280 x 720 (the card's eight horses and
  // the sealed note under the board reach the screen's bottom) showed nobody's standing,
  // the standings starting below the screen, while the right column stood half empty
  // under "Waiting for P1 ... to pick". Beside it only where they are then on the screen
  // (whole, or their lowest folded); else under the card as before. In a later race the
  // last race's result fills that column (twenty markers' picks, the call's heading):
  // the standings then go above it, under the status, where they fit there. At 1280 x 720
  // a second race's sealed picking showed the standings' heading alone at the bottom
  // (P1's line, the leader, was the one at 1920 x 1080), every marker's points below the
  // screen while the last race's twenty pick lines (each "+0" but four) stood beside;
  // where everyone stands is what a family reads between races, the last race's lines
  // then as far as they fit (each whole, the rest below the screen).
  function standingsOnTheScreen(columns, edge, view) {
    foldTheStandings(columns, edge, view);
    const main = columns.querySelector(".dc-tv-main");
    const side = columns.querySelector(".dc-tv-side");
    const box = main.querySelector(":scope > .dc-standings-box");
    if (!box || !side || standingsOpen.open || standingsShown(box, edge)) return;
    const last = side.querySelector(":scope > .dc-last");
    for (const before of last ? [null, last] : [null]) {
      unfoldTheStandings(box);
      side.insertBefore(box, before);
      foldTheStandings(columns, edge, view);
      if (standingsShown(box, edge)) return;
    }
    unfoldTheStandings(box);
    main.append(box);
    foldTheStandings(columns, edge, view);
  }
  // The standings' heading and each of their lines (a fold's own line) on the screen.
  function standingsShown(box, edge) {
    const head = box.querySelector(".dc-standings-head");
    const lines = [...box.querySelectorAll(".dc-standings > li")].map((line) =>
      line.classList.contains("dc-standings-more") ? line.querySelector("summary") : line);
    return Boolean(head) && lines.length > 0 && [head, ...lines].every((line) => bottom(line) <= edge + 0.5);
  }
  function unfoldTheStandings(box) {
    for (const more of box.querySelectorAll(".dc-standings-more")) {
      more.before(...more.querySelectorAll(":scope > details > ul > li"));
      more.remove();
    }
  }

  // Twenty markers' standings under the board between races at 1280 x 720: the last four
  // ran below the screen at 16 px (the board above them holds every marker's chip, its
  // twelve lanes already tight). Where the standings start on the screen but run past
  // its bottom, their lowest are folded into one line that names them with their points
  // ("and 5 more: P11, P12, P16, P19, P20 (0 points)"), as few as make room, at the
  // list's size: the leaders' lines whole, every marker still named on the screen; a
  // click (or Enter) opens the fold on a laptop. Under a card too, the leader's line at
  // least shown (twenty sealed markers at 1920 x 1080: P1's line and "and 19 more: P2,
  // ..., P20 (0 points)", where three lines stood and seventeen names were below the
  // screen); where not even that fits, the standings start below the screen, as under
  // a card of fourteen at 1280 x 720.
  const STANDINGS_SHOWN = 1;
  let standingsOpen = { key: null, open: false }; // the reader's, for these standings
  function foldTheStandings(columns, edge, view) {
    const list = columns.querySelector(".dc-standings");
    const head = columns.querySelector(".dc-standings-head");
    const lines = list ? [...list.children] : [];
    if (!lines.length || !head || top(head) >= edge || bottom(lines[lines.length - 1]) <= edge + 0.5) return;
    const key = view.standings.map((row) => row.words).join("|");
    if (standingsOpen.key !== key) standingsOpen = { key, open: false };
    const says = view.captions;
    const marker = (line) => view.board.find((row) => row.marker === Number(line.dataset.marker));
    for (let folded = 2; lines.length - folded >= STANDINGS_SHOWN; folded += 1) {
      const under = lines.slice(-folded);
      const groups = [];
      for (const row of under.map(marker)) {
        if (!groups.length || groups[groups.length - 1].points !== row.points) groups.push({ points: row.points, names: [] });
        groups[groups.length - 1].names.push(row.name);
      }
      const words = groups.map(({ points, names }) =>
        `${names.join(", ")} (${(points === 1 ? says.one_point : says.points).replaceAll("{n}", points)})`);
      const more = document.createElement("li");
      more.className = "dc-standings-more";
      const fold = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `${says.standings_more.replaceAll("{count}", folded)} ${words.join("; ")}`;
      const rest = document.createElement("ul");
      rest.append(...under);
      fold.append(summary, rest);
      fold.open = standingsOpen.open;
      fold.addEventListener("toggle", () => { if (standingsOpen.key === key) standingsOpen.open = fold.open; });
      more.append(fold);
      list.append(more);
      if (standingsOpen.open || bottom(summary) <= edge + 0.5) return;
      list.replaceChildren(...lines); // too many still: one more folded
    }
  }

  // The TV's type (the page's root size, every line of it in rem or em): the css's
  // (derbycast.css: 2% of the screen's height, 16 px at least), stepped down while what a
  // TV shows whole runs past the screen's bottom: the board, the card's rows, what the
  // table is doing, the call read out, the last race's lines and its call's heading (its
  // parts as fitTheTv leaves them, not where its reader opened it; not the standings
  // under the card). Never below 2% of the height (1.125% of the width, 14 px at
  // least), the size that holds a field of fourteen under twenty markers' board: a
  // 1280 x 720 laptop (or TV) read a card of six at 14.4 px where 16 px fitted, and
  // that floor was the size of every card there.
  function fitTheType(columns, edge) {
    if (document.body.dataset.mode !== "watch") return; // (the css's size is the watch page's)
    const root = document.documentElement;
    const least = Math.max(14, Math.min(0.02 * window.innerHeight, 0.01125 * window.innerWidth));
    const reader = tvCallOpen.open !== null;
    const whole = [...columns.querySelectorAll("h3, li, p, caption, tr, summary")].filter((line) =>
      !line.closest(".dc-standings-box") && !(reader && line.closest("details.dc-call > p")));
    let size = parseFloat(getComputedStyle(root).fontSize);
    for (let step = 0; step < 30 && size > least; step += 1) {
      const lowest = Math.max(0, ...whole.filter(shown).map(bottom));
      if (lowest <= edge + 0.5) return;
      // as the lines are in rem and em, about in proportion; then checked again
      size = Math.max(least, Math.floor(Math.min(size - 0.1, (size * edge) / lowest) * 10) / 10);
      root.style.fontSize = `${size}px`;
    }
  }

  // --- seats held on this browser ---------------------------------------------------------
  // The seats this browser holds at this table (seats-held.js, every game's: each seat's
  // page keeps its own when drawn). A phone holding two seats (Mum's tab and Kit's) says
  // in the tab on screen when it is the other's turn, and leads there: it said nothing
  // while Kit's tab waited. Only who is waited for (every seat's frame says it) and a link
  // this browser already holds; nothing of the other seat's view.
  // A seat another tab records after this one was drawn (Kit's tab opened while Mum's
  // still loaded): this tab is drawn again, else it led nowhere until the next move came.
  if (typeof seatsHeld !== "undefined") seatsHeld.onChange(() => drawAgain());
  function heldSeats() {
    const held = {};
    if (typeof seatsHeld === "undefined") return held;  // a page served before it had the list
    for (const one of seatsHeld.at(document.body.dataset.table)) if (typeof one.seat === "number") held[one.seat] = one;
    return held;
  }

  function heldTurns(frame, tools) {
    const held = heldSeats();
    const says = frame.view.captions;
    const prefix = `/t/${document.body.dataset.table}/seat/`;
    return frame.waiting.seats.filter((seat) => seat !== frame.seat && held[seat] && typeof held[seat].link === "string" && held[seat].link.startsWith(prefix)).map((seat) => {
      const name = tools.seatName(seat);
      const line = make(tools, "p", `${says.held_turn.replaceAll("{name}", name)} `, "dc-held-turn", { role: "status" });
      line.append(make(tools, "a", says.held_link.replaceAll("{name}", name), "", { href: held[seat].link, "data-held-seat": seat }));
      return line;
    });
  }

  // --- a phone -------------------------------------------------------------------------
  function drawPhone(frame, box, tools) {
    const view = frame.view;
    const me = view.board[frame.seat];
    box.append(make(tools, "p", standingOf(view, me.marker), "dc-me"));
    if (!frame.over) box.append(...heldTurns(frame, tools)); // Kit's turn, Kit's tab here
    if (frame.over) { // the end as the TV shows it: the winner, the last race, where all stand
      box.append(winners(frame, tools));
      if (view.last_race) box.append(lastRace(view, tools, true, me.marker));
      box.append(standings(view, tools));
      return;
    }
    const card = view.card;
    if (view.status) box.append(make(tools, "p", view.status, "dc-status")); // what the table is doing
    // whom else the table waits for (never oneself), said only on one's own turn: else the
    // page's heading already names them (twenty markers: the same eight lines twice)
    if (view.waiting && frame.your_turn) box.append(make(tools, "p", view.waiting, "dc-wait"));
    // a tie-break race, said as the TV says it: a family past its set number of races saw
    // a fourth race carded with nothing to say why
    if (view.tie_break.length) box.append(make(tools, "p", told(frame, "tie-break"), "dc-tie"));
    // the race just run, on the first screen under one's own standing: between races, and
    // while the next race's picks are open (a computer keeper cards it at once); with 20
    // markers it stood under the standings or the next card, some 1000 px down
    const justRun = view.last_race && (!card || view.picks_open);
    if (justRun) box.append(lastRace(view, tools, true, me.marker));
    // the race picked for, named above one's own pick and the field: under the last race's
    // result, "Your pick" and "My pick stands" read as that race's
    if (card) box.append(make(tools, "h3", card.words.caption, "dc-picker-head"));
    const mine = view.picks.find((p) => p.marker === me.marker);
    const own = view.yours; // this marker's lines, worded by the rules (derbycast/rules/words.py)
    if (own.pick) box.append(make(tools, "p", own.pick, "dc-mine"));
    // that the pick stands (what the table waits for) under the pick, not below the field
    if (refused && frame.version > refused.version) refused = null; // the table moved on since
    if (frame.legal.some((l) => l.action.kind === "ready")) {
      box.append(button(tools, own.buttons.stands, () => phoneSend(tools, { kind: "ready" }, "ready"), { "data-ready": "", "data-your-move": "" }));
      box.append(...refusedAt("ready", tools));
    } else if (own.stands) {
      box.append(make(tools, "p", own.stands, "dc-stands"));
    }
    // what the result under review gives this marker, above the field (not under 14 rows)
    if (own.would && calledFor(frame) > 0) box.append(make(tools, "p", own.calling, "dc-would"));
    else if (own.would) box.append(priced(tools, "p", own.would, "dc-would"));
    // the call of a race Top of the Stretch ran, read out here too in step with the TV
    // (by the server's clock): friends playing on their phones alone have no TV, and
    // their phones said only that a TV was calling the race
    if (view.call) box.append(raceCall(view.call, callKey(view), tools, frame.since, view.captions));
    if (own.onlooker) box.append(make(tools, "p", own.onlooker, "dc-onlooker"));
    const choosing = card && (frame.your_turn || (view.picks_open && mine && !mine.sat_out));
    if (choosing) box.append(pickButtons(frame, tools));
    else if (card) box.append(raceCard(view, tools, picksShown(view), false)); // the field, the picks so far
    if (view.sealed_note) box.append(sealedNote(view, tools));
    if (view.last_race && !justRun) box.append(lastRace(view, tools, true, me.marker));
    // where everyone stands, under the card too: a computer keeper posts the next race's
    // card at once (no "between races"), and friends playing apart have no TV to look at
    box.append(standings(view, tools));
  }

  // How long the TV's call of a race Top of the Stretch ran has still to go before it
  // reaches the wire, in ms (0: reached, or no call). A phone keeps what the result
  // would give its marker until then, and is drawn again when it is due: the finish is
  // the TV's to tell first.
  let heard = { key: null, start: null, timer: null }; // the call a phone waits out, from when
  function calledFor(frame) {
    const view = frame.view;
    if (heard.timer) clearTimeout(heard.timer);
    heard.timer = null;
    if (!view.call || typeof frame.since !== "number") return 0;
    const key = callKey(view);
    const start = Date.now() - frame.since * 1000; // by the server's clock, as the TV times it
    heard = { key, start: heard.key === key ? Math.min(heard.start, start) : start, timer: null };
    const left = heard.start + (view.call.length - 1) * stepMs() - Date.now();
    if (left > 0) heard.timer = setTimeout(() => { heard.timer = null; drawAgain(); }, left + 20);
    return left;
  }

  // The horse tapped and not yet bet, kept for this table and seat for the browser tab's
  // life (tools.draft), so a reload (a phone that put the page away between the two
  // taps) shows it tapped again, its Win, Place and Show under it: it came back with no
  // horse tapped. Dropped once bet (kept again if the bet is refused) or the race is new.
  const TAPPED_DRAFT = "dc-tapped";
  let tappedRead = false; // the tab's kept tap read, once a page

  function tappedKept(card, race, tools) {
    const kept = tools.draft.get(TAPPED_DRAFT);
    const runs = kept && card.horses.includes(kept.horse) && !card.scratched.includes(kept.horse);
    if (runs && kept.race === race) tapped = tapped || { race, horse: kept.horse, fresh: true };
    else if (kept) tools.draft.drop([TAPPED_DRAFT]); // another race's, or a horse scratched since
    return true;
  }

  function pickButtons(frame, tools) {
    const view = frame.view;
    const card = view.card;
    const box = make(tools, "div", null, "dc-picker", { "data-your-move": "" }); // the page's pin goes here
    const race = `${view.race}:${card.race}`;
    if (!tappedRead) tappedRead = tappedKept(card, race, tools);
    if (tapped && tapped.race !== race) {
      tapped = null;
      tools.draft.drop([TAPPED_DRAFT]);
    }
    const horses = make(tools, "div", null, "dc-horses");
    card.horses.forEach((horse, i) => {
      if (card.scratched.includes(horse)) return;
      const chosen = tapped && tapped.horse === horse;
      const words = card.words.rows[i];
      const node = button(tools, `${card.programs[i]} ${horse} ${card.odds[i] || ""} \u00b7 ${words.spaces}`, () => {
        tapped = { race, horse, fresh: true };
        tools.draft.set(TAPPED_DRAFT, { race, horse });
        if (refused && refused.where === "pick") refused = null; // another horse: a new pick
        tools.redraw();
      }, { "data-program": card.programs[i], "aria-pressed": chosen ? "true" : "false",
        ...(words.yours ? { "data-yours": words.your_bet } : {}) });
      // its "W 9 / P 4 / S 2" kept whole: a long name on a 375 px phone broke it, "S 2"
      // alone on the button's second line
      node.replaceChildren(...priced(tools, "span", `${card.programs[i]} ${horse} ${card.odds[i] || ""} \u00b7 `).childNodes,
        make(tools, "span", words.spaces, "dc-spaces"));
      if (words.yours) node.append(yourBadge(tools, words.yours)); // this phone's own pick
      // the picks made before this one (R7)
      if (words.picked_line) node.append(make(tools, "span", words.picked_line, "dc-by"));
      horses.append(node);
      if (chosen) horses.append(betButtons(frame, tools, i));
    });
    box.append(horses);
    if (frame.legal.some((l) => l.action.kind === "sit-out")) {
      box.append(button(tools, view.yours.buttons.sit_out, () => phoneSend(tools, { kind: "sit-out" }, "sit-out"), { "data-sit-out": "" }));
      box.append(...refusedAt("sit-out", tools));
    }
    return box;
  }

  // Win, place or show for the horse just tapped, right under it: below a field of
  // twelve they were off a phone's screen, and the tap seemed to do nothing. Brought into
  // view once, when the horse is tapped (not on every push while the player decides).
  function betButtons(frame, tools, i) {
    const view = frame.view;
    const bets = make(tools, "div", null, "dc-bets");
    for (const bet of BETS) {
      bets.append(button(tools, view.card.words.rows[i].bets[bet], () => {
        const { race, horse } = tapped;
        tapped = null;
        tools.draft.drop([TAPPED_DRAFT]);
        const sealed = view.sealed && view.picks_open; // one ticket only this seat reads
        const marker = frame.seat + 1;
        const action = sealed ? { kind: "sealed-pick", ticket: `${marker}|${bet}|${horse}` } : { kind: "pick", horse, bet };
        phoneSend(tools, action, "pick", () => { // refused: its horse stays tapped
          tapped = { race, horse };
          tools.draft.set(TAPPED_DRAFT, { race, horse });
        });
      }, { "data-bet": bet }));
    }
    bets.append(...refusedAt("pick", tools));
    if (tapped.fresh) {
      tapped.fresh = false;
      requestAnimationFrame(() => bets.scrollIntoView({ block: "nearest" }));
    }
    return bets;
  }

  // A phone's move; a refusal (another's pick came first, say) is said where it was made
  // (``where``), not only at the top of the page, off the screen of a phone scrolled to
  // its twelfth horse, and goes with the next frame that changes the table.
  async function phoneSend(tools, action, where, onRefused) {
    const answer = await tools.send({ action });
    refused = answer.refused ? { text: answer.refused, version: Number(document.body.dataset.version), where } : null;
    if (!answer.refused) return;
    tools.showError(""); // said at the button instead
    if (onRefused) onRefused();
    if (latest) window.homestretchBoard(...latest);
    // where it was made is gone (a stale page's pick: the race run since, the card new):
    // said at the top of the page then, not dropped
    if (!document.querySelector("#board .dc-refused")) tools.showError(answer.refused);
  }

  function refusedAt(where, tools) {
    return refused && refused.where === where ? [make(tools, "p", refused.text, "dc-refused", { role: "alert" })] : [];
  }

  // --- the keeper's desk ------------------------------------------------------------------
  function field(tools, id, label, value) {
    const wrap = make(tools, "label", label, "dc-field");
    const input = make(tools, "input", null, "", { id, autocomplete: "off" });
    input.value = value || "";
    wrap.append(input);
    return wrap;
  }

  // A posting from one of the desk's forms; a refusal (the server's one line) is said
  // under that form too, where the keeper typed: the page's own line is at its top, off
  // a phone's screen.
  async function post(form, tools, action) {
    said(form, tools, (await tools.send({ action })).refused || "");
  }

  function said(form, tools, refusal) {
    const old = form.querySelector(".dc-refused");
    if (old) old.remove();
    if (!refusal) return;
    const line = make(tools, "p", refusal, "dc-refused");
    form.append(line);
    line.scrollIntoView({ block: "nearest" });  // below a button pressed at the screen's foot
  }

  function read(id) {
    const node = document.getElementById(id);
    return node ? node.value.trim() : "";
  }

  // The finish is sent as typed ('3=1, 5, 2'): the server reads it, and says in one line
  // what is wrong with it (derbycast/rules/race.py read_finish; the terminal reads it the same).
  // ``asks``: the desk's words (view.desk), ``oddsAsked`` each horse's final odds label,
  // ``posting(odds, typed)`` the action to send
  function resultForm(tools, asks, oddsAsked, prefix, card, picked, scratched, submitText, posting) {
    const form = make(tools, "form", null, "dc-desk-form");
    form.append(field(tools, `${prefix}-finish`, asks.finish, ""));
    const needed = card.horses.filter((h) => picked.has(h) && !scratched.includes(h));
    for (const horse of needed) {
      const i = card.horses.indexOf(horse);
      form.append(field(tools, `${prefix}-odds-${i}`, oddsAsked[i], card.odds[i]));
    }
    form.append(make(tools, "button", submitText, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const odds = card.horses.map((h, i) => (needed.includes(h) ? read(`${prefix}-odds-${i}`) : card.odds[i] || ""));
      post(form, tools, posting(odds, read(`${prefix}-finish`)));
    });
    return form;
  }

  function cardForm(frame, tools) {
    const view = frame.view;
    const form = make(tools, "form", null, "dc-desk-form");
    const ahead = view.next_card; // the day's card offers its race, to check and post
    const listed = ahead ? ahead.horses.map((h, i) => `${ahead.programs[i]} ${h}`).join(", ") : "";
    const out = ahead ? ahead.scratched.map((h) => ahead.programs[ahead.horses.indexOf(h)]).join(", ") : "";
    const asks = view.desk;
    form.append(make(tools, "h3", asks.post_title),
      field(tools, "dc-race", asks.race, ahead ? ahead.race : `Race ${view.race}`),
      field(tools, "dc-field", asks.field, listed),
      field(tools, "dc-odds", asks.morning_lines, ahead ? ahead.odds.join(", ") : ""),
      field(tools, "dc-scratched", asks.scratched, out),
      make(tools, "button", asks.buttons.post_card, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault(); // sent as typed: the server reads the card (derbycast/rules/race.py)
      post(form, tools, { kind: "typed-card", race: read("dc-race"), field: read("dc-field"),
        odds: read("dc-odds"), scratched: read("dc-scratched") });
    });
    return form;
  }

  // A race Top of the Stretch runs: the keeper chooses one of its bundled races (or lets
  // the dice choose) and Quickplay or Fullplay; the table's dice run it.
  function stretchForm(view, tools) {
    const box = make(tools, "details", null, "dc-stretch");
    const says = view.desk.buttons;
    box.append(make(tools, "summary", says.stretch));
    const form = make(tools, "form", null, "dc-desk-form");
    const races = make(tools, "select", null, "", { id: "dc-stretch-race", "aria-label": says.stretch_race });
    races.append(make(tools, "option", says.any_race, "", { value: "" }));
    for (const name of view.stretch_races) races.append(make(tools, "option", name.replaceAll("-", " "), "", { value: name }));
    const modes = make(tools, "select", null, "", { id: "dc-stretch-mode", "aria-label": says.mode });
    modes.append(make(tools, "option", says.quick, "", { value: "quick" }), make(tools, "option", says.full, "", { value: "full" }));
    form.append(races, modes, make(tools, "button", says.card_stretch, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      post(form, tools, { kind: "simulate", race: races.value, mode: modes.value });
    });
    box.append(form);
    return box;
  }

  // The day's card (or results) file, CSV or JSON as docs/derbycast.md has them: the
  // server reads it and offers its races to post, or says in one line what is wrong.
  function dayCardForm(view, tools) {
    const says = view.desk.buttons;
    const box = make(tools, "details", null, "dc-upload");
    box.append(make(tools, "summary", says.day_card));
    const form = make(tools, "form", null, "dc-desk-form");
    const file = make(tools, "input", null, "", { type: "file", id: "dc-card-file", accept: ".csv,.json", "aria-label": says.day_card_file });
    form.append(file, make(tools, "button", says.load, "", { type: "submit" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const chosen = file.files[0];
      if (!chosen) { said(form, tools, says.no_file); return; }
      post(form, tools, { kind: "day-card", file: chosen.name, text: await chosen.text() });
    });
    box.append(form);
    return box;
  }

  // Close picks: any late scratches ticked; before everyone has picked (a phone died),
  // the markers who have not picked are named and sit this race out (ruling R23).
  function closeForm(frame, tools) {
    const view = frame.view;
    const card = view.card;
    const form = make(tools, "form", null, "dc-desk-form dc-close");
    const missing = view.desk.sit_out; // named by the server, with its words
    if (missing.length) form.append(make(tools, "p", view.desk.closing_early, "dc-sit-out"));
    if (!view.simulated) {
      card.horses.forEach((horse, i) => {
        if (card.scratched.includes(horse)) return;
        const label = make(tools, "label", null, "dc-check");
        const box = make(tools, "input", null, "", { type: "checkbox", value: horse, id: `dc-late-${i}`, "data-program": card.programs[i] });
        label.append(box, document.createTextNode(` ${view.desk.buttons.late_scratch} ${card.programs[i]} ${horse}`));
        form.append(label);
      });
    }
    form.append(make(tools, "button", missing.length ? view.desk.buttons.close_now : view.desk.buttons.close, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const horses = [...form.querySelectorAll("input:checked")].map((node) => node.value);
      post(form, tools, { kind: "scratches", horses, sit_out: missing });
    });
    return form;
  }

  // Morning lines added (or corrected) while picks are open (R28): a field for each
  // starter, its line now in it; only the lines changed are sent. Open when a starter
  // has none, folded otherwise.
  function linesForm(view, tools, missing) {
    const card = view.card;
    const says = view.desk.buttons;
    const box = make(tools, "details", null, "dc-lines");
    box.open = missing;
    box.append(make(tools, "summary", says.lines));
    const form = make(tools, "form", null, "dc-desk-form");
    const starters = card.horses.map((h, i) => i).filter((i) => !card.scratched.includes(card.horses[i]));
    for (const i of starters) form.append(field(tools, `dc-line-${i}`, view.desk.morning_lines_of[i], card.odds[i]));
    form.append(make(tools, "button", says.post_lines, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const changed = starters.filter((i) => read(`dc-line-${i}`) !== (card.odds[i] || ""));
      if (!changed.length) { said(form, tools, says.no_line_change); return; }
      post(form, tools, { kind: "morning-line", horses: changed.map((i) => card.horses[i]), odds: changed.map((i) => read(`dc-line-${i}`)) });
    });
    box.append(form);
    return box;
  }

  function correctionForm(view, tools) {
    const last = view.last_race;
    const card = {
      horses: last.runners.map((r) => r.horse),
      programs: last.runners.map((r, i) => r.program || String(i + 1)),
      odds: last.runners.map((r) => r.odds || ""),
    };
    const picked = new Set(last.picks.filter((p) => !p.sat_out).map((p) => p.horse));
    const scratched = last.runners.filter((r) => r.scratched).map((r) => r.horse);
    const box = make(tools, "details", null, "dc-correct");
    box.append(make(tools, "summary", view.desk.correct_title));
    box.append(resultForm(tools, view.desk, view.desk.fix_odds, "dc-fix", card, picked, scratched, view.desk.buttons.post_correction,
      (odds, typed) => ({ kind: "correction", odds, finish: [], typed })));
    return box;
  }

  // What the keeper typed or ticked, by field id, kept over a redraw of the same form (a
  // phone's pick pushed mid-typing, a move refused as stale) and dropped once it changes.
  function deskForm(view) {
    const review = view.review ? JSON.stringify(view.review.runners) : "";
    const last = view.last_race ? `${view.last_race.race}.${view.last_race.corrected}` : "";
    const ahead = view.next_card ? view.next_card.race : "";
    return JSON.stringify([view.phase, view.race, last, review, ahead]);
  }

  // Kept for the browser tab's life too (tools.draft: this table and seat), so a reload
  // (a phone that put the page away mid-card) shows what was typed again: it came back
  // blank, a field of twelve horses and their lines to type over.
  const DESK_DRAFT = "dc-desk";
  function saveTyping(tools) {
    tools.draft.set(DESK_DRAFT, { form: kept.form, values: kept.values, open: [...kept.open] });
  }

  function keptFor(form, tools) {
    const saved = tools.draft.get(DESK_DRAFT);
    if (saved && saved.form === form) return { form, values: saved.values || {}, open: new Set(saved.open || []) };
    return { form, values: {}, open: new Set() };
  }

  function keepTyping(desk, tools) {
    desk.addEventListener("input", (event) => {
      const node = event.target;
      if (!node.id || node.type === "file") return;
      kept.values[node.id] = node.type === "checkbox" ? node.checked : node.value;
      saveTyping(tools);
    });
    desk.addEventListener("change", (event) => {
      const node = event.target;
      if (node.id && node.type === "checkbox") kept.values[node.id] = node.checked;
      if (node.id && node.type === "checkbox") saveTyping(tools);
    });
    desk.addEventListener("toggle", (event) => {
      const cls = event.target.className;
      if (event.target.open) kept.open.add(cls);
      else kept.open.delete(cls);
      saveTyping(tools);
    }, true);
  }

  function restoreTyping(desk) {
    for (const [id, value] of Object.entries(kept.values)) {
      const node = desk.querySelector(`#${CSS.escape(id)}`);
      if (!node) continue;
      if (node.type === "checkbox") node.checked = value;
      else node.value = value;
    }
    for (const details of desk.querySelectorAll("details")) {
      if (kept.open.has(details.className)) details.open = true;
    }
  }

  function drawDesk(frame, box, tools) {
    const view = frame.view;
    // the review waits for the TV's call to reach the wire (drawn again when it does)
    const calling = view.desk.calling && calledFor(frame) > 0;
    // and reads the call out as the TV does: drawn again as each part comes
    const read = view.call ? partsRead(view.call, callKey(view), frame.since) : 0;
    const stamp = `${frame.version}:${calling}:${read}`;
    if (deskDrawn === stamp && box.querySelector(".dc-desk")) return; // keep what is typed
    deskDrawn = stamp;
    const form = deskForm(view);
    if (kept.form !== form) kept = keptFor(form, tools);
    box.replaceChildren();
    const desk = make(tools, "div", null, "dc-desk");
    box.append(desk);
    desk.append(make(tools, "h2", view.desk.buttons.desk));
    if (!frame.over) desk.append(...heldTurns(frame, tools)); // a phone keeping score and playing
    if (frame.over) { desk.append(winners(frame, tools), standings(view, tools)); return; }
    desk.append(standings(view, tools));
    const card = view.card;
    const picked = new Set(view.picks.filter((p) => p.horse).map((p) => p.horse));
    if (view.phase === "card") {
      desk.append(cardForm(frame, tools), stretchForm(view, tools), dayCardForm(view, tools));
      if (view.may_correct) desk.append(correctionForm(view, tools));
    } else if (view.phase === "draw") {
      desk.append(make(tools, "p", view.desk.status, "dc-status"));
    } else if (view.phase === "pick" || view.phase === "confirm") {
      desk.append(make(tools, "p", view.desk.status, "dc-status"));
      const early = make(tools, "details", null, "dc-early");
      early.append(make(tools, "summary", view.desk.close_now), closeForm(frame, tools));
      desk.append(early);
    } else if (view.phase === "scratches") {
      desk.append(make(tools, "h3", view.desk.status, "dc-status"), closeForm(frame, tools));
    } else if (view.phase === "result" && view.simulated) {
      desk.append(make(tools, "p", view.desk.status, "dc-status"),
        button(tools, view.desk.buttons.run, () => tools.send({ action: { kind: "run" } }), { "data-run": "" }));
    } else if (view.phase === "repick") {
      desk.append(make(tools, "p", view.desk.status, "dc-status"));
    } else if (calling) {
      desk.append(make(tools, "p", view.desk.calling, "dc-status"));
    } else if (view.phase === "result" || view.phase === "review") {
      if (view.review) {
        const review = make(tools, "section", null, "dc-review");
        review.append(make(tools, "h3", view.desk.under_review));
        const list = make(tools, "ul");
        for (const w of view.review.would) list.append(priced(tools, "li", w.words));
        review.append(list, button(tools, view.desk.buttons.official, () => tools.send({ action: { kind: "official" } }), { "data-official": "" }));
        if (!view.simulated) review.append(make(tools, "p", view.desk.buttons.again));
        desk.append(review);
      }
      if (!view.simulated) {
        desk.append(resultForm(tools, view.desk, view.desk.final_odds, "dc-result", card, picked, card.scratched, view.desk.buttons.post_result,
          (odds, typed) => ({ kind: "result", odds, finish: [], official: false, typed })));
      }
    }
    // the call under what is the keeper's to do ("Official"), read out as on the TV
    if (view.call) desk.append(raceCall(view.call, callKey(view), tools, frame.since, view.captions));
    // the card below what is the keeper's to do: a field of twelve above "Close picks"
    // or "Official" put them off a phone's screen
    // a card posted with horses whose odds are not known (a morning line typed too few,
    // say: it is taken) is told the keeper above it, as the rules worded it
    // (the latest said of this race's lines: a line added since is not missing)
    const lines = card && frame.notices.filter((n) => (n.type === "no-odds" || n.type === "morning-line") && n.race === view.race).pop();
    const noOdds = lines && lines.type === "no-odds" ? lines : null;
    if (noOdds) desk.append(make(tools, "p", noOdds.words, "dc-no-odds", { role: "status" }));
    // until picks close the keeper may add a missing line, or correct one (R28)
    if (card && view.picks_open && !view.simulated) desk.append(linesForm(view, tools, Boolean(noOdds)));
    if (card) desk.append(raceCard(view, tools, picksShown(view)));
    if (card && view.sealed_note) desk.append(sealedNote(view, tools));
    // where the keeper's move is, for the page's "Your turn" pin (folded forms are passed over)
    desk.querySelectorAll(".dc-review, .dc-desk-form, .dc-early, [data-run]").forEach((node) => { node.dataset.yourMove = ""; });
    restoreTyping(desk);
    keepTyping(desk, tools);
  }

  // A finger held on the board while another's move comes in (sealed picks are made all
  // at once) or its own timers draw it again (the call read part by part): the page
  // draws the board once the finger lifts (table.js, as every board's), when a move
  // leaves what its buttons do as it was: the seat's moves and this, the race and its
  // field (a line of odds the keeper adds is no other pick). Drawn at once, the button
  // under the finger was taken out of the page, the lifted finger made no click, and
  // the pick (or the fold opened) was lost.
  function decision(frame) {
    const view = frame.view;
    const card = view.card;
    return [view.phase, view.race, card ? [card.race, card.horses, card.scratched] : null,
      view.sealed, view.picks_open];
  }

  // The board drawn again by its own timers, through the page (a finger held waits).
  function drawAgain() {
    if (!latest) return;
    const tools = latest[2];
    if (typeof tools.drawAgain === "function") tools.drawAgain();
    else window.homestretchBoard(...latest); // a page served before it had drawAgain
  }

  window.homestretchBoard = (frame, box, tools) => {
    latest = [frame, box, tools];
    const keeper = frame.view.board.length;
    const redraw = () => window.homestretchBoard(frame, box, tools);
    const all = { ...tools, redraw };
    box.classList.add("derbycast");
    if (frame.seat === keeper && tools.mode !== "replay") { drawDesk(frame, box, all); oneLineWhereItFits(box); return; }
    deskDrawn = null;
    // the fold as the player left it, read from the page: a tap that opened it just now
    // (its toggle event still to come) is not shut again by a draw straight after
    const fold = box.querySelector(".dc-last-call");
    if (fold && fold.dataset.key === lastCallOpen.key) lastCallOpen.open = fold.open;
    const phone = frame.seat !== null && frame.seat !== undefined && frame.seat < keeper && tools.mode !== "replay";
    box.replaceChildren();
    if (phone) drawPhone(frame, box, all);
    else drawTv(frame, box, all);
    oneLineWhereItFits(box);
    if (!phone) fitTheTv(box, frame.view);
  };

  // Each horse's "W 3 / P 1 / S 0" on one line (css), unless the card then runs wider than
  // its box (a narrow phone with the picks' names in): then the picks go under the
  // horses' names, not a column of their own, and if the card still runs wider its words
  // wrap as before, rather than off the screen's edge.
  function oneLineWhereItFits(box) {
    const wide = (card) => card.parentElement && card.offsetWidth > card.parentElement.clientWidth;
    for (const card of box.querySelectorAll(".dc-card")) {
      if (wide(card)) card.classList.add("dc-card-picks-in");
      if (wide(card)) card.classList.add("dc-card-tight");
    }
  }
  // A phone turned (portrait to landscape or back) or a window resized: the cards measured
  // again for the new width, not only when a frame is drawn. Drawn narrow in portrait
  // (the picks under the names), a card kept that layout turned on its side until the
  // next move came; drawn wide, it ran off a screen turned narrow. Once a frame of the
  // browser, however many resize events it brings.
  let measuring = false;
  function measureAgain() {
    if (measuring || !latest) return;
    measuring = true;
    requestAnimationFrame(() => {
      measuring = false;
      const box = latest[1];
      for (const card of box.querySelectorAll(".dc-card")) card.classList.remove("dc-card-picks-in", "dc-card-tight");
      oneLineWhereItFits(box);
      fitTheTv(box, latest[0].view);
    });
  }
  window.addEventListener("resize", measureAgain);
  window.addEventListener("orientationchange", measureAgain);
  // A TV's page changing its height after a draw, with no frame and no resize: what
  // stands above the board (the status line grown or shortened in the page's heading,
  // an error line, the table's notes), the board's own size (a font swapped in late: the
  // page uses only the system's, system-ui), or the page's own lines under it (its
  // notices and log are drawn after the board), measured again as on a resize: a line
  // pushed down ran off a TV's bottom, cut, and the last race's call stood open past it.
  // Only a TV's: a phone's and the desk's cards are measured for their width, which a
  // resize or a turn changes, and nothing of theirs is fitted to the screen's height
  // (they were measured again at every line the heading grew by).
  // Fitted again only where a height that matters changed since the last fit: what
  // stands above the board or the board itself, or a section under it that starts on the
  // screen. The Log grows at every move, below a TV's screen: the TV was fitted twice a
  // move, by the draw and by the Log's new height (and its own moved lines' heights
  // changed nothing either). Only the watch page's: a replay's board is drawn again at
  // each step, the only change its page makes, and neither its type nor its
  // standings are fitted to the screen (the css's size is the watch page's); a laptop
  // scrolls it.
  // A section under the board counts where it shows on the screen, now or at the last
  // fit: hidden (the Result's box until the end, the Notices' with none) it has no
  // place, and its box, all zeros, read as the screen's top: a section below the screen
  // hidden by a frame fitted the TV again, a second time for that frame.
  let watching = null;
  const heights = new Map(); // each watched node's height at the last fit, and if it was on the screen
  const watched = () => (watching ? [...heights.keys()] : []);
  const onScreen = (node) => shown(node) && top(node) < window.innerHeight;
  function sizesFitted() {
    for (const node of watched()) heights.set(node, { height: node.getBoundingClientRect().height, seen: onScreen(node) });
  }
  function sizesChanged(entries) {
    const boardBox = document.getElementById("board-box");
    const under = (node) => boardBox && boardBox.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    const matters = entries.some(({ target }) => {
      const was = heights.get(target);
      if (under(target) && !onScreen(target) && !(was && was.seen)) return false; // below the screen, or hidden, then and now
      return !was || Math.abs(target.getBoundingClientRect().height - was.height) > 0.5;
    });
    if (matters) measureAgain();
  }
  function watchTheTv() {
    const boardBox = document.getElementById("board-box");
    if (watching || !boardBox || typeof ResizeObserver !== "function") return;
    if (document.body.dataset.mode !== "watch") return;
    watching = new ResizeObserver(sizesChanged);
    const watch = (node) => { heights.set(node, undefined); watching.observe(node); };
    for (let node = boardBox.previousElementSibling; node; node = node.previousElementSibling) watch(node);
    watch(boardBox);
    for (let node = boardBox.nextElementSibling; node; node = node.nextElementSibling) {
      if (node.matches("section, footer")) watch(node);
    }
  }
  window.homestretchBoard.decision = decision;
})();
