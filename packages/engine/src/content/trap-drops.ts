/** What a trap roll yields: the first row whose cumulative threshold exceeds the roll. */
export const TRAP_DROPS: ReadonlyArray<{ resource: string; below: number }> = [
  { resource: 'fur', below: 0.5 },
  { resource: 'meat', below: 0.75 },
  { resource: 'scales', below: 0.85 },
  { resource: 'teeth', below: 0.93 },
  { resource: 'cloth', below: 0.995 },
  { resource: 'charm', below: 1 },
];

export function trapDrop(roll: number): string {
  return (TRAP_DROPS.find((d) => roll < d.below) ?? TRAP_DROPS[TRAP_DROPS.length - 1]).resource;
}
