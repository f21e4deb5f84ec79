// The seat this browser holds at a table (table.js keeps it when a seat's page opens):
// the invitation opened again (a second tap on the message in the chat) or the page of
// a full or finished table leads back to it, rather than to a second seat.
"use strict";
(() => {
  const table = document.body.dataset.table;
  let kept = null;
  try { kept = (JSON.parse(localStorage.getItem("homestretch-seats")) || {})[table]; } catch { /* storage off */ }
  if (!kept || typeof kept.link !== "string" || !kept.link.startsWith(`/t/${table}/seat/`)) return;
  const said = document.createElement("p");
  said.id = "seat-kept";
  said.textContent = `This browser holds ${kept.name}'s seat at this table.`;
  const way = document.createElement("p");
  way.className = "links";
  const link = document.createElement("a");
  link.id = "back-to-seat";
  link.href = kept.link;
  link.textContent = `Back to ${kept.name}'s seat`;
  way.append(link);
  const after = document.querySelector(".subtitle") || document.querySelector("h1");
  after.after(said, way);
  const form = document.getElementById("join");  // still there, for someone else here
  if (form) form.querySelector("label").textContent = "Someone else? Their name";
})();
