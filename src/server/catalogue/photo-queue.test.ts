import { describe, expect, it, vi } from 'vitest';
import { createOneAtATimeQueue, PhotoQueueFullError } from './photo-queue';

describe('createOneAtATimeQueue', () => {
  it('runs tasks one at a time, in arrival order, and refuses past its waiting room', async () => {
    const queue = createOneAtATimeQueue(2);
    const order: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const gates: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        order.push(name);
        gates.push(() => {
          running -= 1;
          resolve(name);
        });
      });

    const a = queue.run(task('a'));
    const b = queue.run(task('b'));
    const c = queue.run(task('c'));
    expect(queue.full).toBe(true);
    await expect(queue.run(task('d'))).rejects.toBeInstanceOf(PhotoQueueFullError);
    expect(order).toEqual(['a']);

    gates.shift()!();
    expect(await a).toBe('a');
    await vi.waitFor(() => expect(order).toEqual(['a', 'b']));
    expect(queue.full).toBe(false);
    // A newcomer now waits behind c; it does not overtake it.
    const e = queue.run(task('e'));
    for (let i = 0; i < 3; i += 1) {
      await vi.waitFor(() => expect(gates).toHaveLength(1));
      gates.shift()!();
    }
    expect(await Promise.all([b, c, e])).toEqual(['b', 'c', 'e']);
    expect(order).toEqual(['a', 'b', 'c', 'e']);
    expect(mostAtOnce).toBe(1);
    expect(queue.running).toBe(0);
  });

  it('passes the turn on when a task fails', async () => {
    const queue = createOneAtATimeQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('broken file')));
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('broken file');
    expect(await next).toBe('next');
    expect(queue.running).toBe(0);
  });
});
