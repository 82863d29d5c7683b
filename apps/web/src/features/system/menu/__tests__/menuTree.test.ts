import { describe, expect, it } from 'vitest';
import { allIds, checkedLeaves } from '../menuTree.ts';

const tree = [
  { id: 1, children: [] },
  {
    id: 2,
    children: [
      {
        id: 3,
        children: [
          { id: 4, children: [] },
          { id: 5, children: [] },
        ],
      },
      { id: 6, children: [] },
    ],
  },
];

describe('menu grant tree', () => {
  it('shows only granted leaves checked (parents follow them)', () => {
    expect(checkedLeaves(tree, [1, 2, 3, 4])).toEqual([1, 4]);
    expect(checkedLeaves(tree, [2, 6])).toEqual([6]);
    expect(checkedLeaves(tree, [])).toEqual([]);
  });
  it('lists every id', () => {
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
