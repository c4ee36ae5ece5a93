import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadOtherScreenTexts } from '../../lib/i18n';

/**
 * A modal whose code is fetched the first time it opens, together with the texts
 * the menu page does not need, so a page does not download dialogs nobody has
 * opened yet. Once loaded it stays mounted and
 * behaves exactly like the modal it wraps.
 */
export function lazyModal<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(async () => {
    const [Component] = await Promise.all([load(), loadOtherScreenTexts()]);
    return { default: Component };
  });
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
