// Top of the Stretch's race builder: search the card set, pick a horse and a jockey
// for each entry, set the conditions, and open a table on the race. The server checks
// the race by the rules `stretch new` uses and answers a refusal in one line. A race
// may start from a bundled sample (`homestretch stretch races`), every field still
// editable.
"use strict";
const $ = (id) => document.getElementById(id);
const entries = [];  // {horse: card, jockey: name, apr: a sample's preset APR or null}
let samples = [];
const CONDITION_FIELDS = ["furlongs", "surface", "condition"];
let jockeys = [];

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
  if (text) $("error").scrollIntoView({ block: "center" });
}

// 10 -> "1 1/4 miles", as the race files describe a distance
function distance(furlongs) {
  const eighths = { 0: "", 0.5: " 1/16", 1: " 1/8", 2: " 1/4", 3: " 3/8", 4: " 1/2", 5: " 5/8", 6: " 3/4", 7: " 7/8", 1.5: " 3/16" };
  const miles = Math.floor(furlongs / 8), rest = furlongs - 8 * miles;
  if (miles >= 1 && rest in eighths) return `${miles}${eighths[rest]} ${miles === 1 && rest === 0 ? "mile" : "miles"}`;
  return `${furlongs} furlongs`;
}

// A card's figures, each named ("dirt 19; range 6-9" read as two bare numbers to a fan):
// the key under the search says what Power, Pace and Form measure.
function horseFacts(h) {
  const power = [h.dirt !== null ? `${h.dirt} on dirt` : "", h.turf !== null ? `${h.turf} on turf` : ""].filter(Boolean).join(", ");
  return `Power ${power}; best at ${h.range} furlongs; Pace ${h.pace}, Form ${h.form}`;
}

const horseText = (h) => `${h.name} (${h.card}): ${horseFacts(h)}`;

function drawEntries() {
  const list = $("entries");
  list.replaceChildren(...entries.map((entry, index) => {
    const item = el("li");
    item.dataset.horse = entry.horse.id;
    item.append(el("div", horseText(entry.horse), "stretch-entry-horse"));
    if (entry.apr !== null) item.append(el("div", `APR ${entry.apr}, preset in the ${entry.from || "sample race"}`, "stretch-says"));
    if (entry.apr !== null && entry.warning) item.append(el("div", entry.warning, "stretch-warning"));
    const label = el("label", `Jockey for ${entry.horse.name}`);
    const input = el("input");
    input.id = `jockey-${index}`;
    label.htmlFor = input.id;
    input.setAttribute("list", "jockey-names");
    input.placeholder = "a jockey (blank: house rider)";
    input.value = entry.jockey;
    input.addEventListener("input", () => { entry.jockey = input.value; });
    const remove = el("button", "Remove");
    remove.type = "button";
    remove.setAttribute("aria-label", `Remove ${entry.horse.name}`);
    remove.addEventListener("click", () => { entries.splice(index, 1); drawEntries(); });
    item.append(label, input, remove);
    return item;
  }));
  $("no-entries").hidden = entries.length > 0;
  // a preset far from its horse's card (ruling S24), as `stretch run` warns of it
  const warned = entries.filter((e) => e.apr !== null && e.warning);
  $("race-file-warnings").replaceChildren(...warned.map((e) => el("li", e.warning)));
  $("race-file-warnings").hidden = !warned.length;
  document.querySelectorAll("#horse-results button").forEach((button) => {
    button.disabled = entries.some((e) => e.horse.id === button.dataset.horse);  // entered once
  });
  keepDraft();
}

// --- what was typed and picked, kept for the browser tab's life (as the lobby keeps its
// form): a reload, a phone's tab reloaded while the keyboard was up, lost every number
// typed (the distance, the seats, the bankroll), the entries and their jockeys.
const DRAFT_KEY = "homestretch-race-builder";
const KEPT = ["sample", "race-name", "track", "date", "furlongs", "surface", "condition", "mode", "your-name", "open-seats", "computers", "lone-bettor", "bankroll", "sealed", "private", "invitation-watches"];
let restoring = true;  // nothing is kept until the draft (if any) is drawn again
function keepDraft() {
  if (restoring) return;
  const fields = Object.fromEntries(KEPT.map((id) => [id, $(id).type === "checkbox" ? $(id).checked : $(id).value]));
  const note = $("sample-note").hidden ? null : $("sample-note").textContent;
  try { sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ fields, entries, course, note })); } catch { /* storage off: kept on screen only */ }
}
function readDraft() {
  try { return JSON.parse(sessionStorage.getItem(DRAFT_KEY)); } catch { return null; }
}
function restoreDraft(draft) {
  Object.entries(draft.fields || {}).forEach(([id, value]) => {
    const box = $(id);
    if (!box || id === "sample") return;  // the samples' choice once they are listed
    if (box.type === "checkbox") box.checked = Boolean(value);
    else if (box.tagName !== "SELECT" || [...box.options].some((o) => o.value === value)) box.value = value;
  });
  entries.splice(0, entries.length, ...(Array.isArray(draft.entries) ? draft.entries : []));
  if (draft.course) course = draft.course;
  $("sample-note").hidden = !draft.note;
  $("sample-note").textContent = draft.note || "";
  $("distance").textContent = distance(Number($("furlongs").value));
}

