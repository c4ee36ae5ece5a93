import { act, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { useViewport, viewportClasses } from './viewport';

describe('viewportClasses', () => {
  it.each([
    [320, { isSmallest: true, isSmall: true, isMedium: false, isMobile: true, isTablet: false, isDesktop: false }],
    [340, { isSmallest: true, isSmall: true, isMedium: false, isMobile: true, isTablet: false, isDesktop: false }],
    [341, { isSmallest: false, isSmall: true, isMedium: false, isMobile: true, isTablet: false, isDesktop: false }],
    [576, { isSmallest: false, isSmall: true, isMedium: false, isMobile: true, isTablet: false, isDesktop: false }],
    [577, { isSmallest: false, isSmall: false, isMedium: true, isMobile: true, isTablet: false, isDesktop: false }],
    [767, { isSmallest: false, isSmall: false, isMedium: true, isMobile: true, isTablet: false, isDesktop: false }],
    [768, { isSmallest: false, isSmall: false, isMedium: true, isMobile: false, isTablet: true, isDesktop: false }],
    [1024, { isSmallest: false, isSmall: false, isMedium: false, isMobile: false, isTablet: true, isDesktop: false }],
    [1025, { isSmallest: false, isSmall: false, isMedium: false, isMobile: false, isTablet: false, isDesktop: true }],
  ])('classifies %i px', (width, expected) => {
    expect(viewportClasses(width)).toEqual({ width, ...expected });
  });
});

function Probe() {
  const viewport = useViewport();
  return <p>{viewport.isMobile ? 'mobile' : viewport.isDesktop ? 'desktop' : 'tablet'}</p>;
}

describe('useViewport', () => {
  it('follows window resizes', () => {
    window.innerWidth = 1280;
    render(<Probe />);
    expect(screen.getByText('desktop')).toBeInTheDocument();

    act(() => {
      window.innerWidth = 375;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('mobile')).toBeInTheDocument();

    act(() => {
      window.innerWidth = 900;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('tablet')).toBeInTheDocument();
  });
});
