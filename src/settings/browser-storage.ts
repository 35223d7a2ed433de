// The browser's localStorage for the settings stores, or a storage that keeps nothing when
// reading it throws (storage disabled): the stores then keep their defaults for this page.
import type { StateStorage } from 'zustand/middleware';

const NO_STORAGE: StateStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

export function browserStorage(): StateStorage {
  try {
    return window.localStorage;
  } catch {
    return NO_STORAGE;
  }
}
