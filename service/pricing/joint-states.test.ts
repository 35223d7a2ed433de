import { describe, expect, it } from 'vitest';
import { JointStates, JointTooLargeError, WorkBudget } from './joint-states.ts';
import { PricingError } from './pricing-error.ts';

describe('JointStates', () => {
  it('encodes and decodes vectors on their ranges', () => {
    const states = new JointStates([-3, 0, 1], [3, 5, 2]);
    const key = states.encode([-1, 4, 2]);
    const out = new Int32Array(3);
    states.decode(key, out);
    expect(Array.from(out)).toEqual([-1, 4, 2]);
    expect(() => states.encode([4, 0, 1])).toThrow(PricingError);
  });

  it('adds a vector to a state by adding its offset to the key', () => {
    const states = new JointStates([-3, 0], [3, 5]);
    expect(states.encode([1, 3]) + states.offset([-2, 1])).toBe(states.encode([-1, 4]));
  });

  it('accumulates mass per state, densely or in a hash map for wide ranges', () => {
    for (const hi of [10, 100_000]) {
      const states = new JointStates([0, 0], [hi, hi]);
      states.add([1, 2], 0.25);
      states.add([1, 2], 0.25);
      states.add([hi, 0], 0.5);
      expect(states.count()).toBe(2);
      expect(states.total()).toBe(1);
      const copy = states.emptyLike();
      expect(copy.count()).toBe(0);
    }
  });

  it('refuses ranges whose packed keys would not be exact', () => {
    expect(() => new JointStates([0, 0, 0, 0, 0], [9999, 9999, 9999, 9999, 9999])).toThrow(JointTooLargeError);
    expect(() => new JointStates([0], [-1])).toThrow(PricingError);
    expect(() => new JointStates([0], [1, 2])).toThrow(PricingError);
  });
});

describe('WorkBudget', () => {
  it('throws once the work charged exceeds the limit', () => {
    const budget = new WorkBudget(10);
    budget.charge(6);
    expect(() => {
      budget.charge(6);
    }).toThrow(JointTooLargeError);
  });
});
