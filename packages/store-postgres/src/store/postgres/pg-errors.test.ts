import { isSkillboxError, SkillboxError } from "@skillbox/core/errors";
import { describe, expect, it } from "vitest";
import { parseNotice } from "./change-listener.js";
import { classifyPgError, describeDatabase, toPgStoreError } from "./pg-errors.js";

describe("classifyPgError", () => {
  it("treats lost connections, shutdowns and errors without a SQLSTATE as connection failures", () => {
    expect(classifyPgError(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
      "connection",
    );
    expect(classifyPgError(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(
      "connection",
    );
    expect(classifyPgError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe("connection");
    expect(classifyPgError(new Error("Connection terminated unexpectedly"))).toBe("connection");
  });

  it("retries deadlocks and serialization failures, and gives up on everything else", () => {
    expect(classifyPgError(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe("retry");
    expect(classifyPgError(Object.assign(new Error("serialize"), { code: "40001" }))).toBe("retry");
    expect(classifyPgError(Object.assign(new Error("unique"), { code: "23505" }))).toBe("permanent");
    expect(classifyPgError(new SkillboxError("invalid-argument", "bad"))).toBe("permanent");
  });
});

describe("describeDatabase", () => {
  it("names host, port and database without user or password", () => {
    expect(describeDatabase("postgres://me:secret@db.internal:5433/skills")).toBe("db.internal:5433/skills");
    expect(describeDatabase("host=db password=secret")).toBe("the configured PostgreSQL database");
  });
});

describe("toPgStoreError", () => {
  it("makes a refused write a store-error and a lost connection store-unavailable", () => {
    const refused = toPgStoreError(Object.assign(new Error("value too long"), { code: "22001" }), "db/x");
    expect(isSkillboxError(refused, "store-error")).toBe(true);
    expect(refused.message).toContain("22001: value too long");
    expect(isSkillboxError(toPgStoreError(new Error("socket hang up"), "db/x"), "store-unavailable")).toBe(
      true,
    );
  });
});

describe("parseNotice", () => {
  it("reads this schema's row and table notices and ignores others", () => {
    expect(parseNotice('{"s":"skillbox","t":"skill_states","k":["user","","pdf"]}', "skillbox")).toEqual({
      table: "skill_states",
      key: ["user", "", "pdf"],
    });
    expect(parseNotice('{"s":"skillbox","t":"usage"}', "skillbox")).toEqual({ table: "usage" });
    expect(parseNotice('{"s":"other","t":"usage"}', "skillbox")).toBeUndefined();
    expect(parseNotice('{"s":"skillbox","t":"secrets"}', "skillbox")).toBeUndefined();
    expect(parseNotice("not json", "skillbox")).toBeUndefined();
    expect(parseNotice(undefined, "skillbox")).toBeUndefined();
  });
});
