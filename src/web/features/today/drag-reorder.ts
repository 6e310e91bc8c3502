// Reordering a list by dragging one of its items with a pointer (mouse, pen or touch), without a library: the item
// follows the pointer and the others slide aside to show where it would land. Only transforms are set while
// dragging; the list's real order changes once, through `onDrop`. Loaded on the first drag (initial bundle budget).

const EDGE_PX = 48;
const SCROLL_STEP_PX = 12;

export type DragOptions = {
  /** The pointerdown on the item's handle. */
  event: PointerEvent;
  handle: HTMLElement;
  /** The dragged item: a direct child of the list. */
  item: HTMLElement;
  /** Its new index among the list's children, when it moved. */
  onDrop: (from: number, to: number) => void;
};

function setShift(el: HTMLElement, px: number) {
  el.style.transform = px === 0 ? "" : `translateY(${px}px)`;
}

export function startDrag({ event, handle, item, onDrop }: DragOptions): void {
  const list = item.parentElement;
  if (!list) return;
  const items = Array.from(list.children) as HTMLElement[];
  const from = items.indexOf(item);
  const rects = items.map((el) => el.getBoundingClientRect());
  const own = rects[from]!;
  const next = rects[from + 1] ?? rects[from - 1];
  const gap = next ? Math.abs(next.top - own.top) - own.height : 0;
  const step = own.height + gap;
  const startY = event.clientY + window.scrollY;
  let to = from;
  let lastY = event.clientY;
  let frame = 0;

  try {
    handle.setPointerCapture(event.pointerId);
  } catch {
    return; // the pointer was lifted before this code arrived: there is nothing to drag
  }
  item.dataset.dragging = "";
  for (const el of items) if (el !== item) el.style.transition = "transform 150ms ease";

  const update = () => {
    const dy = lastY + window.scrollY - startY;
    setShift(item, dy);
    const centre = own.top + own.height / 2 + dy;
    to = from;
    rects.forEach((rect, i) => {
      const mid = rect.top + rect.height / 2;
      if (i < from && centre < mid) to = Math.min(to, i);
      if (i > from && centre > mid) to = Math.max(to, i);
    });
    items.forEach((el, i) => {
      if (i === from) return;
      setShift(el, i > from && i <= to ? -step : i < from && i >= to ? step : 0);
    });
  };
  // Near the top or bottom of the window the page scrolls, so an item can travel down a long list.
  const scroll = () => {
    const dir = lastY < EDGE_PX ? -1 : lastY > window.innerHeight - EDGE_PX ? 1 : 0;
    if (dir !== 0) {
      window.scrollBy(0, dir * SCROLL_STEP_PX);
      update();
      frame = requestAnimationFrame(scroll);
    } else frame = 0;
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    lastY = e.clientY;
    update();
    if (!frame) frame = requestAnimationFrame(scroll);
  };
  const end = (drop: boolean) => () => {
    cancelAnimationFrame(frame);
    handle.removeEventListener("pointermove", move);
    handle.removeEventListener("pointerup", up);
    handle.removeEventListener("pointercancel", cancel);
    window.removeEventListener("keydown", escape);
    delete item.dataset.dragging;
    for (const el of items) {
      el.style.transition = "";
      setShift(el, 0);
    }
    if (drop && to !== from) onDrop(from, to);
  };
  const up = end(true);
  const cancel = end(false);
  const escape = (e: KeyboardEvent) => {
    if (e.key === "Escape") cancel();
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", up);
  handle.addEventListener("pointercancel", cancel);
  window.addEventListener("keydown", escape);
}
