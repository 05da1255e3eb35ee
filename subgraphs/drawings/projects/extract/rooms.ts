// Rooms: a room number (3–4 digits) with its name on the line right above it.
import { center, unionAll } from '../../../../core/geometry/bbox.ts';
import type { TextLine } from '../text-lines.ts';
import type { SheetContext } from './draft.ts';
import { SCALE } from './views.ts';

/** Rule room: a name line (letters only) right above a room number (3–4 digits, optional letter). */
const ROOM_NUMBER = /^[A-Z]?\d{3,4}[A-Z]?$/;
const ROOM_NAME = /^[A-Z][A-Z &/.'-]{1,38}$/;

export function readRooms(ctx: SheetContext): void {
  for (const num of ctx.drawingLines) {
    if (!ROOM_NUMBER.test(num.text)) continue;
    const name = roomName(num, ctx.drawingLines);
    if (!name || SCALE.test(name.text)) continue;
    const room = ctx.draft.add({
      type: 'Room',
      label: `${name.text} ${num.text}`,
      text: `room ${name.text} ${num.text}`,
      bbox: unionAll([name.bbox, num.bbox]),
      provenance: 'text:room-tag',
      props: { name: name.text, number: num.text },
      sameKey: null,
      viewKey: null,
    });
    if (!room) break;
  }
}

function roomName(num: TextLine, drawingLines: TextLine[]): TextLine | undefined {
  const c = center(num.bbox);
  return drawingLines.find(
    (l) =>
      l !== num &&
      ROOM_NAME.test(l.text) &&
      /[A-Z]{3}/.test(l.text) &&
      l.bbox[3] <= num.bbox[1] + 1 &&
      num.bbox[1] - l.bbox[3] < 1.5 * num.size &&
      Math.abs(center(l.bbox)[0] - c[0]) < 1.5 * num.size,
  );
}
