// The lobby's form (open a table) and the invitation's (take an open seat).
"use strict";
const $ = (id) => document.getElementById(id);

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

async function post(path, data) {
  let response, answer;
  try {
    response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
    });
    answer = await response.json();
  } catch {  // no connection, or no answer from the server: said, not left to look done
    showError("This page could not reach the server (no connection?): nothing was done. Try again when you are back online.");
    return null;
  }
  if (!response.ok) { showError(answer.error); return null; }
  showError("");
  return answer;
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

// --- a setting's place in the configuration: "rules.auction" is config.rules.auction ---
function getPath(config, name) {
  return name.split(".").reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), config);
}
function setPath(config, name, value) {
  const keys = name.split(".");
  let at = config;
  for (const key of keys.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== "object" || Array.isArray(at[key])) at[key] = {};
    at = at[key];
  }
  at[keys[keys.length - 1]] = value;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Whether a setting is shown for ``config`` by its ``when`` (forms.shown on the server
// reads it alike): a key's value (a dotted path; left out, it is null) must be among the
// values listed, or not among {"not": [...]}; values compare as JSON, so 0 is not false.
function shownWhen(when, config) {
  return Object.entries(when || {}).every(([name, wanted]) => {
    const value = name.split(".").reduce((at, key) => (at && typeof at === "object" && !Array.isArray(at) && Object.hasOwn(at, key) ? at[key] : null), config);
    return Array.isArray(wanted) ? wanted.some((w) => same(value, w)) : !wanted.not.some((w) => same(value, w));
  });
}

// --- what was typed, kept for the browser tab's life (a reload, an error: nothing lost) --
const DRAFT_KEY = "homestretch-lobby";
function readDraft() {
  try { return JSON.parse(sessionStorage.getItem(DRAFT_KEY)) || {}; } catch { return {}; }
}
function writeDraft(draft) {
  try { sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft)); } catch { /* storage off: kept on screen only */ }
}

// --- errors shown next to the field they name ("seats.2.name": that seat's row) ---------
function clearErrors() {
  showError("");
  for (const slot of document.querySelectorAll("[data-error-for]")) { slot.hidden = true; slot.textContent = ""; }
  for (const bad of document.querySelectorAll(".invalid")) bad.classList.remove("invalid");
}
function fieldError(field, text) {
  let name = field || "";
  while (name) {
    // the one in sight where several name the field (an upload: Across's track, Totopoly's files)
    const slots = [...document.querySelectorAll(`[data-error-for="${CSS.escape(name)}"]`)];
    const slot = slots.find((one) => !one.parentElement.closest("[hidden]")) || slots[0];
    if (slot) {
      slot.textContent = text;
      slot.hidden = false;
      for (let fold = slot.closest("details"); fold; fold = fold.parentElement.closest("details")) fold.open = true;
      const input = document.querySelector(`[data-field="${CSS.escape(field)}"]`) || slot.parentElement.querySelector("input, select, textarea");
      if (input) input.classList.add("invalid");
      slot.scrollIntoView({ block: "center" });
      return;
    }
    name = name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : "";
  }
  showError(text);
  $("error").scrollIntoView({ block: "center" });
}

