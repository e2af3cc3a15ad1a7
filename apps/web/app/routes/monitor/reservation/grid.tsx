import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { ScheduleReservation, ScheduleSeat } from '#app/routes/api/admin/reservations/status/route';
import { scheduleTexts as t, statusLabels } from '#app/schedule/texts';
import { clock, holdMinutes, movedStart, slotStarts, type Block } from './layout';

/** Grid geometry: a 30-minute column is 80 px wide, a seat row 56 px high. */
export const SLOT_PX = 80;
export const PX_PER_MINUTE = SLOT_PX / 30;
const ROW_PX = 56;
const STEP_PX = 5 * PX_PER_MINUTE;
/** Spec §9: a long press of 600 ms opens the detail on touch screens. */
const LONG_PRESS_MS = 600;

export interface MoveRequest {
  reservation: ScheduleReservation;
  seatIds: string[];
  time: string;
}

/** A pointer sensor for mouse and pen only: a finger goes through the touch sensor (so a long press can open the detail). */
class MousePenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (nativeEvent.pointerType === 'touch' || !nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

/** Arrow keys move a lifted block: left/right by 5 minutes, up/down by one seat. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - STEP_PX };
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + ROW_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - ROW_PX };
    default:
      return undefined;
  }
};

interface GridProps {
  seats: readonly ScheduleSeat[];
  reservations: readonly ScheduleReservation[];
  blocks: readonly Block[];
  window: { open: number; close: number };
  /** The block waiting for the confirmation, drawn where it would go. */
  pending: MoveRequest | null;
  busy: boolean;
  onMove: (move: MoveRequest) => void;
  onOpen: (reservationId: string) => void;
}

