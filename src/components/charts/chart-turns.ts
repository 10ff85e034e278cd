import { useCallback, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';

/**
 * Longest a chart holds its turn: one whose code fails to load or that never mounts must not keep
 * the screen's other charts waiting.
 */
const TURN_TIMEOUT_MS = 2000;

type Turn = { start: () => void; done: boolean };

const waiting: Turn[] = [];
let current: Turn | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function giveNext(first = false) {
  clearTimeout(timer);
  current = waiting.shift() ?? null;
  if (!current) return;
  const turn = current;
  const start = () => {
    if (turn !== current) return;
    turn.start();
    timer = setTimeout(() => end(turn), TURN_TIMEOUT_MS);
  };
  // The first chart of a screen waits one frame more: a frame is on screen a little after the next
  // one starts, and the screen's text must be there before the charts' code is asked for.
  afterNextPaint(first ? () => afterNextPaint(start) : start);
}

function end(turn: Turn) {
  if (turn.done) return;
  turn.done = true;
  const queued = waiting.indexOf(turn);
  if (queued >= 0) waiting.splice(queued, 1);
  if (turn === current) giveNext();
}

/**
 * A chart's turn to be drawn. Charts are drawn one at a time, each once the frame before it is
 * painted: the screen's text comes first, before the charts' code is even asked for, and each chart
 * mounts in a task of its own (drawing one measures its labels, which takes the main thread a while)
 * instead of all of them in one long task.
 *
 * `shown` turns true when the chart may render; call `drawn` once it has mounted, which gives the
 * next chart its turn (a chart that unmounts first, or holds its turn too long, gives it up itself).
 */
export function useChartTurn(): { shown: boolean; drawn: () => void } {
  const [shown, setShown] = useState(false);
  const turn = useRef<Turn | null>(null);
  useEffect(() => {
    const mine: Turn = { start: () => setShown(true), done: false };
    turn.current = mine;
    waiting.push(mine);
    if (!current) giveNext(true);
    return () => end(mine);
  }, []);
  const drawn = useCallback(() => {
    if (turn.current) end(turn.current);
  }, []);
  return { shown, drawn };
}
