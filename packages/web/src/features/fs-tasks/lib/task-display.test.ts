import { describe, expect, it } from 'vitest';
import { canRetry, failedItemLabel, isActiveTask, taskPercent, taskSubject, taskTypeKey } from './task-display';

const stats = (processedItems: number, totalItems: number) => ({
  totalItems,
  processedItems,
  successCount: processedItems,
  failedCount: 0,
});

describe('task display', () => {
  it('counts pending and running tasks as active, retries only failed and partial ones', () => {
    expect(['pending', 'running'].map((status) => isActiveTask({ status } as never))).toEqual([true, true]);
    expect(isActiveTask({ status: 'completed' })).toBe(false);
    expect(canRetry({ status: 'partial' })).toBe(true);
    expect(canRetry({ status: 'cancelled' })).toBe(false);
  });

  it('gives a percentage once the total is known', () => {
    expect(taskPercent({ status: 'running', stats: stats(0, 0) })).toBeNull();
    expect(taskPercent({ status: 'running', stats: stats(1, 3) })).toBe(33);
    expect(taskPercent({ status: 'completed', stats: stats(0, 0) })).toBe(100);
  });

  it('names what a copy or a delete works on', () => {
    expect(taskSubject({ payload: { items: [{ sourcePath: '/a/x', targetPath: '/b/x' }, {}] } })).toEqual({
      from: '/a/x',
      to: '/b/x',
      more: 1,
    });
    expect(taskSubject({ payload: { items: [{ path: '/a/old' }] } })).toEqual({ from: '/a/old', to: null, more: 0 });
    expect(taskSubject({ payload: { mountId: 'm1' } })).toBeNull();
    expect(failedItemLabel({ sourcePath: '/a/x', targetPath: '/b/x' })).toBe('/a/x');
    expect(taskTypeKey('index-mount')).toBe('indexMount');
    expect(taskTypeKey('zip-build')).toBe('other');
  });
});
