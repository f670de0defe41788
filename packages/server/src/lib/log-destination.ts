import pino from 'pino';

/** How long one log line may wait for a full pipe (a reader that stopped reading). */
export const MAX_BLOCKED_WRITE_MS = 1_000;

/**
 * Where the server process writes its log: standard output, one synchronous write per line, and
 * a write that fails turns logging off instead of holding the process.
 *
 * Why not pino's default destination: it writes asynchronously and registers an exit handler that
 * flushes what is still queued with a synchronous loop (sonic-boom's `flushSync`), and that loop
 * retries a failing write every 100 ms for ever when the error is EPIPE (nobody reads standard
 * output any more). The handler runs inside `process.exit`, where no timer can fire, so a server
 * whose log reader went away while it was shutting down wrote "shut down cleanly" into the broken
 * pipe until it was killed. Written synchronously, a line reaches the pipe or fails at once and
 * nothing is left to flush at exit (pino registers no exit handler for a synchronous destination).
 *
 * - EPIPE or any other write error: logging stops for the rest of the process.
 * - A full pipe (EAGAIN): the line is retried for at most `MAX_BLOCKED_WRITE_MS`, then logging
 *   stops as well; a stuck reader slows the server for a moment but never holds it.
 */
export function createLogDestination(fd = 1): pino.DestinationStream & { readonly failed: boolean } {
  let blockedSince: number | undefined;
  let failed = false;
  const target = pino.destination({
    dest: fd,
    sync: true,
    retryEAGAIN: () => {
      const now = Date.now();
      blockedSince ??= now;
      return now - blockedSince < MAX_BLOCKED_WRITE_MS;
    },
  });
  // A write that made progress ends a blocked spell (a retry reports 0 bytes).
  target.on('write', (written: number) => {
    if (written > 0) blockedSince = undefined;
  });
  target.on('error', () => {
    failed = true;
  });
  return {
    write(line: string) {
      if (!failed) target.write(line);
    },
    get failed() {
      return failed;
    },
  };
}

/**
 * Keeps `console` writes (start-up errors, the last words of a crash) from turning a closed
 * standard output or error into an uncaught exception: such a write is dropped.
 */
export function ignoreClosedStdio(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
