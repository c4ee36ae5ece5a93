import { describe, expect, it } from 'vitest';
import { correctable } from './corrections';

describe('correctable', () => {
  it('takes an accepted order on its way or completed, while its day is open', () => {
    for (const status of ['accepted', 'preparing', 'out_for_delivery', 'ready_for_pickup', 'completed'] as const) {
      expect(correctable({ status }, false), status).toBe(true);
      expect(correctable({ status }, true), `${status}, day closed`).toBe(false);
    }
  });

  it('refuses an order that was never a sale or is cancelled', () => {
    for (const status of ['waiting_for_confirmation', 'rejected', 'cancelled'] as const) {
      expect(correctable({ status }, false), status).toBe(false);
    }
  });
});
