// One answer to "can only this machine reach that address?" for every server (settings API, MCP).

/** True for addresses only this machine can reach: localhost, ::1 (bracketed or not), 127.x.x.x; any case. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(?:\.\d{1,3}){3}$/.test(bare);
}
