import { afterAll, beforeAll } from 'vitest';
import { buildServer, type ServerBuild } from '../bench/reliability-kit';

/**
 * The server built once for a test file (see buildServer) before its tests and removed after them.
 * The answer is filled in by the `beforeAll`: read its fields inside the tests, not when the file loads.
 */
export function useServerBuild(timeoutMs?: number): ServerBuild {
  const build = {} as ServerBuild;
  beforeAll(async () => {
    Object.assign(build, await buildServer());
  }, timeoutMs);
  afterAll(() => build.remove?.());
  return build;
}
