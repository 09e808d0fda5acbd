import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';

/** Spec §2, §9: a touch held 500 ms without moving more than 10 px opens the context menu. */
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown(event: ReactPointerEvent<HTMLElement>): void;
  onPointerMove(event: ReactPointerEvent<HTMLElement>): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  /** True right after a long press fired: the click that follows the finger's release is not a tap. */
  consumeClick(): boolean;
}

/**
 * Long press for touch (and pen) pointers; mice use the right button instead. `onLongPress` gets the
 * point where the finger went down and what it touched.
 */
export function useLongPress(
  onLongPress: (x: number, y: number, target: EventTarget | null) => void,
): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  callback.current = onLongPress;

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown(event) {
      if (event.pointerType === 'mouse') return;
      cancel();
      fired.current = false;
      const point = { x: event.clientX, y: event.clientY };
      const target = event.target;
      start.current = point;
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        callback.current(point.x, point.y, target);
      }, LONG_PRESS_MS);
    },
    onPointerMove(event) {
      const origin = start.current;
      if (!origin || !timer.current) return;
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > LONG_PRESS_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    consumeClick() {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
