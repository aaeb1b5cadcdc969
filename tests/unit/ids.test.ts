// The one id rule: decimal digits only, from 1 to the database's largest Int.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { modPatchSchema } from "~/lib/schemas/mod-schemas";
import { parseCommentInput } from "~/lib/schemas/comment-schemas";
import { parseFlagInput } from "~/lib/schemas/flag-input";
import { ID_MAX, idField, idSchema, parseId, requireId } from "~/lib/ids";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

const NOT_IDS: unknown[] = [
  "0x1F",
  "1e1",
  "-1",
  "1.0",
  " 1",
  "1 ",
  "+1",
  "0",
  "000",
  "",
  "abc",
  "1,000",
  "١٢",
  "Infinity",
  "NaN",
  "99999999999999999999",
  String(ID_MAX + 1),
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  ID_MAX + 1,
  Number.MAX_SAFE_INTEGER,
  null,
  undefined,
  true,
  [],
  ["1"],
  {},
];

describe("parseId", () => {
  it("reads decimal digits and whole numbers from 1 to the database's largest Int", () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    expect(parseId("1")).toBe(1);
    expect(parseId("12")).toBe(12);
    expect(parseId("007")).toBe(7);
    expect(parseId(String(ID_MAX))).toBe(ID_MAX);
    expect(parseId(12)).toBe(12);
    expect(parseId(ID_MAX)).toBe(ID_MAX);
  });

  it.each(NOT_IDS.map((value) => [value]))("refuses %j", (value) => {
    expect(parseId(value)).toBeNull();
  });
});

describe("idSchema", () => {
  it("parses what parseId reads and fails on everything else", () => {
    expect(idSchema.parse("31")).toBe(31);
    expect(idSchema.parse(31)).toBe(31);
    for (const value of NOT_IDS) expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it("names a field's own problem, and works optional and nullable in an object", () => {
    const schema = z.object({ post_id: idField("Pick one of your posts").nullable().optional() });
    expect(schema.parse({ post_id: "4" })).toEqual({ post_id: 4 });
    expect(schema.parse({ post_id: null })).toEqual({ post_id: null });
    expect(schema.parse({})).toEqual({});
    expect(schema.safeParse({ post_id: "0x1F" }).error?.issues[0]?.message).toBe("Pick one of your posts");
  });

  it("is the rule of the ids in form and JSON bodies", () => {
    expect(parseCommentInput({ postId: "4", content: "hey" })).toMatchObject({ ok: true, value: { postId: 4 } });
    expect(parseFlagInput({ contentType: "post", contentId: "4", reason: "spam" })).toMatchObject({ ok: true, value: { contentId: 4 } });
    for (const bad of ["0x1F", "1e1", "-1", "1.0", " 1", "99999999999999999999"]) {
      expect(parseCommentInput({ postId: bad, content: "hey" })).toEqual({ ok: false, message: "Invalid request data" });
      expect(parseCommentInput({ postId: 4, content: "hey", parentId: bad })).toEqual({ ok: false, message: "Invalid request data" });
      expect(parseFlagInput({ contentType: "post", contentId: bad, reason: "spam" })).toEqual({ ok: false, message: "Invalid request data" });
      expect(modPatchSchema.safeParse({ post_id: bad }).success).toBe(false);
    }
    expect(modPatchSchema.parse({ post_id: "7", build_id: "" })).toMatchObject({ post_id: 7, build_id: null });
  });
});

describe("requireId", () => {
  it("answers the route parameter's id", () => {
    expect(requireId({ id: "42" }, "id")).toBe(42);
    expect(requireId({ carId: "9", id: "x" }, "carId")).toBe(9);
  });

  it.each([["0x1F"], ["1e1"], ["99999999999999999999"], [""], [undefined]])("answers 404 with the route's message for %j", async (value) => {
    let thrown: unknown;
    try {
      await answerUserErrors(async () => requireId({ id: value }, "id", "This post doesn't exist or is no longer available."));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "This post doesn't exist or is no longer available.", status: 404 });
  });

  it("throws a UserError 404 for a parameter the route does not have", () => {
    expect(() => requireId({}, "id")).toThrow(UserError);
  });
});
