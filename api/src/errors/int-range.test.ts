import { z } from "zod";
import { AppError } from "./app-error";
import { decimalIntegerParam, intInRange, intRangeText } from "./int-range";
import { parseInput } from "./validation";

const range = { min: 1, max: 1_000 } as const;
const query = z.object({ limit: decimalIntegerParam("limit", range) });

function refusalOf(limit: unknown) {
  try {
    parseInput(query, { limit });
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, fieldErrors: error.fieldErrors };
    throw error;
  }
  return null;
}

describe("decimalIntegerParam", () => {
  it("reads decimal digits in range, and an absent parameter as undefined", () => {
    expect(parseInput(query, { limit: "16" })).toEqual({ limit: 16 });
    expect(parseInput(query, { limit: "1000" })).toEqual({ limit: 1000 });
    expect(parseInput(query, { limit: "007" })).toEqual({ limit: 7 });
    expect(parseInput(query, {})).toEqual({});
  });

  it("refuses hex, exponents, whitespace, signs, fractions, empty text and repeats, naming the field", () => {
    const format = "limit must be a whole number between 1 and 1000, written in decimal digits.";
    for (const limit of ["0x10", "1e3", " 5", "5 ", "\t5", "+5", "5.5", "5.", "", "Infinity", "NaN", "½", "５", ["1", "2"], { a: "1" }]) {
      expect({ limit, refusal: refusalOf(limit) }).toEqual({ limit, refusal: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "limit", message: format }] } });
    }
  });

  it("refuses whole numbers out of range with the range (past 15 digits, as text it does not read)", () => {
    for (const [limit, message] of [
      ["0", "limit must be between 1 and 1000."],
      ["-1", "limit must be between 1 and 1000."],
      ["1001", "limit must be between 1 and 1000."],
      ["999999999999999", "limit must be between 1 and 1000."],
      ["9999999999999999", "limit must be a whole number between 1 and 1000, written in decimal digits."],
      ["99999999999999999999", "limit must be a whole number between 1 and 1000, written in decimal digits."],
    ]) {
      expect({ limit, refusal: refusalOf(limit) }).toEqual({ limit, refusal: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "limit", message }] } });
    }
  });
});

describe("intInRange and intRangeText", () => {
  it("take whole numbers in range only, and state the range with its default", () => {
    const first = intInRange("first", { min: 1, max: 50 });
    expect(first.safeParse(50).success).toBe(true);
    expect([0, 51, 5.5, "5", null].map((value) => first.safeParse(value).error?.issues[0].message)).toEqual(Array(5).fill("first must be between 1 and 50."));
    expect(intRangeText({ min: 1, max: 50, default: 20 })).toBe("1–50 (default 20).");
    expect(intRangeText({ min: 30, max: 3650 })).toBe("30–3650.");
  });
});
