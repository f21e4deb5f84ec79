// Top of the Stretch's board: the race as a fan follows it. Every frame is drawn whole
// from the race's JSON (frame.view): the call so far, the running lines (Fullplay), the
// result chart once the race is over, and the paper-style scoresheet. A replay steps
// through the frames, so the call and the running lines unfold segment by segment.
"use strict";
window.homestretchBoard = (frame, box, tools) => {
  const { el } = tools;
  const race = frame.view;
  const entries = race.entries;
  const mode = race.mode === "full" ? "Fullplay" : "Quickplay";
  const parts = [];

  const head = el("div", null, "stretch-head");
  head.append(el("h3", race.race.name));
  const facts = [`${race.race.distance} on the ${race.race.surface}, ${race.race.condition}`, mode];
  if (race.pace) facts.push(`pace ${race.pace}`);
  if (race.book !== null) facts.push(`book ${(race.book * 100).toFixed(1)}%`);
  head.append(el("p", facts.join("; ")));
  parts.push(head);

  const call = el("div", null, "stretch-call");
  call.id = "stretch-call";
  if (!race.call.length) call.append(el("p", "They are in the gate."));
  race.call.forEach((part) => {
    const line = el("p");
    line.append(el("b", `${part.heading}. `), document.createTextNode(part.words));
    call.append(line);
  });
  parts.push(call);

  if (race.mode === "full" && entries.some((e) => (e.race_points || []).length)) {
    parts.push(runningLines(race, el));
  }
  if (race.finished) parts.push(resultChart(race, el));
  parts.push(scoresheet(race, el));
  box.replaceChildren(...parts);
};

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// Lengths behind the leader after each segment (a race point is half a length, page 17),
// then at the wire; a horse that went out stops where it was last seen.
function runningLines(race, el) {
  const segments = Math.max(...race.entries.map((e) => (e.race_points || []).length));
  const columns = [];
  for (let at = 0; at < segments; at++) {
    const points = race.entries.map((e) => (e.race_points || [])[at]);
    const lead = Math.max(...points.filter((p) => p !== undefined));
    columns.push(points.map((p) => (p === undefined ? null : (lead - p) / 2)));
  }
  const route = race.race.furlongs >= 8; // the Pace Setup segment: a mile and up
  const names = (route ? ["break", "backstretch", "turn"] : ["break", "turn"]).slice(0, segments);
  if (race.finished) {
    columns.push(race.entries.map((e) => (e.status === "out" ? null : e.beaten_lengths)));
    names.push("wire");
  }
  const deepest = Math.max(1, ...columns.flat().filter((v) => v !== null));
  const width = 640, height = 220, left = 40, right = 130, top = 16, bottom = 28;
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, columns.length - 1);
  const y = (v) => top + (v * (height - top - bottom)) / deepest;
  const figure = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "stretch-lines", role: "img" });
  figure.append(svg("title", {}));
  figure.firstChild.textContent = "Running lines: lengths behind the leader";
  names.forEach((name, i) => {
    figure.append(svg("line", { x1: x(i), x2: x(i), y1: top, y2: height - bottom, class: "grid" }));
    const label = svg("text", { x: x(i), y: height - 8, "text-anchor": "middle" });
    label.textContent = name;
    figure.append(label);
  });
  race.entries.forEach((entry, horse) => {
    const seen = columns.map((c, i) => [i, c[horse]]).filter(([, v]) => v !== null);
    if (!seen.length) return;
    const hue = (horse * 137) % 360;
    const path = seen.map(([i, v], k) => `${k ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    figure.append(svg("path", { d: path.join(" "), stroke: `hsl(${hue} 70% 40%)`, class: "horse" }));
    const [lastAt, lastV] = seen[seen.length - 1];
    const label = svg("text", { x: x(lastAt) + 6, y: y(lastV) + 4, fill: `hsl(${hue} 70% 35%)` });
    label.textContent = `${entry.post} ${entry.horse}`;
    figure.append(label);
  });
  const box = el("div", null, "stretch-lines-box");
  box.append(el("h4", "Running lines (lengths behind the leader)"), figure);
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
  const finishers = race.entries
    .filter((e) => e.finish !== null)
    .sort((a, b) => a.finish - b.finish || a.post - b.post);
  const rows = finishers.map((e) => [
    e.finish,
    e.post,
    e.horse + (e.status === "disqualified" ? " (DQ)" : ""),
    e.margin,
    e.odds,
    money(e.payoffs.win),
    money(e.payoffs.place),
    money(e.payoffs.show),
    e.time,
  ]);
  race.entries.filter((e) => e.status === "out").forEach((e) => {
    rows.push(["-", e.post, `${e.horse} (out)`, "", e.odds, "", "", "", ""]);
  });
  const headings = ["Fin", "PP", "Horse", "Margin", "Odds", "Win", "Place", "Show", "Time"];
  return table(el, `Result (final time ${race.final_time || "-"})`, headings, rows, "stretch-result");
}

function scoresheet(race, el) {
  const full = race.mode === "full";
  const segments = full ? Math.max(0, ...race.entries.map((e) => (e.race_points || []).length)) : 0;
  const headings = ["PP", "Horse", "Jockey", "Pace", "Form", "Cls", "Spd", "Trp", "Wire", "Ride",
    "Trbl", "APR", ...["Brk", "R2", "R3"].slice(0, segments), "Pace adj", "Form roll",
    "Form adj", "Final APR", "Fact adj", "Spd roll", "Spd fig", "Photo", "DQ die", "Fin"];
  const rows = race.entries.map((e) => {
    const r = e.ratings;
    const finish = { out: "out", disqualified: `${e.finish} DQ` }[e.status] || e.finish;
    return [e.post, e.horse, e.jockey, r.pace, r.form, signed(r.class), signed(r.speed),
      signed(r.trip), r.wire, signed(r.ride), r.trouble, e.start_apr,
      ...Array.from({ length: segments }, (_, i) => (e.race_points || [])[i]),
      signed(e.pace_adj), e.form_roll, signed(e.form_adj), e.final_apr, signed(e.factor_adj),
      e.speed_roll, e.final_speed, e.photo_total, e.dq_roll, finish];
  });
  return table(el, "Scoresheet", headings, rows, "stretch-sheet");
}
