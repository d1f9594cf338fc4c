/**
 * Engine benchmark: `npm run bench:engine`.
 *
 * (a) commands per second: `apply` of a cheap command (assign +1 / −1 on the hunters, alternating)
 *     on a mid-game village, each applied to the state the previous one returned;
 * (b) the cost of `advance` over one simulated hour of that village;
 * (c) a step on an expedition from that village (its world drawn, the wanderer three tiles out on a
 *     road east, where no fight can start): commands per second, and the JSON patch a step sends
 *     to the client against the snapshot a new connection gets;
 * (d) what a server does each time one of the village's timers falls due: `advance` to that moment
 *     and `shareUnchanged` with the state before (the game host's `tick`), wake after wake.
 *
 * The village: 20 huts, 80 villagers, every building (the three mines granted), every job staffed,
 * stores deep enough that every job works every cycle, the income phases spread over the 10 s cycle
 * as buildings put up at different moments leave them, the arrival timer and random events running.
 * Each figure is the median of RUNS timed runs (after a warm-up), with min and max.
 */
import { advance, nextDueAt } from '../src/advance.ts';
import { apply } from '../src/apply.ts';
import { shareUnchanged } from '../src/core/clone.ts';
import { grantBuilding } from '../src/build/build.ts';
import type { Command } from '../src/core/commands.ts';
import type { Ctx } from '../src/core/context.ts';
import { newGame, type GameState } from '../src/core/state.ts';
import { BUILDING_IDS, BUILDINGS } from '../src/content/buildings.ts';
import { LIGHT, play } from '../src/testing/play.ts';
import { setTile } from '../src/world/effects.ts';
import fastJsonPatch from 'fast-json-patch';

const RUNS = 15;
const WARM_UPS = 3;
const COMMANDS_PER_RUN = 20_000;
const HOUR = 3_600_000;

const WORKERS: Record<string, number> = {
  hunter: 16,
  trapper: 4,
  tanner: 8,
  charcutier: 6,
  'iron miner': 6,
  'coal miner': 6,
  'sulphur miner': 4,
  steelworker: 6,
  armourer: 4,
};

