/** Longest wait for a frame: a hidden tab paints none, and the task must still run. */
const FRAME_TIMEOUT_MS = 100;

/**
 * Runs `task` in a new task once the browser has painted the next frame. A click that starts heavy
 * work (a navigation that re-renders a list) then answers at once with its pressed state and
 * ripple, and the work follows, instead of holding the frame until it is done.
 */
export function afterNextPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  // Without a window (a page being torn down, a test's document gone) no frame comes: the timeout runs it.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, FRAME_TIMEOUT_MS);
}
