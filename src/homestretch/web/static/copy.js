// The Copy beside a table's link (a button.copy with data-copy="/t/..."), on the lobby and
// the race builder: the link's whole address to the clipboard, "Copied" for a moment.
"use strict";
// A table's link copied whole (its address on this server) by the Copy beside it, sent
// on by whatever the person's phone sends with. The clipboard API needs a secure page
// (https or this machine); elsewhere the link is copied from a selected box, and if even
// that is refused the person is told to copy it themselves.
function copiedByHand(text) {
  const box = document.createElement("textarea");
  box.readOnly = true;
  box.setAttribute("aria-hidden", "true");
  box.value = text;
  box.style.position = "fixed";
  box.style.opacity = "0";
  document.body.append(box);
  box.select();
  let done = false;
  try { done = document.execCommand("copy"); } catch { done = false; }
  box.remove();
  return done;
}

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.copy[data-copy]") : null;
  if (!button) return;
  const url = new URL(button.dataset.copy, location.href).href;
  let done = false;
  try { await navigator.clipboard.writeText(url); done = true; } catch { done = copiedByHand(url); }
  button.textContent = done ? "Copied" : "Copy it by hand";
  clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(setTimeout(() => { button.textContent = "Copy"; }, 2000));
});
