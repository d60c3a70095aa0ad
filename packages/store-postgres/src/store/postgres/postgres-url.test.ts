import { describe, expect, it } from "vitest";
import { findPostgresUrlProblem, hasPassword, normalizeSslMode } from "./postgres-url.js";

describe("findPostgresUrlProblem", () => {
  it("names a URL pg cannot parse as malformed, without repeating it", () => {
    for (const url of [
      "postgres://me:s3cr/et@db.internal/skills",
      "postgres://me:s3cr#et@db.internal/skills",
      "postgres://me@db.internal:port/skills",
      "postgresql://me@db.internal:99999/skills",
    ]) {
      const problem = findPostgresUrlProblem(url);
      expect(problem, url).toContain("cannot be read as postgres://user:password@host:port/database");
      expect(problem).not.toContain("s3cr");
      expect(problem).not.toContain("db.internal");
    }
  });

  it("accepts what pg accepts: encoded passwords, an @ in the password, an empty host with ?host=, spaces", () => {
    for (const url of [
      "postgres://me:pa%2Fss@db.internal:5433/skills?sslmode=disable",
      "postgres://me:p@ss@db.internal/skills",
      "postgres://me@/skills?host=/var/run/postgresql",
      "postgresql://db.internal/my skills",
      "postgres://localhost",
      // Not a URL: pg's socket-folder form, passed on untouched.
      "/var/run/postgresql skills",
    ]) {
      expect(findPostgresUrlProblem(url), url).toBeUndefined();
    }
  });
});

describe("hasPassword", () => {
  it("finds a password in the user part or the query, and none in a URL without one", () => {
    expect(hasPassword("postgres://me:secret@db/skills")).toBe(true);
    expect(hasPassword("postgres://me@db/skills?password=secret")).toBe(true);
    expect(hasPassword("postgres://me@db/skills")).toBe(false);
    expect(hasPassword("postgres://me:@db/skills")).toBe(false);
  });
});

describe("normalizeSslMode", () => {
  it("writes the modes pg reads as verify-full as verify-full, with one line of advice", () => {
    const normalized = normalizeSslMode("postgres://me:s@db/skills?application_name=x&sslmode=require");
    expect(normalized.url).toBe("postgres://me:s@db/skills?application_name=x&sslmode=verify-full");
    expect(normalized.advice).toMatch(/^sslmode=require is used as sslmode=verify-full/);
    expect(normalized.advice).not.toContain("\n");
    expect(normalizeSslMode("postgres://db/skills?sslmode=prefer").url).toBe(
      "postgres://db/skills?sslmode=verify-full",
    );
    expect(normalizeSslMode("postgres://db/skills?sslmode=verify-ca").advice).toContain("sslmode=verify-ca");
  });

  it("leaves URLs pg does not warn about as they are", () => {
    for (const url of [
      "postgres://db/skills",
      "postgres://db/skills?sslmode=verify-full",
      "postgres://db/skills?sslmode=disable",
      "postgres://db/skills?sslmode=no-verify",
      "postgres://db/skills?uselibpqcompat=true&sslmode=require",
    ]) {
      expect(normalizeSslMode(url)).toEqual({ url });
    }
  });
});