function midGameVillage(seed = 42): GameState {
  // The real opening up to the helping builder, then the village laid down through the rules that
  // grant buildings (jobs open, incomes start, arrivals begin), one building a second apart.
  const opening = play(newGame(seed), [[0, LIGHT]], 150_000).state;
  const ctx: Ctx = { state: structuredClone(opening), now: opening.clock, events: [] };
  for (const id of BUILDING_IDS) {
    ctx.now += 1_000 + 370;
    ctx.state.clock = ctx.now;
    grantBuilding(ctx, id, BUILDINGS[id].max);
  }
  const state = ctx.state;
  state.outside.population = 80;
  Object.assign(state.outside.workers, WORKERS);
  // Per 10 s the jobs use net 32 fur, 26 meat, 10 cured meat and 8 wood: 360 cycles' worth and more.
  state.stores = {
    wood: 4_000,
    fur: 15_000,
    meat: 12_000,
    'cured meat': 5_000,
    iron: 2_000,
    coal: 2_000,
    sulphur: 2_000,
    steel: 2_000,
    leather: 500,
    scales: 300,
    teeth: 200,
    cloth: 100,
    bait: 50,
  };
  state.location = 'outside';
  return state;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function benchCommands(start: GameState): number[] {
  const commands: Command[] = [
    { type: 'assign', job: 'hunter', delta: 1 },
    { type: 'assign', job: 'hunter', delta: -1 },
  ];
  const once = () => {
    let state = start;
    const t0 = performance.now();
    for (let i = 0; i < COMMANDS_PER_RUN; i++) {
      const result = apply(state, commands[i % 2], state.clock);
      if (!result.ok) throw new Error(`refused: ${result.error.code}`);
      state = result.state;
    }
    return COMMANDS_PER_RUN / ((performance.now() - t0) / 1_000);
  };
  for (let i = 0; i < WARM_UPS; i++) once();
  return Array.from({ length: RUNS }, once);
}

function benchHour(start: GameState): { ms: number[]; end: GameState } {
  let end = start;
  const once = () => {
    const t0 = performance.now();
    end = advance(start, start.clock + HOUR).state;
    return performance.now() - t0;
  };
  for (let i = 0; i < WARM_UPS; i++) once();
  return { ms: Array.from({ length: RUNS }, once), end };
}

const village = midGameVillage();
const gatherers = village.outside.population - Object.values(village.outside.workers).reduce((a, b) => a + b, 0);
console.log(
  `mid-game village: ${village.outside.buildings.hut} huts, ${village.outside.population} villagers ` +
    `(${gatherers} gathering), ${Object.keys(village.income).length} income sources, ` +
    `state ${fmt(JSON.stringify(village).length)} bytes of JSON`,
);

const perSecond = stats(benchCommands(village));
console.log(
  `(a) apply, assign +1/-1 alternating: median ${fmt(perSecond.median)} commands/s ` +
    `(min ${fmt(perSecond.min)}, max ${fmt(perSecond.max)}; ${RUNS} runs of ${fmt(COMMANDS_PER_RUN)})`,
);

const { ms, end } = benchHour(village);
const hour = stats(ms);
console.log(
  `(b) advance by one simulated hour: median ${fmt(hour.median, 2)} ms ` +
    `(min ${fmt(hour.min, 2)}, max ${fmt(hour.max, 2)}; ${RUNS} runs) ` +
    `= ${fmt(HOUR / hour.median)}× real time`,
);
const made = (r: string) => `${r} ${fmt(end.stores[r] - (village.stores[r] ?? 0))}`;
console.log(
  `    in that hour: ${['leather', 'cured meat', 'steel', 'bullets', 'wood'].map(made).join(', ')}; ` +
    `population ${end.outside.population}; ${end.event ? `event "${end.event.id}" open at the end` : 'no event open at the end'}`,
);

/** The village with the compass bought (its world drawn), out on a trip three steps along a road east. */
function onExpedition(village: GameState): GameState {
  let state = structuredClone(village);
  state.stores = { ...state.stores, compass: 1, 'cured meat': 200, 'iron sword': 1, torch: 5, medicine: 3, wagon: 1, waterskin: 1 };
  state.event = null;
  state.timers.event = state.clock + 10 * HOUR;
  state = advance(state, state.clock).state;
  if (!state.world) throw new Error('no world after the compass');
  for (let x = 31; x <= 40; x++) setTile(state.world, x, 30, '#');
  for (const command of [
    { type: 'travel', to: 'path' },
    { type: 'outfit', item: 'cured meat', delta: 10 },
    { type: 'outfit', item: 'iron sword', delta: 1 },
    { type: 'embark' },
    { type: 'move', dir: 'east' },
    { type: 'move', dir: 'east' },
    { type: 'move', dir: 'east' },
  ] as Command[]) {
    const result = apply(state, command, state.clock);
    if (!result.ok) throw new Error(`expedition set-up: ${command.type} refused: ${result.error.code}`);
    state = result.state;
  }
  return state;
}

const trip = onExpedition(village);
const steps: Command[] = [
  { type: 'move', dir: 'east' },
  { type: 'move', dir: 'west' },
];
const stepRate = stats(
  (() => {
    const once = () => {
      const t0 = performance.now();
      for (let i = 0; i < COMMANDS_PER_RUN; i++) {
        const result = apply(trip, steps[i % 2], trip.clock);
        if (!result.ok) throw new Error(`step refused: ${result.error.code}`);
      }
      return COMMANDS_PER_RUN / ((performance.now() - t0) / 1_000);
    };
    for (let i = 0; i < WARM_UPS; i++) once();
    return Array.from({ length: RUNS }, once);
  })(),
);
const snapshotBytes = JSON.stringify(trip).length;
const patchSizes = steps.map((step) => {
  const result = apply(trip, step, trip.clock);
  if (!result.ok) throw new Error('step refused');
  return JSON.stringify(fastJsonPatch.compare(trip, result.state)).length;
});
const patchMedian = stats(patchSizes).median;
console.log(
  `(c) a step on an expedition: median ${fmt(stepRate.median)} commands/s (min ${fmt(stepRate.min)}, max ${fmt(stepRate.max)}); ` +
    `patch ${patchSizes.map((b) => fmt(b)).join(' / ')} bytes vs snapshot ${fmt(snapshotBytes)} bytes ` +
    `(${fmt((100 * patchMedian) / snapshotBytes, 1)} %)`,
);

const WAKES_PER_RUN = 20_000;
const wakeMicros = stats(
  (() => {
    const once = () => {
      let state = village;
      const t0 = performance.now();
      for (let i = 0; i < WAKES_PER_RUN; i++) {
        const due = nextDueAt(state);
        if (due === null) throw new Error('no timer left in the village');
        state = shareUnchanged(state, advance(state, due).state);
      }
      return ((performance.now() - t0) * 1_000) / WAKES_PER_RUN;
    };
    for (let i = 0; i < WARM_UPS; i++) once();
    return Array.from({ length: RUNS }, once);
  })(),
);
console.log(
  `(d) a timer's wake on the server (advance to its due-time, shareUnchanged): median ${fmt(wakeMicros.median, 1)} µs ` +
    `(min ${fmt(wakeMicros.min, 1)}, max ${fmt(wakeMicros.max, 1)}; ${RUNS} runs of ${fmt(WAKES_PER_RUN)} wakes)`,
);
