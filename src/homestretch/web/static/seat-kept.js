// The seats this browser holds at a table (seats-held.js, loaded before this: each seat's
// page keeps its own): the invitation opened again (a second tap on the message in the
// chat) or the page of a full or finished table leads back to each, rather than to a
// second seat.
"use strict";
(() => {
  const table = document.body.dataset.table;
  const held = seatsHeld.at(table).filter((one) => typeof one.name === "string" && one.name);
  if (!held.length) return;
  const names = held.map((one) => `${one.name}'s`);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const said = document.createElement("p");
  said.id = "seat-kept";
  said.textContent = `This browser holds ${listed} ${held.length === 1 ? "seat" : "seats"} at this table.`;
  const ways = held.map((one, at) => {
    const way = document.createElement("p");
    way.className = "links";
    const link = document.createElement("a");
    link.id = at === 0 ? "back-to-seat" : `back-to-seat-${at + 1}`;
    link.href = one.link;
    link.textContent = `Back to ${one.name}'s seat`;
    way.append(link);
    return way;
  });
  const after = document.querySelector(".subtitle") || document.querySelector("h1");
  after.after(said, ...ways);
  const form = document.getElementById("join");  // still there, for someone else here
  if (form) form.querySelector("label").textContent = "Someone else? Their name";
})();
