// The page's state: one store whose named transitions are the only way it changes. Modules read
// `store.state` (read-only: an assignment to it throws) and call a transition to change it; the
// game tree and the solution player are objects with their own methods (web/game-tree.js,
// web/player.js), held here.

import { createTree } from "./game-tree.js";

/** A new store: `state` to read, one function per transition, and `subscribe` to hear of changes. */
export function createStore() {
  const data = {
    catalog: [],
    game: null, // the family's game for the chosen entry
    board: null, // the drawn board (null while the hole editor shows)
    goal: null,
    tree: null, // the game: a tree of moves from the start (web/game-tree.js); its current node is on the board
    line: null, // the solution shown in the player: {nodes, words, result, from}
    player: null,
    solver: null,
    search: null, // the running search's handle
    watch: null, // the background check of the position on the board
    warnedFor: null, // the node the warning is about
    verdictShownFor: null, // the node whose impossibility the result panel explains (the warning then stays quiet)
    distanceFor: null, // the node the distance line is about
    hint: null, // {node, marks}: a hint's move, marked on the board while it shows that node
    marks: null, // {node, holes}: a parity argument's marked holes
    offer: null, // {node, place}: next steps offered after a budget stop, about tree node `node` (null: the game)
    pendingStep: null, // an old link's step, applied once its solution is found
    pendingSolve: false, // an old link with a step, or Solve pressed while the solver starts: solves once it is ready
    pendingCompare: false, // a link with compare=1 (or a press before the solver was ready) compares once it is
    compareOpen: false, // the Compare panel is open (part of the link)
    explanations: null, // explain.json: a few sentences on each algorithm and lower bound
    editing: null, // null, or what a click edits: "start", "goal" or "holes" (a custom peg board)
    shuffling: 0, // a ticket counter: a newer shuffle or a new puzzle makes an older one's answer moot
    lastHash: "", // the hash the page wrote last (a hashchange to it is the page's own)
    get position() {
      return this.tree.current().position;
    },
  };
  const state = new Proxy(data, {
    set(_, name) {
      throw new TypeError(`state.${String(name)} changes only through a transition of web/state.js`);
    },
    defineProperty(_, name) {
      throw new TypeError(`state.${String(name)} changes only through a transition of web/state.js`);
    },
    deleteProperty(_, name) {
      throw new TypeError(`state.${String(name)} changes only through a transition of web/state.js`);
    },
  });
  const listeners = new Set();

  /** Apply `changes` as transition `name` and tell the listeners. */
  function commit(name, changes) {
    Object.assign(data, changes);
    for (const listener of listeners) listener(name, state);
  }

  /** Forget everything that described the old game's positions. */
  const freshTree = (start) => ({
    tree: createTree(start, (a, b) => data.game.same(a, b)),
    warnedFor: null, verdictShownFor: null, distanceFor: null, hint: null, marks: null, offer: null,
  });

  const transitions = {
    // ---- loading
    setSolver: (solver) => commit("setSolver", { solver }),
    loadCatalog: (catalog) => commit("loadCatalog", { catalog }),
    loadExplanations: (explanations) => commit("loadExplanations", { explanations }),

    // ---- the game and its board
    /** A new puzzle: its game and goal, a new tree from `start`; older shuffles and a link's pending step are moot. */
    openGame(game, goal, start) {
      commit("openGame", {
        shuffling: data.shuffling + 1, game, goal, ...freshTree(start), pendingStep: null, pendingSolve: false,
      });
    },
    /** The hole editor changed the board: a new game (its own goal) from its start. */
    reshapeBoard(game) {
      commit("reshapeBoard", { game, goal: game.goal, ...freshTree(game.start) });
    },
    /** A new game of the same puzzle from `start` (edited, shuffled or typed). */
    restart: (start) => commit("restart", freshTree(start)),
    setGoal: (goal) => commit("setGoal", { goal }),
    setBoard: (board) => commit("setBoard", { board }),
    setEditing: (editing) => commit("setEditing", { editing }),
    /** A new shuffle ticket: answers to older shuffles are ignored. Returns the ticket. */
    newShuffle() {
      commit("newShuffle", { shuffling: data.shuffling + 1 });
      return data.shuffling;
    },
    noteHash: (lastHash) => commit("noteHash", { lastHash }),

    // ---- a link's deferred requests
    /** An opened link's step: solve as soon as the solver is ready, then show that step. */
    awaitStep: (step) => commit("awaitStep", { pendingStep: step ?? null, pendingSolve: (step ?? null) !== null }),
    /** Solve pressed while the solver starts: it solves as soon as the solver is ready. */
    awaitSolve: () => commit("awaitSolve", { pendingSolve: true }),
    /** True (and forgotten) if a solve (a link's, or Solve pressed early) waits for the solver. */
    takePendingSolve() {
      if (!data.pendingSolve) return false;
      commit("takePendingSolve", { pendingSolve: false });
      return true;
    },
    /** The step a link asked to show (forgotten), or null. */
    takePendingStep() {
      const step = data.pendingStep;
      commit("takePendingStep", { pendingStep: null });
      return step;
    },

    // ---- the solver's requests
    startSearch: (search) => commit("startSearch", { search }),
    /** `search` answered: no search runs any more, unless a newer one started meanwhile. */
    finishSearch(search) {
      if (data.search === search) commit("finishSearch", { search: null });
    },
    startWatch: (watch) => commit("startWatch", { watch }),
    finishWatch(watch) {
      if (data.watch === watch) commit("finishWatch", { watch: null });
    },

    // ---- what the panels say about a node
    showDistance: (node) => commit("showDistance", { distanceFor: node }),
    warn: (node) => commit("warn", { warnedFor: node }),
    showVerdict: (node) => commit("showVerdict", { verdictShownFor: node }),
    showHint: (node, marks) => commit("showHint", { hint: marks ? { node, marks } : null }),
    /** The board left the node a hint was about: the hint's marks go. */
    leaveHint(node) {
      if (data.hint && data.hint.node !== node) commit("leaveHint", { hint: null });
    },
    showMarks: (node, holes) => commit("showMarks", { marks: { node, holes } }),
    /** Next steps after a budget stop, offered in `place` ("result" or "numbers") for `node` (null: the game). */
    offerNextSteps: (node, place) => commit("offerNextSteps", { offer: { node, place } }),
    /** The offer goes: a new search started. */
    withdrawOffer() {
      if (data.offer) commit("withdrawOffer", { offer: null });
    },
    /** The board left the node an offer was about: the offer goes (one about the whole game stays). */
    leaveOffer(node) {
      if (data.offer && data.offer.node !== null && data.offer.node !== node) commit("leaveOffer", { offer: null });
    },

    // ---- the solution player
    loadLine: (line, player) => commit("loadLine", { line, player }),
    clearLine: () => commit("clearLine", { line: null, player: null }),

    // ---- the Compare panel
    openCompare: () => commit("openCompare", { compareOpen: true }),
    /** Compare once the solver is ready. */
    awaitCompare: () => commit("awaitCompare", { pendingCompare: true }),
    /** True (and forgotten) if a comparison waits for the solver. */
    takePendingCompare() {
      if (!data.pendingCompare) return false;
      commit("takePendingCompare", { pendingCompare: false });
      return true;
    },
    closeCompare: () => commit("closeCompare", { compareOpen: false, pendingCompare: false }),
  };

  /** Call `listener(transition, state)` after every change; returns the function that stops it. */
  function subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { state, subscribe, ...transitions };
}
