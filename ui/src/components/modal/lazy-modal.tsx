import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A modal whose code is fetched the first time it opens, so a page does not
 * download dialogs nobody has opened yet. Once loaded it stays mounted and
 * behaves exactly like the modal it wraps.
 */
export function lazyModal<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyModal(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
