// The `skillbox/integrations` subpath: the shapes live in @skillbox/core.
export * from "@skillbox/core/integrations";
