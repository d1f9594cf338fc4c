/**
 * Rendering a view to HTML on node, for component tests: the view gets a stand-in game (a fixed
 * state, a clock, no socket) and the app's i18n, and the commands it sends are recorded.
 */
import { computed, createSSRApp, defineComponent, h, ref, type Component } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { Command, GameState } from '@smoulder/engine';
import type { LogEntry } from '../features/game/model.ts';
import { provideGame, type Game } from '../features/game/useGame.ts';
import { createAppI18n, type Locale } from '../locales/i18n.ts';

export interface FakeGame {
  game: Game;
  sent: Command[];
}

export function fakeGame(state: GameState, options: { now?: number; log?: LogEntry[] } = {}): FakeGame {
  const sent: Command[] = [];
  const game = {
    state: computed(() => state),
    now: ref(options.now ?? state.clock),
    log: computed(() => options.log ?? []),
    canAct: computed(() => true),
    ready: computed(() => true),
    send: (command: Command) => {
      sent.push(command);
      return true;
    },
    isPending: () => false,
    isPendingType: () => false,
  } as unknown as Game;
  return { game, sent };
}

export async function renderView(
  view: Component,
  game: Game,
  { locale = 'en', props = {} }: { locale?: Locale; props?: Record<string, unknown> } = {},
): Promise<string> {
  const root = defineComponent({
    setup() {
      provideGame(game);
      return () => h(view, props);
    },
  });
  const app = createSSRApp(root);
  app.use(createAppI18n(locale));
  return renderToString(app);
}

/** The opening tags that carry an attribute, e.g. every `data-move` button. */
export function tagsWith(html: string, attribute: string): string[] {
  return [...html.matchAll(new RegExp(`<[a-z]+[^>]*\\s${attribute}(?:=|\\s|>)[^>]*>?`, 'g'))].map((m) => m[0]);
}

/** The value of `attribute` on the first tag that has it. */
export function attr(html: string, attribute: string): string | null {
  const m = new RegExp(`\\s${attribute}="([^"]*)"`).exec(html);
  return m ? m[1] : null;
}

/** Visible text, tags stripped and whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