if ($("create")) {
  const games = JSON.parse(document.body.dataset.games);
  // a choice is a game, or a designer's content for it (serve --content, --race): keyed
  // by "key", the game's name or the design's id, and named by "label" where it has one
  const byName = Object.fromEntries(games.map((g) => [g.key || g.name, g]));
  const draft = readDraft();
  draft.games = draft.games || {};
  const select = $("game");
  for (const game of games) select.append(el("option", { value: game.key || game.name, text: game.label || game.title.split(": ")[0] }));
  if (draft.game && byName[draft.game]) select.value = draft.game;
  if (draft.dice) $("dice").value = draft.dice;
  $("private").checked = Boolean(draft.private);
  $("invitation-watches").checked = draft.invitationWatches !== false;  // ticked unless unticked
  $("more").open = Boolean(draft.more);  // "More settings" folded unless unfolded
  // whether the invitation shows the way to watch: a choice at a private table alone
  // (anyone may watch a listed one)
  const watchChoiceShown = () => { $("invitation-watches-box").hidden = !$("private").checked; };
  watchChoiceShown();

  const game = () => byName[select.value];
  // this game's part of the draft: its configuration (as JSON text too, while it does
  // not parse), its seats and its score keeper
  const mine = () => {
    const g = game();
    const key = g.key || g.name;
    if (!draft.games[key]) draft.games[key] = { config: structuredClone(g.config), seats: defaultSeats(g), keeper: "computer" };
    return draft.games[key];
  };
  const save = () => {
    draft.game = select.value;
    draft.dice = $("dice").value;
    draft.roller = $("roller").value;
    draft.private = $("private").checked;
    draft.invitationWatches = $("invitation-watches").checked;
    draft.more = $("more").open;
    writeDraft(draft);
  };

  function defaultSeats(g) {
    const most = g.bots[g.bots.length - 1];
    const count = Math.max(g.players, Math.min(2, g.max_players));  // a race bet on by two
    return Array.from({ length: count }, (_, i) => (i < 2 || g.bots.length === 1
      ? { kind: "person", name: `Player ${i + 1}` }
      : { kind: "bot", bot: most, name: `Computer ${i + 1}` }));
  }

  // the seats decide how many play: the configuration's "players" or Derby Cast's
  // entrants (one person each, or a team: several people at one seat, one marker, named
  // by the row; its members typed on the row or in the JSON)
  function fitPlayers() {
    const { config, seats } = mine();
    const names = seats.map((s, i) => s.name.trim() || `Player ${i + 1}`);
    if (Array.isArray(config.entrants)) {
      config.entrants = names.map((name, i) => {
        const had = config.entrants[i];
        const team = seats[i].kind === "person" && had && Array.isArray(had.members) && had.members.length > 1;
        return { name, members: team ? had.members : [name], bot: false };
      });
    }
    if ("players" in config || !Array.isArray(config.entrants)) config.players = seats.length;
    if (Array.isArray(config.names) && config.names.length !== seats.length) delete config.names;
    for (const field of game().fields) {  // a setting naming a seat stays at the table
      const at = getPath(config, field.name);
      if (field.kind === "seat" && Number.isInteger(at) && at >= seats.length) setPath(config, field.name, Math.max(0, seats.length - 1));
    }
  }

  // The settings as they are sent: a flag the form hides does not apply, so it goes off
  // (forms.shown on the server refuses it on: Derby Cast's "Confirm picks" over replays,
  // R27); the form keeps its value for when it is shown again. The JSON shows them so.
  function asSent(config) {
    const sent = structuredClone(config);
    for (const field of game().fields) {
      if (field.kind === "flag" && field.when && !shownWhen(field.when, sent)) setPath(sent, field.name, false);
    }
    return sent;
  }

  function showJson() {
    const mineNow = mine();
    if (document.activeElement !== $("config")) {
      $("config").value = JSON.stringify(asSent(mineNow.config), null, 1);
      delete mineNow.configText;
    }
  }

  // --- the seats' rows ---
  function whoOptions(g, seat) {
    const options = [el("option", { value: "person", text: "a person here" }), el("option", { value: "open", text: "an open seat (for an invitation)" })];
    for (const bot of g.bots) options.push(el("option", { value: `bot:${bot}`, text: g.bot_words[bot] || `the computer (${bot})` }));
    const box = el("select", { class: "seat-kind", "aria-label": "Who plays" }, ...options);
    box.value = seat.kind === "bot" ? `bot:${seat.bot || "random"}` : seat.kind;
    return box;
  }

  function drawSeats() {
    const g = game();
    const { seats } = mine();
    const list = $("seats");
    list.replaceChildren();
    seats.forEach((seat, index) => {
      const name = el("input", { class: "seat-name", maxlength: 40, value: seat.name, autocomplete: "off", "data-field": `seats.${index}.name`, id: `seat-${index}-name` });
      name.addEventListener("input", () => { seat.name = name.value; changedSeats(false); });
      const who = whoOptions(g, seat);
      who.id = `seat-${index}-who`;
      who.dataset.field = `seats.${index}.kind`;
      who.addEventListener("change", () => {
        const [kind, bot] = who.value.split(":");
        seat.kind = kind;
        if (bot) seat.bot = bot; else delete seat.bot;
        changedSeats(Array.isArray(mine().config.entrants));  // a person's row may be a team
      });
      const team = teamBox(seat, index);
      const remove = el("button", { type: "button", class: "remove-seat", "aria-label": `Remove player ${index + 1}`, text: "Remove" });
      remove.disabled = seats.length <= g.min_players;
      remove.addEventListener("click", () => { seats.splice(index, 1); changedSeats(true); });
      list.append(el("li", { class: "seat-row", "data-seat": index },
        el("div", { class: "seat-name-box" }, el("label", { for: name.id, text: `Player ${index + 1}` }), name),
        el("div", { class: "seat-who-box" }, el("label", { for: who.id, text: "Who plays" }), who),
        remove,
        ...team,
        el("p", { class: "field-error", "data-error-for": `seats.${index}`, role: "alert", hidden: true })));
    });
    $("add-seat").disabled = seats.length >= g.max_players;
    const limits = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players} to ${g.max_players}`;
    // one player alone bets with the house, which pays the chart's $2 prices (Top of the
    // Stretch, ruling S29): said before the table is opened
    const alone = g.min_players === 0 && seats.length === 1
      ? " Alone, the house takes your bets and pays the chart's $2 prices (ruling S29)."
      : "";
    $("seat-limits").textContent = g.min_players === 0
      ? `Up to ${g.max_players} players bet on the race; with none it runs straight through.${alone}`
      : `${limits} players. An open seat is taken by whoever you send the invitation.`;
    drawRoller();
  }

  // Derby Cast's teams: a person's row may name the people who share its seat and marker
  // (rule 1; "Ann, Bob": one pick a race between them); blank, the row plays alone.
  function teamBox(seat, index) {
    const { config } = mine();
    if (!Array.isArray(config.entrants) || seat.kind !== "person") return [];
    const had = config.entrants[index];
    const members = had && Array.isArray(had.members) && had.members.length > 1 ? had.members : [];
    const box = el("input", { class: "seat-team", id: `seat-${index}-team`, maxlength: 200, autocomplete: "off", value: members.join(", "), placeholder: "blank: plays alone", "data-field": `seats.${index}.team` });
    box.addEventListener("input", () => {
      const people = box.value.split(",").map((name) => name.trim()).filter(Boolean);
      const entrant = mine().config.entrants[index];
      entrant.members = people.length > 1 ? people : [entrant.name];
      showJson();
      save();
    });
    return [el("div", { class: "seat-team-box" }, el("label", { for: box.id, text: "A team? Its members, comma-separated" }), box)];
  }

  function changedSeats(redraw) {
    fitPlayers();
    if (redraw) drawSeats(); else drawRoller();
    if (game().fields.some((f) => f.kind === "seat")) drawSettings();  // they name the seats
    else applyWhen();  // the tote's settings, with somebody betting
    showJson();
    save();
  }

  $("add-seat").addEventListener("click", () => {
    const g = game();
    const { seats } = mine();
    if (seats.length >= g.max_players) return;
    seats.push({ kind: "person", name: `Player ${seats.length + 1}` });
    changedSeats(true);
    $("seats").lastElementChild.querySelector("input").focus();
  });

  // a seat as a choice names it: "Bob (player 2)", or "Player 2" where that is its name
  function seatWords(seat, i) {
    const name = seat.name.trim() || `Player ${i + 1}`;
    return name.toLowerCase() === `player ${i + 1}` ? name : `${name} (player ${i + 1})`;
  }

  function drawRoller() {
    const { seats } = mine();
    const roller = $("roller");
    const chosen = roller.value || draft.roller || "";
    roller.replaceChildren(el("option", { value: "", text: "the creator (on the creator's page)" }));
    seats.forEach((seat, i) => {
      if (seat.kind === "person") roller.append(el("option", { value: String(i), text: seatWords(seat, i) }));
    });
    roller.value = [...roller.options].some((o) => o.value === chosen) ? chosen : "";
    $("roller-box").hidden = $("dice").value !== "asked";
  }

  // --- the settings, one field each, drawn from the game's description ---
  function fieldInput(field, config) {
    const value = getPath(config, field.name);
    const id = `setting-${field.name.replace(/\W/g, "-")}`;
    const set = (v) => { setPath(mine().config, field.name, v); showJson(); applyWhen(); save(); };
    if (field.kind === "flag") {
      const box = el("input", { type: "checkbox", id, "data-field": field.name });
      box.checked = Boolean(value);
      box.addEventListener("change", () => set(box.checked));
      return [el("label", { class: "check", for: id }, box, ` ${field.label}`)];
    }
    let input;
    if (field.kind === "number") {
      input = el("input", { type: "number", inputmode: "numeric", step: 1, min: field.min, max: field.max, id, "data-field": field.name, placeholder: field.optional ? "blank" : null });
      input.value = value === null || value === undefined ? "" : String(value);
      input.addEventListener("input", () => {
        const text = input.value.trim();
        if (text === "" && field.optional) set(null);
        else if (text !== "" && Number.isFinite(Number(text))) set(Number(text));
      });
    } else if (field.kind === "choice" || field.kind === "seat") {
      const choices = field.kind === "seat"
        ? mine().seats.map((s, i) => ({ value: i, label: seatWords(s, i) }))
        : field.choices;
      input = el("select", { id, "data-field": field.name });
      choices.forEach((c, i) => input.append(el("option", { value: String(i), text: c.label })));
      if (field.optional) input.append(el("option", { value: "blank", text: field.blank || "none" }));
      const at = choices.findIndex((c) => same(c.value, value));
      if (at >= 0) input.value = String(at);
      else if (value === null && field.optional) input.value = "blank";
      else {  // as the JSON has it (a race of your own): kept until another is chosen
        input.append(el("option", { value: "json", text: "as in the settings as JSON" }));
        input.value = "json";
      }
      input.addEventListener("change", () => {
        if (input.value === "blank") set(null);
        else if (input.value !== "json") set(choices[Number(input.value)].value);
      });
    } else if (field.kind === "list") {
      return [listInput(field, value, id, set)];
    } else {
      input = el("input", { id, "data-field": field.name });
      input.value = value === null || value === undefined ? "" : String(value);
      input.addEventListener("input", () => set(input.value));
    }
    return [el("label", { for: id, text: field.label }), input];
  }

  // A select cuts its chosen words where they are wider than it is (a race's name with
  // its distance, on a phone): they are said whole on a line under it then, and the line
  // goes when they fit (a wider screen, a shorter choice). Measured by the select's font;
  // a select out of sight (folded) is measured when it is shown.
  const ruler = document.createElement("canvas").getContext("2d");
  function sayChosen(select) {
    let line = select.nextElementSibling;
    if (!line || !line.classList.contains("chosen-whole")) {
      line = el("p", { class: "chosen-whole help", "aria-hidden": "true", hidden: true });
      select.after(line);
    }
    if (!select.getClientRects().length) return;  // out of sight: as it was
    const words = select.selectedOptions[0] ? select.selectedOptions[0].textContent : "";
    const style = getComputedStyle(select);
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // its arrow
    line.textContent = words;
    line.hidden = ruler.measureText(words).width <= room;
  }
  function sayAllChosen() {
    for (const select of $("create").querySelectorAll(".setting > select")) sayChosen(select);
  }
  $("create").addEventListener("change", (event) => { if (event.target.matches(".setting > select")) sayChosen(event.target); });
  window.addEventListener("resize", sayAllChosen);
  $("more").addEventListener("toggle", sayAllChosen);

  // several choices in order (Across's track of each meet): a select each, added and removed
  function listInput(field, value, id, set) {
    const items = Array.isArray(value) ? [...value] : [];
    const box = el("div", { class: "list-field", "data-field": field.name, id });
    const draw = () => {
      box.replaceChildren(el("span", { class: "list-label", text: field.label }));
      items.forEach((item, i) => {
        const choose = el("select", { "aria-label": `${field.label} ${i + 1}` });
        field.choices.forEach((c, k) => choose.append(el("option", { value: String(k), text: c.label })));
        const at = field.choices.findIndex((c) => same(c.value, item));
        if (at >= 0) choose.value = String(at);
        choose.addEventListener("change", () => { items[i] = field.choices[Number(choose.value)].value; set([...items]); });
        const drop = el("button", { type: "button", "aria-label": `Remove ${field.label} ${i + 1}`, text: "Remove" });
        drop.addEventListener("click", () => { items.splice(i, 1); set([...items]); draw(); });
        box.append(el("div", { class: "list-row" }, el("span", { class: "list-number", text: `${i + 1}.` }), choose, drop));
      });
      if (!items.length) box.append(el("p", { class: "list-empty", text: "none chosen" }));
      const add = el("button", { type: "button", text: "Add one", "aria-label": `Add to ${field.label}` });
      add.disabled = field.most !== undefined && items.length >= field.most;
      add.addEventListener("click", () => { items.push(field.choices[0].value); set([...items]); draw(); box.querySelectorAll("select")[items.length - 1].focus(); });
      box.append(add);
    };
    draw();
    return box;
  }

  // The settings most hosts change are drawn in "Settings"; those most leave as they are
  // (a field's "more": house rules, roles, a ruling's reading) under "More settings",
  // folded, their values kept in the configuration all the same. Derby Cast's score
  // keeper is chosen just after its races, which it keeps.
  const keeperBox = $("dc-keeper-box");
  function drawSettings() {
    const g = game();
    const { config } = mine();
    const boxes = [$("settings"), $("settings-more")];
    const open = document.activeElement && boxes.some((box) => box.contains(document.activeElement)) ? document.activeElement.id : null;
    $("settings-box").append(keeperBox);  // kept while the settings are drawn again
    for (const box of boxes) box.replaceChildren();
    const groups = new Map();
    for (const field of g.fields) {
      const box = boxes[field.more ? 1 : 0];
      if ((field.group || "") !== (groups.get(box) || "")) {
        groups.set(box, field.group || "");
        if (field.group) box.append(el("h3", { class: "settings-group", text: field.group }));
      }
      const help = [field.help, field.blank && field.optional ? `Blank: ${field.blank}.` : ""].filter(Boolean).join(" ");
      const place = el("div", { class: `setting setting-${field.kind}`, "data-when": field.when ? JSON.stringify(field.when) : null },
        ...fieldInput(field, config),
        el("p", { class: "help", text: help }),
        el("p", { class: "field-error", "data-error-for": field.name, role: "alert", hidden: true }));
      box.append(place);
      if (g.name === "derbycast" && field.name === "source") place.after(keeperBox);
    }
    if (!g.fields.length) boxes[0].append(el("p", { class: "help", text: "This game has no settings to choose here: see the settings as JSON." }));
    if (open && $(open)) $(open).focus();
    applyWhen();
  }

  // What "More settings" holds, said while it is folded: how many of the game's own,
  // the files of one's own it takes, real dice, the JSON; and which of them differ from
  // the game's defaults (shown ones alone), so nothing changed there goes unseen.
  function sayMore() {
    const g = game();
    const { config } = mine();
    const folded = g.fields.filter((field) => field.more);
    const short = g.title.split(": ")[0];
    const held = [];
    if (folded.length) held.push(`${folded.length} more of ${short}'s settings`);
    if (ownTrackOffered(g)) held.push("your own track file");
    if (ownContentOffered(g)) held.push("your own board and cards");
    if (g.name === "derbycast") held.push("a day's card and your own odds table");
    if (g.dice) held.push("real dice");
    held.push("the settings as JSON");
    const changed = folded.filter((field) => shownWhen(field.when, config) && !same(getPath(config, field.name), field.default)).map((field) => field.label);
    if (g.dice && $("dice").value === "asked") changed.push("Dice");
    const listed = held.length > 1 ? `${held.slice(0, -1).join(", ")} and ${held[held.length - 1]}` : held[0];
    $("more-said").textContent = `${listed[0].toUpperCase()}${listed.slice(1)}.` + (changed.length ? ` Changed from the defaults: ${changed.join(", ")}.` : "");
  }

  // a setting that matters only with another's value (Derby Cast's replays drawn, with
  // replays; Stretch's tote, with somebody betting) is hidden otherwise; its value stays
  // in the configuration (shownWhen)
  function applyWhen() {
    const { config } = mine();
    for (const place of $("create").querySelectorAll(".setting[data-when]")) place.hidden = !shownWhen(JSON.parse(place.dataset.when), config);
    sayMore();
    sayAllChosen();
  }

  $("config").addEventListener("input", () => {
    const slot = document.querySelector('[data-error-for="config"]');
    mine().configText = $("config").value;
    let parsed;
    try { parsed = JSON.parse($("config").value); } catch { parsed = undefined; }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      slot.textContent = "Not a JSON object yet: the settings above stay as they were.";
      slot.hidden = false;
      save();
      return;
    }
    slot.hidden = true;
    mine().config = parsed;
    const { seats } = mine();
    if (Array.isArray(parsed.entrants) && parsed.entrants.length === seats.length) {  // Derby Cast's rows follow
      parsed.entrants.forEach((e, i) => { if (e && typeof e.name === "string") seats[i].name = e.name; });
      drawSeats();
    }
    drawSettings();
    save();
  });

  function chooseGame() {
    const g = game();
    const mineNow = mine();
    $("dc-lobby").hidden = g.name !== "derbycast";
    $("dice-box").hidden = !g.dice;  // Derby Cast throws none
    $("own-track-box").hidden = !ownTrackOffered(g);
    $("own-content-box").hidden = !ownContentOffered(g);
    $("game-about").textContent = g.title.split(": ").slice(1).join(": ");
    const rules = $("how-to-play-link");  // the chosen game's guide, beside its choice
    rules.href = `/how-to-play/${encodeURIComponent(g.name)}`;
    rules.textContent = `How to play ${g.title.split(": ")[0]}`;
    $("game-note").hidden = g.name !== "stretch";
    $("dc-keeper").value = mineNow.keeper || "computer";
    fitPlayers();
    drawSeats();
    drawSettings();
    if (mineNow.configText !== undefined) $("config").value = mineNow.configText;
    else showJson();
    keeperShown();
    clearErrors();
    save();
  }
  function keeperShown() {
    $("dc-keeper-box").hidden = game().name !== "derbycast" || mine().config.source !== "keeper";
    sayChosen($("dc-keeper"));
  }
  select.addEventListener("change", chooseGame);
  // a field changed: its refusal goes (the next press of "Open the table" says again)
  const mended = (event) => {
    const place = event.target.closest(".setting, .seat-row, #dice-box, #roller-box, #own-track-box, #own-content-box, #dc-lobby");
    if (!place) return;
    for (const slot of place.querySelectorAll("[data-error-for]")) slot.hidden = true;
    for (const bad of place.querySelectorAll(".invalid")) bad.classList.remove("invalid");
  };
  $("create").addEventListener("input", mended);
  $("create").addEventListener("change", mended);
  $("settings").addEventListener("change", () => { if (game().name === "derbycast") keeperShown(); });
  $("reset-settings").addEventListener("click", () => {  // the players stay as they are
    const mineNow = mine();
    mineNow.config = structuredClone(game().config);
    delete mineNow.configText;
    fitPlayers();
    drawSettings();
    showJson();
    keeperShown();
    clearErrors();
    save();
  });
  $("dc-keeper").addEventListener("change", () => { mine().keeper = $("dc-keeper").value; save(); });
  $("dice").addEventListener("change", () => { drawRoller(); sayMore(); save(); });
  $("more").addEventListener("toggle", save);
  $("roller").addEventListener("change", save);
  $("private").addEventListener("change", () => { watchChoiceShown(); save(); });
  $("invitation-watches").addEventListener("change", save);
  chooseGame();
  if (draft.roller) { $("roller").value = draft.roller; }
  if (draft.created) showCreated(draft.created, false);

  function checkNames(seats) {
    const seen = new Map();
    for (const [i, seat] of seats.entries()) {
      const key = seat.name.trim().toLowerCase();
      if (!key) continue;
      if (seen.has(key)) return [`seats.${i}.name`, `Two players are called ${seat.name.trim()}: give each their own name.`];
      seen.set(key, i);
    }
    return null;
  }

  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    const g = game();
    const mineNow = mine();
    if (mineNow.configText !== undefined) {
      try { JSON.parse(mineNow.configText); } catch { $("advanced").open = true; fieldError("config", "The settings as JSON are not JSON: mend them or choose the settings above."); return; }
    }
    const clash = checkNames(mineNow.seats);
    if (clash) { fieldError(...clash); return; }
    let config = structuredClone(mineNow.config);
    const seats = mineNow.seats.map((s, i) => {
      const name = s.name.trim() || `Player ${i + 1}`;
      return s.kind === "bot" ? { kind: "bot", bot: s.bot || "random", name } : { kind: s.kind, name };
    });
    if (g.name === "derbycast") {
      await derbyCastTable(config);
      const withCard = await derbyCastCard(config, seats);
      if (!withCard && config.source === "keeper" && mineNow.keeper === "person") seats.push({ kind: "person", name: "Score keeper" });
    }
    config = asSent(config);  // (after a day's card, which posts from the keeper's desk)
    const upload = ownTrackOffered(g) ? await ownTrack() : ownContentOffered(g) ? await ownContent() : undefined;
    if (upload === null) return;  // too big to send: said by its field
    const dice = g.dice ? $("dice").value : "seeded";  // none offered: none typed
    const roller = dice === "asked" ? $("roller").value : "";
    $("open").disabled = true;
    let response;
    try {
      response = await fetch("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: g.name, design: g.design, upload, config, seats, dice, roller: roller === "" ? null : Number(roller), private: $("private").checked, invitation_watches: $("invitation-watches").checked }),
      });
    } catch {
      $("open").disabled = false;
      showError("The server did not answer: nothing was opened. Try again.");
      return;
    }
    $("open").disabled = false;
    const answer = await response.json();
    if (!response.ok) {
      if (answer.field && answer.field.startsWith("seats.") && Number(answer.field.split(".")[1]) >= mineNow.seats.length) {
        fieldError("", answer.error);  // the score keeper's seat, added here
      } else {
        if (answer.field === "config") $("advanced").open = true;
        fieldError(answer.field, answer.error);
      }
      return;
    }
    answer.open_seats = seats.filter((s) => s.kind === "open").length;  // whether to list the invitation
    answer.dice_here = dice === "asked" && roller === "";  // the creator's page types them
    draft.created = answer;
    save();
    showCreated(answer);
    refreshTables();  // "Open tables" above lists it now (a private one stays unlisted)
  });

  // The lobby's list of open tables as the server draws it now (the page's own copy is
  // from when it was opened); if it cannot be had, the list stays as it was. Drawn again
  // only when it changed, and not under a finger held on it (a Copy being pressed: it
  // is asked for again once the finger lifts); a Copy or a link that had the focus has
  // it again. One asking at a time: asked again meanwhile, it asks once more when the
  // answer is in.
  let listed = $("tables").innerHTML;  // as the server last drew it
  let listPressed = false, owedLift = false, asking = null, askAgain = false;
  $("tables").addEventListener("pointerdown", () => { listPressed = true; });
  const lifted = () => {
    listPressed = false;
    if (owedLift) { owedLift = false; refreshTables(); }
  };
  document.addEventListener("pointerup", lifted, true);
  document.addEventListener("pointercancel", lifted, true);
  function refreshTables() {
    if (asking) { askAgain = true; return asking; }
    asking = drawListNow().finally(() => {
      asking = null;
      if (askAgain) { askAgain = false; refreshTables(); }
    });
    return asking;
  }
  async function drawListNow() {
    let fresh;
    try {
      const page = await (await fetch("/")).text();
      fresh = new DOMParser().parseFromString(page, "text/html").getElementById("tables");
    } catch { return; }  // kept
    if (!fresh || fresh.innerHTML === listed) return;
    if (listPressed) { owedLift = true; return; }
    const focused = $("tables").contains(document.activeElement) ? document.activeElement : null;
    const key = focused ? focused.getAttribute("data-copy") || focused.getAttribute("href") : null;
    listed = fresh.innerHTML;
    $("tables").replaceChildren(...fresh.childNodes);
    const again = key ? [...$("tables").querySelectorAll("a, button")].find((node) => (node.getAttribute("data-copy") || node.getAttribute("href")) === key) : null;
    if (again) again.focus({ preventScroll: true });
  }
  // A table opened in another tab, or by a friend on their phone, a seat taken, a game
  // over: the server pushes the list's version (its lobby stream, /api/lobby/events) as
  // it changes, and the list is asked for again then, without a reload; what is being
  // typed in the form below is left as it is. While the stream is down (a proxy that
  // drops it, a server restarting) the list is asked for every LIST_EVERY ms instead,
  // and at once when the lobby is shown again. LIST_EVERY: window.homestretchListEvery
  // if a test set it (before this script ran), else 8 s.
  const LIST_EVERY = Number(window.homestretchListEvery) || 8000;
  let drawnAt = document.body.dataset.lobby || "";  // the version the list was drawn at
  let pushUp = false, lobbyStream = null;
  const pushSaid = (up) => { pushUp = up; document.body.dataset.push = up ? "up" : "down"; };
  pushSaid(false);
  // The stream, watched as a table's is (table.js listen): the server sends "alive"
  // after a quiet while of `every` seconds, so silence for 2.5 times that is a dead
  // stream, opened again; an error answer is tried again after a wait, longer each time.
  // A hidden lobby holds no stream (a browser keeps a few connections to a server; the
  // tables' pages need theirs): it is opened again, and the list asked for, when shown.
  function listenLobby(failed = 0) {
    const events = new EventSource("/api/lobby/events");
    let every = Number(document.body.dataset.alive) || 15, silent = 0, heardAny = false;
    const stop = () => { clearTimeout(silent); events.close(); if (lobbyStream === stop) lobbyStream = null; pushSaid(false); };
    lobbyStream = stop;
    const heard = () => {
      clearTimeout(silent);
      silent = setTimeout(() => { stop(); if (!document.hidden) { listenLobby(); refreshTables(); } }, every * 2500);
    };
    heard();
    events.addEventListener("alive", (event) => {
      every = Number(JSON.parse(event.data).every) || every;
      heard();
    });
    events.addEventListener("lobby", (event) => {
      const told = JSON.parse(event.data);
      every = Number(told.every) || every;
      heardAny = true;
      heard();
      pushSaid(true);
      if (String(told.version) !== drawnAt) {
        drawnAt = String(told.version);
        refreshTables();
      }
    });
    events.onerror = () => {
      pushSaid(false);
      if (events.readyState !== EventSource.CLOSED) return;  // the browser tries again
      stop();
      const tries = heardAny ? 0 : failed + 1;
      setTimeout(() => { if (!lobbyStream && !document.hidden) listenLobby(tries); }, Math.min(30, 2 ** tries) * 1000);
    };
  }
  if (!document.hidden) listenLobby();
  setInterval(() => { if (!pushUp && !document.hidden) refreshTables(); }, LIST_EVERY);
  // a game played on at a terminal (`homestretch resume`) with no page of it open here
  // reaches no stream: the list is asked for once a minute even while the push is up
  setInterval(() => { if (pushUp && !document.hidden) refreshTables(); }, 60000);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { if (lobbyStream) lobbyStream(); return; }
    refreshTables();
    if (!lobbyStream) listenLobby();
  });

  function showCreated(answer, scroll = true) {
    const links = $("links");
    const add = (text, href) => {
      const link = el("a", { href, text: `${text}: ${location.origin}${href}` });
      const copy = el("button", { type: "button", class: "copy", "data-copy": href, "aria-label": `Copy the link: ${text}`, text: "Copy" });
      links.append(el("li", {}, link, copy));
    };
    links.replaceChildren();
    // what the terminal would warn of (a pasted race's preset far from its card, S24)
    const warned = answer.warnings || [];
    $("created-warnings").replaceChildren(...warned.map((words) => el("li", { text: words })));
    $("created-warnings").hidden = !warned.length;
    answer.seats.forEach((s) => add(`${s.name}'s seat`, s.link));
    // an invitation seats a friend only at an open seat: with none, it was listed as one
    // anyway and took whoever it was sent to to "Every seat at this table is taken"
    // (the creator's page keeps it, for a seat opened again there)
    if (answer.open_seats !== 0) add(invitationWords(answer), answer.invite);
    add("Spectators", answer.watch);
    add(`Creator (hand seats to the computer${answer.dice_here ? ", type the real dice" : ""})`, answer.admin);
    $("created-next").textContent = nextSteps(answer);
    $("created").hidden = false;
    if (scroll) $("created").scrollIntoView({ block: "start" });
  }
}

