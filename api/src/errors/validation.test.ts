import { z } from "zod";
import { AppError } from "./app-error";
import { isStorableText, parseInput } from "./validation";

const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

function fieldErrorsOf(input: unknown) {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors;
    throw error;
  }
  return undefined;
}

describe("parseInput's rule for text", () => {
  it("tells storable text from a NUL or an unpaired surrogate, and keeps surrogate pairs", () => {
    expect(["Ada", "emoji \u{1F4A9}", "é", ""].every(isStorableText)).toBe(true);
    expect(["a\u0000b", "\uD800", "x\uDC00", "\uDC00\uD800"].some(isStorableText)).toBe(false);
  });

  it("refuses such text anywhere in the input as BAD_USER_INPUT naming its path", () => {
    expect(fieldErrorsOf({ name: "A\u0000da" })).toEqual([{ field: "name", message: expect.stringMatching(/^name contains a character that cannot be stored/) }]);
    expect(fieldErrorsOf({ name: "Ada", tags: ["ok", "\uD800"] })).toEqual([{ field: "tags.1", message: expect.any(String) }]);
    // Alongside the schema's own complaints about other fields.
    expect(fieldErrorsOf({ name: "\u0000", tags: 5 })?.map((error) => error.field)).toEqual(["name", "tags"]);
  });

  it("answers nesting far deeper than any input with the schema's error, not a stack overflow", () => {
    const deep = JSON.parse(`${"[".repeat(20_000)}"\\u0000"${"]".repeat(20_000)}`);
    expect(fieldErrorsOf({ name: "Ada", tags: deep })).toEqual([expect.objectContaining({ field: "tags.0" })]);
  });
});
