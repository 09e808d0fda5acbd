import { describe, expect, it } from 'vitest';
import { availableScopes, folderOf } from './search-scope';

describe('search scope', () => {
  it('offers this mount inside a mount and this folder below the mount root', () => {
    expect(availableScopes('/', null)).toEqual(['global']);
    expect(availableScopes('/local', null)).toEqual(['global', 'directory']);
    expect(availableScopes('/local/team', '/local/team')).toEqual(['global', 'mount']);
    expect(availableScopes('/local/team/docs', '/local/team')).toEqual(['global', 'mount', 'directory']);
  });

  it('finds the folder of a result', () => {
    expect(folderOf('/local/team/a.txt')).toBe('/local/team');
    expect(folderOf('/a.txt')).toBe('/');
    expect(folderOf('/local/team/docs/')).toBe('/local/team');
  });
});