// What the opener of a table does next, in a line above its links: send the invitation
// (where a seat is open), and play at the seats of the people here.
function nextSteps(answer) {
  const open = answer.open_seats;
  const said = [];
  if (open === 1) said.push("Send the invitation to whoever is to take the open seat: Copy it, then paste it into a message.");
  else if (open > 1) said.push(`Send the invitation to the ${open} people who are to take the open seats: each takes one.`);
  const here = answer.seats.map((s) => s.name);
  if (here.length === 1) said.push(`${open ? "Then open" : "Open"} ${here[0]}'s seat to play.`);
  else if (here.length > 1) said.push("Each person here plays at their own seat's link: open each on its player's phone.");
  return said.join(" ");
}

// The invitation as the created table's list names it: what its holder may do there (at
// a private table, watch the game too only where the opener let it).
function invitationWords(answer) {
  if (!answer.watch.includes("/watch/")) return "Invitation (takes an open seat)";
  return answer.invitation_watches === false
    ? "Invitation (takes an open seat; the watch link below stays yours)"
    : "Invitation (takes an open seat, or watches the game)";
}

// Derby Cast's day's card, uploaded with the table: the file as it is (the server reads
// it as the keeper's desk does), and a person at the score keeper's seat to post it.
// an Across track file of one's own, uploaded with the table's request (the server
// checks it as a content folder's track and the table keeps it in the store)
function ownTrackOffered(g) {
  return g.name === "across" && !g.design;
}
async function ownTrack() {
  const chosen = $("own-track").files[0];
  return chosen ? { file: chosen.name, text: await chosen.text() } : undefined;
}

