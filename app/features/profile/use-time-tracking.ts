import { useCallback, useEffect, useSyncExternalStore } from "react";
import { readTracking, resume, startTracking, stopTracking, tick, type TrackingState, writeTracking } from "./local-stats";

// The tracking state lives in local storage; this small store keeps React in step with it.
const listeners = new Set<() => void>();
let current: TrackingState | null = null;

function snapshot(): TrackingState {
  if (!current) {
    // First read on this page load: a running tracker resumes from now.
    current = resume(readTracking(localStorage), Date.now());
    writeTracking(localStorage, current);
  }
  return current;
}

function update(change: (state: TrackingState) => TrackingState) {
  current = change(snapshot());
  writeTracking(localStorage, current);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The profile's Time Spent card: updates every second while tracking (spec section 4). */
export function useTimeTracking() {
  const state = useSyncExternalStore(subscribe, snapshot, () => null);
  const tracking = state?.trackTime ?? false;

  useEffect(() => {
    if (!tracking) return;
    const timer = window.setInterval(() => update((s) => tick(s, Date.now())), 1000);
    return () => window.clearInterval(timer);
  }, [tracking]);

  const toggle = useCallback(() => update((s) => (s.trackTime ? stopTracking(s, Date.now()) : startTracking(s, Date.now()))), []);
  return { state, toggle };
}
