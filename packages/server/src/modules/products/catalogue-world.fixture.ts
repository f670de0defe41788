import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../db/connection';
import { type CatalogueWorld, createCatalogueWorld } from './catalogue-test-setup';

/**
 * The catalogue world (see createCatalogueWorld) made before the describe's tests and closed after
 * them. Its fields are set once the beforeAll has run: read them inside the tests.
 */
export function useCatalogueWorld(dialect: DialectName): CatalogueWorld {
  const world = {} as CatalogueWorld;
  beforeAll(async () => {
    Object.assign(world, await createCatalogueWorld(dialect));
  });
  afterAll(async () => {
    await world.close?.();
  });
  return world;
}
