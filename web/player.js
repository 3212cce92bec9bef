// The solution player: a list of positions, the step shown, play/pause on a timer.
// It only keeps time and the step; the app draws the board and the controls.

/**
 * Create a player for `count` positions; onStep(step, {animate, from}) is called on every step change,
 * onPlaying(playing) when play starts or stops.
 * Returns {step(), count(), go(step), sync(step), next(), previous(), play(), pause(), playing(), setDelay(ms)}.
 */
export function createPlayer(count, { onStep, onPlaying, delay = 450 }) {
  let step = 0;
  let timer = null;
  let pace = delay;

  function go(target, { animate = true } = {}) {
    const clamped = Math.max(0, Math.min(count - 1, target));
    if (clamped === step) return;
    // Only a single step is animated; jumps redraw at once.
    const oneStep = Math.abs(clamped - step) === 1;
    const from = step;
    step = clamped;
    onStep(step, { animate: animate && oneStep, from });
  }

  function play() {
    if (timer) return;
    if (step >= count - 1) go(0, { animate: false });
    timer = setInterval(() => {
      if (step >= count - 1) pause();
      else go(step + 1);
    }, pace);
    onPlaying(true);
  }

  function pause() {
    if (!timer) return;
    clearInterval(timer);
    timer = null;
    onPlaying(false);
  }

  return {
    step: () => step,
    count: () => count,
    go,
    /** The step shown changed elsewhere (Undo, a click in the move list): follow it without calling onStep. */
    sync(target) {
      step = Math.max(0, Math.min(count - 1, target));
    },
    next: () => go(step + 1),
    previous: () => go(step - 1),
    play,
    pause,
    playing: () => timer !== null,
    setDelay(ms) {
      pace = ms;
      if (timer) {
        pause();
        play();
      }
    },
  };
}
