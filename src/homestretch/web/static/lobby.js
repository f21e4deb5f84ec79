// The lobby's form (open a table) and the invitation's (take an open seat).
"use strict";
const $ = (id) => document.getElementById(id);

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

async function post(path, data) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
  });
  const answer = await response.json();
  if (!response.ok) { showError(answer.error); return null; }
  showError("");
  return answer;
}

// "person Ann", "bot sensible Bob", "open Guest" -> a seat for the server.
function parseSeat(line) {
  const words = line.trim().split(/\s+/);
  const kind = words.shift();
  if (kind === "bot") return { kind, bot: words.shift() || "random", name: words.join(" ") };
  return { kind, name: words.join(" ") };
}

function defaultSeats(game) {
  const lines = [];
  for (let seat = 0; seat < game.players; seat++) {
    lines.push(seat < 2 ? `person Player ${seat + 1}` : `bot ${game.bots[game.bots.length - 1]} Computer ${seat + 1}`);
  }
  return lines.join("\n");
}

if ($("create")) {
  const games = JSON.parse(document.body.dataset.games);
  const select = $("game");
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.title;
    select.append(option);
  }
  const choose = () => {
    const game = games.find((g) => g.name === select.value);
    $("config").value = JSON.stringify(game.config, null, 1);
    $("seat-lines").value = defaultSeats(game);
    $("bot-kinds").textContent = `Computer players: ${game.bots.join(", ")}`;
    $("dc-lobby").hidden = game.name !== "derbycast";
  };
  select.addEventListener("change", choose);
  choose();
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    let config;
    try { config = JSON.parse($("config").value); } catch { showError("the configuration is not JSON"); return; }
    const roller = $("roller").value.trim();
    const seats = $("seat-lines").value.split("\n").filter((l) => l.trim()).map(parseSeat);
    if (select.value === "derbycast") await derbyCastCard(config, seats, games.find((g) => g.name === "derbycast"));
    const answer = await post("/api/tables", {
      game: select.value, config, seats, dice: $("dice").value,
      roller: roller === "" ? null : Number(roller), private: $("private").checked,
    });
    if (!answer) return;
    const links = $("links");
    const add = (text, href) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = href;
      link.textContent = `${text}: ${location.origin}${href}`;
      item.append(link);
      links.append(item);
    };
    links.replaceChildren();
    answer.seats.forEach((s) => add(`${s.name}'s seat`, s.link));
    add("Invitation (takes an open seat)", answer.invite);
    add("Spectators", answer.watch);
    add("Creator (hand seats to the computer, type real dice)", answer.admin);
    $("created").hidden = false;
  });
}

// Derby Cast's day's card, uploaded with the table: the file as it is (the server reads
// it as the keeper's desk does), and a person at the score keeper's seat to post it.
async function derbyCastCard(config, seats, game) {
  const chosen = $("dc-lobby-card").files[0];
  if (!chosen) return;
  config.source = "keeper";
  config.feed = { kind: "card", file: chosen.name, text: await chosen.text() };
  if (seats.length === game.players) seats.push({ kind: "person", name: "Score keeper" });
}

if ($("join")) {
  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const { table, invite } = document.body.dataset;
    const answer = await post(`/api/tables/${table}/join`, { invite, name: $("name").value });
    if (answer) location.href = answer.link;
  });
}
