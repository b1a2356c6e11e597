/**
 * The process's place in its life, shared by the HTTP edge (which knows when
 * it is shutting down) and the readiness check (which tells the load balancer
 * to stop sending work before the instance goes).
 */
let draining = false;

export function markDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
