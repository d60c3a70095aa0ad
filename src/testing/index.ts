// The `skillbox/testing` subpath: the doubles live in @skillbox/testing.
export * from "@skillbox/testing";