// a Totopoly content folder's files of one's own (some or all of its five), or the folder
// zipped, uploaded with the table's request: the server reads them as `totopoly play
// --content DIR` reads the folder; files too big together are said so by the field, not sent
function ownContentOffered(g) {
  return g.name === "totopoly" && !g.design;
}
async function ownContent() {
  const input = $("own-content");
  const chosen = [...input.files];
  if (!chosen.length) return undefined;
  const most = Number(input.dataset.most);
  const zip = chosen.find((file) => file.name.toLowerCase().endsWith(".zip"));
  if (zip && chosen.length > 1) {
    fieldError("upload", `${zip.name}: choose the zip alone, or the folder's files without it`);
    return null;
  }
  if (zip) {  // the folder zipped: sent as it is (the server unpacks and checks it)
    if (zip.size > most) {
      fieldError("upload", `${zip.name}: the zip is over ${most / 1024} KiB: zip the content folder's own files`);
      return null;
    }
    const bytes = new Uint8Array(await zip.arrayBuffer());
    let binary = "";
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { zip: { file: zip.name, data: btoa(binary) } };
  }
  if (chosen.reduce((size, file) => size + file.size, 0) > most) {
    fieldError("upload", `the files hold more than ${most / 1024} KiB together (a Totopoly folder's five hold about 11 KiB): choose the content folder's own files`);
    return null;
  }
  return { files: await Promise.all(chosen.map(async (file) => ({ file: file.name, text: await file.text() }))) };
}

