// Amakta Infinit's camera on the endless plane: dragging with one pointer,
// pinching with two, the wheel zooming, within the zoom limits.

import { pressesPiece } from "../drag.js";

/** The part of the Infinit plane in view: its centre and width in hex units. */
export interface Camera {
  x: number;
  y: number;
  w: number;
}

/** What the camera's gestures read and change on the board. */
export interface CameraHost {
  /** The camera now. */
  camera(): Camera;
  /** The camera moved during a gesture (the drawing's view box follows at once). */
  move(camera: Camera): void;
  /** A gesture that moved the camera ended. */
  moved(): void;
  /** The wheel zooms by `factor`. */
  zoom(factor: number): void;
}

/** Lets one pointer drag the plane of `root` and two (fingers on a phone) pinch to zoom and drag together. */
export function attachPanZoom(root: SVGElement, b: CameraHost) {
  const pointers = new Map<number, { x: number; y: number }>();
  let gesture: { cam: Camera; x: number; y: number; spread: number } | null = null;
  let moved = false;
  const measure = () => {
    const points = [...pointers.values()];
    const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
    const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
    const [p0, p1] = points;
    const spread = p0 && p1 ? Math.hypot(p0.x - p1.x, p0.y - p1.y) : 0;
    return { x, y, spread };
  };
  // A gesture starts anew whenever a finger comes or goes, from the camera as it is then.
  const begin = () => {
    gesture = pointers.size ? { cam: { ...b.camera() }, ...measure() } : null;
  };
  root.addEventListener("pointerdown", (e: PointerEvent) => {
    // A press on a stone that may be dragged moves the stone, not the plane.
    if (pressesPiece(e)) return;
    if (pointers.size === 0) moved = false;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    begin();
  });
  root.addEventListener("pointermove", (e: PointerEvent) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const now = measure();
    const dx = now.x - gesture.x;
    const dy = now.y - gesture.y;
    const pinching = pointers.size > 1 && gesture.spread > 0 && now.spread > 0;
    if (!moved && !pinching && Math.hypot(dx, dy) < 6) return;
    moved = true;
    const w = pinching ? clampWidth((gesture.cam.w * gesture.spread) / now.spread) : gesture.cam.w;
    const scale = w / root.getBoundingClientRect().width;
    b.move({ x: gesture.cam.x - dx * scale, y: gesture.cam.y - dy * scale, w });
  });
  const end = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size) {
      begin();
      return;
    }
    gesture = null;
    if (moved) b.moved();
  };
  for (const type of ["pointerup", "pointercancel", "pointerleave"] as const) root.addEventListener(type, end);
  root.addEventListener(
    "click",
    (e: MouseEvent) => {
      if (moved) {
        e.stopPropagation();
        moved = false;
      }
    },
    true,
  );
  root.addEventListener(
    "wheel",
    (e: WheelEvent) => {
      e.preventDefault();
      b.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
    },
    { passive: false },
  );
}

/** A camera width (in hex units) within the zoom limits. */
export function clampWidth(w: number): number {
  return Math.min(90, Math.max(6, w));
}
