// Events: the answers of the event APIs.
import type { CarSummary } from "./cars";

/** POST /api/events/{id}/attend: whether the reader is going now, with which car, and how many go. */
export type AttendanceState = { going: boolean; going_count: number; car_id: number | null };

/** A car the reader may bring to an event. */
export type PickerCar = Omit<CarSummary, "bodystyle">;
