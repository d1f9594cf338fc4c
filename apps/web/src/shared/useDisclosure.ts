import { nextTick, onBeforeUnmount, onMounted, ref, useTemplateRef } from 'vue';

/**
 * A button that shows and hides a panel beside it. Escape closes the panel (and puts focus back
 * on the button when focus was inside), and so does a click anywhere outside the element named by
 * `rootRef`, the template ref around both button and panel.
 */
export function useDisclosure(rootRef: string) {
  const open = ref(false);
  const root = useTemplateRef<HTMLElement>(rootRef);
  let opener: HTMLElement | null = null;

  function toggle(event: MouseEvent) {
    if (open.value) {
      close(false);
      return;
    }
    opener = event.currentTarget as HTMLElement;
    open.value = true;
  }

  function close(returnFocus: boolean) {
    open.value = false;
    if (returnFocus) void nextTick(() => opener?.focus());
  }

  function onDocumentClick(event: MouseEvent) {
    // The path is fixed at dispatch: a button that re-rendered away still counts as inside.
    if (open.value && root.value && !event.composedPath().includes(root.value)) close(false);
  }

  function onDocumentKey(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open.value) return;
    const inside = root.value?.contains(document.activeElement) ?? false;
    close(inside || document.activeElement === document.body);
  }

  onMounted(() => {
    document.addEventListener('click', onDocumentClick);
    document.addEventListener('keydown', onDocumentKey);
  });
  onBeforeUnmount(() => {
    document.removeEventListener('click', onDocumentClick);
    document.removeEventListener('keydown', onDocumentKey);
  });

  return { open, toggle, close };
}
