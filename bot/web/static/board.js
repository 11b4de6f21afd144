// The web board: one page for every game and viewer.
//
// The page knows no rules and has no words of its own. The server sends a view (what this viewer
// may see, in their language, with every UI word in view.words) and, when the viewer is to act,
// the legal moves as paths of tokens; the page only shows them, highlights the continuations of
// what was chosen so far and sends back the chosen move's text. Every text goes through
// textContent or attributes, never innerHTML: names are whatever players typed.
//
// This script holds the page's state and the session, talks to the server, draws the view (the
// board image and its zoom, the cells, the hand, the players, the table, the history), keeps the
// live socket, and shows the notices and the language switch. The move chooser (the "Your turn"
// panel, "Find a move", playing a move) is moves.js. How the two meet: both are deferred, this one
// first, so they run in order before the page starts; this script shares what moves.js needs as
// window.AlcazarPage (at its end), and moves.js adds `chooser` to it, which is called here to draw
// the "Your turn" panel, to mark the legal and chosen cells and cards, and when one is tapped.
"use strict";

(() => {
  // Inside Discord (an Activity: the SDK's frame_id in the address) the viewer signs in with Discord,
  // and nothing is kept in the browser's storage: the session lives in this page's memory alone.
  const IN_DISCORD = new URLSearchParams(location.search).has("frame_id");
  const storage = IN_DISCORD ? null : window.sessionStorage;
  const SESSION_KEY = "alcazar.session";
  const LANG_KEY = "alcazar.lang";
  const ZOOM_STEPS = [1, 1.5, 2, 3, 4];
  // What the two scripts share; moves.js adds the move chooser to it as `chooser`.
  const page = (window.AlcazarPage = {});

  const state = {
    session: null,                  // {session, game_id, expires_at}
    lang: null,                     // chosen with the switch; null = the viewer's own
    view: null,
    moves: null,                    // {version, tokens, moves}
    chosen: [],                     // token keys chosen so far, a prefix of some move's path
    imageVersion: null,
    imageUrl: null,
    zoom: 1,
    detailsCell: null,              // id of the cell whose details are open
    sending: false,
    socket: null,
    retry: 0,
    linkState: "connecting",        // the live socket: connecting, live, reconnecting (words of the same names)
    ended: false,
    fetchSerial: 0,
    findQuery: "",                  // what is typed in "Find a move", kept across views
    findOpen: false,
    historyOpen: false,
  };

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  // Puts the children in place of a node's own, leaving out the absent ones (null, false, 0).
  function fill(node, ...children) {
    node.replaceChildren(...children.filter(Boolean));
    return node;
  }

  const word = (key) => (state.view && state.view.words && state.view.words[key]) || key;

  // ---- talking to the server -------------------------------------------------------------------

  class Refused extends Error {
    constructor(status, body) {
      super((body && body.message) || String(status));
      this.status = status;
      this.reason = body && body.reason;
    }
  }

  async function api(method, path, body) {
    const headers = {};
    if (state.session) headers.Authorization = "Bearer " + state.session.session;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const answer = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer",
    });
    const type = answer.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await answer.json() : null;
    if (!answer.ok || (data && data.ok === false)) throw new Refused(answer.status, data);
    return data;
  }

  // Paths relative to the page: WEB_URL may have a path of its own (https://example.org/alcazar).
  const gamePath = (tail) => `api/games/${state.session.game_id}/${tail}`;
  const langQuery = () => (state.lang ? "?lang=" + encodeURIComponent(state.lang) : "");

  async function openSession() {
    if (IN_DISCORD) return activitySession();
    const link = new URLSearchParams(location.hash.slice(1)).get("t");
    if (link !== null) {
      // The link never stays in the address bar, the history or a bookmark.
      history.replaceState(null, "", location.pathname + location.search);
      sessionStorage.removeItem(SESSION_KEY);
    } else {
      const kept = sessionStorage.getItem(SESSION_KEY);
      if (kept) return JSON.parse(kept);
    }
    // Without a link the server still answers with its own words for a broken one.
    const session = await api("POST", "api/session", { link: link || "" });
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return session;
  }

  // The Activity's script (Discord's SDK) is loaded only inside Discord; it signs the viewer in, with a
  // choice of the channel's games when the server cannot tell which one the Activity was opened for.
  async function activitySession() {
    const setup = await api("GET", "api/activity");       // the server's words when it is not set up
    await new Promise((resolve, reject) => document.head.append(el("script", {
      src: document.querySelector('meta[name="activity-script"]').content, on: { load: resolve, error: reject },
    })));
    let session;
    try {
      session = await window.alcazarActivity.signIn(setup.client_id, { api, el, showPanel });
    } catch (error) {
      // Discord's client broke the sign-in off (its own words are in no catalog): the server's words.
      throw error instanceof Refused ? error : new Refused(0, { message: setup.words.sign_in_failed });
    }
    fill($("notice")).hidden = true;
    $("app").hidden = false;
    return session;
  }

  // Fetches the view, then the moves and the image it needs; answers that a newer fetch
  // overtook are dropped, so a slow answer never puts an older board back.
  async function refresh() {
    const serial = ++state.fetchSerial;
    const view = await api("GET", gamePath("view") + langQuery());
    if (serial !== state.fetchSerial) return;
    await showView(view, serial);
  }

  async function showView(view, serial = ++state.fetchSerial) {
    let moves = null;
    if (view.viewer.to_act && view.game.status === "active") {
      moves = await api("GET", gamePath("moves") + langQuery());
      if (serial !== state.fetchSerial) return;
      if (moves.version !== view.game.version) return refresh();
    }
    const image = view.board ? await boardImage(view.game.version) : null;   // a lobby has no board yet
    if (serial !== state.fetchSerial) return;
    applyView(view, moves, image);
  }

  async function boardImage(version) {
    if (version === state.imageVersion) return null;
    const answer = await fetch(gamePath("board") + "?v=" + version, {
      headers: { Authorization: "Bearer " + state.session.session }, credentials: "omit",
    });
    if (!answer.ok) return null;            // the cells still work; the next view tries again
    return { version, url: URL.createObjectURL(await answer.blob()) };
  }

  // ---- live updates ----------------------------------------------------------------------------

  function connectLive() {
    if (state.ended) return;
    const url = new URL(gamePath("live"), location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.hash = "";
    const socket = new WebSocket(url.href);
    state.socket = socket;
    socket.addEventListener("open", () => {
      state.retry = 0;
      setLive(true);
      socket.send(JSON.stringify({
        session: state.session.session,
        version: state.view ? state.view.game.version : 0,
        lang: state.lang || (state.view && state.view.viewer.lang) || "en",
      }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        showView(message.view).catch(fail);
      } else if (message.type === "ended") {
        state.ended = true;
        showNotice(message.message || word("session_ended"));
      }
    });
    socket.addEventListener("close", () => {
      if (socket !== state.socket || state.ended) return;
      setLive(false);
      // Backoff with jitter; the first message after reconnecting carries our version,
      // so the server sends the view at once if a change was missed meanwhile.
      const delay = Math.min(15000, 500 * 2 ** state.retry) * (0.75 + Math.random() / 2);
      state.retry += 1;
      setTimeout(connectLive, delay);
    });
  }

  function setLive(connected) {
    state.linkState = connected ? "live" : "reconnecting";
    document.body.classList.toggle("offline", !connected);
    if (state.view) renderHeader();
  }

  // ---- what is shown ---------------------------------------------------------------------------

  function applyView(view, moves, image) {
    const sameMoves = state.moves && moves && state.moves.version === moves.version;
    state.view = view;
    if (!sameMoves) {
      state.moves = moves;
      state.chosen = [];
      state.sending = false;
    }
    if (image) {
      if (state.imageUrl) URL.revokeObjectURL(state.imageUrl);
      state.imageUrl = image.url;
      state.imageVersion = image.version;
      $("board-image").src = image.url;
    }
    document.documentElement.lang = view.viewer.lang;
    document.body.dataset.version = String(view.game.version);   // which version is shown (tests wait on it)
    document.title = view.game.title;
    $("app").removeAttribute("aria-busy");
    render();
  }

  function render() {
    const focusKey = document.activeElement && document.activeElement.dataset.key;
    renderHeader();
    renderStatus();
    renderBoard();
    page.chooser.renderMove();
    renderHand();
    renderPlayers();
    renderTable();
    renderHistory();
    if (focusKey) {
      const again = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function renderHeader() {
    $("top").hidden = false;
    $("title").textContent = state.view.game.title;
    const group = $("languages");
    group.setAttribute("aria-label", word("language"));
    // A language is named by its own name when the words give one, else by its code (EN, HU).
    fill(group, ...["en", "hu"].map((lang) => el("button", {
      type: "button", lang, "data-key": "lang-" + lang, "aria-pressed": String(state.view.viewer.lang === lang),
      text: (state.view.words || {})["lang_" + lang] || lang.toUpperCase(), on: { click: () => switchLanguage(lang) },
    })));
    const link = $("link-state");
    link.textContent = word(state.linkState);
    link.className = "link-state " + state.linkState;
  }

  function renderStatus() {
    const { game, turn } = state.view;
    const parts = [turn.text];
    if (game.result) parts.push(game.result.text);
    if (turn.deadline && !game.result) {
      const when = new Intl.DateTimeFormat(state.view.viewer.lang, { dateStyle: "medium", timeStyle: "short" });
      parts.push(`${word("deadline")}: ${when.format(new Date(turn.deadline * 1000))}`);
    }
    $("status").textContent = parts.join(" · ");
    $("status").classList.toggle("mine", Boolean(state.view.viewer.to_act));
  }

  function renderBoard() {
    const { board } = state.view;
    $("board-area").hidden = !board;
    if (!board) return;
    $("board").style.aspectRatio = `${board.width} / ${board.height}`;
    $("board-area").style.setProperty("--board-aspect", String(board.width / board.height));
    $("board-image").alt = word("board_image");
    $("cell-details").setAttribute("aria-label", word("details"));
    renderZoom();
    const marks = page.chooser.marks("cell");
    const layer = $("cells");
    const known = new Map([...layer.children].map((button) => [button.dataset.cell, button]));
    const buttons = board.cells.map((cell) => {
      const button = known.get(cell.id) || el("button", {
        type: "button", class: "cell", "data-cell": cell.id, "data-key": "cell-" + cell.id,
        on: { click: () => page.chooser.tapCell(cell.id) },
      });
      const [left, top, right, bottom] = cell.box;
      button.style.left = `${(100 * left) / board.width}%`;
      button.style.top = `${(100 * top) / board.height}%`;
      button.style.width = `${(100 * (right - left)) / board.width}%`;
      button.style.height = `${(100 * (bottom - top)) / board.height}%`;
      button.setAttribute("aria-label", cell.label);
      button.className = "cell " + cell.kind;
      button.classList.toggle("last", Boolean(cell.last_move));
      button.classList.toggle("legal", marks.legal.has(cell.id));
      button.classList.toggle("chosen", marks.chosen.has(cell.id));
      button.classList.toggle("open", state.detailsCell === cell.id);
      return button;
    });
    fill(layer, ...buttons);
    renderDetails();
  }

  function renderZoom() {
    const group = $("zoom");
    group.setAttribute("aria-label", word("board"));
    const named = (key) => (state.view.words || {})[key] || null;   // else the sign itself names the button
    // The steps around the zoom as it is (a pinch leaves it between two).
    const smaller = [...ZOOM_STEPS].reverse().find((step) => step < state.zoom) || ZOOM_STEPS[0];
    const larger = ZOOM_STEPS.find((step) => step > state.zoom) || state.zoom;
    fill(group,
      el("button", { type: "button", "data-key": "zoom-out", "aria-label": named("zoom_out"), text: "−",
                     disabled: state.zoom <= ZOOM_STEPS[0], on: { click: () => setZoom(smaller) } }),
      el("span", { class: "zoom-level", text: `${Math.round(state.zoom * 100)}%` }),
      el("button", { type: "button", "data-key": "zoom-in", "aria-label": named("zoom_in"), text: "+",
                     disabled: state.zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1],
                     on: { click: () => setZoom(larger) } }),
    );
  }

  function setZoom(zoom, focusX = 0.5, focusY = 0.5) {
    const scroller = $("board-scroll");
    // Keep the point under the fingers (or the middle) where it was.
    const pointX = (scroller.scrollLeft + scroller.clientWidth * focusX) / scroller.scrollWidth;
    const pointY = (scroller.scrollTop + scroller.clientHeight * focusY) / scroller.scrollHeight;
    state.zoom = Math.min(ZOOM_STEPS[ZOOM_STEPS.length - 1], Math.max(1, zoom));
    $("board").style.width = `${state.zoom * 100}%`;
    scroller.scrollLeft = pointX * scroller.scrollWidth - scroller.clientWidth * focusX;
    scroller.scrollTop = pointY * scroller.scrollHeight - scroller.clientHeight * focusY;
    renderZoom();
  }

  // Two fingers on the board zoom it; one finger scrolls it as usual.
  function watchPinch() {
    const scroller = $("board-scroll");
    const pointers = new Map();
    let start = null;
    const spread = () => {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    scroller.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) start = { spread: spread(), zoom: state.zoom };
    });
    scroller.addEventListener("pointermove", (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size !== 2 || !start) return;
      const box = scroller.getBoundingClientRect();
      const [a, b] = [...pointers.values()];
      setZoom(start.zoom * (spread() / start.spread),
              ((a.x + b.x) / 2 - box.left) / box.width, ((a.y + b.y) / 2 - box.top) / box.height);
    });
    const lift = (event) => { pointers.delete(event.pointerId); if (pointers.size < 2) start = null; };
    scroller.addEventListener("pointerup", lift);
    scroller.addEventListener("pointercancel", lift);
  }

  function renderDetails() {
    const panel = $("cell-details");
    const cell = state.view.board.cells.find((c) => c.id === state.detailsCell);
    panel.hidden = !cell;
    if (!cell) return fill(panel);
    fill(panel,
      el("h2", { text: cell.label }),
      el("ul", {}, ...cell.details.map((line) => el("li", { text: line }))),
      el("button", { type: "button", class: "quiet", "data-key": "details-close", text: word("close"),
                     on: { click: () => { state.detailsCell = null; renderBoard(); } } }),
    );
  }

  // ---- the panels beside the board --------------------------------------------------------------

  function facts(list) {
    return el("dl", { class: "facts" }, ...list.flatMap((fact) => [el("dt", { text: fact.label }), el("dd", { text: fact.value })]));
  }

  function renderHand() {
    const { hand } = state.view;
    const section = $("hand");
    section.hidden = false;
    if (!hand) {
      // A spectator is told so; a seated player of a game without hands (1978) needs no panel.
      section.hidden = state.view.viewer.seat !== null;
      const waiting = state.view.game.status === "lobby" ? "lobby" : "spectator";
      return fill(section, el("p", { class: "hint", text: word(waiting) }));
    }
    const marks = page.chooser.marks("card");
    fill(section,
      el("h2", { text: word("your_hand") }),
      el("div", { class: "cards" }, ...hand.cards.map((card) => el("button", {
        type: "button", class: "card" + (marks.legal.has(card.id) ? " legal" : "") + (marks.chosen.has(card.id) ? " chosen" : ""),
        "data-key": "card-" + card.id, "aria-pressed": String(marks.chosen.has(card.id)), text: card.label,
        on: { click: () => page.chooser.tapCard(card.id) },
      }))),
      facts(hand.facts),
    );
  }

  function renderPlayers() {
    const section = $("players");
    section.hidden = false;
    fill(section, el("h2", { text: word("players") }), el("ul", { class: "players" },
      ...state.view.players.map((player) => {
        const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
        swatch.style.backgroundColor = player.colour;
        const tags = [];
        if (player.to_act) tags.push(word("to_act"));
        if (player.computer) tags.push(word("computer"));
        if (player.resigned) tags.push(word("resigned"));
        const mine = player.seat === state.view.viewer.seat ? " mine" : "";
        return el("li", { class: "player" + (player.to_act ? " to-act" : "") + mine },
                  el("p", { class: "name" }, swatch, el("span", { class: "who", text: player.name }),
                     tags.length ? el("span", { class: "tags", text: tags.join(" · ") }) : null),
                  facts(player.facts));
      })));
  }

  function renderTable() {
    const section = $("table");
    const { table, last_move: lastMove } = state.view;
    section.hidden = !table.length && !lastMove;
    fill(section,
      lastMove ? el("h2", { text: word("last_move") }) : null,
      lastMove ? el("p", { class: "last-move", text: lastMove }) : null,
      table.length ? el("h2", { text: word("table") }) : null,
      ...table.flatMap((group) => [
        el("h3", { text: group.title }),
        el("ul", { class: "items" }, ...group.items.map((item) => el("li", { text: item.label }))),
      ]),
    );
  }

  function renderHistory() {
    const section = $("history");
    const { history: entries } = state.view;
    section.hidden = false;
    const colours = new Map(state.view.players.map((p) => [p.seat, p.colour]));
    const swatch = (seat) => {
      if (!colours.has(seat)) return null;
      const dot = el("span", { class: "swatch", "aria-hidden": "true" });
      dot.style.backgroundColor = colours.get(seat);
      return dot;
    };
    fill(section, el("details", { open: state.historyOpen ? true : null,
                                  on: { toggle: (event) => { state.historyOpen = event.target.open; } } },
      el("summary", { text: word("history") }),
      entries.length ? null : el("p", { class: "hint", text: word("empty_history") }),
      el("ol", { class: "history", reversed: true },
         ...entries.slice().reverse().map((entry) => el("li", { value: entry.ply },   // the text names the player
           swatch(entry.seat), el("span", { text: entry.text }))))));
  }

  // ---- language, alerts, the pages for a refused link --------------------------------------------

  async function switchLanguage(lang) {
    state.lang = lang;
    storage?.setItem(LANG_KEY, lang);
    await refresh();
    const old = state.socket;     // the live views come in the new language too
    state.socket = null;
    if (old) old.close();
    connectLive();
  }

  // The bot's words as Discord shows them: `a command` between backticks is code, **a button's name**
  // between double stars is bold, the rest plain text.
  const said = (message) => el("p", null, ...String(message).split("`").flatMap((part, index) => (index % 2
    ? [el("code", { text: part })]
    : part.split("**").map((piece, inner) => (inner % 2 ? el("strong", { text: piece }) : piece)))));
  const showAlert = (message) => fill($("alert"), said(message));
  const clearAlert = () => fill($("alert"));

  // A refused or ended link: the server's own words (they say how to get a new link), alone on the page.
  function showNotice(message) {
    state.ended = true;
    if (state.socket) state.socket.close();
    storage?.removeItem(SESSION_KEY);
    for (const id of ["top", "status", "alert"]) $(id).hidden = true;
    clearAlert();
    showPanel(el("div", { role: "alert", class: "refusal" }, said(message)));
  }

  // A panel alone in place of the board: a refusal, or the Activity's choice of games.
  function showPanel(...children) {
    $("app").hidden = true;
    fill($("notice"), ...children).hidden = false;
  }

  function fail(error) {
    if (error instanceof Refused && [401, 404, 410].includes(error.status)) return showNotice(error.message);
    if (error instanceof Refused && error.reason) return showAlert(error.message);
    console.error(error);
    showAlert(word("error"));
  }

  async function start() {
    watchPinch();
    state.lang = storage?.getItem(LANG_KEY) ?? null;
    try {
      state.session = await openSession();
    } catch (error) {
      return showNotice(error.message);
    }
    try {
      await refresh();
      connectLive();
    } catch (error) {
      fail(error);
    }
  }

  // What moves.js (run after this script, before the page starts) needs of it.
  Object.assign(page, { state, $, el, fill, word, api, Refused, gamePath, render, renderBoard, refresh, fail,
                        showAlert, clearAlert });

  document.addEventListener("DOMContentLoaded", start);
  // Another link opened in this tab changes only the fragment: start again with it.
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(location.hash.slice(1)).has("t")) location.reload();
  });
})();
