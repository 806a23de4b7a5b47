import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { openChangeBus, type ChangeBus, type ChangeTopic } from '../db/change-bus';
import { createCatalogueCache, type CatalogueCache } from './catalogue-cache';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The one cache of public reads, on a real change bus: each topic a transaction publishes drops
 * exactly the stores it touches, and nothing else.
 */
/** A catalogue cache on the change bus of a database of its own, as the app makes it. */
async function openCatalogueCache() {
  const database = await createTestDatabase();
  const bus = await openChangeBus(database, quietLog);
  const cache = createCatalogueCache(bus);
  const close = async () => {
    cache.close();
    await bus.close();
    await database.close();
  };
  return { bus, cache, close };
}

describe('the catalogue cache', () => {
  let bus: ChangeBus;
  let cache: CatalogueCache;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ bus, cache, close } = await openCatalogueCache());
  });
  afterAll(() => close());

  const answerStores = ['firstPages', 'singleTools', 'otherPages', 'reviewPages', 'legalTexts'] as const;

  /** Fills every store, runs `change`, and answers which stores had to build their entry again. */
  async function droppedBy(change: () => Promise<void>): Promise<string[]> {
    const built = new Set<string>();
    const fill = async () => {
      for (const name of answerStores) {
        await cache[name].get('key', async () => {
          built.add(name);
          return { json: '[]', headers: {} };
        });
      }
      await cache.toolCounts.count('', async () => {
        built.add('toolCounts');
        return 1;
      });
      await cache.photos.read('photo/card', '"photo-card"', {
        load: async () => {
          built.add('photos');
          return Buffer.from('bytes');
        },
        exists: async () => true,
      });
    };
    await fill();
    built.clear();
    await change();
    await fill();
    return [...built];
  }

  const touches: [ChangeTopic, string[]][] = [
    ['tools', ['firstPages', 'singleTools', 'otherPages', 'toolCounts']],
    ['stock', ['firstPages', 'singleTools', 'otherPages']],
    ['reviews', ['reviewPages']],
    ['photos', ['photos']],
    ['legal', ['legalTexts']],
  ];
  it.each(touches)('drops, for "%s", exactly %j', async (topic, stores) => {
    expect(await droppedBy(() => bus.publish(topic))).toEqual(stores);
  });

  it('drops nothing when nothing was published', async () => {
    expect(await droppedBy(async () => {})).toEqual([]);
  });

  it('stops listening once closed', async () => {
    const closed = createCatalogueCache(bus);
    await closed.firstPages.get('key', async () => ({ json: '"kept"', headers: {} }));
    closed.close();
    await bus.publish('tools');
    expect(closed.firstPages.peek('key')?.body.toString()).toBe('"kept"');
  });
});
