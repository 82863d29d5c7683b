import { describe, expect, it } from 'vitest';
import { flowProblems, layers, nextNodeKey } from '../flow.ts';

describe('job stream graph', () => {
  it('places each node one layer right of its deepest parent', () => {
    const placed = layers(
      [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }],
      [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'd' },
        { from: 'a', to: 'd' },
        { from: 'c', to: 'd' },
      ],
    );
    expect(placed).toEqual([
      { key: 'a', layer: 0, index: 0 },
      { key: 'b', layer: 1, index: 0 },
      { key: 'c', layer: 0, index: 1 },
      { key: 'd', layer: 2, index: 0 },
    ]);
  });
  it('still places the nodes of a cycle, and ignores links to unknown nodes', () => {
    const placed = layers(
      [{ key: 'a' }, { key: 'b' }],
      [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
        { from: 'a', to: 'zz' },
      ],
    );
    expect(placed.map((p) => p.key)).toEqual(['a', 'b']);
    expect(placed.every((p) => p.layer < 2)).toBe(true);
  });
  it('names what is wrong before saving (cycles are the server’s to refuse)', () => {
    expect(flowProblems([], [])).toEqual([{ where: 'nodes', index: -1, key: 'st.noNodes' }]);
    expect(
      flowProblems(
        [
          { key: 'a', jobId: 1 },
          { key: 'a', jobId: 2 },
          { key: 'b c', jobId: 3 },
          { key: 'd', jobId: null },
        ],
        [
          { from: 'a', to: 'a', on: 'success' },
          { from: 'a', to: 'd', on: 'success' },
          { from: 'a', to: 'd', on: 'complete' },
          { from: 'a', to: '', on: 'success' },
        ],
      ),
    ).toEqual([
      { where: 'node', index: 1, key: 'st.nodeKeyDup' },
      { where: 'node', index: 2, key: 'st.nodeKeyBad' },
      { where: 'node', index: 3, key: 'st.jobEmpty' },
      { where: 'edge', index: 0, key: 'st.edgeSelf' },
      { where: 'edge', index: 2, key: 'st.edgeDup' },
      { where: 'edge', index: 3, key: 'st.edgeEmpty' },
    ]);
    expect(
      flowProblems(
        [
          { key: 'a', jobId: 1 },
          { key: 'b', jobId: 2 },
        ],
        [
          { from: 'a', to: 'b', on: 'success' },
          { from: 'b', to: 'a', on: 'complete' },
        ],
      ),
    ).toEqual([]);
  });
  it('numbers new nodes n1, n2, … skipping used keys', () => {
    expect(nextNodeKey([])).toBe('n1');
    expect(nextNodeKey([{ key: 'n1' }, { key: 'n3' }])).toBe('n2');
  });
});
