// Events: the answers of the event APIs.
import type { CarSummary } from "./cars";

/** POST /api/events/{id}/attend: whether the reader is going now, with which car, and how many go. */
export type AttendanceState = { going: boolean; going_count: number; car_id: number | null };

/** A car the reader may bring to an event. */
export type PickerCar = Omit<CarSummary, "bodystyle">;

/** An event's cover photo as pages draw it: the full photo, its resized copies, its size. */
export type EventCoverView = { url: string; srcset: string; width: number | null; height: number | null };

/** An event as the API sends it. */
export type EventView = {
  id: number;
  name: string;
  date_time: string;
  location: string | null;
  description: string | null;
  going_count: number;
  is_past: boolean;
  created_by: string | null;
  cover: EventCoverView | null;
};
