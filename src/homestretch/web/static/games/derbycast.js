// Derby Cast's own board: one script, three pages, each drawn from the frame its page
// is sent. The spectator link (a TV on the wall) shows the Odds Advancement Table, the
// race card, the picks once closed, the official result and the winner. A marker's seat
// link (a phone) picks a horse and Win/Place/Show in two taps. The score keeper's seat
// link is the keeper's desk: the card, closing picks, the result for review, official,
// and corrections. Everything is sent as the game's own actions; the server checks them.
"use strict";
(() => {
  const BETS = ["win", "place", "show"];
  const FINISH = 20; // points must be greater than this (section 4)
  const LANES = 12; // markers 13-20 trail the marker of the row ahead (section 1)
  let tapped = null; // the phone's first tap: { race, horse }
  let deskDrawn = null; // the version the desk's forms were drawn for (keeps typing)

  function make(tools, tag, text, cls, attrs) {
    const node = tools.el(tag, text, cls);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    return node;
  }

  function button(tools, text, onClick, attrs) {
    const node = make(tools, "button", text, "", { type: "button", ...(attrs || {}) });
    node.addEventListener("click", onClick);
    return node;
  }

  function standing(row) {
    if (row.official_finish) return "OFFICIAL FINISH";
    const note = `needs ${row.needs} more`;
    return row.points === FINISH ? `on 20, not finished: ${note}` : note;
  }

  function spacesText(spaces) {
    return spaces ? `W ${spaces.win} / P ${spaces.place} / S ${spaces.show}` : "odds not known";
  }

  function placeText(finish) {
    if (finish === null || finish === undefined) return "-";
    const suffix = { 1: "st", 2: "nd", 3: "rd" }[finish] || "th";
    return `${finish}${suffix}`;
  }

  // --- the TV ------------------------------------------------------------------------
  function advancementTable(view, tools) {
    const table = make(tools, "table", null, "dc-oat", { "aria-label": "Odds Advancement Table" });
    const head = make(tools, "tr");
    head.append(make(tools, "th", "lane"), make(tools, "th", "Gate"));
    for (let space = 1; space <= FINISH; space += 1) head.append(make(tools, "th", space));
    head.append(make(tools, "th", "Finish"));
    table.append(head);
    const lanes = Math.min(LANES, view.board.length);
    for (let lane = 1; lane <= lanes; lane += 1) {
      const row = make(tools, "tr");
      row.append(make(tools, "th", lane));
      const cells = [];
      for (let space = 0; space <= FINISH + 1; space += 1) {
        const cell = make(tools, "td", null, space === FINISH + 1 ? "dc-finish" : "");
        cells.push(cell);
        row.append(cell);
      }
      for (const marker of view.board.filter((m) => (m.marker - 1) % LANES === lane - 1)) {
        const trailing = marker.marker > LANES;
        const chip = make(tools, "span", marker.marker, trailing ? "dc-chip dc-trail" : "dc-chip", {
          "data-marker": marker.marker,
          title: `${marker.name}: ${marker.points} points`,
        });
        const cell = cells[Math.min(marker.points, FINISH + 1)];
        if (trailing) cell.append(chip); // behind the marker of the row ahead
        else cell.prepend(chip);
      }
      table.append(row);
    }
    return table;
  }

  function standings(view, tools) {
    const list = make(tools, "ul", null, "dc-standings");
    const leader = Math.max(...view.board.map((m) => m.points));
    const sorted = [...view.board].sort((a, b) => b.points - a.points || a.marker - b.marker);
    for (const m of sorted) {
      const lead = m.points === leader && leader > 0 && !m.official_finish ? ", leader" : "";
      const team = m.team ? " [team]" : "";
      const item = make(tools, "li", `${m.name}${team} (marker ${m.marker}): ${m.points} (${standing(m)}${lead})`);
      item.dataset.marker = m.marker;
      list.append(item);
    }
    return list;
  }

  function raceCard(view, tools, showPicks) {
    const card = view.card;
    const table = make(tools, "table", null, "dc-card");
    table.append(make(tools, "caption", `Race ${view.race}: ${card.race}`));
    const head = make(tools, "tr");
    for (const title of ["#", "horse", "board odds", "W/P/S spaces", ...(showPicks ? ["picked by"] : [])]) {
      head.append(make(tools, "th", title));
    }
    table.append(head);
    card.horses.forEach((horse, i) => {
      const row = make(tools, "tr", null, card.scratched.includes(horse) ? "dc-scratched" : "");
      row.dataset.program = card.programs[i];
      const name = card.scratched.includes(horse) ? `${horse} (scratched)` : horse;
      row.append(make(tools, "td", card.programs[i]), make(tools, "td", name),
        make(tools, "td", card.odds[i] || "?"), make(tools, "td", spacesText(card.spaces[i])));
      if (showPicks) {
        const by = view.picks.filter((p) => p.horse === horse).map((p) => `${p.marker} (${p.bet})`);
        row.append(make(tools, "td", by.join(", ")));
      }
      table.append(row);
    });
    return table;
  }

  function lastRace(view, tools) {
    const report = view.last_race;
    const box = make(tools, "section", null, "dc-last");
    const corrected = report.corrected ? " (corrected)" : "";
    box.append(make(tools, "h3", `Official: race ${report.race}, ${report.name}${corrected}`));
    const placed = report.runners.filter((r) => r.finish !== null).sort((a, b) => a.finish - b.finish);
    const finish = make(tools, "ol", null, "dc-result");
    for (const r of placed.slice(0, 4)) {
      finish.append(make(tools, "li", `${placeText(r.finish)}: ${r.program} ${r.horse} (${r.odds})`));
    }
    const moves = make(tools, "ul", null, "dc-moves");
    for (const p of report.picks) {
      const text = p.sat_out ? `${p.marker} ${p.name}: sat out`
        : `${p.marker} ${p.name}: ${p.bet} on ${p.program} ${p.horse}, ${placeText(p.finish)} at ${p.odds}: +${p.points}`;
      moves.append(make(tools, "li", text));
    }
    box.append(finish, moves);
    return box;
  }

  function winners(frame, tools) {
    const names = frame.result.winners.map((w) => `${w.name} (marker ${w.marker})`).join(" and ");
    const title = frame.result.winners.length > 1 ? "Co-winners" : "Official Winner";
    return make(tools, "p", `${title}: ${names} - ${frame.result.how}`, "dc-winner");
  }

  function drawTv(frame, box, tools) {
    const view = frame.view;
    if (frame.over) box.append(winners(frame, tools));
    if (view.tie_break.length) {
      const names = view.tie_break.map((m) => view.board[m - 1].name).join(" and ");
      box.append(make(tools, "p", `Tie-break: ${names} race on; only they pick.`, "dc-tie"));
    }
    box.append(advancementTable(view, tools), standings(view, tools));
    if (view.card) {
      box.append(raceCard(view, tools, !view.picks_open));
      const status = { pick: "Picks are open", scratches: "Picks are open: the keeper closes them at the off",
        repick: "A late scratch: its pickers choose again or sit out", result: "They're off: waiting for the official result",
        review: "Result posted: not official yet" }[view.phase];
      if (status) box.append(make(tools, "p", status, "dc-status"));
    }
    if (view.last_race) box.append(lastRace(view, tools));
  }

  // --- a phone -------------------------------------------------------------------------
  function drawPhone(frame, box, tools) {
    const view = frame.view;
    const me = view.board[frame.seat];
    box.append(make(tools, "p", `Marker ${me.marker}, ${me.name}: ${me.points} points (${standing(me)})`, "dc-me"));
    if (frame.over) { box.append(winners(frame, tools)); return; }
    const card = view.card;
    const mine = view.picks.find((p) => p.marker === me.marker);
    if (mine) {
      const text = mine.sat_out ? "You sit out this race" : `Your pick: ${mine.bet} on ${programOf(card, mine.horse)} ${mine.horse}`;
      box.append(make(tools, "p", text + (view.picks_open ? " (you may change it until picks close)" : ""), "dc-mine"));
    }
    const choosing = card && (frame.your_turn || (view.picks_open && mine && !mine.sat_out));
    if (choosing) box.append(pickButtons(frame, tools));
    else if (card && view.picks_open && view.order.includes(me.marker)) {
      box.append(make(tools, "p", `Waiting for ${frame.waiting.seats.map(tools.seatName).join(", ")} to pick`, "dc-wait"));
    } else if (card && !view.order.includes(me.marker)) {
      box.append(make(tools, "p", "Only the tied markers pick in this tie-break race", "dc-wait"));
    }
    if (view.review) {
      const would = view.review.would.find((w) => w.marker === me.marker);
      if (would) box.append(make(tools, "p", `If the result stands: +${would.points}`, "dc-would"));
    }
    if (view.last_race) box.append(lastRace(view, tools));
  }

  function programOf(card, horse) {
    return card ? card.programs[card.horses.indexOf(horse)] : "";
  }

  function pickButtons(frame, tools) {
    const view = frame.view;
    const card = view.card;
    const box = make(tools, "div", null, "dc-picker");
    const race = `${view.race}:${card.race}`;
    if (tapped && tapped.race !== race) tapped = null;
    const horses = make(tools, "div", null, "dc-horses");
    card.horses.forEach((horse, i) => {
      if (card.scratched.includes(horse)) return;
      const chosen = tapped && tapped.horse === horse;
      const node = button(tools, `${card.programs[i]} ${horse} ${card.odds[i] || ""} \u00b7 ${spacesText(card.spaces[i])}`, () => {
        tapped = { race, horse };
        tools.redraw();
      }, { "data-program": card.programs[i], "aria-pressed": chosen ? "true" : "false" });
      horses.append(node);
    });
    box.append(horses);
    if (tapped) {
      const i = card.horses.indexOf(tapped.horse);
      const bets = make(tools, "div", null, "dc-bets");
      for (const bet of BETS) {
        const worth = card.spaces[i] ? ` +${card.spaces[i][bet]}` : "";
        bets.append(button(tools, `${bet}${worth}`, () => {
          const horse = tapped.horse;
          tapped = null;
          tools.send({ action: { kind: "pick", horse, bet } });
        }, { "data-bet": bet }));
      }
      box.append(bets);
    }
    if (frame.legal.some((l) => l.action.kind === "sit-out")) {
      box.append(button(tools, "Sit out this race", () => tools.send({ action: { kind: "sit-out" } }), { "data-sit-out": "" }));
    }
    return box;
  }

  // --- the keeper's desk ------------------------------------------------------------------
  function field(tools, id, label, value) {
    const wrap = make(tools, "label", label, "dc-field");
    const input = make(tools, "input", null, "", { id, autocomplete: "off" });
    input.value = value || "";
    wrap.append(input);
    return wrap;
  }

  function read(id) {
    const node = document.getElementById(id);
    return node ? node.value.trim() : "";
  }

  function words(text) {
    return text.split(",").map((w) => w.trim()).filter(Boolean);
  }

  // A horse by its program number (1A as printed) or its name.
  function horseFor(word, horses, programs) {
    const i = programs.indexOf(word.toUpperCase());
    if (i >= 0) return horses[i];
    const named = horses.find((h) => h.toLowerCase() === word.toLowerCase());
    if (named) return named;
    throw new Error(`${word} is not a horse in this race (program numbers ${programs.join(", ")})`);
  }

  // '3=1, 5, 2': 3 and 1 dead-heated for 1st, 5 was 3rd, 2 was 4th.
  function finishFor(text, horses, programs) {
    const place = new Map();
    let next = 1;
    for (const group of words(text)) {
      const tied = group.split("=").map((w) => horseFor(w.trim(), horses, programs));
      for (const horse of tied) {
        if (place.has(horse)) throw new Error(`${horse} is placed twice`);
        place.set(horse, next);
      }
      next += tied.length;
    }
    if (!place.size) throw new Error("type the finish, at least the winner");
    return horses.map((h) => (place.has(h) ? place.get(h) : null));
  }

  function resultForm(tools, prefix, card, picked, scratched, submitText, onSubmit) {
    const form = make(tools, "form", null, "dc-desk-form");
    form.append(field(tools, `${prefix}-finish`, "Official finish, best first (program numbers; dead heat 3=1)", ""));
    const needed = card.horses.filter((h) => picked.has(h) && !scratched.includes(h));
    for (const horse of needed) {
      const i = card.horses.indexOf(horse);
      form.append(field(tools, `${prefix}-odds-${i}`, `Final odds of ${card.programs[i]} ${horse}`, card.odds[i]));
    }
    form.append(make(tools, "button", submitText, "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      try {
        const finish = finishFor(read(`${prefix}-finish`), card.horses, card.programs);
        const odds = card.horses.map((h, i) => (needed.includes(h) ? read(`${prefix}-odds-${i}`) : card.odds[i] || ""));
        onSubmit(odds, finish);
      } catch (error) {
        tools.showError(error.message);
      }
    });
    return form;
  }

  function cardForm(frame, tools) {
    const view = frame.view;
    const form = make(tools, "form", null, "dc-desk-form");
    const ahead = view.next_card; // the day's card offers its race, to check and post
    const listed = ahead ? ahead.horses.map((h, i) => `${ahead.programs[i]} ${h}`).join(", ") : "";
    const out = ahead ? ahead.scratched.map((h) => ahead.programs[ahead.horses.indexOf(h)]).join(", ") : "";
    form.append(make(tools, "h3", ahead ? `Post race ${view.race} from the day's card` : `Post race ${view.race}`),
      field(tools, "dc-race", "Race name", ahead ? ahead.race : `Race ${view.race}`),
      field(tools, "dc-field", "Horses with program numbers (1 Alpha, 1A Bravo, 3 Charlie)", listed),
      field(tools, "dc-odds", "Morning lines, same order (commas; blank if none)", ahead ? ahead.odds.join(", ") : ""),
      field(tools, "dc-scratched", "Scratched before post (program numbers)", out),
      make(tools, "button", "Post the card", "", { type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      try {
        const horses = [];
        const programs = [];
        for (const entry of words(read("dc-field"))) {
          const match = entry.match(/^([1-9][0-9]?[A-Za-z]?)\s+(.+)$/);
          programs.push(match ? match[1].toUpperCase() : "");
          horses.push(match ? match[2].trim() : entry);
        }
        if (programs.some(Boolean) && !programs.every(Boolean)) throw new Error("give every horse its program number, or none");
        const numbers = programs.some(Boolean) ? programs : horses.map((_, i) => String(i + 1));
        const lines = read("dc-odds") ? read("dc-odds").split(",").map((o) => o.trim()) : [];
        const odds = horses.map((_, i) => lines[i] || "");
        const scratched = words(read("dc-scratched")).map((w) => horseFor(w, horses, numbers));
        tools.send({ action: { kind: "card", race: read("dc-race"), horses, odds, programs, scratched } });
      } catch (error) {
        tools.showError(error.message);
      }
    });
    return form;
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
    box.append(make(tools, "summary", `Correct race ${last.race} (${last.name})`));
    box.append(resultForm(tools, "dc-fix", card, picked, scratched, "Post the correction",
      (odds, finish) => tools.send({ action: { kind: "correction", odds, finish } })));
    return box;
  }

  function drawDesk(frame, box, tools) {
    const view = frame.view;
    const stamp = `${frame.version}`;
    if (deskDrawn === stamp && box.querySelector(".dc-desk")) return; // keep what is typed
    deskDrawn = stamp;
    box.replaceChildren();
    const desk = make(tools, "div", null, "dc-desk");
    box.append(desk);
    desk.append(make(tools, "h2", "Score keeper's desk"));
    if (frame.over) { desk.append(winners(frame, tools), standings(view, tools)); return; }
    desk.append(standings(view, tools));
    const card = view.card;
    if (card) desk.append(raceCard(view, tools, true));
    const picked = new Set(view.picks.filter((p) => p.horse).map((p) => p.horse));
    if (view.phase === "card") {
      desk.append(cardForm(frame, tools));
      if (view.may_correct) desk.append(correctionForm(view, tools));
    } else if (view.phase === "pick") {
      desk.append(make(tools, "p", `Picks are open: waiting for ${frame.waiting.seats.map(tools.seatName).join(", ")}`, "dc-status"));
    } else if (view.phase === "scratches") {
      const form = make(tools, "form", null, "dc-desk-form");
      form.append(make(tools, "h3", "Every marker has picked. Close picks at the off"));
      card.horses.forEach((horse, i) => {
        if (card.scratched.includes(horse)) return;
        const label = make(tools, "label", null, "dc-check");
        const box2 = make(tools, "input", null, "", { type: "checkbox", value: horse, "data-program": card.programs[i] });
        label.append(box2, document.createTextNode(` late scratch: ${card.programs[i]} ${horse}`));
        form.append(label);
      });
      form.append(make(tools, "button", "Close picks", "", { type: "submit" }));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const horses = [...form.querySelectorAll("input:checked")].map((node) => node.value);
        tools.send({ action: { kind: "scratches", horses } });
      });
      desk.append(form);
    } else if (view.phase === "repick") {
      desk.append(make(tools, "p", `A late scratch: waiting for ${frame.waiting.seats.map(tools.seatName).join(", ")}`, "dc-status"));
    } else if (view.phase === "result" || view.phase === "review") {
      if (view.review) {
        const review = make(tools, "section", null, "dc-review");
        review.append(make(tools, "h3", "Not official yet: this result would score"));
        const list = make(tools, "ul");
        for (const w of view.review.would) {
          list.append(make(tools, "li", w.sat_out ? `${w.marker} ${w.name}: sat out`
            : `${w.marker} ${w.name}: ${w.bet} on ${w.program} ${w.horse} at ${w.odds}, ${placeText(w.finish)}: +${w.points}`));
        }
        review.append(list, button(tools, "Official", () => tools.send({ action: { kind: "official" } }), { "data-official": "" }));
        review.append(make(tools, "p", "Or type it again:"));
        desk.append(review);
      }
      desk.append(resultForm(tools, "dc-result", card, picked, card.scratched, "Post for review",
        (odds, finish) => tools.send({ action: { kind: "result", odds, finish, official: false } })));
    }
  }

  window.homestretchBoard = (frame, box, tools) => {
    const keeper = frame.view.board.length;
    const redraw = () => window.homestretchBoard(frame, box, tools);
    const all = { ...tools, redraw };
    box.classList.add("derbycast");
    if (frame.seat === keeper && tools.mode !== "replay") { drawDesk(frame, box, all); return; }
    deskDrawn = null;
    box.replaceChildren();
    if (frame.seat !== null && frame.seat !== undefined && frame.seat < keeper && tools.mode !== "replay") drawPhone(frame, box, all);
    else drawTv(frame, box, all);
  };
})();