export function ScheduleGrid({ seats, reservations, blocks, window, pending, busy, onMove, onOpen }: GridProps) {
  const sensors = useSensors(
    useSensor(MousePenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const slots = slotStarts(window);
  const byId = useMemo(() => new Map(reservations.map((r) => [r.id, r])), [reservations]);
  const seatName = (id: string) => seats.find((s) => s.id === id)?.name ?? id;
  const blockName = (id: string) => {
    const r = byId.get(id);
    return r ? t.blockLabel(r.customer_name || t.walkIn, r.reservation_time, r.people, r.seat_names.join('・')) : id;
  };

  const moveOf = (event: { active: { id: string | number }; delta: { x: number }; over: { id: string | number } | null }): MoveRequest | null => {
    const [reservationId, fromSeat] = String(event.active.id).split('|');
    const reservation = reservationId ? byId.get(reservationId) : undefined;
    if (!reservation || !fromSeat) return null;
    const toSeat = event.over ? String(event.over.id).replace(/^row\|/, '') : fromSeat;
    const start = Number(reservation.reservation_time.slice(0, 2)) * 60 + Number(reservation.reservation_time.slice(3, 5));
    const length = holdMinutes(reservation.seat_ids, seats);
    const time = clock(movedStart(start, event.delta.x / PX_PER_MINUTE, length, window));
    const seatIds = [...new Set(reservation.seat_ids.map((s) => (s === fromSeat ? toSeat : s)))];
    if (time === reservation.reservation_time.slice(0, 5) && seatIds.join() === reservation.seat_ids.join()) return null;
    return { reservation, seatIds, time };
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${blockName(String(active.id).split('|')[0] ?? '')}を持ち上げました`,
    onDragOver: ({ active, over }) => (over ? `${seatName(String(over.id).replace(/^row\|/, ''))}の上です` : `${String(active.id)}`),
    onDragEnd: ({ over }) => (over ? `${seatName(String(over.id).replace(/^row\|/, ''))}に置きました` : '置きました'),
    onDragCancel: () => '移動を取り消しました',
  };

  const onDragEnd = (event: DragEndEvent) => {
    const move = moveOf(event);
    if (move) onMove(move);
  };

  const width = slots.length * SLOT_PX;
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t.blockHelp } }}>
      <div className="schedule-grid" role="grid" aria-label={t.title} aria-busy={busy} style={{ ['--slot-px' as string]: `${SLOT_PX}px` }}>
        <div className="schedule-head" role="row">
          <div className="schedule-seat-head" role="columnheader">
            {t.seat}
          </div>
          <div className="schedule-times" style={{ width }}>
            {slots.map((m) => (
              <div key={m} className="schedule-time" role="columnheader">
                {clock(m)}
              </div>
            ))}
          </div>
        </div>
        {seats.map((seat) => (
          <SeatRow key={seat.id} seat={seat} width={width}>
            {blocks
              .filter((b) => b.seatId === seat.id)
              .map((b) => {
                const r = byId.get(b.reservationId);
                if (!r) return null;
                const isPending = pending?.reservation.id === r.id;
                return (
                  <ScheduleBlock
                    key={`${b.reservationId}|${b.seatId}`}
                    block={b}
                    reservation={r}
                    window={window}
                    label={blockName(r.id)}
                    hidden={isPending}
                    onOpen={onOpen}
                  />
                );
              })}
            {pending && pending.seatIds.includes(seat.id) ? <PendingBlock move={pending} seats={seats} window={window} /> : null}
          </SeatRow>
        ))}
      </div>
    </DndContext>
  );
}

function SeatRow({ seat, width, children }: { seat: ScheduleSeat; width: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `row|${seat.id}` });
  return (
    <div className="schedule-row" role="row" data-seat-id={seat.id}>
      <div className="schedule-seat" role="rowheader">
        <strong>{seat.name}</strong>
        <span>{t.capacity(seat.max_people)}</span>
      </div>
      <div ref={setNodeRef} className={`schedule-lane${isOver ? ' over' : ''}`} style={{ width, height: ROW_PX }} role="gridcell">
        {children}
      </div>
    </div>
  );
}

function position(start: number, end: number, window: { open: number; close: number }) {
  const from = Math.max(start, window.open);
  const to = Math.min(end, window.close);
  return { left: (from - window.open) * PX_PER_MINUTE, width: Math.max(to - from, 1) * PX_PER_MINUTE };
}

function ScheduleBlock(props: {
  block: Block;
  reservation: ScheduleReservation;
  window: { open: number; close: number };
  /** For the pointer's tooltip; screen readers hear the block's own text. */
  label: string;
  hidden: boolean;
  onOpen: (id: string) => void;
}) {
  const { block, reservation: r, window, label, hidden, onOpen } = props;
  const id = `${block.reservationId}|${block.seatId}`;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id });
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | null; opened: boolean; dragged: boolean }>({ timer: null, opened: false, dragged: false });
  if (isDragging) press.current.dragged = true;
  const clearPress = () => {
    if (press.current.timer) clearTimeout(press.current.timer);
    press.current.timer = null;
  };
  if (block.endMinute <= window.open || block.startMinute >= window.close) return null;
  const { left, width } = position(block.startMinute, block.endMinute, window);
  const status = r.status ?? 'unset';
  const classes = ['schedule-block', `status-${status}`];
  if (block.overdue) classes.push('overdue');
  if (block.exited) classes.push('exited');
  if (r.email_confirm_status === '0') classes.push('unconfirmed');
  if (isDragging) classes.push('dragging');
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // dnd-kit's own role and tab stop for a draggable, said where the accessibility lint sees them.
      role="button"
      tabIndex={0}
      className={classes.join(' ')}
      data-testid="schedule-block"
      data-reservation-id={r.id}
      data-seat-id={block.seatId}
      data-start={clock(block.startMinute)}
      data-end={clock(block.endMinute)}
      data-overdue={block.overdue}
      data-exited={block.exited}
      hidden={hidden}
      aria-roledescription={t.seatReserved}
      title={label}
      style={{ left, width, transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined }}
      onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
        press.current = { timer: null, opened: false, dragged: false };
        listeners?.onPointerDown?.(e);
        if (e.pointerType === 'touch') {
          press.current.timer = setTimeout(() => {
            if (press.current.dragged) return;
            press.current.opened = true;
            onOpen(r.id);
          }, LONG_PRESS_MS);
        }
      }}
      onPointerUp={clearPress}
      onPointerCancel={clearPress}
      onPointerMove={() => {
        if (press.current.dragged) clearPress();
      }}
      onClick={() => {
        clearPress();
        if (press.current.opened || press.current.dragged) return;
        onOpen(r.id);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(r.id);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      <span className="schedule-block-name">{r.customer_name || t.walkIn}</span>
      <span className="schedule-block-meta">
        {clock(block.startMinute)} {t.peopleCount(r.people)} {statusLabels[status]}
        {block.overdue ? <strong className="overdue-mark"> {t.overdue}</strong> : null}
        {block.exited && r.exited_at ? ` ${t.exitedAt(clock(block.endMinute))}` : null}
      </span>
      <span className="visually-hidden"> {r.seat_names.join('・')}</span>
    </div>
  );
}

function PendingBlock({ move, seats, window }: { move: MoveRequest; seats: readonly ScheduleSeat[]; window: { open: number; close: number } }) {
  const start = Number(move.time.slice(0, 2)) * 60 + Number(move.time.slice(3, 5));
  const { left, width } = position(start, start + holdMinutes(move.seatIds, seats), window);
  return (
    <div className="schedule-block pending" data-testid="schedule-pending" style={{ left, width }} aria-hidden="true">
      <span className="schedule-block-name">{move.reservation.customer_name || t.walkIn}</span>
      <span className="schedule-block-meta">
        {move.time} {t.moving}
      </span>
    </div>
  );
}
