// A board's boxes for a whole amount (a bid, a bet, a limit), for the table's page
// (table.js, loaded after this, hands them to a game's board as tools.wholeBox). A box
// that holds what may not be sent says so in a line beside it, in the server's words,
// whether it sits in a row of buttons (Across) or in a form (Totopoly, Stretch), and
// nothing is sent. The page tells it where its words are (amountBoxes.use).
"use strict";
const amountBoxes = (() => {
  // what the page gives: its served words (frame.words, web/words.py: ``whole_number``,
  // ``at_least``; null before its first frame), a field's key for finding it drawn again
  // (data-keep, else its id), the board the boxes are drawn in, and the key of the field
  // being typed in while the board is drawn anew (its focus given back after: null, none)
  let page = { words: () => null, keyOf: (node) => (node.id ? `#${CSS.escape(node.id)}` : null), board: () => null, typing: () => null };
  const use = (given) => { page = { ...page, ...given }; };

  // A board's box for a whole amount (a bid, a bet, a limit): a text box with a phone's
  // number keyboard (inputmode numeric) and only digits taken, rather than a number box
  // (type="number"), which tells no caret: typing in the middle of "150" while another's
  // move drew the board anew went on at its end. What a number box checked is checked so:
  // the least (``least``) when its button is pressed, and a move holding what is not a
  // number (NaN, from a box that held no digits) is refused by the page (notANumber), in
  // the server's words.
  // ``says``: what the box says of an amount below its least, in the words the rules refuse
  // such a move with, the least filled in (the board's served words: Across's bid, "the bid
  // must be at least 3 fifties"; Stretch's ticket, "a ticket is at least $2"); else the
  // page's ("3 or more"). ``most`` (a bound the rules give, as the view sends it) and
  // ``mostSays`` (the server's words for more, "{amount}" for the amount typed) are
  // checked the same way.
  function wholeBox(input, least = 0, says = null, most = null, mostSays = null) {
    Object.assign(input, { type: "text", inputMode: "numeric", pattern: "[0-9]*", autocomplete: "off", spellcheck: false });
    return bound(input, least, says, most, mostSays);
  }
  function bound(input, least, says, most, mostSays) {
    input.dataset.least = String(least);
    if (says) input.dataset.leastSays = says;
    else delete input.dataset.leastSays;
    if (most !== null) Object.assign(input.dataset, { most: String(most), mostSays: mostSays || "" });
    else { delete input.dataset.most; delete input.dataset.mostSays; }
    return input;
  }
  // A box whose bounds follow another field of its row as it changes (Across's ring
  // partner's stake, bounded by the ring's tickets; the sum to be repaid, by the sum lent;
  // a sale's price, by the buyer picked): ``boundsOf(value)`` gives, for what ``other``
  // holds, its ``least``, ``says``, ``most`` and ``mostSays`` as wholeBox takes them
  // (null or one left out: none). They are set at once and again as the other is typed
  // in or picked, and the box is checked again then: a line said under it is said
  // against the new bounds (it moves with them, or goes), and an amount it holds that
  // they no longer take is said at once (not a blank: the other's change did not make it).
  function follows(input, other, boundsOf) {
    const fit = () => {
      const b = boundsOf(other.value) || {};
      bound(input, b.least ?? 0, b.says ?? null, b.most ?? null, b.mostSays ?? null);
    };
    wholeBox(input);
    fit();
    const again = () => {
      fit();
      if (!page.words()) return;
      if (lineOf.has(input) || (/^[0-9]+$/.test(input.value.trim()) && amiss(input))) tell(input, amiss(input));
    };
    other.addEventListener("input", again);
    other.addEventListener("change", again);
    return input;
  }
  const wholeBoxOf = (target) => (target instanceof HTMLInputElement && target.dataset.least !== undefined ? target : null);
  document.addEventListener("beforeinput", (event) => {
    if (wholeBoxOf(event.target) && typeof event.data === "string" && /[^0-9]/.test(event.data)) event.preventDefault();
  }, true);
  const belowLeast = (box) => box.dataset.leastSays || page.words().at_least.replace("{least}", box.dataset.least);
  document.addEventListener("input", (event) => {
    const box = wholeBoxOf(event.target);
    if (!box) return;
    const text = box.value.trim(), least = Number(box.dataset.least);
    const short = text !== "" && /^[0-9]+$/.test(text) && Number(text) < least;
    box.setCustomValidity(short && page.words() ? belowLeast(box) : "");
    if (lineOf.has(box) && page.words()) tell(box, amiss(box));  // its line goes once it holds what it may
  }, true);
  const notANumber = (action) => action !== null && typeof action === "object" && Object.values(action).some((v) => typeof v === "number" && !Number.isFinite(v));

  // Amount boxes outside a form (Across's bid, its dealings' amounts, the standing order's
  // limit: each a wholeBox in a row of buttons) are given what a form gives a player. Enter
  // in a box presses its button, the nearest after it in its row, else the nearest before
  // ("Bid this", "Offer to lend", "Bid for me up to"); and that button, pressed, first
  // checks the boxes it goes with: one that holds no whole number (blank too), or less
  // than its least, or more than its most, says so in a line under its row (the server's
  // words: ``says``, ``mostSays``), is marked invalid and takes the focus, and nothing is
  // sent. The line goes once the box
  // holds what it may, and is said again when the board is drawn anew (another's move),
  // against the least drawn then.
  // A box in a form (Totopoly's amounts and standing order, Stretch's ticket) is checked
  // alike, in the same line, when a button that sends its form is pressed (Enter in the
  // box presses the form's first: the browser's own), rather than by the browser's own
  // popup ("Please fill out this field", "2 or more"), which is not the server's words and
  // is gone at a touch; a box of a form left blank that the form does not require is the
  // form's to fill (Stretch buys the least ticket).
  const loose = (node) => wholeBoxOf(node) !== null && !node.form;
  // A loose box's row: its parent, or, when that holds no button (a box kept on a line
  // with its words, as Across's ring reads as a sentence: "Ring: [2] tickets on [#5]"),
  // the row that group is in.
  const buttonsIn = (row) => (row ? [...row.children].filter((node) => node instanceof HTMLButtonElement) : []);
  function rowOf(box) {
    const parent = box.parentElement;
    return parent && !box.form && !buttonsIn(parent).length && parent.parentElement ? parent.parentElement : parent;
  }
  function goOf(box) {
    const buttons = buttonsIn(rowOf(box));
    const after = buttons.filter((button) => box.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
    return after.length ? after[0] : buttons.length ? buttons[buttons.length - 1] : null;
  }
  function amiss(box) {
    const text = box.value.trim();
    if (text === "" && box.form && !box.required) return null;
    if (!/^[0-9]+$/.test(text)) return page.words().whole_number;
    return aboveMost(box) || (Number(text) < Number(box.dataset.least) ? belowLeast(box) : null);
  }
  // What the box says of a whole amount above its most (none: null): an amount no key
  // typed on mends (a digit put anywhere in it makes it no less)
  function aboveMost(box) {
    const text = box.value.trim();
    const over = box.dataset.most !== undefined && /^[0-9]+$/.test(text) && Number(text) > Number(box.dataset.most);
    return over ? box.dataset.mostSays.replace("{amount}", text) : null;
  }
  const lineOf = new WeakMap();  // a box -> the line said under its row
  const told = new Set();  // the keys of the boxes whose lines are said: said again after a redraw
  let lines = 0;
  function tell(box, text) {
    const key = page.keyOf(box);
    let line = lineOf.get(box);
    if (!text) {
      if (line) line.remove();
      lineOf.delete(box);
      if (key) told.delete(key);
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.className = "box-says";
      line.id = `box-says-${++lines}`;
      line.setAttribute("role", "alert");
      rowOf(box).append(line);
      lineOf.set(box, line);
    }
    line.textContent = text;
    box.setAttribute("aria-invalid", "true");
    box.setAttribute("aria-describedby", line.id);
    if (key) told.add(key);
  }
  // The boxes a button sends: the form's, for a button that submits one; else the loose
  // boxes of its row whose button it is.
  function boxesOf(control) {
    if (control.form && control.type === "submit") return [...control.form.elements].filter((node) => wholeBoxOf(node) !== null);
    const row = control.parentElement;
    return row ? [...row.querySelectorAll("input")].filter((node) => loose(node) && goOf(node) === control) : [];
  }
  // Whether the boxes a control sends hold what they may: each that does not is said so,
  // the first takes the focus, and the control's press is to be stopped.
  function holds(control) {
    if (!page.words()) return true;
    const wrong = boxesOf(control).filter((box) => { const text = amiss(box); tell(box, text); return text !== null; });
    if (!wrong.length) return true;
    // a board may want to know its box stopped a press (Stretch's window takes away the
    // line of the last bet the tote refused)
    wrong.forEach((box) => box.dispatchEvent(new CustomEvent("amount-stopped")));
    wrong[0].focus({ preventScroll: true });
    lineOf.get(wrong[0]).scrollIntoView({ block: "nearest" });
    return false;
  }
  // A box drawn anew holding an amount kept from before (a draft typed before the bounds
  // moved: Totopoly's bid box holding "7" once another's bid made its least 10, shown again
  // after a move refused as stale): an amount its bounds no longer take is said at once in
  // its line, as follows does when another field moves them, not kept in silence for the
  // player to press and be stopped (a blank or what is no number waits for the press).
  // But not the box she is typing in as another's move draws the board anew: "1" is on
  // its way to "12" (of 10 to 50), and was said out of bounds mid-typing. That box is
  // judged when she leaves it, or presses Enter or its button; only an amount above its
  // most, which no further key mends, is said at once.
  function sayHeld(box) {
    if (!wholeBoxOf(box) || !page.words() || !/^[0-9]+$/.test(box.value.trim())) return;
    const typing = page.typing() !== null && page.typing() === page.keyOf(box);
    const text = typing ? aboveMost(box) : amiss(box);
    if (text) tell(box, text);
  }
  // A box left (the focus gone elsewhere on the page, not the box replaced by a redraw
  // nor the phone's screen turned to another app) holding a whole amount is judged then.
  document.addEventListener("focusout", (event) => {
    const box = wholeBoxOf(event.target);
    if (!box) return;
    setTimeout(() => { if (box.isConnected && document.activeElement !== box) sayHeld(box); }, 0);
  }, true);
  function tellAgain() {
    const board = page.board();
    [...told].forEach((key) => {
      told.delete(key);
      const box = board ? board.querySelector(key) : null;
      if (box && wholeBoxOf(box)) tell(box, amiss(box));
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || !loose(event.target)) return;
    const go = goOf(event.target);
    if (!go) return;
    event.preventDefault();
    if (!go.disabled) go.click();
  });
  // A form sent some other way than by a press (a board's own script): the browser finds
  // the box amiss, and it is said in the same line, not the browser's popup.
  document.addEventListener("invalid", (event) => {
    const box = wholeBoxOf(event.target);
    if (!box || !page.words()) return;
    event.preventDefault();
    const text = amiss(box);
    tell(box, text);
    if (text && box.form && [...box.form.elements].find((node) => node.matches(":invalid")) === box) box.focus({ preventScroll: true });
  }, true);

  return { use, wholeBox, follows, notANumber, holds, tellAgain, sayHeld };
})();
