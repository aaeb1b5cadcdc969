// Assertions shared by the upload tests.
import { expect } from "vitest";
import { MediaError } from "~/lib/images.server";

/** `promise` rejects with a MediaError of `status` and `message`. */
export async function expectMediaError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).status).toBe(status);
  expect((error as MediaError).message).toBe(message);
}