async function search() {
  const query = $("horse-search").value.trim();
  const response = await fetch(`/api/stretch/horses?q=${encodeURIComponent(query)}`);
  const found = await response.json();
  if (query !== $("horse-search").value.trim()) return;  // typed on meanwhile
  $("horse-results").replaceChildren(...found.map((h) => {
    const item = el("li");
    const add = el("button", `Add ${h.name} (${h.card})`);
    add.type = "button";
    add.dataset.horse = h.id;
    add.addEventListener("click", () => {
      entries.push({ horse: h, jockey: "", apr: null });
      drawEntries();
      $("entries").lastElementChild.querySelector("input").focus();
    });
    add.disabled = entries.some((e) => e.horse.id === h.id);
    item.append(add, el("span", horseFacts(h), "stretch-card-facts"));
    return item;
  }));
}

// A jockey is sent by card id when the name matches one, else as typed (the server
// finds it by name or says it knows no such jockey).
function jockeyRef(typed) {
  const name = typed.trim().toLowerCase();
  const found = jockeys.find((j) => j.name.toLowerCase() === name || j.id === name);
  return found ? found.id : typed.trim();
}

async function openTable(event) {
  event.preventDefault();
  const count = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
  const players = [{ kind: "person", name: $("your-name").value.trim() || "Player 1" }];
  for (let i = 0; i < count("open-seats"); i++) players.push({ kind: "open", name: `Guest ${i + 1}` });
  for (let i = 0; i < count("computers"); i++) players.push({ kind: "bot", bot: "value", name: `Computer ${i + 1}` });
  const race = {
    name: $("race-name").value, track: $("track").value, date: $("date").value,
    furlongs: Number($("furlongs").value), surface: $("surface").value,
    condition: $("condition").value,
    // a sample's course clock (ruling S22) goes with its track: another track, none
    ...(course.seconds && $("track").value === course.track ? { course_seconds_per_furlong: course.seconds } : {}),
    entries: entries.map((e) => ({ horse: e.horse.id, jockey: jockeyRef(e.jockey), ...(e.apr === null ? {} : { apr: e.apr }) })),
  };
  const response = await fetch("/api/stretch/races", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      race, mode: $("mode").value, players, bankroll: Number($("bankroll").value), sealed: $("sealed").checked, lone_bettor: $("lone-bettor").value, private: $("private").checked,
      invitation_watches: $("invitation-watches").checked,
    }),
  });
  const answer = await response.json();
  if (!response.ok) { showError(answer.error); return; }
  showError("");
  const links = $("links");
  const add = (text, href, id) => {
    const item = el("li");
    const link = el("a", text);
    link.href = href;
    if (id) link.id = id;
    const copy = el("button", "Copy", "copy");
    copy.type = "button";
    copy.dataset.copy = href;
    copy.setAttribute("aria-label", `Copy the link: ${text}`);
    item.append(link, el("code", ` ${location.origin}${href}`), copy);
    links.append(item);
  };
  links.replaceChildren();
  answer.seats.forEach((s) => add(`${s.name}'s seat: go to the race`, s.link, "my-seat"));
  if (players.some((p) => p.kind === "open")) {
    const watching = !answer.watch.includes("/watch/") ? ""
      : answer.invitation_watches === false ? "; the watch link below stays yours" : ", or watches the race";
    add(`Invitation (takes an open seat${watching})`, answer.invite, "invite");
  }
  add("Spectators", answer.watch, "watch");
  $("race").hidden = true;
  $("created").hidden = false;
  $("created").scrollIntoView();
}

// --- starting from a sample race --------------------------------------------------------
const RACE_INPUTS = { name: "race-name", track: "track", date: "date", furlongs: "furlongs", surface: "surface", condition: "condition" };
let blank = null;  // the page's own defaults, once the conditions are listed
let course = { seconds: 0, track: "" };  // a sample race's own clock and the track it is for

