/**
 * Which flight this page flies. A flight seen here right after this page asked to lift off is
 * flown; one found already up (a reload, another device) cannot be: its keys so far are gone with
 * the page that flew it, so the view offers to give it up instead.
 */
const ARMED_FOR_MS = 30_000;
let armedAt: number | null = null;

export function armFlight(now: number = performance.now()): void {
  armedAt = now;
}

/** True once, for the flight that follows this page's lift-off. */
export function takeFlight(now: number = performance.now()): boolean {
  const ours = armedAt !== null && now - armedAt <= ARMED_FOR_MS;
  armedAt = null;
  return ours;
}

/** The layer of sky for an altitude (cosmetic). */
export function layerAt(altitude: number): string {
  if (altitude < 10) return 'troposphere';
  if (altitude < 20) return 'stratosphere';
  if (altitude < 30) return 'mesosphere';
  if (altitude < 45) return 'thermosphere';
  if (altitude < 60) return 'exosphere';
  return 'space';
}
