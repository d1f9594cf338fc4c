/**
 * A tab left open across an update still runs the old build's rules between patches (it runs the
 * game's timers itself). Every snapshot names the server's build; a different one reloads the page,
 * once per build: if the page that comes back is still the old one (a cache in the way), the player
 * is asked to reload instead of being caught in a loop.
 */
export type BuildVerdict = 'same' | 'reload' | 'stale';

/** `own` and `server` empty or absent: a dev server or a server without a web build, nothing to compare. */
export function judgeBuild(own: string | undefined, server: string | undefined, reloadedFor: string | null): BuildVerdict {
  if (!own || !server || own === server) return 'same';
  return reloadedFor === server ? 'stale' : 'reload';
}

const RELOADED_FOR = 'smoulder.reloadedForBuild';

export interface BuildEnv {
  own: string | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
}

export function browserBuildEnv(): BuildEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): no reload loop guard, so no automatic reload either.
  }
  return { own: import.meta.env.VITE_BUILD_ID, storage, reload: () => window.location.reload() };
}

/** Acts on a snapshot's build; true when this tab runs another build and stays open (stale). */
export function checkBuild(server: string | undefined, env: BuildEnv): boolean {
  // Without storage a reload could not tell it had already tried: count it as tried.
  const reloadedFor = env.storage ? env.storage.getItem(RELOADED_FOR) : (server ?? null);
  const verdict = judgeBuild(env.own, server, reloadedFor);
  if (verdict !== 'reload' || !server || !env.storage) return verdict !== 'same';
  try {
    env.storage.setItem(RELOADED_FOR, server);
  } catch {
    return true;
  }
  env.reload();
  return false;
}
