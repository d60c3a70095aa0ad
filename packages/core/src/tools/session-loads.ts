// Which skill contents each session already received, so a repeated load_skill returns a short note.

/** Remembers, per session, the content hashes load_skill returned. */
export interface SessionLoadTracker {
  /** True when this session already received exactly this content. */
  has(sessionId: string, contentHash: string): boolean;
  add(sessionId: string, contentHash: string): void;
  /** Forgets one session (e.g. after compaction dropped its loads), or every session. */
  clear(sessionId?: string): void;
}

/** An in-memory tracker keeping at most `maxSessions` sessions (oldest dropped first). */
export function createSessionLoadTracker(maxSessions = 1000): SessionLoadTracker {
  const sessions = new Map<string, Set<string>>();
  return {
    has(sessionId, contentHash) {
      return sessions.get(sessionId)?.has(contentHash) ?? false;
    },
    add(sessionId, contentHash) {
      let hashes = sessions.get(sessionId);
      if (hashes === undefined) {
        hashes = new Set();
        sessions.set(sessionId, hashes);
        if (sessions.size > maxSessions) {
          const oldest = sessions.keys().next().value;
          if (oldest !== undefined) sessions.delete(oldest);
        }
      }
      hashes.add(contentHash);
    },
    clear(sessionId) {
      if (sessionId === undefined) sessions.clear();
      else sessions.delete(sessionId);
    },
  };
}
