// The seats this browser holds, several a table if it holds several (a family's one phone:
// Mum's tab and Kit's), for every game: each seat's page keeps its own here when it is
// drawn (table.js) and forgets it once the seat is handed over. Read by the invitation's
// and an ended table's pages (seat-kept.js: the way back to each), the lobby ("Your seats
// on this browser") and Derby Cast's board (the other seat's turn, said in this tab).
// In localStorage, one list for the browser: each seat {table, seat, name, link, title},
// the newest last (the newest MOST kept).
"use strict";
const seatsHeld = (() => {
  const KEY = "homestretch-held-seats";
  const MOST = 60;
  // what was kept before the list was shared: the page's one seat a table, and Derby
  // Cast's seats a table (no names); taken into the list once, then dropped
  const OLD_SEATS = "homestretch-seats", OLD_DERBYCAST = "homestretch-derbycast-held";

  const read = (key, empty) => {
    try { return JSON.parse(localStorage.getItem(key)) || empty; } catch { return empty; }
  };
  const valid = (one) => one && typeof one === "object" && typeof one.table === "string"
    && typeof one.link === "string" && one.link.startsWith(`/t/${one.table}/seat/`);

  function folded() {
    const seats = [];
    const old = read(OLD_SEATS, {});
    for (const [table, kept] of Object.entries(old)) {
      if (kept && typeof kept === "object") seats.push({ table, seat: null, name: kept.name ?? null, link: kept.link, title: kept.title ?? null });
    }
    for (const [table, held] of Object.entries(read(OLD_DERBYCAST, {}))) {
      for (const [seat, kept] of Object.entries(held && typeof held === "object" ? held : {})) {
        if (!kept || typeof kept !== "object") continue;
        const same = seats.find((one) => one.table === table && one.link === kept.link);
        if (same) same.seat = Number(seat);
        else seats.push({ table, seat: Number(seat), name: null, link: kept.link, title: null });
      }
    }
    return seats.filter(valid);
  }

  function list() {
    let seats = read(KEY, null);
    if (!Array.isArray(seats)) {
      seats = folded();
      try {
        localStorage.setItem(KEY, JSON.stringify(seats));
        localStorage.removeItem(OLD_SEATS);
        localStorage.removeItem(OLD_DERBYCAST);
      } catch { /* storage off or full */ }
    }
    return seats.filter(valid);
  }
  function write(seats) {
    try { localStorage.setItem(KEY, JSON.stringify(seats.slice(-MOST))); } catch { /* storage off or full: the link is kept by whoever holds it */ }
  }

  // The seats held at ``table``, the first kept first.
  const at = (table) => list().filter((one) => one.table === String(table));
  // Every seat held, the newest first.
  const all = () => list().reverse();
  // This seat's page drawn: kept (the newest, if it was not kept as it is).
  function keep(table, seat, name, link, title) {
    const seats = list();
    const had = seats.find((one) => one.link === link);
    if (had && had.table === String(table) && had.seat === seat && had.name === name && had.title === title) return;
    const others = seats.filter((one) => one.link !== link && !(one.table === String(table) && one.seat === seat));
    write([...others, { table: String(table), seat, name, link, title }]);
  }
  // The seat handed over: its link plays no more.
  const forget = (link) => write(list().filter((one) => one.link !== link));
  // Another tab of this browser kept or forgot a seat.
  const onChange = (then) => window.addEventListener("storage", (event) => { if (event.key === KEY) then(); });
  return { at, all, keep, forget, onChange };
})();
