/** The role authorisation tree's rules: ticking takes the sub-tree and the parents, unticking the sub-tree only. */
import { describe, expect, it } from 'vitest';
import { allMenuIds, knownGrants, parentsOf, toggleGrant } from './grant-tree';

const TREE = [
  {
    id: 'sys',
    children: [
      { id: 'role', children: [{ id: 'role:list' }, { id: 'role:menu' }] },
      { id: 'notice', children: [{ id: 'notice:list' }] },
    ],
  },
  { id: 'web', children: [{ id: 'home' }] },
];

const sorted = (s: Set<string>) => [...s].sort();

describe('role authorisation tree', () => {
  it('lists ids depth first and knows every parent', () => {
    expect(allMenuIds(TREE)).toEqual(['sys', 'role', 'role:list', 'role:menu', 'notice', 'notice:list', 'web', 'home']);
    expect(parentsOf(TREE).get('role:menu')).toBe('role');
    expect(parentsOf(TREE).get('sys')).toBe('');
  });

  it('ticks a menu with everything below it and every menu above it', () => {
    expect(sorted(toggleGrant(TREE, new Set(), 'role:list', true))).toEqual(['role', 'role:list', 'sys']);
    expect(sorted(toggleGrant(TREE, new Set(), 'role', true))).toEqual(['role', 'role:list', 'role:menu', 'sys']);
    expect(sorted(toggleGrant(TREE, new Set(['home']), 'sys', true))).toEqual(['home', 'notice', 'notice:list', 'role', 'role:list', 'role:menu', 'sys']);
  });

  it('unticks a menu with everything below it, keeping its parents and leaving the input untouched', () => {
    const all = new Set(allMenuIds(TREE));
    expect(sorted(toggleGrant(TREE, all, 'role', false))).toEqual(['home', 'notice', 'notice:list', 'sys', 'web']);
    expect(sorted(toggleGrant(TREE, all, 'notice:list', false))).toEqual(['home', 'notice', 'role', 'role:list', 'role:menu', 'sys', 'web']);
    expect(all.size).toBe(8);
    expect(sorted(toggleGrant(TREE, all, 'gone', false))).toEqual(sorted(all));
  });

  it('drops grants of menus that are no longer in the tree', () => {
    expect(sorted(knownGrants(TREE, ['home', 'deleted', 'sys']))).toEqual(['home', 'sys']);
  });
});
