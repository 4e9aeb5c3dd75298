import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';
import { type CalendarDay, type OwnerAppointment, formatClockTime } from '@slotwise/contracts';
import { customerName } from './appointments';
import {
  type MoveTarget,
  type StaffChoice,
  clockOf,
  draggedMinutes,
  slotInstant,
  startOf,
  stepMinutes,
} from './diary';

/** A column a booking can be moved to: a staff member's on one day, or a day of the week. */
export interface Lane {
  key: string;
  day: CalendarDay;
  staff: StaffChoice;
  /** Read out while moving: 'Mia Rossi', 'Tuesday 5 January'. */
  label: string;
}

/** Where the pointer is: a lane, and the minutes of the time row under it (null: no rows). */
export interface PointerPlace {
  lane: string;
  minutes: number | null;
}

/** The booking being moved and where it would go. */
export interface MovePreview {
  appointment: OwnerAppointment;
  lane: string;
  minutes: number;
  /** Moved by the keys (else dragged). */
  keys: boolean;
}

/** A pointer must travel this far before a press becomes a drag (a click stays a click). */
const DRAG_THRESHOLD_PX = 6;

interface Press {
  appointment: OwnerAppointment;
  x: number;
  y: number;
  /** The minutes under the pointer when it took hold (null without time rows). */
  grabbed: number | null;
  start: number;
  lane: string;
  dragging: boolean;
}

/**
 * Moving bookings in a calendar view by dragging them (mouse or pen; phones use the Move dialog)
 * or by the keys: M on a focused booking, the arrow keys change the time by 15 minutes (up and
 * down) and the column (left and right), Enter proposes, Escape gives up. The proposal goes to
 * `onPropose`, which asks the owner before anything is saved.
 */
export function useMoveGesture({
  lanes,
  laneOf,
  timeZone,
  placeAt,
  onPropose,
}: {
  lanes: readonly Lane[];
  /** The lane an appointment is drawn in. */
  laneOf: (a: OwnerAppointment) => string;
  timeZone: string;
  /** What is under a point of the view (null: outside any lane). */
  placeAt: (x: number, y: number, target: EventTarget | null) => PointerPlace | null;
  onPropose: (a: OwnerAppointment, target: MoveTarget) => void;
}) {
  const [preview, setPreview] = useState<MovePreview | null>(null);
  const press = useRef<Press | null>(null);
  // The click that ends a drag is not a click on the booking or the empty time under it.
  const dragged = useRef(false);

  const targetOf = useCallback(
    (p: MovePreview): MoveTarget | null => {
      const lane = lanes.find((l) => l.key === p.lane);
      if (!lane) return null;
      return { date: slotInstant(lane.day, p.minutes, timeZone), staff: lane.staff };
    },
    [lanes, timeZone],
  );

  const propose = (p: MovePreview) => {
    const target = targetOf(p);
    setPreview(null);
    if (!target) return;
    const start = startOf(p.appointment, timeZone);
    const same = p.lane === laneOf(p.appointment) && p.minutes === start.minutes;
    if (!same) onPropose(p.appointment, target);
  };

  const chipProps = (a: OwnerAppointment) => ({
    'aria-keyshortcuts': 'M',
    'data-moving': preview?.appointment.id === a.id ? 'true' : undefined,
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0 || e.pointerType === 'touch') return;
      const start = startOf(a, timeZone).minutes;
      const at = placeAt(e.clientX, e.clientY, e.target);
      press.current = {
        appointment: a,
        x: e.clientX,
        y: e.clientY,
        grabbed: at?.minutes ?? null,
        start,
        lane: laneOf(a),
        dragging: false,
      };
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const moving = preview?.keys && preview.appointment.id === a.id ? preview : null;
      if (!moving) {
        if (e.key === 'm' || e.key === 'M') {
          e.preventDefault();
          setPreview({
            appointment: a,
            lane: laneOf(a),
            minutes: startOf(a, timeZone).minutes,
            keys: true,
          });
        }
        return;
      }
      const index = lanes.findIndex((l) => l.key === moving.lane);
      let next: MovePreview;
      switch (e.key) {
        case 'ArrowUp':
          next = { ...moving, minutes: stepMinutes(moving.minutes, -1) };
          break;
        case 'ArrowDown':
          next = { ...moving, minutes: stepMinutes(moving.minutes, 1) };
          break;
        case 'ArrowLeft':
          next = { ...moving, lane: lanes[Math.max(index - 1, 0)]?.key ?? moving.lane };
          break;
        case 'ArrowRight':
          next = {
            ...moving,
            lane: lanes[Math.min(index + 1, lanes.length - 1)]?.key ?? moving.lane,
          };
          break;
        case 'Enter':
          e.preventDefault();
          propose(moving);
          return;
        case 'Escape':
          e.preventDefault();
          e.stopPropagation();
          setPreview(null);
          return;
        default:
          return;
      }
      e.preventDefault();
      setPreview(next);
    },
    onBlur: () => {
      if (preview?.keys && preview.appointment.id === a.id) setPreview(null);
    },
  });

  const surfaceProps = {
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const p = press.current;
      if (!p) return;
      if (e.buttons === 0) {
        // Let go outside the view: nothing is moved.
        press.current = null;
        setPreview(null);
        return;
      }
      if (!p.dragging) {
        if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_THRESHOLD_PX) return;
        p.dragging = true;
      }
      const at = placeAt(e.clientX, e.clientY, e.target);
      if (!at) return;
      const minutes =
        at.minutes === null || p.grabbed === null
          ? p.start
          : draggedMinutes(p.start, p.grabbed, at.minutes);
      setPreview({ appointment: p.appointment, lane: at.lane, minutes, keys: false });
    },
    onPointerUp: () => {
      const p = press.current;
      press.current = null;
      if (!p?.dragging) return;
      dragged.current = true;
      // The click that follows this pointerup (if any) comes at once; after it, clicks count.
      setTimeout(() => (dragged.current = false), 0);
      if (preview && !preview.keys) propose(preview);
      else setPreview(null);
    },
    onPointerCancel: () => {
      press.current = null;
      setPreview(null);
    },
  };

  const moving = preview ? targetOf(preview) : null;
  const lane = preview ? lanes.find((l) => l.key === preview.lane) : undefined;
  const announcement =
    preview?.keys && moving
      ? `Moving ${customerName(preview.appointment)} to ${lane?.label ?? ''}, ${clockText(preview.minutes)}. Arrow keys change the time and column, Enter confirms, Escape cancels.`
      : '';

  return {
    preview,
    chipProps,
    surfaceProps,
    announcement,
    /** Whether the click now arriving ends a drag (and must not open anything). */
    isDragClick: () => dragged.current,
  };
}

/** Minutes after midnight as '10:30 AM'. */
export const clockText = (minutes: number) => formatClockTime(clockOf(minutes));