async function derbyCastCard(config, seats) {
  const chosen = $("dc-lobby-card").files[0];
  if (!chosen) return false;
  config.source = "keeper";
  config.feed = { kind: "card", file: chosen.name, text: await chosen.text() };
  seats.push({ kind: "person", name: "Score keeper" });
  return true;
}

// Derby Cast's odds table of one's own, uploaded with the table: the CSV file as it is
// (the server reads it with the loader `--table` uses and says what is wrong by it).
async function derbyCastTable(config) {
  const chosen = $("dc-lobby-table").files[0];
  if (chosen) config.table = { file: chosen.name, text: await chosen.text() };
}

if ($("join")) {
  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const { table, invite } = document.body.dataset;
    const answer = await post(`/api/tables/${table}/join`, { invite, name: $("name").value });
    if (answer) { location.href = answer.link; return; }
    // the server's one line as a sentence: "Every seat at this table is taken."
    const said = $("error").textContent;
    if (said) showError(/[.!?]$/.test(said) ? said : `${said[0].toUpperCase()}${said.slice(1)}.`);
  });
}

// The seats this browser holds (seats-held.js: each seat page opened here keeps its own,
// several a table), newest first: the way back to a game whose tab was closed and whose
// link is in a chat somewhere. A finished game's seat leads to its end and replay.
if ($("mine")) {
  const rows = seatsHeld.all().filter((seat) => typeof seat.name === "string" && seat.name);
  $("mine").replaceChildren(...rows.map((seat) => {
    const game = typeof seat.title === "string" ? seat.title.split(": ")[0] : "";
    return el("li", {}, el("a", { href: seat.link, text: `Table ${seat.table}${game ? ` (${game})` : ""}: ${seat.name}'s seat` }));
  }));
  $("mine-box").hidden = !rows.length;
}
