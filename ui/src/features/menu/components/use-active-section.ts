import { useEffect, useState } from 'react';

/**
 * The id of the section the reader is in: the last one whose top has scrolled
 * above `offset()` (the bottom of the sticky bars). The first one at the top.
 */
export function useActiveSection(ids: readonly number[], elementId: (id: number) => string, offset: () => number) {
  const [active, setActive] = useState<number | undefined>(ids[0]);
  const key = ids.join(',');

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = offset() + 8;
      let current = ids[0];
      for (const id of ids) {
        const element = document.getElementById(elementId(id));
        if (element && element.getBoundingClientRect().top <= line) current = id;
      }
      // At the very bottom the last short section could never reach the line.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && window.scrollY > 0) current = ids[ids.length - 1];
      setActive(current);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
    // `key` stands for `ids`; elementId and offset are stable helpers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return [active, setActive] as const;
}
