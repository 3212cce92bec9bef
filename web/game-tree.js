// The game as a tree of moves, as the lichess analysis board keeps it: the start is the root,
// every move a child. A solution is a line of children; a move by hand from any position
// branches off (or follows a child that already makes that move). Undo and Redo walk the tree,
// so the start and every line stay reachable; a branch can be promoted (its line first) or deleted.
// Pure data: no DOM, no rules of any game.

/**
 * A tree rooted at `start`. `same(a, b)` says whether two positions are equal (a move to a
 * position a child already holds follows that child instead of adding a twin).
 * Nodes are {id, position, words, path, parent, children, next, byHand}: `id` a number unique in the tree,
 * `words` names the move that led there ("8 left"), `path` is what a board animates (a peg's
 * hops), `next` the child Redo takes, `byHand` whether a person played it (not a solver's line).
 * `version()` grows whenever a node is added, removed or
 * reordered (a view of the tree redraws only then).
 */
export function createTree(start, same) {
  let ids = 0;
  let version = 0;
  const root = makeNode(start, null, null, null);
  let current = root;

  function makeNode(position, parent, words, path, byHand = false) {
    version += 1;
    ids += 1;
    return { id: ids, position, words, path, parent, children: [], next: null, byHand };
  }

  /** The child of `node` holding `position`, or null. */
  function childWith(node, position) {
    return node.children.find((child) => same(child.position, position)) ?? null;
  }

  /** Make `node` the current node; Redo from each ancestor now leads back towards it. */
  function goTo(node) {
    for (let at = node; at.parent; at = at.parent) at.parent.next = at;
    current = node;
    return node;
  }

  /** A move from the current node to `position`: follows an existing child or adds one; the new current node. */
  function play(position, { words = null, path = null } = {}) {
    let child = childWith(current, position);
    if (!child) {
      child = makeNode(position, current, words, path, true);
      current.children.push(child);
    }
    return goTo(child);
  }

  /**
   * Add a line of moves from `from` ([{position, words, path}…], without `from` itself), sharing
   * the moves already in the tree; returns the line's nodes, `from` first. The current node stays.
   */
  function addLine(from, moves) {
    const nodes = [from];
    let at = from;
    for (const { position, words = null, path = null } of moves) {
      let child = childWith(at, position);
      if (!child) {
        child = makeNode(position, at, words, path);
        at.children.push(child);
      }
      nodes.push(child);
      at = child;
    }
    return nodes;
  }

  /** The nodes from the root to `node`, both included. */
  function lineTo(node = current) {
    const nodes = [];
    for (let at = node; at; at = at.parent) nodes.push(at);
    return nodes.reverse();
  }

  /** Whether `node` lies on the way from the root to `of` (both included). */
  function isAncestor(node, of = current) {
    for (let at = of; at; at = at.parent) if (at === node) return true;
    return false;
  }

  /**
   * Delete `node` and every move after it (not the root). When the current node was among them,
   * the board goes to `node`'s parent. Returns the new current node.
   */
  function remove(node) {
    const { parent } = node;
    if (!parent) return current;
    parent.children = parent.children.filter((child) => child !== node);
    if (parent.next === node) parent.next = null;
    version += 1;
    if (isAncestor(node)) current = parent;
    return current;
  }

  /**
   * Delete `node`'s branch if nothing in it was played by hand and the board is not in it (a
   * solver's line another answer replaced); true when it went.
   */
  function forget(node) {
    if (!node.parent || isAncestor(node)) return false;
    for (const stack = [node]; stack.length;) {
      const at = stack.pop();
      if (at.byHand) return false;
      stack.push(...at.children);
    }
    remove(node);
    return true;
  }

  /** Make `node`'s line the first at each of its ancestors (lichess's "promote variation"). */
  function promote(node) {
    for (let at = node; at.parent; at = at.parent) {
      const siblings = at.parent.children;
      siblings.splice(siblings.indexOf(at), 1);
      siblings.unshift(at);
    }
    version += 1;
  }

  /** The moves after `node` along the children Redo takes (the last visited, else the first): `node` first. */
  function lineFrom(node) {
    const nodes = [node];
    for (let at = node.next ?? node.children[0]; at; at = at.next ?? at.children[0]) nodes.push(at);
    return nodes;
  }

  return {
    root,
    current: () => current,
    version: () => version,
    remove,
    forget,
    promote,
    lineFrom,
    goTo,
    play,
    addLine,
    lineTo,
    /** The number of moves from the root to `node`. */
    depth(node = current) {
      let depth = 0;
      for (let at = node; at.parent; at = at.parent) depth += 1;
      return depth;
    },
    canUndo: () => current.parent !== null,
    canRedo: () => current.children.length > 0,
    /** One move back (to the parent); false at the root. */
    undo() {
      if (!current.parent) return false;
      current = current.parent;
      return true;
    },
    /** One move forward along the child last visited (or the first); false at a leaf. */
    redo() {
      const child = current.next ?? current.children[0];
      if (!child) return false;
      current = child;
      return true;
    },
    isAncestor,
  };
}
