// The `skillbox/server` subpath: the server lives in @skillbox/server.
export * from "@skillbox/server";
