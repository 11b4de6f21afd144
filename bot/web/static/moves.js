// The web board's move chooser: the "Your turn" panel, the marks its steps put on the board's cells and
// the hand's cards, "Find a move", and playing the chosen move.
//
// The server sends the legal moves as paths of tokens (a card of the hand, a cell of the board, an
// option); the chooser keeps the prefix chosen so far in state.chosen, offers its continuations and
// sends back the text of the one move left. It knows no rules and has no words of its own: every text
// goes through textContent, never innerHTML.
//
// How the two scripts meet: board.js (loaded first; both are deferred, so they run in order before the
// page starts) holds the page's state, talks to the server and draws the rest, and shares what this
// script needs as window.AlcazarPage. This script adds `chooser` to that object, which board.js calls
// to draw the "Your turn" panel, to mark the cells and cards, and when a cell or card is tapped.
"use strict";

(() => {
  const page = window.AlcazarPage;
  const { state, $, el, fill, word, api, Refused, gamePath, render, renderBoard, refresh, fail,
          showAlert, clearAlert } = page;
  const FIND_LIMIT = 40;            // buttons shown at once in "Find a move"

  // ---- choosing a move -------------------------------------------------------------------------

  const remainingMoves = () => (state.moves ? state.moves.moves.filter(
    (move) => state.chosen.every((key, i) => move.path[i] === key)) : []);

  const chosenTokens = () => (state.moves ? state.chosen.map((key) => state.moves.tokens[key]) : []);

  function nextSteps() {
    const keys = new Set();
    for (const move of remainingMoves()) if (move.path.length > state.chosen.length) keys.add(move.path[state.chosen.length]);
    const cells = new Set();
    const cards = new Set();
    for (const key of keys) {
      const token = state.moves.tokens[key];
      if (token.kind === "cell") cells.add(token.ref);
      if (token.kind === "card") cards.add(token.ref);
    }
    return { keys: [...keys], cells, cards };
  }

  function choose(key) {
    state.chosen.push(key);
    clearAlert();
    render();
  }

  function stepFor(kind, ref) {
    return nextSteps().keys.find((key) => state.moves.tokens[key].kind === kind && state.moves.tokens[key].ref === ref);
  }

  // What the board and the hand mark: the cells (or cards) that continue a move, and those chosen so far.
  function marks(kind) {
    return {
      legal: kind === "cell" ? nextSteps().cells : nextSteps().cards,
      chosen: new Set(chosenTokens().filter((t) => t.kind === kind).map((t) => t.ref)),
    };
  }

  function tapCell(id) {
    // A tap that continues a move chooses it; any other tap (again on a chosen cell too) shows what is there.
    const key = state.sending ? null : stepFor("cell", id);
    state.detailsCell = key ? null : id;
    if (key) choose(key);
    else renderBoard();
  }

  function tapCard(id) {
    const key = state.sending ? null : stepFor("card", id);
    if (key) choose(key);
  }

  function renderMove() {
    const section = $("move");
    const moves = state.moves;
    section.hidden = !(moves && moves.moves.length);
    if (section.hidden) return fill(section);
    const left = remainingMoves();
    const one = left.length === 1 ? left[0] : null;
    // Cards are chosen in the hand; cells on the board or here (the list is what a keyboard
    // or a screen reader reaches first); options only here.
    const steps = nextSteps().keys.filter((key) => moves.tokens[key].kind !== "card").map((key) => {
      const token = moves.tokens[key];
      return el("button", { type: "button", class: "step step-" + token.kind, "data-key": "step-" + key,
                            text: token.label, on: { click: () => choose(key) } });
    });
    fill(section,
      el("h2", { text: word("your_turn") }),
      el("ol", { class: "chosen-steps" }, ...chosenTokens().map((token) => el("li", { text: token.label }))),
      state.sending ? el("p", { class: "hint", text: word("move_played") })
        : one ? el("p", { class: "move-words", text: one.words }) : el("p", { class: "hint", id: "hint", text: word(hintFor()) }),
      steps.length && !one ? el("div", { class: "steps", role: "group", "aria-labelledby": "hint" }, ...steps) : null,
      el("div", { class: "actions" },
         el("button", { type: "button", "data-key": "start-over", text: word("start_over"),
                        disabled: !state.chosen.length || state.sending,
                        on: { click: () => { state.chosen = []; clearAlert(); render(); } } }),
         el("button", { type: "button", class: "play", "data-key": "play", text: word("play"),
                        disabled: !one || state.sending, on: { click: () => play(one) } })),
      findMove(),
    );
  }

  function hintFor() {
    const kinds = new Set(nextSteps().keys.map((key) => state.moves.tokens[key].kind));
    return kinds.has("card") ? "choose_card" : kinds.has("cell") ? "choose_cell" : "choose_option";
  }

  function findMove() {
    const query = state.findQuery || "";
    const list = el("ul", { class: "found", "aria-label": word("find_move") });
    const showFound = (text) => {
      const needle = text.trim().toLocaleLowerCase();
      const found = state.moves.moves.filter((move) => !needle || move.words.toLocaleLowerCase().includes(needle)
                                                        || move.text.toLocaleLowerCase().includes(needle));
      fill(list, ...found.slice(0, FIND_LIMIT).map((move) => el("li", {},
        el("button", { type: "button", class: "quiet", "data-key": "find-" + move.text, text: move.words,
                       on: { click: () => { state.chosen = move.path.slice(); render(); $("move").querySelector(".play").focus(); } } }))));
      if (!found.length) list.append(el("li", { class: "hint", text: word("no_moves") }));
      if (found.length > FIND_LIMIT) list.append(el("li", { class: "hint", text: word("find_move_hint") }));
    };
    const input = el("input", {
      type: "search", id: "find", "data-key": "find", autocomplete: "off", value: query,
      placeholder: word("find_move_hint"),
      on: { input: (event) => { state.findQuery = event.target.value; showFound(event.target.value); } },
    });
    showFound(query);
    return el("details", { class: "find", open: state.findOpen || query ? true : null,
                           on: { toggle: (event) => { state.findOpen = event.target.open; } } },
              el("summary", { text: word("find_move") }),
              el("label", { for: "find", text: word("find_move") }), input, list);
  }

  async function play(move) {
    if (!move || state.sending) return;
    state.sending = true;
    render();
    try {
      await api("POST", gamePath("moves"), { version: state.view.game.version, move: move.text });
      clearAlert();
      // The live view brings the new board; if the socket is down, ask for it.
      setTimeout(() => { if (state.sending) { state.sending = false; refresh().catch(fail); } }, 2500);
    } catch (error) {
      state.sending = false;
      if (!(error instanceof Refused) || !error.reason) return fail(error);
      showAlert(error.message);
      refresh().catch(fail);
    }
  }

  // What board.js calls: the "Your turn" panel, the marks on cells and cards, a tapped cell or card.
  page.chooser = { renderMove, marks, tapCell, tapCard };
})();