function startFrom(sample) {
  const race = sample || { ...blank, entries: [] };
  course = { seconds: (sample && sample.course_seconds_per_furlong) || 0, track: race.track };
  Object.entries(RACE_INPUTS).forEach(([key, id]) => { $(id).value = race[key]; });
  $("distance").textContent = distance(Number($("furlongs").value));
  const warnings = Object.fromEntries((race.warnings || []).map((w) => [w.post, w.words]));
  entries.splice(0, entries.length, ...race.entries.map((e, at) => ({
    horse: e.horse, jockey: e.jockey, apr: e.apr, from: race.file ? "race file" : null, warning: warnings[at + 1] || null,
  })));
  const presets = entries.some((e) => e.apr !== null);
  $("sample-note").hidden = !sample;
  $("sample-note").textContent = sample ? `${sample.file ? `${sample.file}, ${sample.name}` : sample.name}: ${sample.entries.length} entries. Change anything before you open the table.`
    + (presets ? " Its starting APRs are preset for its own conditions: change the distance, surface or track condition and each is worked out from the card." : "")
    + (course.seconds ? ` ${race.track} runs ${Math.abs(course.seconds)} s a furlong ${course.seconds > 0 ? "slower" : "quicker"} than the going chart says: its times keep that while the track is ${race.track}.` : "") : "";
  showError("");
  drawEntries();
}

// A preset APR holds for the sample's conditions only: other conditions, other ratings.
function conditionsChanged() {
  if (!entries.some((e) => e.apr !== null)) return;
  entries.forEach((e) => { e.apr = null; });
  $("sample-note").textContent += " The conditions changed: every APR is now worked out from the cards.";
  drawEntries();
}

$("sample").addEventListener("change", () => startFrom(samples.find((s) => s.id === $("sample").value)));

// A race file of the player's own: read by the server as `stretch run` reads it, then
// every field filled in as from a sample, with ruling S24's warnings where they apply.
async function loadRaceFile() {
  const chosen = $("race-file").files[0];
  if (!chosen) return;
  const text = await chosen.text();
  const response = await fetch("/api/stretch/race-file", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ file: chosen.name, text }),
  });
  const answer = await response.json();
  if (!response.ok) { showError(answer.error); return; }
  $("sample").value = "";
  startFrom({ ...answer, file: chosen.name });
}
$("race-file").addEventListener("change", loadRaceFile);
CONDITION_FIELDS.forEach((id) => $(id).addEventListener("change", conditionsChanged));
fetch("/api/stretch/samples").then((r) => r.json()).then((found) => {
  samples = found;
  $("sample").append(...found.map((s) => {
    const option = el("option", `${s.name} (${[s.track, s.date.slice(0, 4)].filter(Boolean).join(" ")}; ${distance(s.furlongs)} ${s.surface}; ${s.entries.length} runners)`);
    option.value = s.id;
    return option;
  }));
  const chosen = draft && draft.fields ? draft.fields.sample : "";  // the sample the kept race began from
  if (chosen && samples.some((s) => s.id === chosen)) $("sample").value = chosen;
});

const draft = readDraft();
const conditions = JSON.parse(document.body.dataset.conditions);
$("condition").replaceChildren(...conditions.map((c) => { const o = el("option", c); o.selected = c === "fast"; return o; }));
blank = Object.fromEntries(Object.entries(RACE_INPUTS).map(([key, id]) => [key, $(id).value]));
$("furlongs").addEventListener("input", () => { $("distance").textContent = distance(Number($("furlongs").value)); });
let typing = null;
$("horse-search").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(search, 150); });
$("race").addEventListener("submit", openTable);
fetch("/api/stretch/jockeys").then((r) => r.json()).then((found) => {
  jockeys = found;
  $("jockey-names").replaceChildren(...found.map((j) => {
    const o = el("option");
    o.value = j.name;
    o.label = `ride ${j.ride > 0 ? "+" : ""}${j.ride}, trouble ${j.trouble}`;
    return o;
  }));
});
search();
// whether the invitation shows the way to watch: a choice at a private table alone
$("private").addEventListener("change", () => { $("invitation-watches-box").hidden = !$("private").checked; });
// Nobody invited and no computer bettor: a player alone bets with the house, which pays
// the chart's $2 prices (ruling S29); said under the numbers, with the choice of the tote.
const aloneNote = $("alone-at-tote");
const others = () => ["open-seats", "computers"].reduce((sum, id) => sum + Math.max(0, Math.floor(Number($(id).value) || 0)), 0);
const sayAlone = () => { aloneNote.hidden = others() > 0; };
["open-seats", "computers"].forEach((id) => $(id).addEventListener("input", sayAlone));
if (draft) restoreDraft(draft);
restoring = false;
drawEntries();
sayAlone();
$("invitation-watches-box").hidden = !$("private").checked;
$("race").addEventListener("input", keepDraft);
$("race").addEventListener("change", keepDraft);
