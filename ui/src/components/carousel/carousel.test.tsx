import { act, fireEvent, render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const slides = [
  { id: 1, src: '/images/a', alt: 'Eins' },
  { id: 2, src: '/images/b', alt: 'Zwei' },
  { id: 3, src: '/images/c', alt: 'Drei' },
];

const current = () => screen.getByRole('button', { current: true });
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });

  it('renders nothing without slides', () => {
    const { container } = render(<Carousel slides={[]} label="Aktionen" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('advances every 5000 ms and wraps around', () => {
    render(<Carousel slides={slides} label="Aktionen" />);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
    advance(4999);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
    advance(1);
    expect(current()).toHaveAccessibleName('Zu Bild 2');
    advance(5000);
    advance(5000);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
  });

  it('has prev/next buttons and dots, and a manual step gets a full interval', () => {
    render(<Carousel slides={slides} label="Aktionen" />);
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriges Bild' }));
    expect(current()).toHaveAccessibleName('Zu Bild 3');
    advance(4999);
    expect(current()).toHaveAccessibleName('Zu Bild 3');
    advance(1);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
    fireEvent.click(screen.getByRole('button', { name: 'Zu Bild 2' }));
    expect(current()).toHaveAccessibleName('Zu Bild 2');
    fireEvent.click(screen.getByRole('button', { name: 'Nächstes Bild' }));
    expect(current()).toHaveAccessibleName('Zu Bild 3');
  });

  it('pauses while hovered or focused', () => {
    render(<Carousel slides={slides} label="Aktionen" />);
    const region = screen.getByRole('region', { name: 'Aktionen' });
    fireEvent.mouseEnter(region);
    advance(20000);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
    fireEvent.mouseLeave(region);
    advance(5000);
    expect(current()).toHaveAccessibleName('Zu Bild 2');

    fireEvent.focusIn(screen.getByRole('button', { name: 'Nächstes Bild' }));
    advance(20000);
    expect(current()).toHaveAccessibleName('Zu Bild 2');
  });

  it('changes slides on a swipe of 40 px or more, not less', () => {
    const { container } = render(<Carousel slides={slides} label="Aktionen" />);
    const viewport = container.querySelector('.carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 161 });
    expect(current()).toHaveAccessibleName('Zu Bild 1');
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 160 });
    expect(current()).toHaveAccessibleName('Zu Bild 2');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 150 });
    expect(current()).toHaveAccessibleName('Zu Bild 1');
  });

  it('does not auto-advance when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<Carousel slides={slides} label="Aktionen" />);
    advance(30000);
    expect(current()).toHaveAccessibleName('Zu Bild 1');
  });
});
